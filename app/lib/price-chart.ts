/**
 * The pure parts of the detail page's price history chart: each vendor's colour, dash and
 * marker, the zoom window's points, the axes' ticks, and which prices the crosshair reads.
 */
import { cutToRange, type PricePoint, type PriceSeries } from "~/lib/price-history";

/** The page's background (--background is white): what every line must stand out from. */
export const CHART_BACKGROUND = "#ffffff";

/**
 * Eight colours taking turns dark and bright, so each has 3:1 against the background and
 * against the vendors next to it (the legend's and the series' order), the ninth vendor's
 * colour included (it wraps to the first). Dash and marker tell apart the vendors a colour alone
 * would not.
 */
export const SERIES_COLORS = [
  "#1e2a6e",
  "#e66100",
  "#0b3d2e",
  "#e64fa9",
  "#3b0f5e",
  "#2a86c9",
  "#5a1a08",
  "#a48a00",
] as const;
const DASHES = ["", "7 4", "2 3", "9 3 2 3"] as const;
export const MARKERS = ["circle", "square", "triangle", "diamond"] as const;
export type Marker = (typeof MARKERS)[number];

export interface SeriesStyle {
  color: string;
  /** An SVG stroke-dasharray; "" for a solid line. */
  dash: string;
  marker: Marker;
}

/** The look of the index-th series: no two of the first sixteen share dash and marker. */
export function seriesStyle(index: number): SeriesStyle {
  return {
    color: SERIES_COLORS[index % SERIES_COLORS.length]!,
    dash: DASHES[index % DASHES.length]!,
    marker: MARKERS[(index + Math.floor(index / MARKERS.length)) % MARKERS.length]!,
  };
}

/** A marker's SVG path centred on (x, y), about 2r across. */
export function markerPath(marker: Marker, x: number, y: number, r: number): string {
  const f = (n: number) => n.toFixed(1);
  switch (marker) {
    case "circle":
      return `M${f(x - r)},${f(y)}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`;
    case "square":
      return `M${f(x - r * 0.85)},${f(y - r * 0.85)}h${f(r * 1.7)}v${f(r * 1.7)}h${f(-r * 1.7)}Z`;
    case "triangle":
      return `M${f(x)},${f(y - r * 1.1)}L${f(x + r)},${f(y + r * 0.8)}L${f(x - r)},${f(y + r * 0.8)}Z`;
    case "diamond":
      return `M${f(x)},${f(y - r * 1.2)}L${f(x + r)},${f(y)}L${f(x)},${f(y + r * 1.2)}L${f(x - r)},${f(y)}Z`;
  }
}

/** A span of time the chart shows, in epoch ms. */
export interface TimeWindow {
  from: number;
  to: number;
}

/**
 * The series as a zoomed-in chart shows them: the points inside the window, led by the price
 * that held when the window begins (moved to its start, as cutToRange does for a range).
 */
export function zoomSeries(series: PriceSeries[], window: TimeWindow): PriceSeries[] {
  return series.map((s) => ({
    ...s,
    points: cutToRange(s.points, window.from).filter((p) => p.t <= window.to),
  }));
}

/** Keyboard zoom: the narrowest window "+" zooms to, so a zoom never empties the plot. */
export const MIN_ZOOM_SPAN = 7 * 86_400_000;

/**
 * The window a keyboard zoom shows: `window` scaled by `factor` (½ zooms in, 2 out) around
 * `centre`, kept inside `full` and at least MIN_ZOOM_SPAN wide (or all of `full` when that is
 * narrower). Null when it covers all of `full`: the chart is no longer zoomed.
 */
export function scaleWindow(
  window: TimeWindow,
  full: TimeWindow,
  factor: number,
  centre: number,
): TimeWindow | null {
  const fullSpan = full.to - full.from;
  const span = Math.min(fullSpan, Math.max(MIN_ZOOM_SPAN, (window.to - window.from) * factor));
  if (span >= fullSpan) return null;
  // The centre keeps its place in the window, so the date under the crosshair stays put.
  const share = window.to > window.from ? (centre - window.from) / (window.to - window.from) : 0.5;
  const from = Math.min(full.to - span, Math.max(full.from, centre - span * share));
  return { from, to: from + span };
}

/** Every time a visible series has a point, once each, in order: what the crosshair steps through. */
export function crosshairTimes(series: PriceSeries[]): number[] {
  return [...new Set(series.flatMap((s) => s.points.map((p) => p.t)))].sort((a, b) => a - b);
}

/** The index of the time nearest to `t` in sorted `times`; -1 when there is none. */
export function nearestTimeIndex(times: number[], t: number): number {
  if (times.length === 0) return -1;
  let low = 0;
  let high = times.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (times[middle]! < t) low = middle + 1;
    else high = middle;
  }
  // `low` is the first time at or after t; the one before it may be nearer.
  return low > 0 && t - times[low - 1]! <= times[low]! - t ? low - 1 : low;
}

/** The point whose price holds at `t` (the last one at or before it); null before the first. */
export function pointAt(points: PricePoint[], t: number): PricePoint | null {
  let held: PricePoint | null = null;
  for (const p of points) {
    if (p.t > t) break;
    held = p;
  }
  return held;
}

const DAY_MS = 86_400_000;
export type TickUnit = "day" | "month" | "year";

/** Steps from finest to coarsest; the first that fits is taken. */
const DATE_STEPS: { unit: TickUnit; every: number }[] = [
  ...[1, 2, 3, 4, 5, 7, 10, 14, 21].map((every) => ({ unit: "day" as const, every })),
  ...[1, 2, 3, 4, 6].map((every) => ({ unit: "month" as const, every })),
  ...[1, 2, 5, 10, 20, 50].map((every) => ({ unit: "year" as const, every })),
];

function ticksEvery(start: number, end: number, unit: TickUnit, every: number): number[] {
  const ticks: number[] = [];
  if (unit === "day") {
    for (let day = Math.ceil(start / DAY_MS / every) * every; day * DAY_MS <= end; day += every)
      ticks.push(day * DAY_MS);
    return ticks;
  }
  // Months and years start on the first of a month (UTC), counted from year 0.
  const first = new Date(start);
  const months = unit === "month" ? every : every * 12;
  let index = first.getUTCFullYear() * 12 + first.getUTCMonth();
  index = Math.ceil(index / months) * months;
  for (; ; index += months) {
    const t = Date.UTC(Math.floor(index / 12), index % 12, 1);
    if (t > end) return ticks;
    if (t >= start) ticks.push(t);
  }
}

/**
 * Dates for the time axis: at most `max` (5 on a phone, 6 wide) on whole days, months or
 * years (UTC), the finest step that fits, so a month shows days and a year shows months.
 */
export function dateTicks(
  start: number,
  end: number,
  max: number,
): { ticks: number[]; unit: TickUnit } {
  for (const { unit, every } of DATE_STEPS) {
    const ticks = ticksEvery(start, end, unit, every);
    if (ticks.length <= max) return { ticks, unit };
  }
  return { ticks: [start], unit: "year" };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A tick's label for its step: "Nov 3", "Nov '26" or "2026" (UTC, as every date on the site). */
export function formatDateTick(t: number, unit: TickUnit): string {
  const date = new Date(t);
  const month = MONTHS[date.getUTCMonth()]!;
  if (unit === "day") return `${month} ${date.getUTCDate()}`;
  if (unit === "month") return `${month} '${String(date.getUTCFullYear() % 100).padStart(2, "0")}`;
  return String(date.getUTCFullYear());
}

/** The time axis's ticks with their labels for a chart `width` wide: five on a phone, six wider. */
export function labelledDateTicks(
  start: number,
  end: number,
  width: number,
): { t: number; label: string }[] {
  const { ticks, unit } = dateTicks(start, end, width < 480 ? 5 : 6);
  return ticks.map((t) => ({ t, label: formatDateTick(t, unit) }));
}

/**
 * Round values for the price axis around [low, high]: about `count` ticks 1, 2, 2.5 or 5 times
 * a power of ten apart; the first and last bound the axis.
 */
export function valueTicks(low: number, high: number, count = 5): number[] {
  if (high === low) {
    // One price: a band around it, so it is not drawn on the axis's edge.
    const room = Math.max(Math.abs(high) * 0.05, 0.01);
    return valueTicks(low - room, high + room, count);
  }
  const spread = high - low;
  const raw = spread / Math.max(1, count - 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  const first = Math.max(0, Math.floor(low / step) * step);
  let last = Math.ceil(high / step) * step;
  if (last === first) last = first + step;
  const ticks: number[] = [];
  // Rounded to the step's decimals, so 0.1 + 0.2 never shows as 0.30000000000000004.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  for (let v = first; v <= last + step / 2; v += step) ticks.push(Number(v.toFixed(decimals)));
  return ticks;
}
