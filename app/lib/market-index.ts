/**
 * The market price index of one peptide size (issue 23): for each day, the median and the
 * 25th/75th percentiles of the landed price per mg of every vendor offer that was buyable
 * that day. Pure: the server prices each observation; this carries prices forward and sums up.
 */
import { csvCell } from "./csv";
import type { HistoryRange } from "./price-history";

/** Something recorded about an offer on a UTC day ('YYYY-MM-DD'), e.g. a price-history row. */
export interface DailyObservation {
  day: string;
}

export interface MarketIndexPoint {
  date: string;
  median: number;
  p25: number;
  p75: number;
  /** How many offers the day's figures are computed from. */
  vendors: number;
}

export const MARKET_INDEX_DEFAULT_DAYS = 90;
export const MARKET_INDEX_MAX_DAYS = 365;

const DAY_MS = 86_400_000;

/** The UTC day of an instant, as 'YYYY-MM-DD'. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The `days` UTC days that end with `end`'s day, oldest first. */
export function indexDays(end: Date, days: number): string[] {
  const last = Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate());
  return Array.from({ length: days }, (_, i) => utcDay(new Date(last - (days - 1 - i) * DAY_MS)));
}

/**
 * The p-quantile (0…1) of sorted values by linear interpolation between closest ranks (the
 * method of numpy's default and spreadsheets' PERCENTILE.INC), so the median of an even count
 * is the mean of the middle two.
 */
export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError("quantile of no values");
  const rank = (sorted.length - 1) * p;
  const below = Math.floor(rank);
  const above = Math.ceil(rank);
  return sorted[below] + (sorted[above] - sorted[below]) * (rank - below);
}

/** Per-mg amounts keep four decimals, as the API's other per-mg prices do. */
function roundPerMg(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/**
 * The index over the given days. An offer's last observation holds until its next one (prices
 * are recorded when they change), so a day without a row still counts the offer; `valueOn`
 * gives the landed price per mg that observation means on that day, or null when the offer
 * could not be bought then. Days on which no offer could be bought are left out.
 */
export function computeMarketIndex<T extends DailyObservation>(
  offers: readonly (readonly T[])[],
  days: readonly string[],
  valueOn: (observation: T, day: string) => number | null,
): MarketIndexPoint[] {
  const cursors = offers.map(() => -1);
  const points: MarketIndexPoint[] = [];
  for (const day of days) {
    const values: number[] = [];
    offers.forEach((observations, offer) => {
      let cursor = cursors[offer];
      while (cursor + 1 < observations.length && observations[cursor + 1].day <= day) cursor += 1;
      cursors[offer] = cursor;
      const value = cursor >= 0 ? valueOn(observations[cursor], day) : null;
      if (value !== null && Number.isFinite(value)) values.push(value);
    });
    if (values.length === 0) continue;
    values.sort((a, b) => a - b);
    points.push({
      date: day,
      median: roundPerMg(quantile(values, 0.5)),
      p25: roundPerMg(quantile(values, 0.25)),
      p75: roundPerMg(quantile(values, 0.75)),
      vendors: values.length,
    });
  }
  return points;
}

/** The index as CSV, one line per day: what the detail page's download link serves. */
export function marketIndexCsv(points: readonly MarketIndexPoint[]): string {
  const lines = ["date,median,p25,p75,vendors"];
  for (const point of points) {
    const cells = [point.date, point.median, point.p25, point.p75, point.vendors];
    lines.push(cells.map(csvCell).join(","));
  }
  return `${lines.join("\n")}\n`;
}

/**
 * `?chart=market`: the detail page's history section shows the market index (per mg) instead
 * of each vendor's price (per pack); the server computes the index only then.
 */
export const HISTORY_CHART_PARAM = "chart";
export const MARKET_CHART = "market";

/** The index's days for a history range: the same span, with "All" capped at the API's year. */
export function marketIndexDaysFor(range: HistoryRange): number {
  return range === "30d" ? 30 : range === "90d" ? 90 : MARKET_INDEX_MAX_DAYS;
}

/** The open-data API's CSV of a size's index, priced like the page (currency, Ship to). */
export function marketIndexCsvPath(
  slug: string,
  {
    size,
    days,
    currency,
    shipTo,
  }: { size: string; days: number; currency: string; shipTo: string | null },
): string {
  const query = new URLSearchParams({ size, days: String(days), currency });
  if (shipTo !== null) query.set("shipTo", shipTo);
  query.set("format", "csv");
  return `/api/v1/peptides/${encodeURIComponent(slug)}/index?${query.toString()}`;
}
