/**
 * Issue 30: the detail page's history summary dates each price when it was recorded, so the
 * same Lowest and Current read the same in every range, whether the range sums its points up
 * by the day (30 and 90 days) or by the week (a year, and all of a history under three years).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { defaultPricingContext } from "~/.server/data/listings/offer-rows.server";
import { getPeptidePageData } from "~/.server/data/listings/peptide-pages.server";
import * as t from "~/.server/db/schema";
import { buildHistorySeries, HISTORY_RANGES, summarizeHistory } from "~/lib/price-history";

import { createTestApp, type TestApp } from "../helpers/app";

let app: TestApp;
// A Monday, noon.
const NOW = new Date("2026-06-15T12:00:00Z");
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);
// The lowest price, recorded on a Wednesday afternoon: neither its day's nor its week's start.
const LOWEST_AT = new Date("2026-06-03T14:30:00Z");
// The current price, recorded on a Friday evening.
const CURRENT_AT = new Date("2026-06-12T16:45:00Z");

beforeAll(async () => {
  app = await createTestApp({ SEED_DEMO: "false" });
  const { db } = app;
  const [apex, bolt] = await db
    .insert(t.vendors)
    .values([{ name: "Apex" }, { name: "Bolt" }])
    .returning({ id: t.vendors.id });
  const [peptide] = await db
    .insert(t.peptides)
    .values({ name: "TB-500", slug: "tb-500" })
    .returning({ id: t.peptides.id });
  const [size] = await db
    .insert(t.sizeOptions)
    .values({ peptideId: peptide.id, quantity: 5, unit: "mg" })
    .returning({ id: t.sizeOptions.id });
  const [apexOffer, boltOffer] = await db
    .insert(t.vendorPeptides)
    .values([
      { peptideId: peptide.id, sizeOptionId: size.id, vendorId: apex.id, price: 42 },
      { peptideId: peptide.id, sizeOptionId: size.id, vendorId: bolt.id, price: 55 },
    ])
    .returning({ id: t.vendorPeptides.id });
  const row = (vendorPeptideId: string, price: number, observedAt: Date) => ({
    vendorPeptideId,
    price,
    inStock: true,
    observedAt,
  });
  await db.insert(t.priceHistory).values([
    // Over a year of history: "All" is read by the week.
    row(apexOffer.id, 50, daysAgo(500)),
    row(apexOffer.id, 48, daysAgo(200)),
    row(apexOffer.id, 47, daysAgo(60)),
    row(apexOffer.id, 39, LOWEST_AT),
    // The same day and week go on to a higher price: only the low keeps the Wednesday.
    row(apexOffer.id, 44, new Date("2026-06-04T09:15:00Z")),
    row(apexOffer.id, 42, CURRENT_AT),
    row(boltOffer.id, 60, daysAgo(400)),
    row(boltOffer.id, 55, daysAgo(10)),
  ]);
});

afterAll(async () => {
  await app?.dispose();
});

describe("the price history summary", () => {
  it("gives the same Lowest and Current, with the dates they were recorded, in every range", async () => {
    const pricing = { ...defaultPricingContext(NOW), rates: {} };
    const summaries = [];
    const buckets = [];
    for (const range of HISTORY_RANGES) {
      const page = await getPeptidePageData(app.db, "tb-500", pricing, range);
      buckets.push(page!.history.bucket);
      const series = buildHistorySeries(page!.offers, page!.history.offers, range, pricing);
      const summary = summarizeHistory(series.filter((s) => s.points.length > 0))!;
      summaries.push({ range, lowest: summary.lowest, current: summary.current });
    }
    // The ranges do sum the prices up differently: by the day, and by the week.
    expect(buckets).toEqual(["day", "day", "week", "week"]);
    for (const summary of summaries) {
      expect(summary).toEqual({
        range: summary.range,
        lowest: { price: 39, t: LOWEST_AT.getTime(), vendorName: "Apex" },
        current: { price: 42, t: CURRENT_AT.getTime(), vendorName: "Apex" },
      });
    }
  });
});
