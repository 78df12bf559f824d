/**
 * The home page ranks and filters by price inside the database (pricing-sql.server.ts); the
 * cards show prices worked out by the one offer view (priceOffer). Over random catalogues —
 * three currencies, coupons of both kinds, shipping fees, free-shipping thresholds, unknown
 * shipping, destinations, kits, stale and out-of-stock offers, lab tests that passed, failed or
 * measured nothing, of one size or of all sizes, recent or too old to count — the grid's price
 * filter keeps exactly the peptides the offer view says have an offer in range that may rank
 * (mayRank: the failed-lab rule with the visitor's choice), and its price and per-mg sorts order
 * them as the cards' prices do (issue 30).
 */
import fc from "fast-check";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { upsertExchangeRates } from "~/.server/data/exchange-rates.server";
import { getHomePageData } from "~/.server/data/listings/home.server";
import { priceRow, selectSizeOffers } from "~/.server/data/listings/offer-rows.server";
import * as t from "~/.server/db/schema";
import { getOpenDataPricing } from "~/.server/services/open-data.server";
import { EMPTY_HOME_FILTERS, offerPassesFilters, type HomeFilters } from "~/lib/home-filters";
import type { PeptideCardData } from "~/lib/peptide-card";
import { mayRank } from "~/lib/ranking";

import { createTestApp, type TestApp } from "../helpers/app";

const HOUR = 3_600_000;
const RUNS = 60;
const CURRENCIES = ["USD", "EUR", "GBP"] as const;
let app: TestApp;
let run = 0;
/** Buyable offers with a failed lab test the runs met: the failed-lab rule was exercised. */
let failedBuyable = 0;

beforeAll(async () => {
  app = await createTestApp({ SEED_DEMO: "false" });
  await upsertExchangeRates(app.db, [
    { currency: "EUR", unitsPerUsd: 0.9237, source: "manual" },
    { currency: "GBP", unitsPerUsd: 0.7891, source: "manual" },
  ]);
});
afterAll(async () => {
  await app?.dispose();
});

const money = (min: number, max: number) =>
  fc.integer({ min: min * 100, max: max * 100 }).map((cents) => cents / 100);

const vendorArb = fc.record({
  currency: fc.constantFrom(...CURRENCIES),
  shippingFee: fc.option(money(0, 15), { nil: null }),
  freeShippingThreshold: fc.option(money(20, 150), { nil: null }),
  shipsTo: fc.constantFrom([], ["US"], ["DE", "US"]),
  rating: fc.integer({ min: 1, max: 5 }),
  coupon: fc.option(
    fc.oneof(
      fc.record({ discountType: fc.constant("percentage" as const), discountAmount: money(5, 30) }),
      fc.record({ discountType: fc.constant("fixed" as const), discountAmount: money(1, 10) }),
    ),
    { nil: null },
  ),
});

const offerArb = fc.option(
  fc.record({
    price: money(5, 200),
    vials: fc.constantFrom(1, 1, 5),
    stockStatus: fc.constantFrom("in_stock", "low_stock", "out_of_stock"),
    stale: fc.constantFrom(false, false, false, true),
  }),
  { nil: null, freq: 3 },
);

/**
 * A lab test of one vendor and peptide: of one of the peptide's sizes (by index) or covering all
 * of them, and when it was done (more than 12 months ago it no longer counts).
 */
const labTestArb = fc.record({
  vendor: fc.nat(),
  size: fc.option(fc.nat(), { nil: null }),
  coversAllSizes: fc.boolean(),
  verdict: fc.constantFrom("passed", "failed-purity", "failed-mass", "not-measured"),
  daysAgo: fc.constantFrom(5, 40, 200, 500),
});

const catalogueArb = fc.record({
  vendors: fc.array(vendorArb, { minLength: 2, maxLength: 4 }),
  peptides: fc.array(
    fc.record({
      sizes: fc.uniqueArray(fc.constantFrom(2, 5, 10), { minLength: 1, maxLength: 2 }),
      offers: fc.array(offerArb, { minLength: 8, maxLength: 8 }),
      labTests: fc.array(labTestArb, { maxLength: 4 }),
    }),
    { minLength: 2, maxLength: 6 },
  ),
});

const visitorArb = fc.record({
  currency: fc.constantFrom(...CURRENCIES),
  shipTo: fc.constantFrom(null, "US", "DE"),
  sort: fc.constantFrom("price" as const, "per-mg" as const),
  includeFailedLabOffers: fc.boolean(),
  minPrice: fc.option(money(0, 150), { nil: null }),
  maxPrice: fc.option(money(10, 300), { nil: null }),
  /** A bound set to an offer's own card price, where rounding differences would show. */
  edge: fc.option(fc.record({ index: fc.nat(), side: fc.constantFrom("min", "max") }), {
    nil: null,
  }),
});

type Catalogue = typeof catalogueArb extends fc.Arbitrary<infer C> ? C : never;

/** Inserts the catalogue under a category of its own; the category's slug. */
async function insertCatalogue(catalogue: Catalogue): Promise<{ slug: string; ids: string[] }> {
  run += 1;
  const slug = `prop-${run}`;
  const { db } = app;
  const [category] = await db
    .insert(t.categories)
    .values({ name: `Prop ${run}`, slug })
    .returning({ id: t.categories.id });
  const vendors = await db
    .insert(t.vendors)
    .values(
      catalogue.vendors.map((vendor, i) => ({
        name: `Prop ${run} vendor ${i}`,
        currency: vendor.currency,
        shippingFee: vendor.shippingFee,
        freeShippingThreshold: vendor.freeShippingThreshold,
        shipsTo: [...vendor.shipsTo],
        rating: vendor.rating,
      })),
    )
    .returning({ id: t.vendors.id });
  const coupons = catalogue.vendors.flatMap((vendor, i) =>
    vendor.coupon ? [{ vendorId: vendors[i]!.id, code: `P${run}V${i}`, ...vendor.coupon }] : [],
  );
  if (coupons.length > 0) await db.insert(t.coupons).values(coupons);
  const ids: string[] = [];
  for (const [p, peptide] of catalogue.peptides.entries()) {
    const [row] = await db
      .insert(t.peptides)
      .values({ name: `prop ${run} peptide ${p}`, slug: `${slug}-${p}`, categoryId: category!.id })
      .returning({ id: t.peptides.id });
    ids.push(row!.id);
    const sizes = await db
      .insert(t.sizeOptions)
      .values(peptide.sizes.map((quantity) => ({ peptideId: row!.id, quantity, unit: "mg" })))
      .returning({ id: t.sizeOptions.id });
    const offers = sizes.flatMap((size, s) =>
      vendors.flatMap((vendor, v) => {
        const offer = peptide.offers[(s * vendors.length + v) % peptide.offers.length];
        if (!offer) return [];
        return [
          {
            peptideId: row!.id,
            sizeOptionId: size.id,
            vendorId: vendor.id,
            currency: catalogue.vendors[v]!.currency,
            price: offer.price,
            vials: offer.vials,
            stockStatus: offer.stockStatus,
            priceCheckedAt: new Date(Date.now() - (offer.stale ? 400 * HOUR : 0.1 * HOUR)),
          },
        ];
      }),
    );
    if (offers.length > 0) await db.insert(t.vendorPeptides).values(offers);
    const labTests = peptide.labTests.map((test) => {
      const size = test.size === null ? null : sizes[test.size % sizes.length]!;
      const claimed = size ? peptide.sizes[sizes.indexOf(size)]! : 10;
      return {
        vendorId: vendors[test.vendor % vendors.length]!.id,
        peptideId: row!.id,
        sizeOptionId: size?.id ?? null,
        coversAllSizes: test.coversAllSizes,
        labName: "Prop Lab",
        testedOn: new Date(Date.now() - test.daysAgo * 24 * HOUR).toISOString().slice(0, 10),
        purityPercent:
          test.verdict === "not-measured" ? null : test.verdict === "failed-purity" ? 91.5 : 99.2,
        claimedMassMg: test.verdict === "not-measured" ? null : claimed,
        measuredMassMg:
          test.verdict === "not-measured"
            ? null
            : test.verdict === "failed-mass"
              ? claimed * 0.7
              : claimed * 0.98,
      };
    });
    if (labTests.length > 0) await db.insert(t.labTests).values(labTests);
  }
  return { slug, ids };
}

/** The grid's peptides, all pages, in order. */
async function grid(params: Parameters<typeof getHomePageData>[1]) {
  const data = await getHomePageData(app.db, params);
  expect(data.pageCount).toBe(1);
  return data.peptides;
}

/** What the card shows for the sort: its first size's price (or per mg) that has one. */
function cardAmount(card: PeptideCardData, sort: "price" | "per-mg"): number | null {
  const size = card.sizes.find((candidate) => candidate.lowestPrice !== null);
  if (!size) return null;
  return sort === "price" ? size.lowestPrice : size.perMg;
}

describe("the home grid's SQL agrees with the offer view", () => {
  // Fixed work, no waiting: 60 catalogues written and read back. 13 s on a quiet machine, 136 s
  // with both cores kept busy; the limit is for a hang, not for a busy machine.
  it(
    "filters by price and sorts by price and per mg as the cards price the offers",
    {
      timeout: 600_000,
    },
    async () => {
      await fc.assert(
        fc.asyncProperty(catalogueArb, visitorArb, async (catalogue, visitor) => {
          const { slug, ids } = await insertCatalogue(catalogue);
          const pricing = {
            ...(await getOpenDataPricing(app.db, visitor.currency, visitor.shipTo)),
            includeFailedLabOffers: visitor.includeFailedLabOffers,
          };
          const rows = await selectSizeOffers(app.db, {}).where(
            inArray(t.sizeOptions.peptideId, ids),
          );
          // The offer view's prices of the offers that may rank: what each card may show.
          const buyable = rows.flatMap((row) => {
            const offer = priceRow(row, pricing);
            if (offer?.buyable && offer.labWarning !== null) failedBuyable += 1;
            if (!offer || !mayRank(offer, pricing) || offer.shipsToDestination === false) return [];
            const displayPrice = offer.display
              ? (offer.display.totalPerVial ?? offer.display.perVial)
              : null;
            return [{ peptideId: row.peptideId, offer, displayPrice }];
          });
          const edgePrice = visitor.edge
            ? (buyable.filter((b) => b.displayPrice !== null)[
                visitor.edge.index % Math.max(1, buyable.length)
              ]?.displayPrice ?? null)
            : null;
          const filters: HomeFilters = {
            ...EMPTY_HOME_FILTERS,
            minPrice:
              visitor.edge?.side === "min" && edgePrice !== null ? edgePrice : visitor.minPrice,
            maxPrice:
              visitor.edge?.side === "max" && edgePrice !== null ? edgePrice : visitor.maxPrice,
          };
          const inRange = new Set(
            buyable
              .filter(({ offer, displayPrice }) =>
                offerPassesFilters(
                  { vendorName: offer.vendorName, vendorRating: offer.vendorRating, displayPrice },
                  filters,
                ),
              )
              .map((b) => b.peptideId),
          );

          const shown = await grid({
            categorySlug: slug,
            page: 1,
            filters,
            sort: visitor.sort,
            pricing,
          });
          const filtered = filters.minPrice !== null || filters.maxPrice !== null;
          const expectedIds = filtered ? ids.filter((id) => inRange.has(id)) : ids;
          expect(shown.map((card) => card.id).sort()).toEqual([...expectedIds].sort());

          // The order: the cards' own amounts ascending, cards without one last, then by name.
          const expectedOrder = [...shown].sort((a, b) => {
            const x = cardAmount(a, visitor.sort);
            const y = cardAmount(b, visitor.sort);
            if (x !== y) {
              if (x === null) return 1;
              if (y === null) return -1;
              return x - y;
            }
            return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
          });
          expect(shown.map((card) => [card.name, cardAmount(card, visitor.sort)])).toEqual(
            expectedOrder.map((card) => [card.name, cardAmount(card, visitor.sort)]),
          );
        }),
        { numRuns: RUNS },
      );
      expect(failedBuyable).toBeGreaterThan(RUNS / 4);
    },
  );
});
