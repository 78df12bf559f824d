import { useId } from "react";
import { Link, useSearchParams } from "react-router";

import { formatDate, formatPrice } from "~/lib/format";
import { HISTORY_CHART_PARAM, MARKET_CHART, type MarketIndexPoint } from "~/lib/market-index";
import { HISTORY_RANGE_LABELS, type HistoryRange } from "~/lib/price-history";
import { cn } from "~/lib/utils";

import { ChartAxes, chartFrame } from "./chart-axes";
import { RangeLinks } from "./price-history-chart";

/** What the loader sends for the market chart (the server's `MarketChart`). */
export interface MarketChartData {
  size: string | null;
  days: number;
  points: MarketIndexPoint[];
  noMilligrams: boolean;
  csvPath: string | null;
}

const PILL =
  "inline-flex h-8 items-center rounded-md border px-3 text-sm font-medium focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none";

/**
 * The history section's two charts: each vendor's price per pack, or the market's price per mg.
 * Links, so it works without JavaScript; they keep the size and range.
 */
export function HistoryChartSwitch({ market }: { market: boolean }) {
  const [params] = useSearchParams();
  const hrefFor = (showMarket: boolean) => {
    const next = new URLSearchParams(params);
    if (showMarket) next.set(HISTORY_CHART_PARAM, MARKET_CHART);
    else next.delete(HISTORY_CHART_PARAM);
    const query = next.toString();
    return query ? `?${query}` : "?";
  };
  return (
    <nav aria-label="History chart" className="flex flex-wrap gap-1.5">
      {[
        { label: "Per pack", showMarket: false },
        { label: "Market per mg", showMarket: true },
      ].map(({ label, showMarket }) => (
        <Link
          key={label}
          to={hrefFor(showMarket)}
          preventScrollReset
          aria-current={showMarket === market ? "true" : undefined}
          className={cn(
            PILL,
            showMarket === market
              ? "border-primary bg-primary text-primary-foreground"
              : "bg-background hover:bg-accent",
          )}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}

const WIDE = 640;
const NARROW = 360;
const HEIGHT = 200;
const PAD = { top: 12, right: 16, bottom: 28, left: 64 };

/**
 * The market price index of one size: the daily median landed price per mg across the vendors
 * that could be bought that day, with the band from the 25th to the 75th percentile, and the
 * same in words for screen readers and a CSV download of the API's figures.
 */
export function MarketIndexChart({
  market,
  range,
  currency,
  subject,
}: {
  market: MarketChartData;
  range: HistoryRange;
  currency: string;
  /** Whose index it is ("BPC-157 10mg"). */
  subject: string;
}) {
  const summaryId = useId();
  const { points } = market;
  const perMg = (amount: number) => `${formatPrice(amount, currency)}/mg`;
  const download = market.csvPath ? (
    <a
      href={market.csvPath}
      download
      className="w-fit text-sm font-medium underline underline-offset-4"
      data-testid="market-index-csv"
    >
      Download CSV
    </a>
  ) : null;

  if (market.noMilligrams || points.length === 0) {
    return (
      <div className="flex flex-col gap-3" data-testid="market-index">
        <RangeLinks range={range} />
        <p className="text-sm text-muted-foreground" data-testid="market-index-empty">
          {market.noMilligrams
            ? `${subject} is not sold by weight, so it has no market price per mg.`
            : `No market price per mg in this range (${HISTORY_RANGE_LABELS[range]}): no vendor could be bought.`}
        </p>
        {download}
      </div>
    );
  }

  const latest = points[points.length - 1];
  const medians = points.map((p) => p.median);
  const lowestMedian = Math.min(...medians);
  const highestMedian = Math.max(...medians);
  const low = Math.min(...points.map((p) => p.p25));
  const high = Math.max(...points.map((p) => p.p75));
  const padding = Math.max((high - low) * 0.1, high * 0.02, 0.0001);
  const yMin = Math.max(0, low - padding);
  const yMax = high + padding;
  const ticks = [yMin, (yMin + yMax) / 2, yMax];
  const times = points.map((p) => Date.parse(`${p.date}T00:00:00Z`));
  const start = times[0];
  const span = Math.max(times[times.length - 1] - start, 86_400_000);

  const drawing = (width: number, className: string) => {
    const frame = chartFrame({ width, height: HEIGHT, pad: PAD, start, span, yMin, yMax });
    const { x, y } = frame;
    const line = (values: number[]) =>
      values.map((v, i) => `${i === 0 ? "M" : "L"}${x(times[i]).toFixed(1)},${y(v).toFixed(1)}`);
    // The band: along the 75th percentile, back along the 25th.
    const band = [
      ...line(points.map((p) => p.p75)),
      ...line(points.map((p) => p.p25))
        .reverse()
        .map((step) => `L${step.slice(1)}`),
      "Z",
    ].join("");
    return (
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        aria-hidden
        className={cn("h-auto w-full", className)}
        data-testid="market-index-svg"
      >
        <ChartAxes
          frame={frame}
          ticks={ticks}
          formatTick={perMg}
          firstDate={formatDate(points[0].date)}
          lastDate={formatDate(latest.date)}
        />
        <path d={band} fill="var(--chart-1)" fillOpacity={0.18} stroke="none" />
        <path
          d={line(medians).join("")}
          fill="none"
          stroke="var(--chart-1)"
          strokeWidth={2}
          strokeLinejoin="round"
        />
      </svg>
    );
  };

  return (
    <div className="flex flex-col gap-4" data-testid="market-index">
      <RangeLinks range={range} />
      <dl className="grid max-w-3xl grid-cols-2 gap-2 sm:grid-cols-3">
        <div className="flex flex-col rounded-lg border px-3 py-2">
          <dt className="text-xs font-medium text-muted-foreground">Market (median per mg)</dt>
          <dd className="flex flex-col tabular-nums">
            <span className="text-lg font-semibold" data-testid="market-median">
              {perMg(latest.median)}
            </span>
            <span className="text-xs text-muted-foreground">{formatDate(latest.date)}</span>
          </dd>
        </div>
        <div className="flex flex-col rounded-lg border px-3 py-2">
          <dt className="text-xs font-medium text-muted-foreground">Middle half of vendors</dt>
          <dd className="text-base font-semibold tabular-nums">
            {perMg(latest.p25)} – {perMg(latest.p75)}
          </dd>
        </div>
        <div className="flex flex-col rounded-lg border px-3 py-2">
          <dt className="text-xs font-medium text-muted-foreground">Vendors counted</dt>
          <dd className="text-base font-semibold tabular-nums">{latest.vendors}</dd>
        </div>
      </dl>
      <figure className="flex max-w-3xl flex-col gap-2">
        <div role="img" aria-labelledby={summaryId} data-testid="market-index-chart">
          {drawing(WIDE, "hidden sm:block")}
          {drawing(NARROW, "sm:hidden")}
        </div>
        <figcaption id={summaryId} className="text-sm text-muted-foreground">
          Market price of {subject} per mg over the last {market.days} days. The line is each
          day&apos;s median landed price per mg (after coupon, with shipping) of the vendors that
          could be bought; the band holds the middle half of them (25th to 75th percentile). On{" "}
          {formatDate(latest.date)} the median was {perMg(latest.median)} across {latest.vendors}{" "}
          {latest.vendors === 1 ? "vendor" : "vendors"} (middle half {perMg(latest.p25)} to{" "}
          {perMg(latest.p75)}); over these days it lay between {perMg(lowestMedian)} and{" "}
          {perMg(highestMedian)}.
        </figcaption>
      </figure>
      {download}
    </div>
  );
}
