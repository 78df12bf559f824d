import { describe, expect, it } from "vitest";

import {
  buildHistorySeries,
  cutToRange,
  DEFAULT_HISTORY_RANGE,
  MAX_CHART_POINTS,
  mergePoints,
  onlySummaryTimes,
  parseHistoryRange,
  rangeStart,
  summarizeHistory,
  toDisplayCurrency,
  withCoupon,
  type PricePoint,
  type PriceSeries,
} from "~/lib/price-history";
import { priceOffer, type Coupon } from "~/lib/pricing";

const DAY = 86_400_000;
const NOW = new Date("2026-06-15T12:00:00Z");
const ago = (days: number) => NOW.getTime() - days * DAY;

describe("parseHistoryRange and rangeStart", () => {
  it("accepts the four ranges and falls back to the default", () => {
    expect(parseHistoryRange("30d")).toBe("30d");
    expect(parseHistoryRange("1y")).toBe("1y");
    expect(parseHistoryRange("all")).toBe("all");
    expect(parseHistoryRange("7d")).toBe(DEFAULT_HISTORY_RANGE);
    expect(parseHistoryRange(null)).toBe(DEFAULT_HISTORY_RANGE);
  });

  it("starts a range that many days before now; all has no start", () => {
    expect(rangeStart("30d", NOW)?.getTime()).toBe(ago(30));
    expect(rangeStart("90d", NOW)?.getTime()).toBe(ago(90));
    expect(rangeStart("1y", NOW)?.getTime()).toBe(ago(365));
    expect(rangeStart("all", NOW)).toBeNull();
  });
});

describe("cutToRange", () => {
  it("keeps the points inside and carries the price that held in to the start, with when it was recorded", () => {
    const points = [
      { t: ago(5), price: 40 },
      { t: ago(60), price: 50, low: 45, high: 55 },
      { t: ago(40), price: 48 },
    ];
    expect(cutToRange(points, ago(30))).toEqual([
      { t: ago(30), price: 48, lastAt: ago(40) },
      { t: ago(5), price: 40 },
    ]);
  });

  it("adds nothing when a point sits on the start or nothing came before", () => {
    expect(
      cutToRange(
        [
          { t: ago(30), price: 1 },
          { t: ago(31), price: 2 },
        ],
        ago(30),
      ),
    ).toEqual([{ t: ago(30), price: 1 }]);
    expect(cutToRange([{ t: ago(3), price: 1 }], ago(30))).toEqual([{ t: ago(3), price: 1 }]);
  });

  it("sorts everything when the range has no start", () => {
    expect(
      cutToRange(
        [
          { t: 2, price: 1 },
          { t: 1, price: 2 },
        ],
        null,
      ).map((p) => p.t),
    ).toEqual([1, 2]);
  });
});

describe("toDisplayCurrency", () => {
  const series: PriceSeries[] = [
    { id: "a", vendorName: "A", currency: "EUR", points: [{ t: 1, price: 10, low: 9, high: 12 }] },
    { id: "b", vendorName: "B", currency: "USD", points: [{ t: 1, price: 10 }] },
    { id: "c", vendorName: "C", currency: "JPY", points: [{ t: 1, price: 1000 }] },
  ];

  it("converts through the dollar and leaves out a currency without a rate", () => {
    const converted = toDisplayCurrency(series, "USD", { EUR: 0.5 });
    expect(converted.map((s) => s.id)).toEqual(["a", "b"]);
    expect(converted[0]).toMatchObject({
      currency: "USD",
      points: [{ t: 1, price: 20, low: 18, high: 24 }],
    });
    expect(converted[1].points).toEqual([{ t: 1, price: 10 }]);
  });
});

describe("summarizeHistory", () => {
  const series: PriceSeries[] = [
    {
      id: "a",
      vendorName: "Apex",
      currency: "USD",
      points: [
        { t: ago(20), price: 50 },
        { t: ago(10), price: 45, low: 41, high: 58 },
        { t: ago(2), price: 47 },
      ],
    },
    {
      id: "b",
      vendorName: "Bolt",
      currency: "USD",
      points: [
        { t: ago(15), price: 41 },
        { t: ago(1), price: 46 },
      ],
    },
  ];

  it("takes the lowest and highest from each day's low and high, the first time seen", () => {
    const summary = summarizeHistory(series)!;
    expect(summary.lowest).toEqual({ price: 41, t: ago(15), vendorName: "Bolt" });
    expect(summary.highest).toEqual({ price: 58, t: ago(10), vendorName: "Apex" });
  });

  it("calls current the cheapest of the vendors' latest prices, with its date", () => {
    expect(summarizeHistory(series)!.current).toEqual({
      price: 46,
      t: ago(1),
      vendorName: "Bolt",
    });
  });

  it("dates each mark when its price was recorded, not by the day or week that sums it up", () => {
    const week: PriceSeries = {
      id: "w",
      vendorName: "Apex",
      currency: "USD",
      points: [
        // A week whose low came on its Wednesday and high on its Friday.
        {
          t: ago(14),
          price: 45,
          low: 40,
          lowAt: ago(12),
          high: 50,
          highAt: ago(10),
          lastAt: ago(9),
        },
        // A week of one price, first seen on its Tuesday and last recorded on its Thursday.
        { t: ago(7), price: 44, lowAt: ago(6), highAt: ago(6), lastAt: ago(4) },
      ],
    };
    expect(summarizeHistory([week])).toEqual({
      lowest: { price: 40, t: ago(12), vendorName: "Apex" },
      highest: { price: 50, t: ago(10), vendorName: "Apex" },
      current: { price: 44, t: ago(4), vendorName: "Apex" },
    });
  });

  it("is null without points", () => {
    expect(summarizeHistory([])).toBeNull();
    expect(summarizeHistory([{ ...series[0], points: [] }])).toBeNull();
  });
});

describe("buildHistorySeries", () => {
  it("builds a series per offer, cut to the range and converted", () => {
    const series = buildHistorySeries(
      [
        { id: "o1", vendorName: "Apex", currency: "EUR", coupon: null, vendorCurrency: "EUR" },
        { id: "o2", vendorName: "Bolt", currency: "USD", coupon: null, vendorCurrency: "USD" },
      ],
      [
        {
          vendorPeptideId: "o1",
          points: [
            { t: ago(40), price: 10 },
            { t: ago(3), price: 12 },
          ],
        },
      ],
      "30d",
      { displayCurrency: "USD", rates: { EUR: 0.5 }, now: NOW },
    );
    expect(series).toEqual([
      {
        id: "o1",
        vendorName: "Apex",
        currency: "USD",
        points: [
          { t: ago(30), price: 20 },
          { t: ago(3), price: 24 },
        ],
      },
      { id: "o2", vendorName: "Bolt", currency: "USD", points: [] },
    ]);
  });

  it("shares MAX_CHART_POINTS among the offers of a size, so each size's chart stays within it", () => {
    const daily = Array.from({ length: 90 }, (_, i) => ({ t: ago(89 - i), price: 10 + (i % 5) }));
    const offers = ["a", "b", "c", "d", "e"].map((id, i) => ({
      id,
      vendorName: id,
      currency: "USD",
      sizeId: i < 4 ? "5mg" : "10mg",
      coupon: null,
      vendorCurrency: "USD",
    }));
    const series = buildHistorySeries(
      offers,
      offers.map((o) => ({ vendorPeptideId: o.id, points: daily })),
      "90d",
      { displayCurrency: "USD", rates: {}, now: NOW },
    );
    const pointsOf = (size: string) =>
      series
        .filter((s) => offers.find((o) => o.id === s.id)!.sizeId === size)
        .reduce((sum, s) => sum + s.points.length, 0);
    expect(pointsOf("5mg")).toBeLessThanOrEqual(MAX_CHART_POINTS);
    expect(pointsOf("5mg")).toBeGreaterThan(MAX_CHART_POINTS / 2);
    // The only 10mg offer keeps all of its 90 days.
    expect(pointsOf("10mg")).toBe(90);
  });
});

describe("the history after coupon", () => {
  const tenPercent: Coupon = {
    code: "TEN",
    discountType: "percentage",
    discountAmount: 10,
    expirationDate: null,
  };
  const offer = {
    id: "o1",
    vendorName: "Apex",
    currency: "USD",
    vendorCurrency: "USD",
    coupon: tenPercent,
  };
  const points: PricePoint[] = [
    { t: ago(20), price: 25.99, low: 24.95, high: 25.99 },
    { t: ago(2), price: 19.95 },
  ];

  it("speaks the table's price: every point after the vendor's coupon, the price before it kept", () => {
    const [series] = buildHistorySeries([offer], [{ vendorPeptideId: "o1", points }], "30d", {
      displayCurrency: "USD",
      rates: {},
      now: NOW,
    });
    expect(series!.points).toEqual([
      { t: ago(20), price: 23.39, low: 22.46, high: 23.39, beforeCoupon: 25.99 },
      { t: ago(2), price: 17.96, beforeCoupon: 19.95 },
    ]);
    const table = priceOffer(
      {
        price: 19.95,
        currency: "USD",
        vials: 1,
        mgPerVial: null,
        coupon: tenPercent,
        stockStatus: "in_stock",
        missedScrapes: 0,
        priceCheckedAt: NOW,
        vendor: { currency: "USD", shippingFee: 5, freeShippingThreshold: null, shipsTo: [] },
      },
      {
        displayCurrency: "USD",
        rates: {},
        staleAfterMissedRuns: 3,
        scrapeIntervalSeconds: 3600,
        now: NOW,
        shipTo: null,
      },
    );
    // The Current card is the table's price after coupon.
    expect(summarizeHistory([series!])!.current.price).toBe(table.display!.priceAfterCoupon);
  });

  it("converts after the coupon, to the cent the table shows", () => {
    const [series] = buildHistorySeries(
      [{ ...offer, currency: "EUR", vendorCurrency: "EUR" }],
      [{ vendorPeptideId: "o1", points }],
      "30d",
      { displayCurrency: "JPY", rates: { EUR: 0.9, JPY: 150 }, now: NOW },
    );
    // €17.96 at 150/0.9 yen a euro: ¥2,993.33 → ¥2,993; before coupon €19.95 → ¥3,325.
    expect(series!.points.at(-1)).toEqual({ t: ago(2), price: 2993, beforeCoupon: 3325 });
  });

  it("leaves the points alone without a coupon active today", () => {
    const expired = { ...tenPercent, expirationDate: "2000-01-01" };
    expect(withCoupon(points, { ...offer, coupon: expired }, { rates: {}, now: NOW })).toEqual(
      points,
    );
    expect(withCoupon(points, { ...offer, coupon: null }, { rates: {}, now: NOW })).toEqual(points);
  });

  it("converts a fixed coupon from the vendor's currency, and never goes below zero", () => {
    const fixed: Coupon = { ...tenPercent, discountType: "fixed", discountAmount: 5 };
    const priced = withCoupon(
      [
        { t: 1, price: 20 },
        { t: 2, price: 4 },
      ],
      { currency: "USD", vendorCurrency: "EUR", coupon: fixed },
      { rates: { EUR: 0.5 }, now: NOW },
    );
    expect(priced.map((p) => [p.price, p.beforeCoupon])).toEqual([
      [10, 20],
      [0, 4],
    ]);
  });
});

describe("mergePoints", () => {
  /** 365 daily points: a wave, its lowest on day 100 and highest on day 250, with daily spreads. */
  const year: PricePoint[] = Array.from({ length: 365 }, (_, i) => {
    const price = i === 100 ? 5 : i === 250 ? 50 : 20 + (i % 7);
    return { t: ago(365 - i), price, low: price - (i === 100 ? 0 : 1), high: price + 1 };
  });
  const summary = (points: PricePoint[]) =>
    summarizeHistory([{ id: "o", vendorName: "V", currency: "USD", points }]);

  it("leaves a series within the limit as it is", () => {
    const few = year.slice(0, 10);
    expect(mergePoints(few, 10)).toBe(few);
  });

  it("keeps at most the limit, in time order, with exact lowest, highest and current prices", () => {
    for (const max of [120, 30, 15, 8]) {
      const merged = mergePoints(year, max);
      expect(merged.length).toBeLessThanOrEqual(max);
      expect(merged.length).toBeGreaterThan(max / 2);
      expect(merged.map((p) => p.t)).toEqual([...merged.map((p) => p.t)].sort((a, b) => a - b));
      expect(summary(merged)).toEqual(summary(year));
    }
  });

  it("merges a run into its first time, its last price and time, and its low and high", () => {
    const run: PricePoint[] = [
      { t: ago(9), price: 10 },
      { t: ago(8), price: 30, low: 8, high: 31 },
      { t: ago(7), price: 12 },
      { t: ago(6), price: 11 },
      { t: ago(5), price: 9 },
      { t: ago(4), price: 40 },
      { t: ago(3), price: 20 },
      { t: ago(2), price: 21 },
      { t: ago(1), price: 22 },
    ];
    const merged = mergePoints(run, 7);
    expect(merged.length).toBeLessThanOrEqual(7);
    // The lowest low (day 8's 8), the highest high (day 4's 40) and the last point stay.
    expect(merged).toContainEqual(run[1]);
    expect(merged).toContainEqual(run[5]);
    expect(merged.at(-1)).toEqual(run[8]);
    const first = merged[0]!;
    expect(first).toEqual({ t: ago(9), price: 10 });
    const between = merged.find((p) => p.t === ago(7))!;
    expect(between).toMatchObject({ t: ago(7), low: expect.any(Number), high: expect.any(Number) });
    expect(between.until).toBeGreaterThan(between.t);
  });

  it("keeps when a merged run's low, high and last price were recorded", () => {
    const at = (days: number) => ago(days) + 3_600_000;
    const run: PricePoint[] = Array.from({ length: 9 }, (_, i) => ({
      t: ago(9 - i),
      price: [10, 30, 12, 11, 9, 40, 20, 21, 22][i]!,
      lowAt: at(9 - i),
      highAt: at(9 - i),
      lastAt: at(9 - i) + 60_000,
    }));
    const merged = mergePoints(run, 7);
    // The lowest (day 5), the highest (day 4) and the last point stay; days 9 to 6 merge.
    expect(merged[0]).toEqual({
      t: ago(9),
      price: 11,
      lastAt: at(6) + 60_000,
      until: ago(6),
      low: 10,
      lowAt: at(9),
      high: 30,
      highAt: at(8),
    });
  });
});

describe("onlySummaryTimes", () => {
  it("keeps the recorded times of the first lowest low, the first highest high and the last point only", () => {
    const point = (days: number, price: number, low = price, high = price): PricePoint => ({
      t: ago(days),
      price,
      ...(low === high ? {} : { low, high }),
      lowAt: ago(days) + 1,
      highAt: ago(days) + 2,
      lastAt: ago(days) + 3,
    });
    const points = [point(4, 20, 10, 30), point(3, 15), point(2, 10, 10, 30), point(1, 12)];
    const kept = onlySummaryTimes(points);
    expect(kept).toEqual([
      { t: ago(4), price: 20, low: 10, high: 30, lowAt: ago(4) + 1, highAt: ago(4) + 2 },
      { t: ago(3), price: 15 },
      { t: ago(2), price: 10, low: 10, high: 30 },
      { t: ago(1), price: 12, lastAt: ago(1) + 3 },
    ]);
    const series = (p: PricePoint[]): PriceSeries[] => [
      { id: "a", vendorName: "Apex", currency: "USD", points: p },
    ];
    expect(summarizeHistory(series(kept))).toEqual(summarizeHistory(series(points)));
  });
});
