import { useId, useState, type KeyboardEvent, type PointerEvent } from "react";
import { Link, useSearchParams } from "react-router";

import { formatDate, formatPrice } from "~/lib/format";
import { HISTORY_CHART_PARAM, MARKET_CHART, type MarketIndexPoint } from "~/lib/market-index";
import type { OfferRow } from "~/lib/offer-row";
import { NOT_VERIFIED, perVerifiedMg } from "~/lib/offer-view";
import { labelledDateTicks, nearestTimeIndex } from "~/lib/price-chart";
import { HISTORY_RANGE_LABELS, type HistoryRange } from "~/lib/price-history";
import { cn } from "~/lib/utils";

import { ChartAxes, chartFrame } from "./chart-axes";
import { HistoryRangeSwitch } from "./history-range-switch";

/** What the loader sends for the market chart (the server's `MarketChart`). */
export interface MarketChartData {
  size: string | null;
  days: number;
  points: MarketIndexPoint[];
  noMilligrams: boolean;
  csvPath: string | null;
  /** Today's point and the offers it counts (the server's `MarketChart.today`). */
  today: { date: string; offerIds: string[] } | null;
}

/**
 * An offer's price per verified mg as the offer table's line says it (perVerifiedMg, issue 34):
 * "not verified" without a passing lab test of its size, never a guess.
 */
export function verifiedPerMgText(offer: OfferRow): string {
  const perMg = perVerifiedMg(offer);
  if (!perMg || !offer.display) return NOT_VERIFIED;
  const amount = `${offer.display.converted ? "≈ " : ""}${formatPrice(perMg.amount, offer.display.currency)}/verified mg`;
  return perMg.delivered ? amount : `${amount} (shipping not stated)`;
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
 * same in words for screen readers and a CSV download of the API's figures. A tooltip on hover,
 * tap and keyboard focus (arrow keys step through the days) gives a day's figures; today's also
 * names the offers counted with their price per verified mg.
 */
export function MarketIndexChart({
  market,
  offers,
  range,
  currency,
  subject,
}: {
  market: MarketChartData;
  /** The page's offers, priced as its table prices them. */
  offers: readonly OfferRow[];
  range: HistoryRange;
  currency: string;
  /** Whose index it is ("BPC-157 10mg"). */
  subject: string;
}) {
  const summaryId = useId();
  const tooltipId = useId();
  const [active, setActive] = useState<number | null>(null);
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
        <HistoryRangeSwitch range={range} />
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
  const activePoint = active === null ? null : (points[active] ?? null);
  const todayOffers =
    activePoint && market.today?.date === activePoint.date
      ? market.today.offerIds.flatMap((id) => offers.find((offer) => offer.id === id) ?? [])
      : [];

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

  const describe = (point: MarketIndexPoint) =>
    `${formatDate(point.date)}: median ${perMg(point.median)}, middle half ${perMg(point.p25)} to ${perMg(point.p75)}, ${point.vendors} ${point.vendors === 1 ? "vendor" : "vendors"}`;

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
    // The pointer's place in the drawing's units, then the nearest day to it.
    const pick = (event: PointerEvent<SVGSVGElement>) => {
      const box = event.currentTarget.getBoundingClientRect();
      if (box.width === 0) return;
      const px = ((event.clientX - box.left) / box.width) * width;
      // x is linear in time: the pointer's time, then the nearest day's index.
      const t = start + ((px - x(start)) / (x(start + span) - x(start))) * span;
      setActive(nearestTimeIndex(times, t));
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
          data-testid="market-index-svg"
        >
          <ChartAxes
            frame={frame}
            ticks={ticks}
            formatTick={perMg}
            dates={labelledDateTicks(start, start + span, width)}
          />
          <path d={band} fill="var(--chart-1)" fillOpacity={0.18} stroke="none" />
          <path
            d={line(medians).join("")}
            fill="none"
            stroke="var(--chart-1)"
            strokeWidth={2}
            strokeLinejoin="round"
          />
          {activePoint ? (
            <circle
              cx={x(times[active!])}
              cy={y(activePoint.median)}
              r={5}
              fill="var(--chart-1)"
              stroke="var(--background)"
              strokeWidth={2}
            />
          ) : null}
        </svg>
        {activePoint ? (
          <div
            aria-hidden
            data-testid="market-index-tooltip"
            className="pointer-events-none absolute z-10 max-w-64 -translate-y-full rounded-md border bg-popover px-2 py-1 text-xs text-popover-foreground shadow-md"
            style={{
              left: `${Math.min(60, (x(times[active!]) / width) * 100)}%`,
              top: `${(y(activePoint.median) / HEIGHT) * 100}%`,
              marginTop: -8,
            }}
          >
            <span className="block font-medium">{formatDate(activePoint.date)}</span>
            <span className="block tabular-nums">Median {perMg(activePoint.median)}</span>
            <span className="block text-muted-foreground tabular-nums">
              Middle half {perMg(activePoint.p25)} – {perMg(activePoint.p75)} ·{" "}
              {activePoint.vendors} {activePoint.vendors === 1 ? "vendor" : "vendors"}
            </span>
            {todayOffers.length > 0 ? (
              <ul className="mt-1 border-t pt-1" data-testid="market-index-offers">
                {todayOffers.map((offer) => (
                  <li key={offer.id} className="tabular-nums" data-offer-id={offer.id}>
                    {offer.vendorName}: {verifiedPerMgText(offer)}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
    );
  };

  return (
    <div className="flex flex-col gap-4" data-testid="market-index">
      <HistoryRangeSwitch range={range} />
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
        <div
          tabIndex={0}
          role="group"
          aria-roledescription="chart"
          aria-labelledby={summaryId}
          aria-describedby={tooltipId}
          onKeyDown={onKeyDown}
          onFocus={() => setActive((current) => current ?? points.length - 1)}
          onBlur={() => setActive(null)}
          className="rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          data-testid="market-index-chart"
        >
          {drawing(WIDE, "hidden sm:block")}
          {drawing(NARROW, "sm:hidden")}
        </div>
        <p id={tooltipId} aria-live="polite" className="sr-only">
          {activePoint
            ? [
                describe(activePoint),
                ...todayOffers.map((o) => `${o.vendorName}: ${verifiedPerMgText(o)}`),
              ].join("; ")
            : ""}
        </p>
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
