import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getVendorReliability } from "~/.server/data/vendor-reliability.server";
import * as t from "~/.server/db/schema";
import { scrapeAllSources } from "~/.server/scraper/run.server";
import { refreshVendorReliability } from "~/.server/services/vendor-reliability.server";

import { createTestApp, type TestApp } from "../helpers/app";

let app: TestApp;
const NOW = new Date("2026-06-30T00:00:00Z");
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);
const ids: Record<"steady" | "shaky" | "silent", string> = { steady: "", shaky: "", silent: "" };

beforeAll(async () => {
  app = await createTestApp({ SEED_DEMO: "false" });
  const { db } = app;
  const [steady, shaky, silent] = await db
    .insert(t.vendors)
    .values([
      { name: "Steady Labs", rating: 4.5 },
      { name: "Shaky Peptides", rating: 2 },
      { name: "Silent Vendor" },
    ])
    .returning({ id: t.vendors.id });
  Object.assign(ids, { steady: steady.id, shaky: shaky.id, silent: silent.id });
  await db.insert(t.coupons).values([
    { vendorId: steady.id, code: "OK", discountAmount: 5, discountType: "percentage" },
    {
      vendorId: shaky.id,
      code: "GONE",
      discountAmount: 5,
      discountType: "percentage",
      expirationDate: "2026-06-01",
    },
  ]);
  const [peptide] = await db
    .insert(t.peptides)
    .values({ name: "Reliable Peptide", slug: "reliable-peptide" })
    .returning({ id: t.peptides.id });
  const [size] = await db
    .insert(t.sizeOptions)
    .values({ peptideId: peptide.id, quantity: 10, unit: "mg" })
    .returning({ id: t.sizeOptions.id });
  const [steadyOffer, shakyOffer] = await db
    .insert(t.vendorPeptides)
    .values([
      {
        peptideId: peptide.id,
        sizeOptionId: size.id,
        vendorId: steady.id,
        price: 50,
        // Within the freshness window (three hourly runs, ~/lib/freshness).
        priceCheckedAt: daysAgo(1 / 24),
      },
      {
        peptideId: peptide.id,
        sizeOptionId: size.id,
        vendorId: shaky.id,
        price: 60,
        priceCheckedAt: daysAgo(4),
      },
    ])
    .returning({ id: t.vendorPeptides.id });
  const history = (vendorPeptideId: string, rows: [number, number, boolean][]) =>
    rows.map(([days, price, inStock]) => ({
      vendorPeptideId,
      price,
      inStock,
      observedAt: daysAgo(days),
    }));
  await db.insert(t.priceHistory).values([
    // Steady: one price since before the window, always in stock.
    ...history(steadyOffer.id, [[200, 50, true]]),
    // Shaky: first seen 60 days ago; 40 → 50 (+25%) 40 days ago, 50 → 60 (+20%) 20 days ago,
    // out of stock from 30 days ago to 10 days ago.
    ...history(shakyOffer.id, [
      [60, 40, true],
      [40, 50, true],
      [30, 50, false],
      [20, 60, false],
      [10, 60, true],
    ]),
  ]);
  // Within 12 months: Steady has one pass (99%, 10 of 10 mg); Shaky one pass and one failure
  // (purity 90% under the 98% default). A test older than a year does not count.
  await db.insert(t.labTests).values([
    {
      vendorId: steady.id,
      peptideId: peptide.id,
      labName: "Lab A",
      testedOn: "2026-05-01",
      purityPercent: 99,
      claimedMassMg: 10,
      measuredMassMg: 10,
    },
    {
      vendorId: shaky.id,
      peptideId: peptide.id,
      labName: "Lab A",
      testedOn: "2026-04-01",
      purityPercent: 99,
      claimedMassMg: 10,
      measuredMassMg: 10.2,
    },
    {
      vendorId: shaky.id,
      peptideId: peptide.id,
      labName: "Lab B",
      testedOn: "2026-03-01",
      purityPercent: 90,
      claimedMassMg: 10,
      measuredMassMg: 10,
    },
    {
      vendorId: shaky.id,
      peptideId: peptide.id,
      labName: "Lab C",
      testedOn: "2025-01-01",
      purityPercent: 50,
      claimedMassMg: 10,
      measuredMassMg: 10,
    },
  ]);
  await refreshVendorReliability(db, NOW);
});
afterAll(async () => {
  await app?.dispose();
});

const valuesOf = async (vendorId: string) => {
  const stored = await getVendorReliability(app.db, vendorId);
  return {
    score: stored?.score,
    values: Object.fromEntries(stored!.components.map((c) => [c.key, c.value])),
  };
};

describe("vendor reliability", () => {
  it("scores a steady vendor from stock, stability, freshness, lab tests, coupon and rating", async () => {
    // stock 1, stability 1, fresh 1, lab tests 1/1, coupon works 1, rating 4.5/5 = 0.9.
    // 0.3 + 0.2 + 0.15 + 0.15 + 0.1 + 0.1 × 0.9 = 0.99 → 99
    expect(await valuesOf(ids.steady)).toEqual({
      score: 99,
      values: {
        stock: 1,
        stability: 1,
        freshness: 1,
        labTests: 1,
        coupon: 1,
        rating: 0.9,
      },
    });
  });

  it("scores a shaky vendor by hand-worked components", async () => {
    // stock: in stock 60→30 days ago and 10→0 = 40 of 60 days = 0.667.
    // stability: movement 0.25 + 0.2 = 0.45 over 2 offer-months = 0.225 a month;
    //   1 − 0.225 / 0.25 = 0.1. fresh: checked 4 days ago = 0. lab tests: 1 of 2 in the last
    //   12 months passed = 0.5. coupon expired = 0. rating 0.4.
    // 0.3 × 0.667 + 0.2 × 0.1 + 0 + 0.15 × 0.5 + 0 + 0.1 × 0.4 = 0.3351 → 34
    expect(await valuesOf(ids.shaky)).toEqual({
      score: 34,
      values: {
        stock: 0.667,
        stability: 0.1,
        freshness: 0,
        labTests: 0.5,
        coupon: 0,
        rating: 0.4,
      },
    });
  });

  it("has no score for a vendor without any data, but still says so", async () => {
    expect((await valuesOf(ids.silent)).score).toBeNull();
  });

  it("is recomputed after every scrape run", async () => {
    const before = (await getVendorReliability(app.db, ids.steady))!.computedAt;
    await app.db.update(t.vendors).set({ rating: 0 }).where(eq(t.vendors.id, ids.steady));
    await scrapeAllSources(app);
    const after = (await getVendorReliability(app.db, ids.steady))!;
    expect(after.computedAt.getTime()).toBeGreaterThan(before.getTime());
    expect(after.components.find((c) => c.key === "rating")?.value).toBe(0);
  });
});
