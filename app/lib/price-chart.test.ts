import { describe, expect, it } from "vitest";

import { contrastRatio, relativeLuminance } from "~/lib/contrast";
import {
  CHART_BACKGROUND,
  crosshairTimes,
  dateTicks,
  formatDateTick,
  nearestTimeIndex,
  MIN_ZOOM_SPAN,
  pointAt,
  scaleWindow,
  SERIES_COLORS,
  seriesStyle,
  valueTicks,
  zoomSeries,
} from "~/lib/price-chart";
import type { PriceSeries } from "~/lib/price-history";

const DAY = 86_400_000;
const at = (date: string) => Date.parse(`${date}T00:00:00Z`);

const series = (id: string, points: [string, number][]): PriceSeries => ({
  id,
  vendorName: id,
  currency: "USD",
  points: points.map(([date, price]) => ({ t: at(date), price })),
});

describe("contrastRatio", () => {
  it("is WCAG's: 21 for black on white, 1 for a colour on itself, symmetric", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
    // WebAIM's figure for #767676 on white.
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#ffffff", "#767676")).toBe(contrastRatio("#767676", "#ffffff"));
    expect(relativeLuminance("#ffffff")).toBe(1);
    expect(() => relativeLuminance("teal")).toThrow();
  });
});

describe("the series palette", () => {
  it("gives every colour 3:1 against the background and against its neighbours, wrapping", () => {
    for (const [index, color] of SERIES_COLORS.entries()) {
      expect(contrastRatio(color, CHART_BACKGROUND), color).toBeGreaterThanOrEqual(3);
      const next = SERIES_COLORS[(index + 1) % SERIES_COLORS.length];
      expect(contrastRatio(color, next), `${color} beside ${next}`).toBeGreaterThanOrEqual(3);
    }
  });

  it("gives sixteen vendors sixteen different looks, and two of one colour different patterns", () => {
    const looks = Array.from({ length: 16 }, (_, i) => seriesStyle(i));
    expect(new Set(looks.map((s) => `${s.color}|${s.dash}|${s.marker}`)).size).toBe(16);
    expect(new Set(looks.map((s) => `${s.dash}|${s.marker}`)).size).toBe(16);
    expect(seriesStyle(0).dash).toBe("");
    expect(seriesStyle(1).dash).not.toBe("");
  });
});

describe("zoomSeries", () => {
  const vendor = series("a", [
    ["2026-01-01", 10],
    ["2026-01-10", 12],
    ["2026-01-20", 9],
    ["2026-01-30", 11],
  ]);

  it("keeps the points inside the window, led by the price that held when it begins", () => {
    const [zoomed] = zoomSeries([vendor], { from: at("2026-01-05"), to: at("2026-01-25") });
    expect(zoomed!.points.map((p) => [p.t, p.price])).toEqual([
      [at("2026-01-05"), 10],
      [at("2026-01-10"), 12],
      [at("2026-01-20"), 9],
    ]);
  });

  it("leaves out a series with no price yet in the window's span", () => {
    const [zoomed] = zoomSeries([vendor], { from: at("2025-12-01"), to: at("2025-12-20") });
    expect(zoomed!.points).toEqual([]);
  });
});

describe("scaleWindow", () => {
  const full = { from: at("2026-01-01"), to: at("2026-04-01") };

  it("halves the window around the centre, keeping the centre's place in it", () => {
    const centre = at("2026-02-01");
    const zoomed = scaleWindow(full, full, 0.5, centre)!;
    expect(zoomed.to - zoomed.from).toBe((full.to - full.from) / 2);
    const share = (centre - full.from) / (full.to - full.from);
    expect((centre - zoomed.from) / (zoomed.to - zoomed.from)).toBeCloseTo(share, 9);
  });

  it("stops at the narrowest span and inside the full window", () => {
    const narrow = { from: at("2026-03-20"), to: at("2026-03-28") };
    const zoomed = scaleWindow(narrow, full, 0.5, at("2026-03-27"))!;
    expect(zoomed.to - zoomed.from).toBe(MIN_ZOOM_SPAN);
    const atEnd = scaleWindow({ from: at("2026-03-01"), to: full.to }, full, 2, full.to)!;
    expect(atEnd.to).toBe(full.to);
    expect(atEnd.from).toBeGreaterThanOrEqual(full.from);
  });

  it("answers null once zooming out covers the full window", () => {
    const half = { from: at("2026-02-01"), to: at("2026-03-18") };
    expect(scaleWindow(half, full, 2, at("2026-02-20"))).toBeNull();
    expect(scaleWindow(full, full, 2, at("2026-02-20"))).toBeNull();
  });
});

describe("the crosshair's prices", () => {
  const a = series("a", [
    ["2026-01-01", 10],
    ["2026-01-10", 12],
  ]);
  const b = series("b", [
    ["2026-01-05", 20],
    ["2026-01-10", 21],
  ]);

  it("steps through every time any series has a point, once each", () => {
    expect(crosshairTimes([a, b])).toEqual([at("2026-01-01"), at("2026-01-05"), at("2026-01-10")]);
  });

  it("finds the nearest time, the earlier on a tie", () => {
    const times = crosshairTimes([a, b]);
    expect(nearestTimeIndex(times, at("2025-01-01"))).toBe(0);
    expect(nearestTimeIndex(times, at("2026-01-04"))).toBe(1);
    expect(nearestTimeIndex(times, at("2026-01-03"))).toBe(0);
    expect(nearestTimeIndex(times, at("2026-01-08"))).toBe(2);
    expect(nearestTimeIndex(times, at("2027-01-01"))).toBe(2);
    expect(nearestTimeIndex([], 0)).toBe(-1);
  });

  it("reads the price each series holds at a time, none before its first", () => {
    expect(pointAt(b.points, at("2026-01-01"))).toBeNull();
    expect(pointAt(a.points, at("2026-01-05"))?.price).toBe(10);
    expect(pointAt(b.points, at("2026-01-05"))?.price).toBe(20);
    expect(pointAt(b.points, at("2026-02-01"))?.price).toBe(21);
  });
});

describe("dateTicks", () => {
  const end = at("2026-06-15");

  it("gives four to six dates for each range, days for a month, months for a year", () => {
    for (const [days, max, unit] of [
      [30, 6, "day"],
      [30, 5, "day"],
      [90, 5, "day"],
      [90, 6, "day"],
      [365, 6, "month"],
      [365, 5, "month"],
      [4 * 365, 6, "year"],
    ] as const) {
      const { ticks, unit: chosen } = dateTicks(end - days * DAY, end, max);
      expect(ticks.length, `${days} days`).toBeGreaterThanOrEqual(4);
      expect(ticks.length, `${days} days`).toBeLessThanOrEqual(max);
      expect(chosen).toBe(unit);
      for (const tick of ticks) {
        expect(tick).toBeGreaterThanOrEqual(end - days * DAY);
        expect(tick).toBeLessThanOrEqual(end);
      }
    }
  });

  it("puts month ticks on the first of a month", () => {
    const { ticks } = dateTicks(end - 365 * DAY, end, 6);
    for (const tick of ticks) expect(new Date(tick).getUTCDate()).toBe(1);
  });

  it("labels a tick by its step", () => {
    expect(formatDateTick(at("2026-11-03"), "day")).toBe("Nov 3");
    expect(formatDateTick(at("2026-11-01"), "month")).toBe("Nov '26");
    expect(formatDateTick(at("2026-01-01"), "year")).toBe("2026");
  });
});

describe("valueTicks", () => {
  it("gives round prices that bound the values", () => {
    expect(valueTicks(41.3, 58.9)).toEqual([40, 45, 50, 55, 60]);
    expect(valueTicks(0.12, 0.31)).toEqual([0.1, 0.15, 0.2, 0.25, 0.3, 0.35]);
    const ticks = valueTicks(1234, 1890);
    expect(ticks[0]).toBeLessThanOrEqual(1234);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(1890);
    expect(ticks.length).toBeGreaterThanOrEqual(4);
    expect(ticks.length).toBeLessThanOrEqual(7);
  });

  it("gives a flat price room around it, and never a tick below zero", () => {
    const flat = valueTicks(50, 50);
    expect(flat[0]).toBeLessThan(50);
    expect(flat.at(-1)).toBeGreaterThan(50);
    expect(valueTicks(0.5, 3)[0]).toBe(0);
  });
});
