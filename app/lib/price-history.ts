/**
 * The detail page's price history: which span it shows (?range=30d|90d|1y|all), how the
 * points of each offer are cut to that span, converted to the display currency, and
 * summed up camelcamelcamel-style (lowest, highest and current price, each with its date).
 */
import { convertMoney, type ExchangeRates } from "~/lib/money";
import { couponOff, type Coupon } from "~/lib/pricing";

export const HISTORY_RANGES = ["30d", "90d", "1y", "all"] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];
export const HISTORY_RANGE_PARAM = "range";
export const DEFAULT_HISTORY_RANGE: HistoryRange = "90d";

/**
 * `?history=table`: the detail page with its price history table open and rendered by the
 * server, for visitors without JavaScript (with it, opening the table renders it in place).
 */
export const HISTORY_TABLE_PARAM = "history";
export const HISTORY_TABLE_OPEN = "table";

export const HISTORY_RANGE_LABELS: Record<HistoryRange, string> = {
  "30d": "30 days",
  "90d": "90 days",
  "1y": "1 year",
  all: "All",
};

const DAY_MS = 86_400_000;
const RANGE_DAYS: Record<Exclude<HistoryRange, "all">, number> = {
  "30d": 30,
  "90d": 90,
  "1y": 365,
};

/**
 * The history comes summed up by the database, one point per offer and day (week, month)
 * with that span's last price, low and high, so a year of hourly scrapes stays a few hundred
 * points. All of it is read by the day while it spans up to 90 days, by the week up to three
 * years, by the month beyond.
 */
export type HistoryBucket = "day" | "week" | "month";
export const RANGE_BUCKETS: Record<Exclude<HistoryRange, "all">, HistoryBucket> = {
  "30d": "day",
  "90d": "day",
  "1y": "week",
};
export const DAILY_UP_TO_DAYS = 90;
export const WEEKLY_UP_TO_DAYS = 3 * 365;

export function parseHistoryRange(value: string | null | undefined): HistoryRange {
  return HISTORY_RANGES.find((range) => range === value) ?? DEFAULT_HISTORY_RANGE;
}

/** The first moment the range shows; null for all of it. */
export function rangeStart(range: HistoryRange, now: Date): Date | null {
  return range === "all" ? null : new Date(now.getTime() - RANGE_DAYS[range] * DAY_MS);
}

/**
 * One observation: the price from `t` (epoch ms) on. An aggregated point also has the lowest
 * and highest price of its day.
 */
export interface PricePoint {
  t: number;
  price: number;
  low?: number;
  high?: number;
  /** A point merged from several (mergePoints): the time of the last of them. */
  until?: number;
  /**
   * When the prices were really recorded (epoch ms; `t` is the start of the point's day, week or
   * month): the last price, and the first sighting of the low and of the high (of the one price,
   * for a point without them). The summary dates its marks by these, so a price keeps its date
   * whatever span the range sums it up by.
   */
  lastAt?: number;
  lowAt?: number;
  highAt?: number;
  /**
   * The price before the vendor's coupon, when the coupon lowers it (see withCoupon): `price`,
   * `low` and `high` are then after it.
   */
  beforeCoupon?: number;
}

export interface PriceSeries {
  /** The offer (vendor_peptides.id). */
  id: string;
  vendorName: string;
  currency: string;
  points: PricePoint[];
}

/**
 * The points a range shows, in time order: those from `start` on, plus the price that held
 * when the range began (the last one before it), moved to `start`, so the line starts there.
 */
export function cutToRange(points: PricePoint[], start: number | null): PricePoint[] {
  const sorted = [...points].sort((a, b) => a.t - b.t);
  if (start === null) return sorted;
  const inside = sorted.filter((p) => p.t >= start);
  const before = sorted.filter((p) => p.t < start).at(-1);
  if (!before || inside[0]?.t === start) return inside;
  // Only the price that held on from before (and when it was recorded): its day's low and high
  // belong outside the range.
  return [{ t: start, price: before.price, lastAt: before.lastAt ?? before.t }, ...inside];
}

/**
 * Every series in the display currency at today's rates, each amount converted and rounded
 * once as the offer tables convert theirs; a series whose currency has no rate is left out
 * rather than drawn on the wrong scale.
 */
export function toDisplayCurrency(
  series: PriceSeries[],
  displayCurrency: string,
  rates: ExchangeRates,
): PriceSeries[] {
  const converted: PriceSeries[] = [];
  for (const s of series) {
    if (convertMoney(1, s.currency, displayCurrency, rates) === null) continue;
    const scale = (amount: number | undefined) =>
      amount === undefined ? undefined : convertMoney(amount, s.currency, displayCurrency, rates)!;
    converted.push({
      ...s,
      currency: displayCurrency,
      points: s.points.map((p) => ({
        t: p.t,
        price: scale(p.price)!,
        ...(p.low === undefined ? {} : { low: scale(p.low), high: scale(p.high) }),
        ...(p.until === undefined ? {} : { until: p.until }),
        ...(p.lastAt === undefined ? {} : { lastAt: p.lastAt }),
        ...(p.lowAt === undefined ? {} : { lowAt: p.lowAt, highAt: p.highAt }),
        ...(p.beforeCoupon === undefined ? {} : { beforeCoupon: scale(p.beforeCoupon) }),
      })),
    });
  }
  return converted;
}

/**
 * The most points one chart (one size's offers together) draws and lists in its table:
 * about what its 640-unit drawing can tell apart, and a table a screen reader can get through.
 * Every size's series are sent with the page (choosing a size does not reload it).
 */
export const MAX_CHART_POINTS = 120;

function mergeRun(run: PricePoint[]): PricePoint {
  if (run.length === 1) return run[0]!;
  let low = run[0]!;
  let high = run[0]!;
  for (const p of run) {
    if ((p.low ?? p.price) < (low.low ?? low.price)) low = p;
    if ((p.high ?? p.price) > (high.high ?? high.price)) high = p;
  }
  const last = run[run.length - 1]!;
  return {
    t: run[0]!.t,
    price: last.price,
    low: low.low ?? low.price,
    high: high.high ?? high.price,
    until: last.until ?? last.t,
    ...(last.lastAt === undefined ? {} : { lastAt: last.lastAt }),
    ...(low.lowAt === undefined ? {} : { lowAt: low.lowAt }),
    ...(high.highAt === undefined ? {} : { highAt: high.highAt }),
  };
}

/** The indexes of the first point with the lowest low and of the first with the highest high. */
function extremes(points: PricePoint[]): { lowest: number; highest: number } {
  let lowest = 0;
  let highest = 0;
  points.forEach((p, i) => {
    if ((p.low ?? p.price) < (points[lowest]!.low ?? points[lowest]!.price)) lowest = i;
    if ((p.high ?? p.price) > (points[highest]!.high ?? points[highest]!.price)) highest = i;
  });
  return { lowest, highest };
}

/**
 * At most `max` points (seven at the least; time order in, time order out): runs of neighbouring points
 * merge into one that starts at the first, holds the last one's price and keeps the lowest and
 * highest of them all. The first point with the series' lowest low, the first with its highest
 * high and the last point stay as they are, so the lowest, highest and current prices keep
 * their exact values and dates.
 */
export function mergePoints(points: PricePoint[], max: number): PricePoint[] {
  if (points.length <= max) return points;
  const { lowest, highest } = extremes(points);
  const kept = new Set([lowest, highest, points.length - 1]);
  // Each kept point may also cut a run short: room for both.
  const runLength = Math.ceil(points.length / Math.max(1, max - 2 * kept.size));
  const merged: PricePoint[] = [];
  let run: PricePoint[] = [];
  points.forEach((p, i) => {
    if (kept.has(i)) {
      if (run.length > 0) merged.push(mergeRun(run));
      merged.push(p);
      run = [];
      return;
    }
    run.push(p);
    if (run.length === runLength) {
      merged.push(mergeRun(run));
      run = [];
    }
  });
  if (run.length > 0) merged.push(mergeRun(run));
  return merged;
}

/**
 * The points with only the recorded times the summary reads (summarizeHistory): the first lowest
 * low's, the first highest high's and the last point's; the others' times would be sent with
 * the page for nothing (a few hundred points each way).
 */
export function onlySummaryTimes(points: PricePoint[]): PricePoint[] {
  const { lowest, highest } = extremes(points);
  return points.map(({ lowAt, highAt, lastAt, ...p }, i) => ({
    ...p,
    ...(i === lowest && lowAt !== undefined ? { lowAt } : {}),
    ...(i === highest && highAt !== undefined ? { highAt } : {}),
    ...(i === points.length - 1 && lastAt !== undefined ? { lastAt } : {}),
  }));
}

/** What pricing an offer's history after its coupon needs to know of the offer. */
export interface HistoryOffer {
  id: string;
  vendorName: string;
  currency: string;
  sizeId?: string;
  /** The vendor's coupon now, and the currency of its fixed amount. */
  coupon: Coupon | null;
  vendorCurrency: string;
}

/**
 * The chart speaks the table's price: each point after the vendor's coupon, in the offer's
 * currency, as the table takes it off (couponOff), with the price before it kept for the
 * secondary line. Coupons are not kept over time (the coupons table holds each vendor's
 * current code, replaced when it changes), so every point is priced with the coupon the vendor
 * has today, when it is active today: "what this price would cost with today's code". An
 * expired or missing coupon leaves the points as they were.
 */
export function withCoupon(
  points: PricePoint[],
  offer: Pick<HistoryOffer, "currency" | "coupon" | "vendorCurrency">,
  pricing: { rates: ExchangeRates; now: Date },
): PricePoint[] {
  const after = (price: number) =>
    couponOff(price, offer.currency, offer.coupon, offer.vendorCurrency, pricing).price;
  return points.map((p) => {
    const price = after(p.price);
    if (price === p.price && p.low === undefined) return p;
    return {
      ...p,
      price,
      ...(p.low === undefined ? {} : { low: after(p.low), high: after(p.high!) }),
      ...(price === p.price ? {} : { beforeCoupon: p.price }),
    };
  });
}

/**
 * The chart's series of a peptide's offers: each offer's recorded points cut to the
 * range, merged down to its share of MAX_CHART_POINTS among its size's offers (with only the
 * recorded times the summary reads), priced after the
 * vendor's coupon (withCoupon) and converted to the display currency (offers without a rate
 * are left out).
 */
export function buildHistorySeries(
  offers: HistoryOffer[],
  history: { vendorPeptideId: string; points: PricePoint[] }[],
  range: HistoryRange,
  pricing: { displayCurrency: string; rates: ExchangeRates; now: Date },
): PriceSeries[] {
  const pointsOf = new Map(history.map((h) => [h.vendorPeptideId, h.points]));
  const start = rangeStart(range, pricing.now)?.getTime() ?? null;
  const offersOfSize = new Map<string | undefined, number>();
  for (const offer of offers) {
    offersOfSize.set(offer.sizeId, (offersOfSize.get(offer.sizeId) ?? 0) + 1);
  }
  const series = offers.map((offer) => ({
    id: offer.id,
    vendorName: offer.vendorName,
    currency: offer.currency,
    points: withCoupon(
      onlySummaryTimes(
        mergePoints(
          cutToRange(pointsOf.get(offer.id) ?? [], start),
          Math.floor(MAX_CHART_POINTS / offersOfSize.get(offer.sizeId)!),
        ),
      ),
      offer,
      pricing,
    ),
  }));
  return toDisplayCurrency(series, pricing.displayCurrency, pricing.rates);
}

export interface PriceMark {
  price: number;
  /** Epoch ms. */
  t: number;
  vendorName: string;
}

/** All three after coupon, as the offer table's price (see withCoupon). */
export interface HistorySummary {
  lowest: PriceMark;
  highest: PriceMark;
  /**
   * The cheapest of the vendors' latest prices, and since when it holds: when it was recorded
   * (history rows are written when a price or its stock changes).
   */
  current: PriceMark;
}

/**
 * Lowest and highest price seen in the given (already cut) series, the first time each was
 * seen, and the cheapest current price; null when there is no point at all. Each is dated when
 * it was recorded (lastAt, lowAt, highAt), not by the day or week that sums it up, so every
 * range that shows a price gives it the same date.
 */
export function summarizeHistory(series: PriceSeries[]): HistorySummary | null {
  let lowest: PriceMark | null = null;
  let highest: PriceMark | null = null;
  let current: PriceMark | null = null;
  for (const s of series) {
    for (const p of s.points) {
      const low = p.low ?? p.price;
      const lowAt = p.lowAt ?? p.t;
      const high = p.high ?? p.price;
      const highAt = p.highAt ?? p.t;
      if (!lowest || low < lowest.price || (low === lowest.price && lowAt < lowest.t))
        lowest = { price: low, t: lowAt, vendorName: s.vendorName };
      if (!highest || high > highest.price || (high === highest.price && highAt < highest.t))
        highest = { price: high, t: highAt, vendorName: s.vendorName };
    }
    const last = s.points.at(-1);
    if (last && (!current || last.price < current.price))
      current = { price: last.price, t: last.lastAt ?? last.t, vendorName: s.vendorName };
  }
  return lowest && highest && current ? { lowest, highest, current } : null;
}
