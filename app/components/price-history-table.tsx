import { useState } from "react";
import { Link, useSearchParams } from "react-router";

import { formatDate, formatPrice } from "~/lib/format";
import {
  HISTORY_RANGE_LABELS,
  HISTORY_TABLE_OPEN,
  HISTORY_TABLE_PARAM,
  type FlatPoint,
  type HistoryBucket,
  type HistoryRange,
  type PricePoint,
} from "~/lib/price-history";

const BUCKET_PREFIX: Record<HistoryBucket, string> = {
  day: "",
  week: "Week of ",
  month: "Month from ",
};

/**
 * A point's span as the chart and the table say it: its day (UTC), or the first day of its week
 * or month; a merged point's first and last (see mergePoints).
 */
export function pointDate({ t, until }: PricePoint, bucket: HistoryBucket): string {
  if (until === undefined) return `${BUCKET_PREFIX[bucket]}${formatDate(new Date(t))} (UTC)`;
  return `${formatDate(new Date(t))} to ${BUCKET_PREFIX[bucket].toLowerCase()}${formatDate(new Date(until))} (UTC)`;
}

/**
 * Every point of a price history as a table, behind a disclosure whose rows are rendered when
 * it opens: a range's points are a hundred rows or more, about half of a detail page's
 * elements, which most visitors never open and every uncached render of the page would pay
 * for. Without JavaScript the disclosure links to the same page with the table open
 * (`?history=table`), rendered by the server. Cell styles are in app.css (.history-table).
 */
export function PriceHistoryTable({
  points,
  bucket,
  currency,
  range,
  subject,
}: {
  points: FlatPoint[];
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
  const withCoupons = points.some((p) => p.beforeCoupon !== undefined);
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="rounded-lg border px-3 py-2 text-sm"
    >
      <summary className="cursor-pointer font-medium">Price history as a table</summary>
      {open ? (
        <div className="mt-2 max-h-96 overflow-y-auto">
          <table className="history-table" data-testid="price-history-table">
            <caption className="py-1 text-left text-xs text-muted-foreground">
              Prices of {subject} after each vendor&apos;s current coupon,{" "}
              {HISTORY_RANGE_LABELS[range].toLowerCase()}:{" "}
              {points.some((p) => p.until !== undefined)
                ? `each ${bucket}'s or run of ${bucket}s' last price`
                : `each ${bucket}'s last price`}{" "}
              with its low and high, in {currency}
            </caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Vendor</th>
                <th scope="col">Price</th>
                <th scope="col">Low</th>
                <th scope="col">High</th>
                {withCoupons ? <th scope="col">Before coupon</th> : null}
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={`${p.seriesIndex}-${p.t}`}>
                  <th scope="row">{pointDate(p, bucket)}</th>
                  <td>{p.vendorName}</td>
                  <td>{formatPrice(p.price, currency)}</td>
                  <td>{formatPrice(p.low ?? p.price, currency)}</td>
                  <td>{formatPrice(p.high ?? p.price, currency)}</td>
                  {withCoupons ? <td>{formatPrice(p.beforeCoupon ?? p.price, currency)}</td> : null}
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
            Show the {points.length} prices as a table
          </Link>
        </p>
      )}
    </details>
  );
}
