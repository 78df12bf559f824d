// The price history chart: its cards, range switch, zoom, legend and table around the plot
// (price-history-plot.tsx); the pure parts are in ~/lib/price-history and ~/lib/price-chart.
import { useId, useState } from "react";

import { formatDate, formatPrice } from "~/lib/format";
import { seriesStyle, zoomSeries, type TimeWindow } from "~/lib/price-chart";
import {
  HISTORY_RANGE_LABELS,
  summarizeHistory,
  type HistoryBucket,
  type HistoryRange,
  type PriceMark,
  type PriceSeries,
} from "~/lib/price-history";
import { cn } from "~/lib/utils";

import { HistoryRangeSwitch } from "./history-range-switch";
import { PriceHistoryPlot, SeriesSwatch } from "./price-history-plot";
import { PriceHistoryTable } from "./price-history-table";
import { Button } from "./ui/button";

function Mark({
  label,
  mark,
  currency,
  testId,
}: {
  label: string;
  mark: PriceMark;
  currency: string;
  testId: string;
}) {
  return (
    <div
      className="flex min-w-0 flex-col rounded-lg border px-2.5 py-2 sm:px-3"
      data-testid={testId}
    >
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="flex flex-col tabular-nums">
        <span className="text-base font-semibold sm:text-lg">
          {formatPrice(mark.price, currency)}
        </span>
        <span className="text-xs text-muted-foreground">
          {mark.vendorName} · {formatDate(new Date(mark.t))}
        </span>
      </dd>
    </div>
  );
}

/**
 * camelcamelcamel-style price history: step lines (a price holds until the next observation,
 * the last one is carried to now), a range switch that works without JavaScript, dragging to
 * zoom within it, a legend whose buttons show and hide vendors, the lowest, highest and
 * current price with their dates, a crosshair on hover, touch and keyboard, and every price in
 * a table for screen readers and visitors without JavaScript.
 */
export function PriceHistoryChart({
  series,
  range,
  bucket,
  currency,
  now,
  subject,
}: {
  /** Already cut to the range and in the display currency. */
  series: PriceSeries[];
  range: HistoryRange;
  /** What one point stands for: a day, a week or a month of prices. */
  bucket: HistoryBucket;
  currency: string;
  now: string;
  /** What the prices are of ("BPC-157 10mg"), for the table's caption. */
  subject: string;
}) {
  const [showBeforeCoupon, setShowBeforeCoupon] = useState(true);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  // A zoom belongs to the range it was made in: a new range starts unzoomed.
  const [zoom, setZoom] = useState<{ range: HistoryRange; zoomWindow: TimeWindow } | null>(null);
  const toggleId = useId();
  const withPoints = series.filter((s) => s.points.length > 0);
  const summary = summarizeHistory(withPoints);

  if (!summary) {
    return (
      <div className="flex flex-col gap-3">
        <HistoryRangeSwitch range={range} />
        <p className="text-sm text-muted-foreground">
          No price history in this range ({HISTORY_RANGE_LABELS[range]}).
        </p>
      </div>
    );
  }

  const end = Date.parse(now);
  const zoomWindow = zoom?.range === range ? zoom.zoomWindow : null;
  const full = {
    from: Math.min(...withPoints.map((s) => s.points[0]!.t)),
    to: Math.max(end, ...withPoints.map((s) => s.points.at(-1)!.t)),
  };
  const domain = zoomWindow ?? full;
  const styled = withPoints.map((s, index) => ({ series: s, style: seriesStyle(index) }));
  const shown = styled.filter(({ series: s }) => !hidden.has(s.id));
  const lines = (
    zoomWindow
      ? zoomSeries(
          shown.map((l) => l.series),
          zoomWindow,
        )
      : shown.map((l) => l.series)
  )
    .map((s, index) => ({ series: s, style: shown[index]!.style }))
    .filter((line) => line.series.points.length > 0);
  const anyCoupon = withPoints.some((s) => s.points.some((p) => p.beforeCoupon !== undefined));
  const toggle = (id: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className="flex flex-col gap-4">
      <HistoryRangeSwitch range={range} />
      <dl className="grid max-w-3xl grid-cols-3 gap-2">
        <Mark
          label="Lowest (after coupon)"
          mark={summary.lowest}
          currency={currency}
          testId="history-lowest"
        />
        <Mark
          label="Highest (after coupon)"
          mark={summary.highest}
          currency={currency}
          testId="history-highest"
        />
        <Mark
          label="Current (after coupon)"
          mark={summary.current}
          currency={currency}
          testId="history-current"
        />
      </dl>
      {anyCoupon ? (
        <div className="flex items-center gap-2 text-sm">
          <input
            id={toggleId}
            type="checkbox"
            checked={showBeforeCoupon}
            onChange={(event) => setShowBeforeCoupon(event.currentTarget.checked)}
            className="size-4 accent-primary"
            data-testid="history-before-coupon-toggle"
          />
          <label htmlFor={toggleId}>Show the price before coupon (thin line)</label>
        </div>
      ) : null}
      <figure className="flex w-full flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          {/* A status, so a zoom made by keyboard on the plot is said as well as shown. */}
          <p role="status" data-testid="history-zoom-status">
            {zoomWindow
              ? `Zoomed to ${formatDate(new Date(zoomWindow.from))} – ${formatDate(new Date(zoomWindow.to))}.`
              : "Drag across the chart, or press + and − on it, to zoom."}
          </p>
          {zoomWindow ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => setZoom(null)}
              data-testid="history-reset-zoom"
            >
              Reset zoom
            </Button>
          ) : null}
        </div>
        {lines.length > 0 ? (
          <PriceHistoryPlot
            lines={lines}
            domain={domain}
            full={full}
            lineEnd={Math.min(end, domain.to)}
            currency={currency}
            bucket={bucket}
            drawBeforeCoupon={anyCoupon && showBeforeCoupon}
            label={`Price history chart of ${subject}, after coupon, ${HISTORY_RANGE_LABELS[range]}. Left and right arrow keys move between dates, Home and End jump to the first and last, plus and minus zoom in and out.`}
            onZoom={(next) => setZoom(next && { range, zoomWindow: next })}
          />
        ) : (
          <p
            className="flex h-[260px] items-center justify-center rounded-md border border-dashed text-sm text-muted-foreground"
            data-testid="price-history-nothing-shown"
          >
            {hidden.size > 0
              ? "Every vendor is hidden: choose one below."
              : "No price in the zoomed span."}
          </p>
        )}
        <figcaption>
          <ul aria-label="Vendors shown" className="flex flex-wrap gap-1.5">
            {styled.map(({ series: s, style }) => {
              const on = !hidden.has(s.id);
              return (
                <li key={s.id} className="min-w-0">
                  <button
                    type="button"
                    aria-pressed={on}
                    onClick={() => toggle(s.id)}
                    className={cn(
                      "inline-flex max-w-full items-center gap-1.5 rounded-md border px-2 py-1 text-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
                      on ? "bg-background hover:bg-accent" : "text-muted-foreground line-through",
                    )}
                    data-testid="history-legend-item"
                  >
                    <SeriesSwatch style={style} />
                    <span className="min-w-0 break-words">{s.vendorName}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </figcaption>
      </figure>
      <PriceHistoryTable
        series={withPoints}
        bucket={bucket}
        currency={currency}
        range={range}
        subject={subject}
      />
    </div>
  );
}
