import { formatDate, formatPrice } from "~/lib/format";

export interface ChartSeries {
  id: string;
  name: string;
  points: { price: number; observedAt: string }[];
}

/**
 * Two drawings of the same chart: a wide one from 640 px and a narrow one below, each about
 * as wide in user units as on screen, so their 11-unit labels stay legible (a 640-unit chart
 * squeezed into a phone's 358 px would shrink them to 6 px). CSS picks one; no hydration needed.
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

/**
 * camelcamelcamel-style step lines: a price holds until the next observation, and the
 * last one is carried to today.
 */
export function PriceHistoryChart({
  series,
  currency = "USD",
  now,
}: {
  series: ChartSeries[];
  currency?: string;
  now: string;
}) {
  const withPoints = series.filter((s) => s.points.length > 0);
  if (withPoints.length === 0) {
    return <p className="text-sm text-muted-foreground">No price history yet.</p>;
  }
  const end = Date.parse(now);
  const times = withPoints.flatMap((s) => s.points.map((p) => Date.parse(p.observedAt)));
  const prices = withPoints.flatMap((s) => s.points.map((p) => p.price));
  const start = Math.min(...times);
  const span = Math.max(end - start, 86_400_000);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const padding = Math.max((high - low) * 0.1, 1);
  const yMin = Math.max(0, low - padding);
  const yMax = high + padding;

  const ticks = [yMin, (yMin + yMax) / 2, yMax];
  const label = `Price history from ${formatDate(new Date(start))} to ${formatDate(new Date(end))}, between ${formatPrice(low, currency)} and ${formatPrice(high, currency)}`;
  const drawing = (width: number, className: string) => {
    const x = (t: number) => PAD.left + ((t - start) / span) * (width - PAD.left - PAD.right);
    const y = (price: number) =>
      PAD.top + (1 - (price - yMin) / (yMax - yMin)) * (HEIGHT - PAD.top - PAD.bottom);

    const pathOf = (points: ChartSeries["points"]) => {
      const sorted = [...points].sort(
        (a, b) => Date.parse(a.observedAt) - Date.parse(b.observedAt),
      );
      let d = "";
      sorted.forEach((p, i) => {
        const px = x(Date.parse(p.observedAt)).toFixed(1);
        const py = y(p.price).toFixed(1);
        d += i === 0 ? `M${px},${py}` : `H${px}V${py}`;
      });
      return `${d}H${x(end).toFixed(1)}`;
    };

    return (
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-label={label} className={className}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={width - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke="var(--border)"
            />
            <text
              x={PAD.left - 6}
              y={y(tick) + 4}
              textAnchor="end"
              fontSize="11"
              fill="currentColor"
              className="tabular-nums opacity-70"
            >
              {formatPrice(tick, currency)}
            </text>
          </g>
        ))}
        <text x={PAD.left} y={HEIGHT - 8} fontSize="11" fill="currentColor" className="opacity-70">
          {formatDate(new Date(start))}
        </text>
        <text
          x={width - PAD.right}
          y={HEIGHT - 8}
          fontSize="11"
          textAnchor="end"
          fill="currentColor"
          className="opacity-70"
        >
          {formatDate(new Date(end))}
        </text>
        {withPoints.map((s, i) => (
          <path
            key={s.id}
            d={pathOf(s.points)}
            fill="none"
            stroke={COLORS[i % COLORS.length]}
            strokeWidth={2}
            strokeLinejoin="round"
          >
            <title>{s.name}</title>
          </path>
        ))}
      </svg>
    );
  };
  return (
    <figure className="flex flex-col gap-2">
      {drawing(WIDE, "hidden h-auto w-full max-w-3xl sm:block")}
      {drawing(NARROW, "h-auto w-full sm:hidden")}
      <figcaption>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          {withPoints.map((s, i) => (
            <li key={s.id} className="inline-flex items-center gap-1.5">
              <span
                aria-hidden
                className="inline-block h-0.5 w-4"
                style={{ backgroundColor: COLORS[i % COLORS.length] }}
              />
              {s.name}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
