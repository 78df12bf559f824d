import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from "react";

import { formatPrice } from "~/lib/format";
import {
  crosshairTimes,
  labelledDateTicks,
  markerPath,
  nearestTimeIndex,
  pointAt,
  scaleWindow,
  valueTicks,
  type SeriesStyle,
  type TimeWindow,
} from "~/lib/price-chart";
import type { HistoryBucket, PriceSeries } from "~/lib/price-history";
import { formatMoney } from "~/lib/money";

import { ChartAxes, chartFrame } from "./chart-axes";
import { pointDate } from "./price-history-table";

export interface PlotLine {
  series: PriceSeries;
  style: SeriesStyle;
}

/**
 * Drawn at the width it is shown at (measured once scripts run), so labels keep their 11 px at
 * 390 and 1366 px alike; the server's drawing is 640 units wide and scaled until then. The
 * height is fixed, so measuring moves nothing.
 */
const SERVER_WIDTH = 640;
const HEIGHT = 260;
const PAD = { top: 12, right: 24, bottom: 28, left: 64 };
/** A drag narrower than this (px) is a tap or a click, not a zoom. */
const MIN_DRAG = 10;

/** What a key press on the focused plot does to the zoom window's span ("=" is "+" unshifted). */
const ZOOM_KEYS: Record<string, number> = { "+": 0.5, "=": 0.5, "-": 2, _: 2 };

/** A vendor's line and marker as a small picture (the legend's and the readout's key). */
export function SeriesSwatch({ style }: { style: SeriesStyle }) {
  return (
    <svg width="24" height="12" viewBox="0 0 24 12" aria-hidden className="shrink-0">
      <line
        x1="1"
        x2="23"
        y1="6"
        y2="6"
        stroke={style.color}
        strokeWidth="2"
        strokeDasharray={style.dash || undefined}
      />
      <path d={markerPath(style.marker, 12, 6, 3.5)} fill={style.color} />
    </svg>
  );
}

/**
 * The plot of the price history chart: step lines (a price holds until the next one), a
 * crosshair that reads every shown vendor's price at the date under the pointer, the finger or
 * the arrow keys (Home and End jump to the ends), said by a polite live region when moved by
 * keyboard, and dragging across it or pressing + and − on it to zoom in and out (around the
 * crosshair's date).
 */
export function PriceHistoryPlot({
  lines,
  domain,
  full,
  lineEnd,
  currency,
  bucket,
  drawBeforeCoupon,
  label,
  onZoom,
}: {
  /** The shown vendors' series, already cut to `domain`. */
  lines: PlotLine[];
  domain: TimeWindow;
  /** The range's whole span: what zooming out by keyboard stops at. */
  full: TimeWindow;
  /** Where the last prices are carried to: now, or the zoom's end. */
  lineEnd: number;
  currency: string;
  bucket: HistoryBucket;
  drawBeforeCoupon: boolean;
  label: string;
  /** A new zoom window, or null when it is all of `full` again. */
  onZoom: (window: TimeWindow | null) => void;
}) {
  const [width, setWidth] = useState(SERVER_WIDTH);
  const [activeTime, setActiveTime] = useState<number | null>(null);
  const [byKeyboard, setByKeyboard] = useState(false);
  const [drag, setDrag] = useState<{ from: number; to: number } | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const readoutId = useId();

  useEffect(() => {
    const element = wrapper.current;
    if (!element) return;
    const measure = () => {
      const measured = Math.round(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const times = crosshairTimes(lines.map((line) => line.series));
  const values = lines.flatMap(({ series }) =>
    series.points.flatMap((p) =>
      drawBeforeCoupon && p.beforeCoupon !== undefined ? [p.price, p.beforeCoupon] : [p.price],
    ),
  );
  const ticks = valueTicks(Math.min(...values), Math.max(...values));
  const span = Math.max(domain.to - domain.from, 1);
  const frame = chartFrame({
    width,
    height: HEIGHT,
    pad: PAD,
    start: domain.from,
    span,
    yMin: ticks[0]!,
    yMax: ticks.at(-1)!,
  });
  const { x, y } = frame;
  const plotWidth = width - PAD.left - PAD.right;
  const activeIndex = activeTime === null ? -1 : nearestTimeIndex(times, activeTime);
  const active = activeIndex === -1 ? null : times[activeIndex]!;
  const readings = active === null ? [] : readingsAt(lines, active);

  const timeAt = (px: number) =>
    domain.from + Math.min(1, Math.max(0, (px - PAD.left) / plotWidth)) * span;
  const pointerX = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return box.width === 0 ? null : ((event.clientX - box.left) / box.width) * width;
  };
  const follow = (px: number) => {
    setByKeyboard(false);
    setActiveTime(times[nearestTimeIndex(times, timeAt(px))] ?? null);
  };

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    const px = pointerX(event);
    if (px === null || event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({ from: px, to: px });
    follow(px);
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const px = pointerX(event);
    if (px === null) return;
    follow(px);
    if (drag) setDrag({ from: drag.from, to: px });
  };
  const onPointerUp = () => {
    if (drag && Math.abs(drag.to - drag.from) >= MIN_DRAG) {
      const [a, b] = [timeAt(Math.min(drag.from, drag.to)), timeAt(Math.max(drag.from, drag.to))];
      setActiveTime(null);
      onZoom({ from: a, to: b });
    }
    setDrag(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = times.length - 1;
    const current = activeIndex === -1 ? last : activeIndex;
    const moves: Record<string, number> = {
      ArrowLeft: Math.max(0, current - 1),
      ArrowRight: Math.min(last, current + 1),
      Home: 0,
      End: last,
    };
    const zoomFactor = ZOOM_KEYS[event.key];
    if (zoomFactor !== undefined) {
      event.preventDefault();
      const centre = active ?? (domain.from + domain.to) / 2;
      setByKeyboard(true);
      setActiveTime(centre);
      onZoom(scaleWindow(domain, full, zoomFactor, centre));
    } else if (event.key in moves) {
      event.preventDefault();
      setByKeyboard(true);
      setActiveTime(times[activeIndex === -1 ? current : moves[event.key]!] ?? null);
    } else if (event.key === "Escape") {
      setActiveTime(null);
    }
  };

  const stepPath = (series: PriceSeries, priceOf: (p: PriceSeries["points"][number]) => number) =>
    series.points
      .map((p, i) => {
        const px = x(p.t).toFixed(1);
        const py = y(priceOf(p)).toFixed(1);
        return i === 0 ? `M${px},${py}` : `H${px}V${py}`;
      })
      .join("") + `H${x(lineEnd).toFixed(1)}`;

  const date = active === null ? "" : pointDate({ t: active }, bucket);
  const readout =
    active === null
      ? ""
      : `${date}: ${readings
          .map(({ series, point }) =>
            point
              ? `${series.vendorName} ${priceText(point, currency)}`
              : `${series.vendorName} no price yet`,
          )
          .join(", ")}`;

  let tooltip: ReactNode = null;
  if (active !== null) {
    const cx = x(active);
    const left = cx < width / 2;
    tooltip = (
      <div
        aria-hidden
        data-testid="price-history-tooltip"
        className="pointer-events-none absolute z-10 rounded-md border bg-popover px-2 py-1 text-xs break-words text-popover-foreground shadow-md"
        style={{
          top: PAD.top,
          ...(left ? { left: cx + 12 } : { right: width - cx + 12 }),
          maxWidth: Math.min(280, left ? width - cx - 16 : cx - 16),
        }}
      >
        <p className="font-medium" data-testid="crosshair-date">
          {date}
        </p>
        <ul>
          {readings.map(({ series, style, point }) => (
            <li
              key={series.id}
              className="flex items-center gap-1.5"
              data-testid="crosshair-value"
              data-vendor={series.vendorName}
            >
              <SeriesSwatch style={style} />
              <span className="min-w-0">{series.vendorName}</span>
              <span className="ml-auto pl-2 font-medium whitespace-nowrap tabular-nums">
                {point ? priceText(point, currency) : "—"}
              </span>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  return (
    <>
      <div
        ref={wrapper}
        tabIndex={0}
        role="group"
        aria-roledescription="chart"
        aria-label={label}
        aria-describedby={readoutId}
        onKeyDown={onKeyDown}
        onFocus={() => {
          setByKeyboard(true);
          setActiveTime((current) => current ?? times.at(-1) ?? null);
        }}
        onBlur={() => setActiveTime(null)}
        className="relative w-full rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        data-testid="price-history-chart"
      >
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          width="100%"
          height={HEIGHT}
          aria-hidden
          className="block touch-pan-y select-none"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => setDrag(null)}
          onPointerLeave={(event) => {
            if (event.pointerType === "mouse" && !drag) setActiveTime(null);
          }}
          data-testid="price-history-svg"
        >
          <ChartAxes
            frame={frame}
            ticks={ticks}
            formatTick={(tick) => formatMoney(tick, currency, { wholeWithoutMinor: true })}
            dates={labelledDateTicks(domain.from, domain.to, width)}
          />
          {drawBeforeCoupon
            ? lines.map(({ series, style }) =>
                series.points.some((p) => p.beforeCoupon !== undefined) ? (
                  <path
                    key={`${series.id}-before-coupon`}
                    d={stepPath(series, (p) => p.beforeCoupon ?? p.price)}
                    fill="none"
                    stroke={style.color}
                    strokeWidth={1}
                    strokeDasharray={style.dash || undefined}
                    strokeOpacity={0.5}
                    data-testid="price-history-before-coupon"
                  />
                ) : null,
              )
            : null}
          {lines.map(({ series, style }) => (
            <g key={series.id} data-testid="price-history-line" data-vendor={series.vendorName}>
              <path
                d={stepPath(series, (p) => p.price)}
                fill="none"
                stroke={style.color}
                strokeWidth={2}
                strokeDasharray={style.dash || undefined}
                strokeLinejoin="round"
              />
              {/* Markers on each price while they have room; the crosshair's always. */}
              {series.points.length * 12 < plotWidth
                ? series.points.map((p) => (
                    <path
                      key={p.t}
                      d={markerPath(style.marker, x(p.t), y(p.price), 3)}
                      fill={style.color}
                      data-testid="price-history-point"
                    />
                  ))
                : null}
            </g>
          ))}
          {drag && Math.abs(drag.to - drag.from) >= MIN_DRAG ? (
            <rect
              x={Math.max(PAD.left, Math.min(drag.from, drag.to))}
              y={PAD.top}
              width={Math.abs(drag.to - drag.from)}
              height={HEIGHT - PAD.top - PAD.bottom}
              fill="currentColor"
              fillOpacity={0.08}
              data-testid="price-history-zoom-area"
            />
          ) : null}
          {active !== null ? (
            <g data-testid="price-history-crosshair">
              <line
                x1={x(active)}
                x2={x(active)}
                y1={PAD.top}
                y2={HEIGHT - PAD.bottom}
                stroke="currentColor"
                strokeOpacity={0.6}
              />
              {readings.map(({ series, style, point }) =>
                point ? (
                  <path
                    key={series.id}
                    d={markerPath(style.marker, x(active), y(point.price), 5)}
                    fill={style.color}
                    stroke="var(--background)"
                    strokeWidth={1.5}
                  />
                ) : null,
              )}
            </g>
          ) : null}
        </svg>
        {tooltip}
      </div>
      <p id={readoutId} aria-live="polite" className="sr-only" data-testid="price-history-readout">
        {byKeyboard ? readout : ""}
      </p>
    </>
  );
}

/** Each shown vendor's price at time `t`: the point that holds then, or null before its first. */
function readingsAt(lines: PlotLine[], t: number) {
  return lines.map((line) => ({ ...line, point: pointAt(line.series.points, t) }));
}

function priceText(point: PriceSeries["points"][number], currency: string): string {
  const price = formatPrice(point.price, currency);
  return point.beforeCoupon === undefined
    ? price
    : `${price} (${formatPrice(point.beforeCoupon, currency)} before coupon)`;
}
