// The price history chart with its cards, range links and keyboard-steppable tooltip. Over 400
// lines, kept whole: the plot, its marks, the tooltip and the keyboard stepping share the
// chart's scales and its active-point state; the pure parts (points, buckets, nearest point)
// are in ~/lib/price-history and the table view is price-history-table.tsx.
import { useId, useState, type KeyboardEvent, type PointerEvent } from "react";
import { Link, useSearchParams } from "react-router";

import { formatDate, formatPrice } from "~/lib/format";
import {
  flattenPoints,
  HISTORY_RANGE_LABELS,
  HISTORY_RANGE_PARAM,
  HISTORY_RANGES,
  nearestPointIndex,
  summarizeHistory,
  type FlatPoint,
  type HistoryBucket,
  type HistoryRange,
  type PriceMark,
  type PriceSeries,
} from "~/lib/price-history";
import { cn } from "~/lib/utils";

import { ChartAxes, chartFrame } from "./chart-axes";
import { pointDate, PriceHistoryTable } from "./price-history-table";

/**
 * Two drawings of the same chart: a wide one from 640 px and a narrow one below, each about
 * as wide in user units as on screen, so their 11-unit labels stay legible (a 640-unit chart
 * squeezed into a phone's 358 px would shrink them to 6 px). CSS picks one.
 */
const WIDE = 640;
const NARROW = 360;
const HEIGHT = 220;
const PAD = { top: 12, right: 16, bottom: 28, left: 56 };
const COLORS = [
  "var(--chart-1)",
  "var(--chart-2)",
  "var(--chart-3)",
  "var(--chart-4)",
  "var(--chart-5)",
  "#7c3aed",
  "#db2777",
  "#0891b2",
];

const colorOf = (seriesIndex: number) => COLORS[seriesIndex % COLORS.length];

function describePoint(point: FlatPoint, currency: string, bucket: HistoryBucket): string {
  const spread =
    point.low !== undefined && point.high !== undefined
      ? ` (that ${point.until === undefined ? bucket : "span"} ${formatPrice(point.low, currency)} to ${formatPrice(point.high, currency)})`
      : "";
  const before =
    point.beforeCoupon === undefined
      ? ""
      : `, ${formatPrice(point.beforeCoupon, currency)} before coupon`;
  return `${pointDate(point, bucket)} · ${point.vendorName} · ${formatPrice(point.price, currency)} after coupon${before}${spread}`;
}

export function RangeLinks({ range }: { range: HistoryRange }) {
  const [params] = useSearchParams();
  return (
    <nav aria-label="History range" className="flex flex-wrap gap-1.5">
      {HISTORY_RANGES.map((option) => {
        const next = new URLSearchParams(params);
        next.set(HISTORY_RANGE_PARAM, option);
        return (
          <Link
            key={option}
            to={`?${next.toString()}`}
            preventScrollReset
            aria-current={option === range ? "true" : undefined}
            className={cn(
              "inline-flex h-8 items-center rounded-md border px-3 text-sm font-medium focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
              option === range
                ? "border-primary bg-primary text-primary-foreground"
                : "bg-background hover:bg-accent",
            )}
          >
            {HISTORY_RANGE_LABELS[option]}
          </Link>
        );
      })}
    </nav>
  );
}

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
 * the last one is carried to now), a range switch that works without JavaScript, the lowest,
 * highest and current price with their dates, a tooltip on hover, tap and keyboard focus
 * (arrow keys step through the prices), and every point in a table for screen readers.
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
  const [active, setActive] = useState<number | null>(null);
  const [showBeforeCoupon, setShowBeforeCoupon] = useState(true);
  const tooltipId = useId();
  const toggleId = useId();
  const withPoints = series.filter((s) => s.points.length > 0);
  const points = flattenPoints(withPoints);
  const summary = summarizeHistory(withPoints);
  const anyCoupon = points.some((p) => p.beforeCoupon !== undefined);
  const drawBeforeCoupon = anyCoupon && showBeforeCoupon;

  if (!summary || points.length === 0) {
    return (
      <div className="flex flex-col gap-3">
        <RangeLinks range={range} />
        <p className="text-sm text-muted-foreground">
          No price history in this range ({HISTORY_RANGE_LABELS[range]}).
        </p>
      </div>
    );
  }

  const end = Date.parse(now);
  const start = points[0].t;
  const span = Math.max(end - start, 86_400_000);
  const low = summary.lowest.price;
  // The before-coupon line, when drawn, may run above every price after coupon.
  const high = drawBeforeCoupon
    ? Math.max(summary.highest.price, ...points.map((p) => p.beforeCoupon ?? p.price))
    : summary.highest.price;
  const padding = Math.max((high - low) * 0.1, 1);
  const yMin = Math.max(0, low - padding);
  const yMax = high + padding;
  const ticks = [yMin, (yMin + yMax) / 2, yMax];
  const activePoint = active === null ? null : (points[active] ?? null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = points.length - 1;
    const current = active ?? last;
    const moves: Record<string, number> = {
      ArrowLeft: Math.max(0, current - 1),
      ArrowDown: Math.max(0, current - 1),
      ArrowRight: Math.min(last, current + 1),
      ArrowUp: Math.min(last, current + 1),
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(active === null ? current : moves[event.key]);
    } else if (event.key === "Escape") {
      setActive(null);
    }
  };

  const drawing = (width: number, className: string) => {
    const frame = chartFrame({ width, height: HEIGHT, pad: PAD, start, span, yMin, yMax });
    const { x, y } = frame;
    const pathOf = (s: PriceSeries, priceOf: (p: PriceSeries["points"][number]) => number) => {
      let d = "";
      s.points.forEach((p, i) => {
        const px = x(p.t).toFixed(1);
        const py = y(priceOf(p)).toFixed(1);
        d += i === 0 ? `M${px},${py}` : `H${px}V${py}`;
      });
      return `${d}H${x(end).toFixed(1)}`;
    };
    // The pointer's place in the drawing's units, then the nearest price to it.
    const pick = (event: PointerEvent<SVGSVGElement>) => {
      const box = event.currentTarget.getBoundingClientRect();
      if (box.width === 0) return;
      const px = ((event.clientX - box.left) / box.width) * width;
      const py = ((event.clientY - box.top) / box.height) * HEIGHT;
      setActive(nearestPointIndex(points, (p) => Math.hypot(x(p.t) - px, (y(p.price) - py) / 4)));
    };
    return (
      <div className={cn("relative", className)}>
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          aria-hidden
          className="h-auto w-full touch-pan-y"
          onPointerMove={pick}
          onPointerDown={pick}
          onPointerLeave={(event) => {
            if (event.pointerType === "mouse") setActive(null);
          }}
          data-testid="price-history-svg"
        >
          <ChartAxes
            frame={frame}
            ticks={ticks}
            formatTick={(tick) => formatPrice(tick, currency)}
            firstDate={formatDate(new Date(start))}
            lastDate={formatDate(new Date(end))}
          />
          {drawBeforeCoupon
            ? withPoints.map((s, index) =>
                s.points.some((p) => p.beforeCoupon !== undefined) ? (
                  <path
                    key={`${s.id}-before-coupon`}
                    d={pathOf(s, (p) => p.beforeCoupon ?? p.price)}
                    fill="none"
                    stroke={colorOf(index)}
                    strokeWidth={1.25}
                    strokeDasharray="4 3"
                    strokeLinejoin="round"
                    className="opacity-60"
                    data-testid="price-history-before-coupon"
                  />
                ) : null,
              )
            : null}
          {withPoints.map((s, index) => (
            <path
              key={s.id}
              d={pathOf(s, (p) => p.price)}
              fill="none"
              stroke={colorOf(index)}
              strokeWidth={2}
              strokeLinejoin="round"
            />
          ))}
          {activePoint ? (
            <g>
              <line
                x1={x(activePoint.t)}
                x2={x(activePoint.t)}
                y1={PAD.top}
                y2={HEIGHT - PAD.bottom}
                stroke="currentColor"
                strokeDasharray="3 3"
                className="opacity-40"
              />
              <circle
                cx={x(activePoint.t)}
                cy={y(activePoint.price)}
                r={5}
                fill={colorOf(activePoint.seriesIndex)}
                stroke="var(--background)"
                strokeWidth={2}
              />
            </g>
          ) : null}
        </svg>
        {activePoint ? (
          <div
            aria-hidden
            data-testid="price-history-tooltip"
            className="pointer-events-none absolute z-10 max-w-56 -translate-y-full rounded-md border bg-popover px-2 py-1 text-xs text-popover-foreground shadow-md"
            style={{
              left: `${Math.min(70, (x(activePoint.t) / width) * 100)}%`,
              top: `${(y(activePoint.price) / HEIGHT) * 100}%`,
              marginTop: -8,
            }}
          >
            <span className="block font-medium">{activePoint.vendorName}</span>
            <span className="block tabular-nums">
              {formatPrice(activePoint.price, currency)} after coupon
              {activePoint.low !== undefined && activePoint.high !== undefined
                ? ` (${formatPrice(activePoint.low, currency)}–${formatPrice(activePoint.high, currency)})`
                : ""}
            </span>
            {activePoint.beforeCoupon !== undefined ? (
              <span className="block tabular-nums text-muted-foreground">
                {formatPrice(activePoint.beforeCoupon, currency)} before coupon
              </span>
            ) : null}
            <span className="block text-muted-foreground">{pointDate(activePoint, bucket)}</span>
          </div>
        ) : null}
      </div>
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <RangeLinks range={range} />
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
          <label htmlFor={toggleId}>Show the price before coupon (dashed)</label>
        </div>
      ) : null}
      <figure className="flex flex-col gap-2">
        <div
          tabIndex={0}
          role="group"
          aria-roledescription="chart"
          aria-label={`Price history chart of ${subject}, after coupon, ${HISTORY_RANGE_LABELS[range]}. Left and right arrow keys move between prices.`}
          aria-describedby={tooltipId}
          onKeyDown={onKeyDown}
          onFocus={() => setActive((current) => current ?? points.length - 1)}
          onBlur={() => setActive(null)}
          className="max-w-3xl rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          data-testid="price-history-chart"
        >
          {drawing(WIDE, "hidden sm:block")}
          {drawing(NARROW, "sm:hidden")}
        </div>
        <p id={tooltipId} aria-live="polite" className="sr-only">
          {activePoint ? describePoint(activePoint, currency, bucket) : ""}
        </p>
        <figcaption>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
            {withPoints.map((s, index) => (
              <li key={s.id} className="inline-flex items-center gap-1.5">
                <span
                  aria-hidden
                  className="inline-block h-0.5 w-4"
                  style={{ backgroundColor: colorOf(index) }}
                />
                {s.vendorName}
              </li>
            ))}
          </ul>
        </figcaption>
      </figure>
      <PriceHistoryTable
        points={points}
        bucket={bucket}
        currency={currency}
        range={range}
        subject={subject}
      />
    </div>
  );
}
