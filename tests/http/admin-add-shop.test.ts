import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { getActiveScrapeRuns } from "~/.server/data/scrape-runs.server";
import { getScrapeSource } from "~/.server/data/scrape-sources.server";
import { updateSettings } from "~/.server/data/settings.server";
import * as t from "~/.server/db/schema";
import { executeScrapeRun } from "~/.server/jobs/jobs.server";
import { executeShopPreview } from "~/.server/jobs/shop-preview-job.server";
import { DEFAULT_SETTINGS } from "~/lib/constants";

import { startAdminHttp } from "../helpers/admin-http";
import { createSourceWithVendor } from "../helpers/scrape-sources";
import {
  startSitemapShop,
  startWooCommerceShop,
  type FixtureProduct,
  type ShopFixture,
} from "../helpers/shop-fixtures";

/**
 * Issue 31 Musts 6 and 7, issue 37 "no shop read runs inside an HTTP request": the Add-shop
 * request only queues the detection and preview; this instance runs no jobs
 * (JOBS_ENABLED=false), so the test is the worker that takes it.
 */

const admin = startAdminHttp({ serverEnv: { SCRAPER_ALLOW_PRIVATE_HOSTS: "true" } });
const ADD_SHOP = "/admin/scraping/add-shop";
const shops: ShopFixture[] = [];

beforeAll(async () => {
  await updateSettings(admin.db(), { ...DEFAULT_SETTINGS, requestDelayMs: 0 });
});
afterAll(async () => {
  await Promise.all(shops.map((shop) => shop.close()));
});

async function shop(start: Promise<ShopFixture>): Promise<ShopFixture> {
  const started = await start;
  shops.push(started);
  return started;
}

/** Posts the address as the page's Detect button does; answers the preview's id. */
async function detect(address: string): Promise<string> {
  const response = await admin.server.postForm(
    ADD_SHOP,
    { intent: "detect", address },
    { cookie: admin.adminCookie },
  );
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("location")!, admin.server.baseUrl);
  expect(location.pathname).toBe(ADD_SHOP);
  return location.searchParams.get("preview")!;
}

const previewPage = (id: string, query = "") => admin.get(`${ADD_SHOP}?preview=${id}${query}`);

const offerIdOf = async (previewId: string, name: string) => {
  const [row] = await admin
    .db()
    .select({ id: t.shopPreviewOffers.id })
    .from(t.shopPreviewOffers)
    .where(and(eq(t.shopPreviewOffers.previewId, previewId), eq(t.shopPreviewOffers.name, name)));
  return row!.id;
};

describe("Add shop: bad input", () => {
  it("answers 400 with a clear message for an address that is not a web URL", async () => {
    const answer = await admin.post(ADD_SHOP, { intent: "detect", address: "javascript:alert(1)" });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("Enter the shop's address");
  });

  it("answers 400 for a create that names no preview, 404 for one that does not exist", async () => {
    const forged = await admin.post(ADD_SHOP, {
      intent: "create-shop",
      vendor_name: "X",
      preview_id: "{not an id",
    });
    expect(forged.status).toBe(400);
    expect(forged.text).toContain("Detect the shop first");
    const gone = await admin.post(ADD_SHOP, {
      intent: "create-shop",
      vendor_name: "X",
      preview_id: crypto.randomUUID(),
    });
    expect(gone.status).toBe(404);
  });
});

describe("Add shop: no shop read inside a request", () => {
  it("answers the Detect post and the progress page while the shop holds its answer", async () => {
    const products: FixtureProduct[] = Array.from({ length: 120 }, (_, i) => ({
      name: `Held Peptide ${i} 10mg`,
      variants: [{ label: "", price: 20 + i }],
    }));
    // The product list's page 2 is taken and never answered: the read hangs there.
    const held = await shop(startWooCommerceShop(products, { heldPages: [2] }));
    const id = await detect(`${held.baseUrl}/`);
    // The request queued the job and answered: not one request reached the shop.
    expect(held.paths).toEqual([]);
    const queued = await previewPage(id);
    expect(queued.status).toBe(200);
    expect(queued.text).toContain("Waiting for a worker to read the shop");

    const working = executeShopPreview(admin.server.app, id);
    await vi.waitFor(() => expect(held.paths.some((path) => path.includes("page=2"))).toBe(true), {
      timeout: 20_000,
    });
    // The shop holds page 2; the page answers with the job's progress all the same.
    const reading = await previewPage(id);
    expect(reading.status).toBe(200);
    expect(reading.text).toContain("Reading the catalogue");
    expect(reading.text).toMatch(/\d+ requests so far/);

    await held.close();
    await working;
    const failed = await previewPage(id);
    expect(failed.text).toContain("Reading the catalogue failed");
  });
});

describe("Add shop: the preview kept on the server", () => {
  let previewId: string;
  let woo: ShopFixture;

  beforeAll(async () => {
    woo = await shop(
      startWooCommerceShop([
        { name: "BPC-157", variants: [{ label: "5mg", price: 32 }] },
        { name: "Tirzeqor 10 mg Fläschchen", variants: [{ label: "", price: 90 }] },
        { name: "Zorvatide 10mg", variants: [{ label: "", price: 21 }] },
      ]),
    );
    previewId = await detect(`${woo.baseUrl}/`);
    await executeShopPreview(admin.server.app, previewId);
  });

  it("shows the result after a reload, with counts, search and the outcome filter", async () => {
    const page = await previewPage(previewId);
    expect(page.text).toContain("WooCommerce Store API: 3 offers");
    expect(page.text).toContain("Unknown: 2");
    const searched = await previewPage(previewId, "&q=zorva");
    expect(searched.text).toContain("Zorvatide 10mg");
    expect(searched.text).not.toContain("Tirzeqor 10 mg");
    expect(searched.text).toContain("1 of 3 offers shown");
    const filtered = await previewPage(previewId, "&outcome=matched");
    expect(filtered.text).toContain("BPC-157 – 5mg");
    expect(filtered.text).not.toContain("Zorvatide 10mg");
  });

  it("refuses a decision on an offer of another preview", async () => {
    const other = await detect(`${woo.baseUrl}/`);
    const answer = await admin.post(ADD_SHOP, {
      intent: "create-size",
      preview_id: other,
      offer_id: await offerIdOf(previewId, "Zorvatide 10mg"),
    });
    expect(answer.status).toBe(404);
  });

  it("keeps an alias the listing itself matches, through a full run of the new source", async () => {
    const [tirzepatide] = await admin
      .db()
      .select({ id: t.peptides.id })
      .from(t.peptides)
      .where(eq(t.peptides.name, "Tirzepatide"));
    const mapped = await admin.post(ADD_SHOP, {
      intent: "map-alias",
      preview_id: previewId,
      offer_id: await offerIdOf(previewId, "Tirzeqor 10 mg Fläschchen"),
      peptide_id: tirzepatide.id,
    });
    expect(mapped.status).toBe(200);
    const [{ aliases }] = await admin
      .db()
      .select({ aliases: t.peptides.aliases })
      .from(t.peptides)
      .where(eq(t.peptides.id, tirzepatide.id));
    // Not "Tirzeqor Fläschchen", which the listing (its size between the words) never matches.
    expect(aliases).toContain("Tirzeqor");
    expect((await previewPage(previewId)).text).toContain("Unknown: 1");

    const created = await admin.post(ADD_SHOP, {
      intent: "create-shop",
      preview_id: previewId,
      vendor_name: "Alias Shop",
    });
    expect(created.status).toBe(302);
    const [source] = await admin
      .db()
      .select({ id: t.scrapeSources.id, vendorId: t.scrapeSources.vendorId })
      .from(t.scrapeSources)
      .where(eq(t.scrapeSources.retailerName, "Alias Shop"));
    const run = await admin.post("/admin/scraping", { intent: "run-source", id: source.id });
    expect(run.status).toBe(202);
    const [queued] = (await getActiveScrapeRuns(admin.db())).filter(
      (r) => r.sourceId === source.id,
    );
    await executeScrapeRun(admin.server.app, queued.id);

    const offers = await admin
      .db()
      .select({ peptideId: t.vendorPeptides.peptideId })
      .from(t.vendorPeptides)
      .where(eq(t.vendorPeptides.vendorId, source.vendorId!));
    expect(offers.map((offer) => offer.peptideId)).toContain(tirzepatide.id);
    const held = await admin
      .db()
      .select({ name: t.scrapeReviewItems.name })
      .from(t.scrapeReviewItems)
      .where(eq(t.scrapeReviewItems.vendorId, source.vendorId!));
    expect(held.map((item) => item.name)).not.toContain("Tirzeqor 10 mg Fläschchen");
  });

  it("warns when the shop's host already belongs to a vendor, and attaches to it", async () => {
    const again = await detect(`${woo.baseUrl}/shop/`);
    await executeShopPreview(admin.server.app, again);
    const page = await previewPage(again);
    expect(page.text).toContain("already belongs to a vendor");
    expect(page.text).toContain("Attach to the existing vendor");
    const vendorsBefore = await admin.db().$count(t.vendors);

    const second = await admin.post(ADD_SHOP, {
      intent: "create-shop",
      preview_id: again,
      vendor_name: "Second Alias Shop",
    });
    expect(second.status).toBe(409);
    expect(second.text).toContain("This shop already belongs to Alias Shop");

    const [existing] = await admin
      .db()
      .select({ id: t.vendors.id })
      .from(t.vendors)
      .where(eq(t.vendors.name, "Alias Shop"));
    const attached = await admin.post(ADD_SHOP, {
      intent: "attach-shop",
      preview_id: again,
      vendor_id: existing.id,
    });
    expect(attached.status).toBe(302);
    expect(await admin.db().$count(t.vendors)).toBe(vendorsBefore);
    expect(
      await admin.db().$count(t.scrapeSources, eq(t.scrapeSources.vendorId, existing.id)),
    ).toBe(2);
  });
});

describe("Editing a shop source", () => {
  it("saves a shop source's own form, which has no selectors", async () => {
    const shopSource = await createSourceWithVendor(admin.db(), {
      url: "https://feed-shop.example/",
      kind: "shopify",
      retailerName: "Feed Shop",
    });
    const before = (await getScrapeSource(admin.db(), shopSource.id))!;
    const saved = await admin.post("/admin/scraping", {
      intent: "update-source",
      id: shopSource.id,
      version: before.version,
      retailer_name: "Feed Shop Renamed",
      url: "https://feed-shop.example/",
      vendor_id: shopSource.vendorId,
      is_active: "on",
      currency: "eur",
    });
    expect(saved.status).toBe(200);
    expect(saved.text).toContain("Source updated successfully");
    const after = (await getScrapeSource(admin.db(), shopSource.id))!;
    expect(after).toMatchObject({
      retailerName: "Feed Shop Renamed",
      kind: "shopify",
      currency: "EUR",
      productSelector: "",
    });
  });

  it("still asks a page source for its selectors", async () => {
    const pageSource = await createSourceWithVendor(admin.db(), {
      url: "https://page-shop.example/p/1",
    });
    const before = (await getScrapeSource(admin.db(), pageSource.id))!;
    const refused = await admin.post("/admin/scraping", {
      intent: "update-source",
      id: pageSource.id,
      version: before.version,
      retailer_name: "Page Shop",
      url: "https://page-shop.example/p/1",
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Please fill in all required fields");
  });
});

describe("Add shop: detection", () => {
  it("falls back to the sitemap when the REST API is disabled, and says what it found", async () => {
    const sitemap = await shop(
      startSitemapShop([{ name: "TB-500 10mg", variants: [{ label: "", price: 45 }] }]),
    );
    const id = await detect(`${sitemap.baseUrl}/`);
    await executeShopPreview(admin.server.app, id);
    const page = await previewPage(id);
    expect(page.status).toBe(200);
    expect(page.text).toContain("No WooCommerce Store API");
    expect(page.text).toContain("No Shopify product JSON");
    expect(page.text).toContain("A sitemap at /sitemap.xml with 1 product pages");
    expect(page.text).toContain("TB-500 10mg");
  });
});
