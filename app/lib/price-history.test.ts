import { describe, expect, it } from "vitest";

import {
  buildHistorySeries,
  cutToRange,
  DEFAULT_HISTORY_RANGE,
  flattenPoints,
  nearestPointIndex,
  parseHistoryRange,
  rangeStart,
  summarizeHistory,
  toDisplayCurrency,
  type PriceSeries,
} from "~/lib/price-history";

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
  it("keeps the points inside and carries the price that held in to the start", () => {
    const points = [
      { t: ago(5), price: 40 },
      { t: ago(60), price: 50, low: 45, high: 55 },
      { t: ago(40), price: 48 },
    ];
    expect(cutToRange(points, ago(30))).toEqual([
      { t: ago(30), price: 48 },
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

  it("is null without points", () => {
    expect(summarizeHistory([])).toBeNull();
    expect(summarizeHistory([{ ...series[0], points: [] }])).toBeNull();
  });
});

describe("buildHistorySeries", () => {
  it("builds a series per offer, cut to the range and converted", () => {
    const series = buildHistorySeries(
      [
        { id: "o1", vendorName: "Apex", currency: "EUR" },
        { id: "o2", vendorName: "Bolt", currency: "USD" },
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
});

describe("flattenPoints and nearestPointIndex", () => {
  const flat = flattenPoints([
    {
      id: "a",
      vendorName: "A",
      currency: "USD",
      points: [
        { t: 3, price: 1 },
        { t: 1, price: 2 },
      ],
    },
    { id: "b", vendorName: "B", currency: "USD", points: [{ t: 1, price: 3 }] },
  ]);

  it("orders every point by time, then by vendor", () => {
    expect(flat.map((p) => [p.t, p.vendorName])).toEqual([
      [1, "A"],
      [1, "B"],
      [3, "A"],
    ]);
  });

  it("finds the point with the smallest distance, and none in an empty list", () => {
    expect(nearestPointIndex(flat, (p) => Math.abs(p.t - 2.6))).toBe(2);
    expect(nearestPointIndex(flat, (p) => Math.abs(p.price - 3))).toBe(1);
    expect(nearestPointIndex([], () => 0)).toBe(-1);
  });
});
