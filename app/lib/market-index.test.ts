import { describe, expect, it } from "vitest";

import {
  computeMarketIndex,
  indexDays,
  marketIndexCsv,
  marketIndexCsvPath,
  marketIndexDaysFor,
  quantile,
} from "./market-index";

describe("quantile", () => {
  it("interpolates between closest ranks", () => {
    // ranks 0..3; p25 → rank 0.75 → 1 + 0.75 × (2 − 1); median → mean of 2 and 4.
    expect(quantile([1, 2, 4, 8], 0.25)).toBe(1.75);
    expect(quantile([1, 2, 4, 8], 0.5)).toBe(3);
    expect(quantile([1, 2, 4, 8], 0.75)).toBe(5);
    expect(quantile([5], 0.75)).toBe(5);
  });

  it("refuses an empty list rather than inventing a price", () => {
    expect(() => quantile([], 0.5)).toThrow(RangeError);
  });
});

describe("indexDays", () => {
  it("lists the UTC days that end with the given day, oldest first", () => {
    expect(indexDays(new Date("2026-03-02T23:59:00Z"), 3)).toEqual([
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
  });
});

describe("computeMarketIndex", () => {
  it("asks for each day's value of the observation in force, so a value can depend on the day", () => {
    const seen: string[] = [];
    computeMarketIndex(
      [[{ day: "2026-01-01", price: 5 }]],
      ["2026-01-01", "2026-01-02"],
      (o, day) => {
        seen.push(`${o.price}@${day}`);
        return o.price;
      },
    );
    expect(seen).toEqual(["5@2026-01-01", "5@2026-01-02"]);
  });

  const days = ["2026-01-01", "2026-01-02", "2026-01-03"];

  it("carries each offer's last price forward and takes the quantiles of the buyable ones", () => {
    const points = computeMarketIndex(
      [
        // Seen before the window: its price holds into it.
        [{ day: "2025-12-20", landedPerMg: 2 }],
        [
          { day: "2026-01-01", landedPerMg: 4 },
          { day: "2026-01-03", landedPerMg: null }, // out of stock from the 3rd
        ],
        [
          { day: "2026-01-02", landedPerMg: 6 },
          { day: "2026-01-02", landedPerMg: 8 }, // the day's last price wins
        ],
      ],
      days,
      (observation) => observation.landedPerMg,
    );
    expect(points).toEqual([
      // {2, 4}: median 3; p25 = 2 + 0.25 × 2; p75 = 2 + 0.75 × 2.
      { date: "2026-01-01", median: 3, p25: 2.5, p75: 3.5, vendors: 2 },
      // {2, 4, 8}: median 4; p25 rank 0.5 → 3; p75 rank 1.5 → 6.
      { date: "2026-01-02", median: 4, p25: 3, p75: 6, vendors: 3 },
      // {2, 8}: median 5; p25 3.5; p75 6.5.
      { date: "2026-01-03", median: 5, p25: 3.5, p75: 6.5, vendors: 2 },
    ]);
  });

  it("leaves out days without any buyable offer and rounds per-mg amounts to four decimals", () => {
    const points = computeMarketIndex(
      [
        [
          { day: "2026-01-02", landedPerMg: 1 / 3 },
          { day: "2026-01-03", landedPerMg: null },
        ],
      ],
      days,
      (observation) => observation.landedPerMg,
    );
    expect(points).toEqual([
      { date: "2026-01-02", median: 0.3333, p25: 0.3333, p75: 0.3333, vendors: 1 },
    ]);
  });

  it("writes one CSV line per day under a header", () => {
    expect(
      marketIndexCsv([{ date: "2026-01-01", median: 3, p25: 2.5, p75: 3.5, vendors: 2 }]),
    ).toBe("date,median,p25,p75,vendors\n2026-01-01,3,2.5,3.5,2\n");
  });
});

describe("the detail page's market chart", () => {
  it("spans the history range's days, 'All' as the API's longest year", () => {
    expect(marketIndexDaysFor("30d")).toBe(30);
    expect(marketIndexDaysFor("90d")).toBe(90);
    expect(marketIndexDaysFor("1y")).toBe(365);
    expect(marketIndexDaysFor("all")).toBe(365);
  });

  it("links the API's CSV for the size, currency and destination the page shows", () => {
    expect(
      marketIndexCsvPath("bpc-157", { size: "10mg", days: 90, currency: "EUR", shipTo: "GB" }),
    ).toBe("/api/v1/peptides/bpc-157/index?size=10mg&days=90&currency=EUR&shipTo=GB&format=csv");
    expect(
      marketIndexCsvPath("bpc-157", { size: "5 mg", days: 30, currency: "USD", shipTo: null }),
    ).toBe("/api/v1/peptides/bpc-157/index?size=5+mg&days=30&currency=USD&format=csv");
  });
});
