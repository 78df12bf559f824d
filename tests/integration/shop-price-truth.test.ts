import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { getPeptidePageData } from "~/.server/data/listings/peptide-pages.server";
import { getScrapeSource } from "~/.server/data/scrape-sources.server";
import { updateSettings } from "~/.server/data/settings.server";
import * as t from "~/.server/db/schema";
import { scrapeSource } from "~/.server/scraper/run.server";
import { saveOffer } from "~/.server/services/offers.server";
import { DEFAULT_SETTINGS } from "~/lib/constants";

import { createSourceWithVendor } from "../helpers/scrape-sources";
import { approveReviewItem } from "../helpers/review-decisions";
import { createTestApp, type TestApp } from "../helpers/app";
import { seedShopCatalogue, storedOffersOf } from "../helpers/shop-catalogue";
import { startWooCommerceShop, type ShopFixture } from "../helpers/shop-fixtures";

/**
 * Issue 31 Must 1: no wrong or superseded price in public. The WooCommerce shop answers as the
 * Store API documents a global attribute: a "2.5mg" term whose slug is "2-5mg".
 */

let app: TestApp;
let shop: ShopFixture | null = null;

beforeAll(async () => {
  app = await createTestApp({ SCRAPER_ALLOW_PRIVATE_HOSTS: "true", SEED_DEMO: "false" });
  await seedShopCatalogue(app.db);
});

afterAll(async () => {
  await app.dispose();
});

beforeEach(async () => {
  await updateSettings(app.db, { ...DEFAULT_SETTINGS, requestDelayMs: 0 });
});

afterEach(async () => {
  await shop?.close();
  shop = null;
});

async function newVendor(): Promise<string> {
  const [vendor] = await app.db
    .insert(t.vendors)
    .values({ name: `Shop ${crypto.randomUUID()}` })
    .returning({ id: t.vendors.id });
  return vendor.id;
}

async function wooSource(url: string) {
  const { id, vendorId } = await createSourceWithVendor(app.db, { kind: "woocommerce", url });
  return { source: (await getScrapeSource(app.db, id))!, vendorId };
}

async function sizeId(peptide: string, mg: number): Promise<string> {
  const [row] = await app.db
    .select({ id: t.sizeOptions.id })
    .from(t.sizeOptions)
    .innerJoin(t.peptides, eq(t.peptides.id, t.sizeOptions.peptideId))
    .where(and(eq(t.peptides.name, peptide), eq(t.sizeOptions.quantity, mg)));
  return row.id;
}

async function publicOfferOf(slug: string, vendorId: string) {
  const page = await getPeptidePageData(app.db, slug);
  return page?.offers.find((offer) => offer.vendorId === vendorId);
}

describe("WooCommerce variation sizes", () => {
  it("reads the size from the term's name, never its slug: 2.5mg is not 5mg", async () => {
    shop = await startWooCommerceShop([
      {
        name: "Ipamorelin",
        // 2.5 mg comes last: read as "2-5mg" (5 mg) its $18 would overwrite the 5 mg price.
        variants: [
          { label: "5mg", price: 30 },
          { label: "2.5mg", price: 18 },
        ],
      },
    ]);
    const { source, vendorId } = await wooSource(`${shop.baseUrl}/`);
    expect((await scrapeSource(app, source)).ok).toBe(true);
    const offers = await storedOffersOf(app.db, vendorId);
    // Only the 5 mg offer is live, at its own price; 2.5 mg (not in the catalogue) waits.
    expect(offers.map((o) => [o.peptide, Number(o.mg), o.price])).toEqual([["Ipamorelin", 5, 30]]);
    const queued = await app.db
      .select({
        name: t.scrapeReviewItems.name,
        quantity: t.scrapeReviewItems.quantity,
        reason: t.scrapeReviewItems.reason,
      })
      .from(t.scrapeReviewItems)
      .where(eq(t.scrapeReviewItems.vendorId, vendorId));
    expect(queued).toEqual([{ name: "Ipamorelin – 2.5mg", quantity: 2.5, reason: "unknown_size" }]);
  });
});

describe("a new price held for review", () => {
  it("makes the offer 'price being checked', not buyable, ageing to stale until a price is written", async () => {
    // Another vendor sells TB-500 10 mg at $36: a $360 read is far from it.
    const other = await newVendor();
    await saveOffer(app, {
      vendorId: other,
      peptideId: (await app.db.query.peptides.findFirst({
        where: eq(t.peptides.name, "TB-500"),
      }))!.id,
      sizeOptionId: await sizeId("TB-500", 10),
      vials: 1,
      price: 36,
      currency: "USD",
      source: "manual",
    });
    shop = await startWooCommerceShop([
      { name: "TB-500 10mg", variants: [{ label: "", price: 38 }] },
    ]);
    const { source, vendorId } = await wooSource(`${shop.baseUrl}/`);
    await scrapeSource(app, source);
    expect(await publicOfferOf("tb-500", vendorId)).toMatchObject({
      price: 38,
      buyable: true,
      priceHeld: false,
    });

    shop.setProducts([{ name: "TB-500 10mg", variants: [{ label: "", price: 380 }] }]);
    const held = await scrapeSource(app, source);
    expect(held.summary).toMatchObject({ queued: 1, updated: 0, unchanged: 0 });
    const [item] = await app.db
      .select()
      .from(t.scrapeReviewItems)
      .where(eq(t.scrapeReviewItems.vendorId, vendorId));
    expect(item).toMatchObject({ reason: "price_outlier", price: 380 });
    // The old price stays stored but is not the shop's: held, one miss, not buyable nor best.
    expect(await publicOfferOf("tb-500", vendorId)).toMatchObject({
      price: 38,
      buyable: false,
      priceHeld: true,
      stale: false,
    });
    const [stored] = await storedOffersOf(app.db, vendorId);
    expect(stored).toMatchObject({ price: 38, missed: 1 });

    // Held on every run, it ages to stale by the same rule as a missed offer.
    await scrapeSource(app, source);
    await scrapeSource(app, source);
    expect(await publicOfferOf("tb-500", vendorId)).toMatchObject({
      priceHeld: true,
      stale: true,
      buyable: false,
    });

    // The admin approves the new price: written, fresh, no longer held.
    await approveReviewItem(app, item.id, { peptideId: item.suggestedPeptideId! });
    expect(await publicOfferOf("tb-500", vendorId)).toMatchObject({
      price: 380,
      priceHeld: false,
      stale: false,
      buyable: true,
    });
  });
});

describe("exact money (issue 31 Must 2)", () => {
  it.each([
    { currency: "KWD", minorUnit: 3, price: 11.675 },
    { currency: "JPY", minorUnit: 0, price: 4500 },
    { currency: "USD", minorUnit: 2, price: 24.5 },
  ])(
    "stores $currency $price exactly, and a second run that changes nothing writes no history",
    async (store) => {
      shop = await startWooCommerceShop(
        [{ name: "Selank 10mg", variants: [{ label: "", price: store.price }] }],
        store,
      );
      const { source, vendorId } = await wooSource(`${shop.baseUrl}/`);
      expect((await scrapeSource(app, source)).summary).toMatchObject({ updated: 1 });
      const again = await scrapeSource(app, source);
      expect(again.summary).toMatchObject({ updated: 0, unchanged: 1 });
      const [offer] = await storedOffersOf(app.db, vendorId);
      expect(offer).toMatchObject({ price: store.price, currency: store.currency });
      const history = await app.db
        .select({ price: t.priceHistory.price })
        .from(t.priceHistory)
        .innerJoin(t.vendorPeptides, eq(t.vendorPeptides.id, t.priceHistory.vendorPeptideId))
        .where(eq(t.vendorPeptides.vendorId, vendorId));
      expect(history).toEqual([{ price: store.price }]);
    },
  );
});
