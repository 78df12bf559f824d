import { monitorEventLoopDelay } from "node:perf_hooks";
import zlib from "node:zlib";

import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { reserveScrapeHostSlot } from "~/.server/data/scrape-host-slots.server";
import {
  createScrapeSource,
  getScrapeSource,
  type ScrapeSourceInput,
} from "~/.server/data/scrape-sources.server";
import { updateSettings } from "~/.server/data/settings.server";
import * as t from "~/.server/db/schema";
import { parseEnv } from "~/.server/platform/env";
import {
  FetchTimeoutError,
  PageFetcher,
  RobotsDisallowedError,
  RobotsUnreachableError,
  type FetchPolicy,
} from "~/.server/platform/outbound/fetch-page.server";
import { scrapeAllSources, scrapeSource } from "~/.server/scraper/run.server";
import { DEFAULT_SETTINGS } from "~/lib/constants";

import { createTestApp, type TestApp } from "../helpers/app";
import { TEST_ENV_DEFAULTS } from "../helpers/database";
import {
  startFixtureSite,
  type FixtureSite,
  type FixtureSiteOptions,
} from "../helpers/fixture-site";
import { FIXTURE_CATEGORY_SELECTORS } from "../helpers/scrape-sources";

let app: TestApp;
let site: FixtureSite | null = null;

async function openSite(options: FixtureSiteOptions = {}) {
  site = await startFixtureSite(options);
  return site;
}

const pagesOf = (fixture: FixtureSite) => fixture.requests.filter((r) => r.path !== "/robots.txt");
const gaps = (times: number[]) => times.slice(1).map((time, index) => time - times[index]);

/**
 * Runs overlapping scrapes and answers the least gap a host must have seen between two requests.
 * The fixture server stamps arrivals on the runs' own event loop, which PGlite's queries block:
 * a stamp is late by up to the loop's longest stall, and the gap after it looks that much
 * shorter. So the least gap is the delay less 50 ms and that stall, never under 100 ms;
 * unguarded, the runs' requests arrive milliseconds apart.
 */
async function leastGapWhile(delayMs: number, work: () => Promise<unknown>): Promise<number> {
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  try {
    await work();
  } finally {
    loopDelay.disable();
  }
  const stallMs = loopDelay.max / 1e6;
  return Math.max(100, delayMs - 50 - stallMs);
}

function policy(fixture: FixtureSite, overrides: Partial<FetchPolicy> = {}): FetchPolicy {
  return {
    userAgent: "PeptidePricesBot/1.0 (+http://localhost/bot)",
    allowPrivateHosts: false,
    trustedOrigins: [fixture.baseUrl],
    respectRobotsTxt: true,
    requestDelayMs: 0,
    maxUrls: 50,
    ...overrides,
  };
}

async function addSource(fixture: FixtureSite, overrides: Partial<ScrapeSourceInput> = {}) {
  const id = await createScrapeSource(app.db, {
    retailerName: "Polite shop",
    url: `${fixture.baseUrl}/shop`,
    ...FIXTURE_CATEGORY_SELECTORS,
    vendorId: null,
    isActive: true,
    ...overrides,
  });
  return (await getScrapeSource(app.db, id))!;
}

beforeAll(async () => {
  app = await createTestApp({ SCRAPER_ALLOW_PRIVATE_HOSTS: "true", SEED_DEMO: "false" });
});
afterAll(async () => {
  await app.dispose();
});
beforeEach(async () => {
  await updateSettings(app.db, { ...DEFAULT_SETTINGS, requestDelayMs: 0 });
});
afterEach(async () => {
  await site?.close();
  site = null;
  await app.db.delete(t.scrapeSources).where(eq(t.scrapeSources.retailerName, "Polite shop"));
});

describe("robots.txt per RFC 9309", () => {
  it.each([500, 503, 429])(
    "fetches nothing from a host whose robots.txt answers %i",
    async (status) => {
      const fixture = await openSite({
        handlers: { "/robots.txt": (_req, res) => res.writeHead(status).end("busy") },
      });
      const fetcher = new PageFetcher(policy(fixture));
      await expect(fetcher.fetchPage(`${fixture.baseUrl}/shop`)).rejects.toBeInstanceOf(
        RobotsUnreachableError,
      );
      await expect(fetcher.fetchPage(`${fixture.baseUrl}/jsonld/bpc-157`)).rejects.toThrow(
        /robots\.txt of http:\/\/127\.0\.0\.1:\d+ is unreachable \(HTTP \d+\)/,
      );
      expect(pagesOf(fixture)).toHaveLength(0);
      // Read once per run, not once per page.
      expect(fixture.requestsFor("/robots.txt")).toHaveLength(1);
    },
  );

  it("fetches nothing when robots.txt cannot be reached at all", async () => {
    const fixture = await openSite({
      handlers: { "/robots.txt": (req) => req.socket.destroy() },
    });
    const source = await addSource(fixture, { url: `${fixture.baseUrl}/shop` });
    const result = await scrapeSource(app, source);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^Error during scraping: robots\.txt of .* is unreachable/);
    expect(pagesOf(fixture)).toHaveLength(0);
  });

  it("follows robots.txt redirects and applies the rules found to the original host", async () => {
    const fixture = await openSite({
      handlers: {
        "/robots.txt": (_req, res) => res.writeHead(301, { location: "/moved/robots" }).end(),
        "/moved/robots": (_req, res) => res.writeHead(302, { location: "/final/robots" }).end(),
        "/final/robots": (_req, res) =>
          res
            .writeHead(200, { "content-type": "text/plain" })
            .end("User-agent: *\nDisallow: /shop"),
      },
    });
    const fetcher = new PageFetcher(policy(fixture));
    await expect(fetcher.fetchPage(`${fixture.baseUrl}/shop`)).rejects.toBeInstanceOf(
      RobotsDisallowedError,
    );
    await expect(fetcher.fetchPage(`${fixture.baseUrl}/jsonld/bpc-157`)).resolves.toMatchObject({
      status: 200,
    });
    expect(fixture.requestsFor("/shop")).toHaveLength(0);
  });

  it("treats a 404 robots.txt as no restrictions", async () => {
    const fixture = await openSite({
      handlers: { "/robots.txt": (_req, res) => res.writeHead(404).end() },
    });
    const fetcher = new PageFetcher(policy(fixture));
    await expect(fetcher.fetchPage(`${fixture.baseUrl}/private/catalogue`)).resolves.toMatchObject({
      status: 200,
    });
  });

  it("honours a group for PeptidePricesBot, as /bot tells shops to write it", async () => {
    const fixture = await openSite({
      handlers: {
        "/robots.txt": (_req, res) =>
          res
            .writeHead(200, { "content-type": "text/plain" })
            .end("User-agent: PeptidePricesBot\nDisallow: /\n\nUser-agent: *\nAllow: /"),
      },
    });
    const fetcher = new PageFetcher(policy(fixture));
    await expect(fetcher.fetchPage(`${fixture.baseUrl}/shop`)).rejects.toBeInstanceOf(
      RobotsDisallowedError,
    );
    expect(pagesOf(fixture)).toHaveLength(0);
  });
});

describe("timeouts and sizes", () => {
  it("starts the request timeout after the per-host wait, so a long Crawl-delay is no failure", async () => {
    const fixture = await openSite({ crawlDelaySeconds: 1 });
    const fetcher = new PageFetcher(policy(fixture, { timeoutMs: 500 }));
    await fetcher.fetchPage(`${fixture.baseUrl}/shop`);
    await expect(fetcher.fetchPage(`${fixture.baseUrl}/shop?page=2`)).resolves.toMatchObject({
      status: 200,
    });
    const [first, second] = pagesOf(fixture).map((r) => r.at);
    expect(second - first).toBeGreaterThanOrEqual(995);
  });

  it("says how long it waited and for which URL when a host never answers", async () => {
    const fixture = await openSite({ handlers: { "/hang": () => {} } });
    const fetcher = new PageFetcher(policy(fixture, { timeoutMs: 300 }));
    await expect(fetcher.fetchPage(`${fixture.baseUrl}/hang`)).rejects.toThrow(
      `timed out after 0.3 s fetching ${fixture.baseUrl}/hang`,
    );
    expect(new FetchTimeoutError("https://shop.example/", 30_000).message).toBe(
      "timed out after 30 s fetching https://shop.example/",
    );
  });

  it("refuses a page that is small compressed but oversized once decompressed", async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(6 * 1024 * 1024, " "));
    expect(bomb.length).toBeLessThan(100_000);
    const fixture = await openSite({
      handlers: {
        "/bomb": (_req, res) =>
          res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" }).end(bomb),
      },
    });
    await expect(
      new PageFetcher(policy(fixture)).fetchPage(`${fixture.baseUrl}/bomb`),
    ).rejects.toThrow(/larger than 5242880 bytes/);
  });
});

describe("the per-host delay across runs", () => {
  it("keeps the delay between two overlapping runs on one host", async () => {
    await updateSettings(app.db, { ...DEFAULT_SETTINGS, requestDelayMs: 500 });
    const fixture = await openSite();
    const first = await addSource(fixture);
    const second = await addSource(fixture, { url: `${fixture.baseUrl}/shop?page=2` });
    const leastGap = await leastGapWhile(500, () =>
      Promise.all([scrapeSource(app, first), scrapeSource(app, second)]),
    );
    const times = pagesOf(fixture)
      .map((r) => r.at)
      .sort((a, b) => a - b);
    expect(times).toHaveLength(5);
    for (const gap of gaps(times)) expect(gap).toBeGreaterThanOrEqual(leastGap);
  });

  it("makes robots.txt wait for its per-host slot like any page, on the same host and gap", async () => {
    await updateSettings(app.db, { ...DEFAULT_SETTINGS, requestDelayMs: 500 });
    const fixture = await openSite();
    const first = await addSource(fixture, { url: `${fixture.baseUrl}/css/product` });
    await scrapeSource(app, first);
    const requests = fixture.requests.map((r) => r.path);
    expect(requests).toEqual(["/robots.txt", "/css/product"]);
    // A page fetched just before, by another fetcher (another run): its robots.txt waits too.
    fixture.requests.length = 0;
    const second = await addSource(fixture, { url: `${fixture.baseUrl}/jsonld/bpc-157` });
    const leastGap = await leastGapWhile(500, () =>
      Promise.all([scrapeSource(app, first), scrapeSource(app, second)]),
    );
    const times = fixture.requests.map((r) => r.at).sort((a, b) => a - b);
    expect(times).toHaveLength(4);
    for (const gap of gaps(times)) expect(gap).toBeGreaterThanOrEqual(leastGap);
  });

  it("hands concurrent claims on one host distinct slots a gap apart (any instance, one database)", async () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const slots = await Promise.all(
      Array.from({ length: 5 }, () =>
        reserveScrapeHostSlot(app.db, { host: "claims.example:443", gapMs: 1000, now }),
      ),
    );
    const times = slots.map((slot) => slot.getTime()).sort((a, b) => a - b);
    expect(times.map((time) => time - now.getTime())).toEqual([0, 1000, 2000, 3000, 4000]);
  });
});

describe("the URL cap", () => {
  it("shares the run's cap round-robin so no source starves, and says the run was cut short", async () => {
    await updateSettings(app.db, { ...DEFAULT_SETTINGS, requestDelayMs: 0, maxUrlsPerRun: 4 });
    const fixture = await openSite();
    await addSource(fixture, { retailerName: "Polite shop" });
    await addSource(fixture, {
      retailerName: "Polite shop",
      url: `${fixture.baseUrl}/shop?page=2`,
    });
    await addSource(fixture, {
      retailerName: "Polite shop",
      url: `${fixture.baseUrl}/jsonld/bpc-157`,
      pageType: "single",
    });
    const result = await scrapeAllSources(app);
    // Page 1 of every source first, then the one URL left goes to the first source's page 2.
    expect(result.results.map((r) => [r.ok, r.summary.listings, r.cutShort])).toEqual([
      [true, 4, true],
      [true, 2, true],
      [true, 1, false],
    ]);
    expect(result.message).toBe(
      "Scraping completed successfully. The run stopped at the per-run limit of 4 URLs before reading every page of 2 sources.",
    );
    const logs = await app.db
      .select({ details: t.scrapeLogs.details })
      .from(t.scrapeLogs)
      .where(eq(t.scrapeLogs.url, `${fixture.baseUrl}/shop`));
    expect(logs.at(-1)?.details).toContain("stopped at the per-run limit of 4 URLs");
  });
});

describe("who we say we are", () => {
  it("links the default user agent to this site's /bot page", () => {
    const env = parseEnv({ ...TEST_ENV_DEFAULTS, BASE_URL: "https://prices.example/" });
    expect(env.SCRAPER_USER_AGENT).toBe("PeptidePricesBot/1.0 (+https://prices.example/bot)");
  });
});
