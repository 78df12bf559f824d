import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { deliverDueAlertMessages } from "~/.server/alerts/deliver.server";
import {
  getScrapeSource,
  createScrapeSource,
  type ScrapeSourceInput,
} from "~/.server/data/scrape-sources.server";
import { updateSettings } from "~/.server/data/settings.server";
import * as t from "~/.server/db/schema";
import { runScheduledScrape, startJobs } from "~/.server/jobs/jobs.server";
import { BlockedAddressError } from "~/.server/platform/outbound/address-guard.server";
import { PageFetcher, RobotsDisallowedError } from "~/.server/platform/outbound/fetch-page.server";
import { scrapeAllSources, scrapeSource } from "~/.server/scraper/run.server";
import { DEFAULT_SETTINGS } from "~/lib/constants";

import {
  createScraperTestApp,
  createTestApp,
  demoScrapedVendorId,
  type TestApp,
} from "../helpers/app";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-site";
import { approveReviewItem } from "../helpers/review-decisions";
import { FIXTURE_CATEGORY_SELECTORS } from "../helpers/scrape-sources";

let app: TestApp;
let site: FixtureSite;
let vendorId: string;

function sourceInput(overrides: Partial<ScrapeSourceInput>): ScrapeSourceInput {
  return {
    retailerName: "Fixture shop",
    url: `${site.baseUrl}/shop`,
    ...FIXTURE_CATEGORY_SELECTORS,
    vendorId,
    isActive: true,
    // The fixture shop prints a bare "$"; the source says which dollar.
    currency: "USD",
    ...overrides,
  };
}

async function addSource(overrides: Partial<ScrapeSourceInput> = {}) {
  const id = await createScrapeSource(app.db, sourceInput(overrides));
  return (await getScrapeSource(app.db, id))!;
}

async function offerFor(peptideName: string, quantity: number) {
  const [row] = await app.db
    .select({
      id: t.vendorPeptides.id,
      price: t.vendorPeptides.price,
      stockStatus: t.vendorPeptides.stockStatus,
      source: t.vendorPeptides.source,
      url: t.vendorPeptides.url,
      checkedAt: t.vendorPeptides.priceCheckedAt,
    })
    .from(t.vendorPeptides)
    .innerJoin(t.peptides, eq(t.peptides.id, t.vendorPeptides.peptideId))
    .innerJoin(t.sizeOptions, eq(t.sizeOptions.id, t.vendorPeptides.sizeOptionId))
    .where(
      and(
        eq(t.vendorPeptides.vendorId, vendorId),
        eq(t.peptides.name, peptideName),
        eq(t.sizeOptions.quantity, quantity),
      ),
    );
  return row ?? null;
}

async function historyOf(vendorPeptideId: string) {
  return app.db
    .select({ price: t.priceHistory.price, inStock: t.priceHistory.inStock })
    .from(t.priceHistory)
    .where(eq(t.priceHistory.vendorPeptideId, vendorPeptideId))
    .orderBy(asc(t.priceHistory.observedAt));
}

async function pendingReview() {
  return app.db
    .select({
      id: t.scrapeReviewItems.id,
      name: t.scrapeReviewItems.name,
      reason: t.scrapeReviewItems.reason,
      price: t.scrapeReviewItems.price,
      suggestedPeptideId: t.scrapeReviewItems.suggestedPeptideId,
    })
    .from(t.scrapeReviewItems)
    .where(eq(t.scrapeReviewItems.status, "pending"));
}

const gaps = (times: number[]) => times.slice(1).map((time, index) => time - times[index]);

beforeAll(async () => {
  app = await createScraperTestApp();
  vendorId = await demoScrapedVendorId(app);
});

afterAll(async () => {
  await app.dispose();
});

beforeEach(async () => {
  site = await startFixtureSite();
  await updateSettings(app.db, { ...DEFAULT_SETTINGS, requestDelayMs: 0 });
});

afterEach(async () => {
  await site.close();
  await app.db.delete(t.scrapeSources).where(eq(t.scrapeSources.retailerName, "Fixture shop"));
});

describe("scrapeSource on a category page", () => {
  it("follows pagination, updates matched prices with history, queues the rest and records the run", async () => {
    const source = await addSource();
    const before = new Date();
    const result = await scrapeSource(app, source);

    expect(result).toMatchObject({ ok: true, message: "Scraping completed successfully." });
    expect(site.requestsFor("/shop")).toHaveLength(1);
    expect(site.requestsFor("/shop?page=3")).toHaveLength(1);
    expect(site.requests[0].userAgent).toBe(app.env.SCRAPER_USER_AGENT);
    expect(result.data).toEqual({
      name: [
        "BPC-157 5mg",
        "TB-500 10mg",
        "GHK-Cu 100mg",
        "Unknown Peptide Z 5mg",
        "Epitalon 10mg",
      ],
      price: [24.95, 55, 45, 19.99, 0.5],
      link: [
        "BPC-157 5mg",
        "TB-500 10mg",
        "GHK-Cu 100mg",
        "Unknown Peptide Z 5mg",
        "Epitalon 10mg",
      ].map((n) => `${site.baseUrl}/p/${encodeURIComponent(n)}`),
      sold_out: [false, true, false, false, false],
    });

    const bpc = await offerFor("BPC-157", 5);
    expect(bpc).toMatchObject({
      price: 24.95,
      stockStatus: "in_stock",
      source: "scraped",
      url: `${site.baseUrl}/p/BPC-157%205mg`,
    });
    expect(bpc!.checkedAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect((await historyOf(bpc!.id)).at(-1)).toEqual({ price: 24.95, inStock: true });
    expect(await offerFor("TB-500", 10)).toMatchObject({
      price: 55,
      stockStatus: "out_of_stock",
    });

    const review = await pendingReview();
    expect(review.map((r) => [r.name, r.reason]).sort()).toEqual([
      ["Epitalon 10mg", "price_outlier"],
      ["Unknown Peptide Z 5mg", "unknown_peptide"],
    ]);
    // A suspicious price never goes live.
    expect((await offerFor("Epitalon", 10))?.price).not.toBe(0.5);

    const stored = (await getScrapeSource(app.db, source.id))!;
    expect(stored.status).toBe("active");
    expect(stored.lastScrapedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    const logs = await app.db
      .select()
      .from(t.scrapeLogs)
      .where(eq(t.scrapeLogs.sourceId, source.id));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ status: "success", url: source.url });
    expect(logs[0].details).toMatch(/5 listings from 3 pages.*2 sent to review/);
    const saved = await app.db
      .select({ data: t.scrapedData.data })
      .from(t.scrapedData)
      .where(eq(t.scrapedData.sourceId, source.id));
    expect(saved).toEqual([{ data: result.data }]);
  });

  it("writes history only when the price changes, and e-mails a saved deal's owner about a drop", async () => {
    const source = await addSource();
    await scrapeSource(app, source);
    const bpc = (await offerFor("BPC-157", 5))!;
    const [demoUser] = await app.db
      .select({ id: t.user.id, email: t.user.email })
      .from(t.user)
      .where(eq(t.user.email, "demo@peptideprices.test"));
    await app.db.insert(t.savedDeals).values({
      userId: demoUser.id,
      vendorPeptideId: bpc.id,
      peptideName: "BPC-157",
      vendorName: "Helix Source",
      quantity: 5,
      unit: "mg",
      priceAtSave: 24.95,
    });
    const historyBefore = (await historyOf(bpc.id)).length;

    await scrapeSource(app, source);
    expect(await historyOf(bpc.id)).toHaveLength(historyBefore);

    site.setPage(
      "/shop",
      (await (await fetch(`${site.baseUrl}/shop`)).text()).replace("$24.95", "$19.95"),
    );
    await scrapeSource(app, source);
    expect((await offerFor("BPC-157", 5))!.price).toBe(19.95);
    expect((await historyOf(bpc.id)).at(-1)).toEqual({ price: 19.95, inStock: true });
    // The drop's e-mail waits in the delivery queue; the delivery job's run sends it.
    await deliverDueAlertMessages(app);
    const mail = await app.db
      .select({ to: t.mailOutbox.to, subject: t.mailOutbox.subject })
      .from(t.mailOutbox)
      .where(eq(t.mailOutbox.to, demoUser.email));
    expect(mail.some((m) => m.subject.startsWith("Price drop: BPC-157"))).toBe(true);
  });

  it("lets the admin approve a queued listing, which puts its price live", async () => {
    await scrapeSource(app, await addSource());
    const unmatched = (await pendingReview()).find((r) => r.name === "Unknown Peptide Z 5mg")!;
    const [kpv] = await app.db
      .select({ id: t.peptides.id })
      .from(t.peptides)
      .where(eq(t.peptides.name, "KPV"));
    await approveReviewItem(app, unmatched.id, { peptideId: kpv.id });
    const live = await offerFor("KPV", 5);
    expect(live).toMatchObject({ price: 19.99, source: "scraped" });
    expect((await pendingReview()).some((r) => r.id === unmatched.id)).toBe(false);
  });

  it("stops at the per-run URL cap", async () => {
    await updateSettings(app.db, { ...DEFAULT_SETTINGS, requestDelayMs: 0, maxUrlsPerRun: 2 });
    const result = await scrapeSource(app, await addSource());
    expect(result.data?.name).toHaveLength(4);
    expect(site.requestsFor("/shop?page=3")).toHaveLength(0);
  });

  it("counts no missed run for offers on pages the URL cap kept it from reading", async () => {
    const source = await addSource();
    await scrapeSource(app, source);
    const before = await offerFor("GHK-Cu", 100);
    expect(before).toMatchObject({ price: 45 });
    await updateSettings(app.db, { ...DEFAULT_SETTINGS, requestDelayMs: 0, maxUrlsPerRun: 1 });
    const result = await scrapeSource(app, source);
    expect(result.cutShort).toBe(true);
    const [offer] = await app.db
      .select({ missedScrapes: t.vendorPeptides.missedScrapes })
      .from(t.vendorPeptides)
      .where(eq(t.vendorPeptides.id, before.id));
    expect(offer.missedScrapes).toBe(0);
  });
});

describe("other page shapes", () => {
  it("reads a Shopify product's variants from the /products/{handle}.js the page links", async () => {
    site.setPage(
      "/products/kpv",
      `<!doctype html><html><head><script src="//cdn.shopify.com/s/files/theme.js"></script>
      <script>Shopify.currency = {"active":"USD","rate":"1.0"};</script></head>
      <body><h1>KPV</h1><span class="price">$19.99</span></body></html>`,
    );
    site.setPage(
      "/products/kpv.js",
      JSON.stringify({
        title: "KPV",
        handle: "kpv",
        variants: [
          { id: 1, title: "5mg", price: 1999, available: true },
          { id: 2, title: "10mg", price: 3499, available: false },
        ],
      }),
    );
    const result = await scrapeSource(
      app,
      await addSource({
        url: `${site.baseUrl}/products/kpv`,
        pageType: "single",
        productSelector: ".nope",
        nameSelector: ".nope",
        priceSelector: ".nope",
      }),
    );
    expect(result.data).toMatchObject({
      name: ["KPV – 5mg", "KPV – 10mg"],
      price: [19.99, 34.99],
      sold_out: [false, true],
    });
    expect(site.requestsFor("/products/kpv.js")).toHaveLength(1);
  });

  it("reads structured data first, even when the CSS selectors match nothing", async () => {
    const result = await scrapeSource(
      app,
      await addSource({
        url: `${site.baseUrl}/jsonld/graph`,
        pageType: "single",
        productSelector: ".nope",
        nameSelector: ".nope",
        priceSelector: ".nope",
      }),
    );
    expect(result.data).toEqual({
      name: ["TB-500 5mg", "TB-500 10mg"],
      price: [30.95, 52],
      link: [null, null],
      sold_out: [true, false],
    });
    expect(await offerFor("TB-500", 5)).toMatchObject({
      price: 30.95,
      stockStatus: "out_of_stock",
    });
  });

  it("falls back to headless Chromium for a page that builds its products with JavaScript", async () => {
    const result = await scrapeSource(
      app,
      await addSource({ url: `${site.baseUrl}/js/shop`, pageType: "single" }),
    );
    expect(result.message).toBe("Scraping completed successfully.");
    expect(result.data?.name).toEqual(["Semax 10mg"]);
    expect(result.data?.price).toEqual([36]);
  }, 60_000);

  it("uses a Browserless-compatible endpoint with elements of selector and timeout only", async () => {
    const browserless = await createTestApp({
      SCRAPER_ALLOW_PRIVATE_HOSTS: "true",
      BROWSERLESS_URL: `${site.baseUrl}/scrape`,
      SEED_DEMO: "false",
    });
    try {
      const id = await createScrapeSource(browserless.db, {
        ...sourceInput({ url: `${site.baseUrl}/js/shop`, pageType: "single" }),
        vendorId: null,
      });
      const result = await scrapeSource(browserless, (await getScrapeSource(browserless.db, id))!);
      expect(result.message).toBe("Scraping completed successfully.");
      expect(result.data).toEqual({
        name: ["Semax 10mg"],
        price: [36],
        link: [`${site.baseUrl}/p/semax`],
        sold_out: [false],
      });
    } finally {
      await browserless.dispose();
    }
  });

  it("warns and saves nothing when a page yields no listings", async () => {
    const source = await addSource({ url: `${site.baseUrl}/empty`, pageType: "single" });
    const result = await scrapeSource(app, source);
    // SPEC's warning, with its cause: never a plain success, on the source and in its log.
    const warning = `Warning: Scraping completed but no data was returned. Check selectors or target page. (no listing matched on ${site.baseUrl}/empty)`;
    expect(result).toMatchObject({ ok: true, message: warning, warning });
    expect(
      await app.db.select().from(t.scrapedData).where(eq(t.scrapedData.sourceId, source.id)),
    ).toHaveLength(0);
    expect((await getScrapeSource(app.db, source.id))?.lastError).toBe(warning);
    const [log] = await app.db
      .select({ status: t.scrapeLogs.status, details: t.scrapeLogs.details })
      .from(t.scrapeLogs)
      .where(eq(t.scrapeLogs.sourceId, source.id));
    expect(log).toEqual({ status: "warning", details: warning });
  });
});

describe("errors", () => {
  it("refuses a source missing its name or price selector, recording the error", async () => {
    const source = await addSource({ nameSelector: "" });
    const result = await scrapeSource(app, source);
    expect(result).toMatchObject({
      ok: false,
      message: "Error: One or more selectors are missing.",
    });
    expect(site.requests).toHaveLength(0);
    const stored = (await getScrapeSource(app.db, source.id))!;
    expect(stored).toMatchObject({
      status: "error",
      lastError: "Error: One or more selectors are missing.",
    });
    expect(stored.lastScrapedAt).not.toBeNull();
    const [log] = await app.db
      .select()
      .from(t.scrapeLogs)
      .where(eq(t.scrapeLogs.sourceId, source.id));
    expect(log).toMatchObject({
      status: "error",
      details: "Error: One or more selectors are missing.",
    });
  });

  it("goes on with the other sources when one fails in a run over all sources", async () => {
    const missing = await addSource({ retailerName: "Fixture shop", nameSelector: "" });
    const broken = await addSource({ url: `${site.baseUrl}/does-not-exist`, pageType: "single" });
    const good = await addSource({ url: `${site.baseUrl}/jsonld/bpc-157`, pageType: "single" });
    const result = await scrapeAllSources(app);
    expect(result.ok).toBe(false);
    expect(result.message).toContain("Error: Missing selectors for Fixture shop");
    expect(result.message).toContain("Error during scraping:");
    expect(result.message).toContain("HTTP 404");
    expect(result.results.map((r) => [r.sourceId, r.ok])).toEqual([
      [missing.id, false],
      [broken.id, false],
      [good.id, true],
    ]);
    expect((await getScrapeSource(app.db, broken.id))!.status).toBe("error");
    expect((await getScrapeSource(app.db, good.id))!.status).toBe("active");
  });

  it("respects a robots.txt Disallow unless the settings say not to", async () => {
    const source = await addSource({
      url: `${site.baseUrl}/private/catalogue`,
      pageType: "single",
    });
    const refused = await scrapeSource(app, source);
    expect(refused.message).toMatch(/^Error during scraping: robots\.txt disallows/);
    expect(site.requestsFor("/private/catalogue")).toHaveLength(0);

    await updateSettings(app.db, {
      ...DEFAULT_SETTINGS,
      requestDelayMs: 0,
      respectRobotsTxt: false,
    });
    await scrapeSource(app, source);
    expect(site.requestsFor("/private/catalogue")).toHaveLength(1);
  });
});

describe("politeness", () => {
  it("keeps the configured delay between requests to one host", async () => {
    await updateSettings(app.db, { ...DEFAULT_SETTINGS, requestDelayMs: 300 });
    await scrapeSource(app, await addSource());
    const pages = site.requests.filter((r) => r.path.startsWith("/shop")).map((r) => r.at);
    expect(pages).toHaveLength(3);
    for (const gap of gaps(pages)) expect(gap).toBeGreaterThanOrEqual(295);
  });

  it("honours robots.txt Crawl-delay when it is longer than the configured delay", async () => {
    await site.close();
    site = await startFixtureSite({ crawlDelaySeconds: 1 });
    await scrapeSource(app, await addSource());
    const pages = site.requests.filter((r) => r.path.startsWith("/shop")).map((r) => r.at);
    expect(pages).toHaveLength(3);
    for (const gap of gaps(pages)) expect(gap).toBeGreaterThanOrEqual(995);
  });
});

describe("private addresses", () => {
  const strictPolicy = (trustedOrigins: string[] = []) => ({
    userAgent: "test",
    allowPrivateHosts: false,
    trustedOrigins,
    respectRobotsTxt: false,
    requestDelayMs: 0,
    maxUrls: 10,
  });

  it.each([
    "http://127.0.0.1:9/",
    "http://10.1.2.3/",
    "http://192.168.1.20/",
    "http://[::1]:9/",
    "http://[::ffff:127.0.0.1]:9/",
  ])("refuses %s without SCRAPER_ALLOW_PRIVATE_HOSTS", async (url) => {
    await expect(new PageFetcher(strictPolicy()).fetchPage(url)).rejects.toBeInstanceOf(
      BlockedAddressError,
    );
  });

  it("refuses the local fixture site and never sends it a request", async () => {
    await expect(
      new PageFetcher(strictPolicy()).fetchPage(`${site.baseUrl}/shop`),
    ).rejects.toBeInstanceOf(BlockedAddressError);
    expect(site.requests).toHaveLength(0);
  });

  it("re-checks every redirect hop", async () => {
    const trusted = strictPolicy([site.baseUrl]);
    await expect(
      new PageFetcher(trusted).fetchPage(`${site.baseUrl}/redirect-elsewhere`),
    ).rejects.toBeInstanceOf(BlockedAddressError);
    const followed = await new PageFetcher(trusted).fetchPage(`${site.baseUrl}/redirect-to-shop`);
    expect(followed.url).toBe(`${site.baseUrl}/shop`);
  });

  it("also checks robots.txt on each hop", async () => {
    const fetcher = new PageFetcher({
      ...strictPolicy(),
      allowPrivateHosts: true,
      respectRobotsTxt: true,
    });
    await expect(fetcher.fetchPage(`${site.baseUrl}/private/catalogue`)).rejects.toBeInstanceOf(
      RobotsDisallowedError,
    );
  });

  it("marks a source refused for its address as failed in an app without the allowance", async () => {
    const strict = await createTestApp({ SEED_DEMO: "false" });
    try {
      const id = await createScrapeSource(strict.db, {
        ...sourceInput({ url: `${site.baseUrl}/shop` }),
        vendorId: null,
      });
      const result = await scrapeSource(strict, (await getScrapeSource(strict.db, id))!);
      expect(result.message).toMatch(/^Error during scraping: Refused to fetch 127\.0\.0\.1/);
      expect(site.requests).toHaveLength(0);
    } finally {
      await strict.dispose();
    }
  });
});

describe("scheduling", () => {
  it("runs all active sources once per interval, re-reading the interval each time", async () => {
    const source = await addSource({ url: `${site.baseUrl}/jsonld/bpc-157`, pageType: "single" });
    await updateSettings(app.db, {
      ...DEFAULT_SETTINGS,
      requestDelayMs: 0,
      scrapeIntervalSeconds: 600,
    });
    const start = new Date();
    expect(await runScheduledScrape(app, start)).not.toBeNull();
    expect(await runScheduledScrape(app, new Date(start.getTime() + 599_000))).toBeNull();
    expect(site.requestsFor("/jsonld/bpc-157")).toHaveLength(1);

    await updateSettings(app.db, {
      ...DEFAULT_SETTINGS,
      requestDelayMs: 0,
      scrapeIntervalSeconds: 300,
    });
    const later = await runScheduledScrape(app, new Date(start.getTime() + 301_000));
    expect(later?.results.map((r) => r.sourceId)).toEqual([source.id]);
    expect(site.requestsFor("/jsonld/bpc-157")).toHaveLength(2);
  });

  it("starts pg-boss on PGlite with a once-a-minute schedule", async () => {
    const jobs = await startJobs(app);
    try {
      const { rows } = await app.database.executeSql("select name, cron from pgboss.schedule");
      expect(rows).toContainEqual({ name: "scrape-all-sources", cron: "* * * * *" });
    } finally {
      await jobs.stop();
    }
  });
});
