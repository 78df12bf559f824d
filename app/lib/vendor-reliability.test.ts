import { describe, expect, it } from "vitest";

import {
  computeVendorReliability,
  freshShare,
  priceStability,
  stockShare,
} from "./vendor-reliability";

const NOW = new Date("2026-06-30T00:00:00Z");
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);
const WINDOW_START = daysAgo(90);
const row = (days: number, price: number, inStock = true) => ({
  observedAt: daysAgo(days),
  price,
  inStock,
});

describe("stockShare", () => {
  it("weighs each row by how long it held, from the window's start", () => {
    // Offer 1: in stock from before the window (counted from day 90) to day 30, then out until
    // today: 60 of 90 days. Offer 2: first seen 10 days ago, in stock: 10 of 10 days.
    const share = stockShare(
      [[row(120, 10), row(30, 10, false), row(0, 10)], [row(10, 5)]],
      WINDOW_START,
      NOW,
    );
    // (60 + 10) / (90 + 10)
    expect(share).toBeCloseTo(0.7, 10);
  });

  it("has no value without history", () => {
    expect(stockShare([[]], WINDOW_START, NOW)).toBeNull();
  });
});

describe("priceStability", () => {
  it("is 1 when prices never moved, and falls with movement per offer-month", () => {
    expect(priceStability([[row(120, 10)]], WINDOW_START, NOW)).toBe(1);
    // One change of 10% (10 → 11) within 90 observed days: 0.1 / 3 months = 0.0333 a month;
    // 1 − 0.0333 / 0.25 = 0.8667. The change before the window does not count.
    expect(
      priceStability([[row(200, 20), row(120, 10), row(45, 11)]], WINDOW_START, NOW),
    ).toBeCloseTo(1 - 0.1 / 3 / 0.25, 10);
  });

  it("never goes below 0", () => {
    expect(priceStability([[row(30, 10), row(20, 20), row(10, 10)]], WINDOW_START, NOW)).toBe(0);
  });
});

describe("freshShare", () => {
  it("counts offers confirmed in the last 48 hours and not stale", () => {
    const offers = [
      { priceCheckedAt: new Date(NOW.getTime() - 3_600_000), stale: false },
      { priceCheckedAt: new Date(NOW.getTime() - 3_600_000), stale: true },
      { priceCheckedAt: daysAgo(3), stale: false },
      { priceCheckedAt: daysAgo(1), stale: false },
    ];
    expect(freshShare(offers, NOW)).toBe(0.5);
  });
});

describe("computeVendorReliability", () => {
  it("weighs the components it has data for, by hand-worked values", () => {
    const result = computeVendorReliability(
      {
        offerHistories: [[row(120, 10), row(30, 10, false), row(0, 10)], [row(10, 5)]],
        offers: [
          { priceCheckedAt: daysAgo(0.5), stale: false },
          { priceCheckedAt: daysAgo(5), stale: false },
        ],
        coupon: { expirationDate: "2026-06-29", worked: 0, failed: 0 },
        rating: 4,
        labTests: [{ passed: true }, { passed: true }, { passed: false }, { passed: true }],
      },
      NOW,
    );
    expect(result.components.map((c) => [c.key, c.value, c.weight])).toEqual([
      ["stock", 0.7, 0.3],
      ["stability", 1, 0.2],
      ["freshness", 0.5, 0.15],
      ["labTests", 0.75, 0.15],
      ["coupon", 0, 0.1],
      ["rating", 0.8, 0.1],
    ]);
    // 0.3·0.7 + 0.2·1 + 0.15·0.5 + 0.15·0.75 + 0.1·0 + 0.1·0.8 = 0.6775 → 68
    expect(result.score).toBe(68);
  });

  it("leaves out components without data and keeps the others' relative weights", () => {
    const result = computeVendorReliability(
      {
        offerHistories: [[row(120, 10)]],
        offers: [{ priceCheckedAt: daysAgo(0.5), stale: false }],
        coupon: null,
        rating: null,
        labTests: [],
      },
      NOW,
    );
    // stock 1, stability 1, freshness 1 → 100, whatever the missing ones would say.
    expect(result.score).toBe(100);
    expect(result.components.filter((c) => c.value === null).map((c) => c.key)).toEqual([
      "labTests",
      "coupon",
      "rating",
    ]);
  });

  it("has no score without any data", () => {
    expect(
      computeVendorReliability(
        { offerHistories: [], offers: [], coupon: null, rating: null, labTests: [] },
        NOW,
      ).score,
    ).toBeNull();
  });

  it("joins buyers' coupon votes with the code on file, which counts as one 'worked'", () => {
    const couponValue = (coupon: {
      expirationDate: string | null;
      worked: number;
      failed: number;
    }) =>
      computeVendorReliability(
        { offerHistories: [], offers: [], coupon, rating: null, labTests: [] },
        NOW,
      ).components.find((c) => c.key === "coupon")!.value;
    expect(couponValue({ expirationDate: null, worked: 0, failed: 0 })).toBe(1);
    // (2 + 1) / (2 + 3 + 1) = 0.5
    expect(couponValue({ expirationDate: null, worked: 2, failed: 3 })).toBe(0.5);
    expect(couponValue({ expirationDate: "2026-06-29", worked: 9, failed: 0 })).toBe(0);
  });
});
