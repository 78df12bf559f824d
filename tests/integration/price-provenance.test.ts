import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as t from "~/.server/db/schema";
import {
  getOfferProvenance,
  getReviewItemProvenance,
} from "~/.server/data/price-provenance.server";
import { getScrapeSource } from "~/.server/data/scrape-sources.server";
import { updateSettings } from "~/.server/data/settings.server";
import { scrapeSource } from "~/.server/scraper/run.server";
import { loadPricesPage } from "~/routes/admin/prices.server";
import { loadReviewQueue } from "~/routes/admin/scraping.review.server";
import { saveOffer } from "~/.server/services/offers.server";
import { DEFAULT_SETTINGS, type ScrapeSourceKind } from "~/lib/constants";
import { provenanceSentence } from "~/lib/price-provenance";

import { createTestApp, type TestApp } from "../helpers/app";
import { createSourceWithVendor } from "../helpers/scrape-sources";
import { seedShopCatalogue } from "../helpers/shop-catalogue";
import {
  startSitemapShop,
  startWooCommerceShop,
  type FixtureProduct,
  type ShopFixture,
} from "../helpers/shop-fixtures";

/**
 * Issue 31 Must 10: every offer's price says how it was read (the shop's feed, the page's
 * JSON-LD, an admin), from which URL, when, in which run, with a short excerpt; a review
 * item carries the same, and an approved price keeps it.
 */

const PRODUCTS: FixtureProduct[] = [
  { name: "TB-500 10mg", variants: [{ label: "", price: 45.99 }] },
  { name: "Quelmorin 10mg", variants: [{ label: "", price: 20 }] },
];

let app: TestApp;
const shops: ShopFixture[] = [];

beforeAll(async () => {
  app = await createTestApp({ SCRAPER_ALLOW_PRIVATE_HOSTS: "true", SEED_DEMO: "false" });
  await seedShopCatalogue(app.db);
  await updateSettings(app.db, { ...DEFAULT_SETTINGS, requestDelayMs: 0 });
});

afterAll(async () => {
  await Promise.all(shops.map((shop) => shop.close()));
  await app.dispose();
});

async function runShop(kind: ScrapeSourceKind, shop: ShopFixture, runId: string) {
  const { id, vendorId } = await createSourceWithVendor(app.db, { kind, url: `${shop.baseUrl}/` });
  const result = await scrapeSource(app, (await getScrapeSource(app.db, id))!, { runId });
  expect(result.ok).toBe(true);
  const [offer] = await app.db
    .select({ id: t.vendorPeptides.id })
    .from(t.vendorPeptides)
    .where(eq(t.vendorPeptides.vendorId, vendorId));
  const [held] = await app.db
    .select({ id: t.scrapeReviewItems.id })
    .from(t.scrapeReviewItems)
    .where(
      and(
        eq(t.scrapeReviewItems.vendorId, vendorId),
        eq(t.scrapeReviewItems.name, "Quelmorin 10mg"),
      ),
    );
  return { offerId: offer!.id, reviewItemId: held!.id, vendorId };
}

describe("provenance of a scraped price", () => {
  it("names the feed, its URL, the run and the price fields read, on the offer and the review item", async () => {
    const shop = await startWooCommerceShop(PRODUCTS);
    shops.push(shop);
    const runId = crypto.randomUUID();
    const { offerId, reviewItemId } = await runShop("woocommerce", shop, runId);
    const provenance = await getOfferProvenance(app.db, offerId);
    expect(provenance).toMatchObject({
      via: "feed",
      url: `${shop.baseUrl}/wp-json/wc/store/v1/products?per_page=100&page=1&orderby=id&order=asc`,
      runId,
      sourceKind: "woocommerce",
    });
    expect(provenance?.evidence).toContain('"price":"4599"');
    expect(Date.now() - Date.parse(provenance!.readAt)).toBeLessThan(3_600_000);
    expect(provenanceSentence(provenance!, new Date())).toBe(
      "read from the vendor's product feed less than 1 h ago",
    );
    expect(await getReviewItemProvenance(app.db, reviewItemId)).toMatchObject({
      via: "feed",
      runId,
      evidence: expect.stringContaining('"price":"2000"'),
    });
    // The admin's price table and review queue get it with the offer and the item.
    const prices = await loadPricesPage(
      app,
      new URL("http://test/admin/prices?pageSize=100"),
      new Date(),
    );
    expect(prices.rows.find((row) => row.id === offerId)?.provenance).toMatchObject({
      via: "feed",
      runId,
    });
    const queue = await loadReviewQueue(app.db);
    expect(queue.items.find((item) => item.id === reviewItemId)?.provenance).toMatchObject({
      via: "feed",
      runId,
    });
  });

  it("names the product page and its JSON-LD for a sitemap shop", async () => {
    const shop = await startSitemapShop(PRODUCTS);
    shops.push(shop);
    const { offerId } = await runShop("sitemap", shop, crypto.randomUUID());
    expect(await getOfferProvenance(app.db, offerId)).toMatchObject({
      via: "json-ld",
      url: `${shop.baseUrl}/product/tb-500-10mg/`,
      sourceKind: "sitemap",
      evidence: "TB-500 10mg: 45.99 USD",
    });
  });

  it("says an admin's price was entered by hand", async () => {
    const shop = await startWooCommerceShop(PRODUCTS);
    shops.push(shop);
    const { offerId, vendorId } = await runShop("woocommerce", shop, crypto.randomUUID());
    const [offer] = await app.db
      .select()
      .from(t.vendorPeptides)
      .where(eq(t.vendorPeptides.id, offerId));
    await saveOffer(app, {
      vendorId,
      peptideId: offer!.peptideId,
      sizeOptionId: offer!.sizeOptionId,
      price: 44,
      currency: "USD",
      source: "manual",
    });
    expect(await getOfferProvenance(app.db, offerId)).toMatchObject({
      via: "manual",
      url: null,
      runId: null,
    });
  });
});
