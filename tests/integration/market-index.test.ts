import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { defaultPricingContext } from "~/.server/data/listings/offer-rows.server";
import * as t from "~/.server/db/schema";
import { getMarketIndex } from "~/.server/services/market-index.server";

import { createTestApp, type TestApp } from "../helpers/app";

let app: TestApp;
let peptideId = "";
let offerIds: string[] = [];
const NOW = new Date("2026-06-15T12:00:00Z");
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);
const pricing = () => ({ ...defaultPricingContext(NOW), rates: { EUR: 0.5 } });

beforeAll(async () => {
  app = await createTestApp({ SEED_DEMO: "false" });
  const { db } = app;
  const [flat, free, unknown, threshold, hidden] = await db
    .insert(t.vendors)
    .values([
      { name: "Flat Ten", shippingFee: 10 },
      { name: "Free Ship", shippingFee: 0 },
      { name: "Unknown Ship" },
      { name: "Threshold", shippingFee: 5, freeShippingThreshold: 150 },
      { name: "Switched Off", shippingFee: 0 },
    ])
    .returning({ id: t.vendors.id });
  await db.insert(t.coupons).values([
    { vendorId: flat.id, code: "TEN", discountAmount: 10, discountType: "percentage" },
    // Works up to and including 2026-06-12 (three days ago), not after.
    {
      vendorId: threshold.id,
      code: "FIVE",
      discountAmount: 5,
      discountType: "fixed",
      expirationDate: "2026-06-12",
    },
  ]);
  const [peptide] = await db
    .insert(t.peptides)
    .values({ name: "Index Peptide", slug: "index-peptide" })
    .returning({ id: t.peptides.id });
  peptideId = peptide.id;
  const [five, ten] = await db
    .insert(t.sizeOptions)
    .values([
      { peptideId, quantity: 5, unit: "mg" },
      { peptideId, quantity: 10, unit: "mg" },
    ])
    .returning({ id: t.sizeOptions.id });
  const offer = (vendorId: string, sizeOptionId: string, price: number, active = true) => ({
    peptideId,
    sizeOptionId,
    vendorId,
    price,
    active,
  });
  const offers = await db
    .insert(t.vendorPeptides)
    .values([
      offer(flat.id, ten.id, 90),
      offer(free.id, ten.id, 110),
      offer(unknown.id, ten.id, 50),
      offer(threshold.id, ten.id, 100),
      offer(hidden.id, ten.id, 10, false),
      offer(flat.id, five.id, 60),
    ])
    .returning({ id: t.vendorPeptides.id });
  offerIds = offers.map((row) => row.id);
  const history = (index: number, rows: [number, number, boolean?][]) =>
    rows.map(([days, price, inStock = true]) => ({
      vendorPeptideId: offers[index].id,
      price,
      inStock,
      observedAt: daysAgo(days),
    }));
  await db.insert(t.priceHistory).values([
    // Flat Ten: 10% off, +10 shipping. 100 → (90 + 10) / 10 = 10/mg; 90 → (81 + 10) / 10 = 9.1.
    ...history(0, [
      [5, 100],
      [2, 90],
    ]),
    // Free Ship: 120 → 12/mg from before the window; out of stock 3 days ago; 110 → 11 since.
    ...history(1, [
      [10, 120],
      [3, 120, false],
      [1, 110],
    ]),
    // Unknown shipping: never in the index, however cheap.
    ...history(2, [[4, 50]]),
    // Threshold: recorded once, 20 days ago. With the $5 coupon (to the 12th): (95 + 5) / 10 = 10;
    // without it: (100 + 5) / 10 = 10.5 — the same row gives a different value after expiry.
    ...history(3, [[20, 100]]),
    // Switched off: not public, so not in the market.
    ...history(4, [[6, 10]]),
    ...history(5, [[6, 60]]),
  ]);
});
afterAll(async () => {
  await app?.dispose();
});

describe("getMarketIndex", () => {
  it("takes the size most vendors sell and computes each day's quartiles by hand-worked values", async () => {
    const result = await getMarketIndex(app.db, peptideId, { days: 7 }, pricing());
    expect(result).toEqual({
      ok: true,
      index: {
        size: "10mg",
        points: [
          // Free Ship 12, Threshold 10 (Flat Ten not seen yet).
          { date: "2026-06-09", median: 11, p25: 10.5, p75: 11.5, vendors: 2 },
          // {10, 10, 12}: p25 at rank 0.5, p75 at rank 1.5.
          { date: "2026-06-10", median: 10, p25: 10, p75: 11, vendors: 3 },
          { date: "2026-06-11", median: 10, p25: 10, p75: 11, vendors: 3 },
          // Free Ship out of stock; the coupon still works on the 12th.
          { date: "2026-06-12", median: 10, p25: 10, p75: 10, vendors: 2 },
          // {9.1, 10.5}: the coupon has expired.
          { date: "2026-06-13", median: 9.8, p25: 9.45, p75: 10.15, vendors: 2 },
          // {9.1, 10.5, 11}.
          { date: "2026-06-14", median: 10.5, p25: 9.8, p75: 10.75, vendors: 3 },
          { date: "2026-06-15", median: 10.5, p25: 9.8, p75: 10.75, vendors: 3 },
        ],
        todayOfferIds: expect.any(Array),
      },
    });
    // Today's three: Flat Ten, Free Ship and Threshold (the offers the tooltip lists).
    const today = result.ok ? result.index.todayOfferIds : [];
    expect([...today].sort()).toEqual([offerIds[0], offerIds[1], offerIds[3]].sort());
  });

  it("answers in the requested currency and for a named size", async () => {
    const euros = await getMarketIndex(
      app.db,
      peptideId,
      { days: 1 },
      { ...pricing(), displayCurrency: "EUR" },
    );
    expect(euros.ok && euros.index.points).toEqual([
      { date: "2026-06-15", median: 5.25, p25: 4.9, p75: 5.375, vendors: 3 },
    ]);
    // 5 mg: one offer at (54 + 10) / 5 = 12.8/mg.
    const five = await getMarketIndex(app.db, peptideId, { size: "5 MG", days: 1 }, pricing());
    expect(five).toEqual({
      ok: true,
      index: {
        size: "5mg",
        points: [{ date: "2026-06-15", median: 12.8, p25: 12.8, p75: 12.8, vendors: 1 }],
        todayOfferIds: [offerIds[5]],
      },
    });
  });

  it("says when the size does not exist instead of answering with an empty index", async () => {
    expect(await getMarketIndex(app.db, peptideId, { size: "7mg", days: 7 }, pricing())).toEqual({
      ok: false,
      reason: "unknown_size",
    });
  });
});
