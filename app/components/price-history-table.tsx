import { useState } from "react";
import { Link, useSearchParams } from "react-router";

import { formatDate, formatPrice } from "~/lib/format";
import {
  HISTORY_RANGE_LABELS,
  HISTORY_TABLE_OPEN,
  HISTORY_TABLE_PARAM,
  type HistoryBucket,
  type HistoryRange,
  type PricePoint,
  type PriceSeries,
} from "~/lib/price-history";
import { crosshairTimes, pointAt } from "~/lib/price-chart";

const BUCKET_PREFIX: Record<HistoryBucket, string> = {
  day: "",
  week: "Week of ",
  month: "Month from ",
};

/**
 * A point's span as the chart and the table say it: its day (UTC), or the first day of its week
 * or month; a merged point's first and last (see mergePoints).
 */
export function pointDate(
  { t, until }: Pick<PricePoint, "t" | "until">,
  bucket: HistoryBucket,
): string {
  if (until === undefined) return `${BUCKET_PREFIX[bucket]}${formatDate(new Date(t))} (UTC)`;
  return `${formatDate(new Date(t))} to ${BUCKET_PREFIX[bucket].toLowerCase()}${formatDate(new Date(until))} (UTC)`;
}

/**
 * The chart's prices as a table, a row per date and a column per vendor (each cell the price
 * that held that day, as the crosshair reads it), behind a "Show as table" disclosure whose
 * rows are rendered when it opens: a range is a hundred rows or more, which most visitors never
 * open and every uncached render of the page would pay for. Without JavaScript the disclosure
 * links to the same page with the table open (`?history=table`), rendered by the server. Cell
 * styles are in app.css (.history-table).
 */
export function PriceHistoryTable({
  series,
  bucket,
  currency,
  range,
  subject,
}: {
  /** Every vendor's series of the range (the legend's toggles and the zoom leave it whole). */
  series: PriceSeries[];
  bucket: HistoryBucket;
  currency: string;
  range: HistoryRange;
  /** What the prices are of ("BPC-157 10mg"), for the caption. */
  subject: string;
}) {
  const [params] = useSearchParams();
  const [open, setOpen] = useState(params.get(HISTORY_TABLE_PARAM) === HISTORY_TABLE_OPEN);
  const withTableOpen = new URLSearchParams(params);
  withTableOpen.set(HISTORY_TABLE_PARAM, HISTORY_TABLE_OPEN);
  const times = crosshairTimes(series);
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="rounded-lg border px-3 py-2 text-sm"
    >
      <summary className="cursor-pointer font-medium">Show as table</summary>
      {open ? (
        <div
          className="mt-2 max-h-96 overflow-auto"
          tabIndex={0}
          role="region"
          aria-label="Price history table"
        >
          <table className="history-table" data-testid="price-history-table">
            <caption className="py-1 text-left text-xs text-muted-foreground">
              Prices of {subject} after each vendor&apos;s current coupon,{" "}
              {HISTORY_RANGE_LABELS[range].toLowerCase()}: the price each vendor had on each{" "}
              {bucket}, in {currency}
            </caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                {series.map((s) => (
                  <th key={s.id} scope="col">
                    {s.vendorName}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {times.map((t) => (
                <tr key={t}>
                  <th scope="row">{pointDate({ t }, bucket)}</th>
                  {series.map((s) => (
                    <td key={s.id}>{cellText(pointAt(s.points, t), t, currency)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-2">
          <Link
            to={`?${withTableOpen.toString()}#history-heading`}
            className="underline underline-offset-4"
          >
            Show the prices of {times.length} dates as a table
          </Link>
        </p>
      )}
    </details>
  );
}

/**
 * A vendor's price on a date: the one that held then, with that day's low and high when it
 * moved and the price before coupon when a coupon lowers it; a dash before its first price.
 */
function cellText(point: PricePoint | null, t: number, currency: string): string {
  if (!point) return "—";
  const price = formatPrice(point.price, currency);
  const spread =
    point.t === t && point.low !== undefined && point.high !== undefined && point.low !== point.high
      ? ` (${formatPrice(point.low, currency)}–${formatPrice(point.high, currency)})`
      : "";
  const before =
    point.beforeCoupon === undefined
      ? ""
      : `, ${formatPrice(point.beforeCoupon, currency)} before coupon`;
  return `${price}${spread}${before}`;
}
