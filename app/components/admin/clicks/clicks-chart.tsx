/**
 * Clicks per day as SVG bars (issue 34): no chart library, scales to its container. Each bar
 * has a <title> (its day and count) and the figures are in the vendor table beside it.
 */
export function ClicksChart({ days }: { days: { day: string; clicks: number }[] }) {
  const width = 720;
  const height = 160;
  const peak = Math.max(0, ...days.map((d) => d.clicks));
  // Bars are drawn against at least 1, so a range without clicks draws no bar at all.
  const most = Math.max(1, peak);
  const slot = width / Math.max(1, days.length);
  const bar = Math.max(1, slot * 0.8);
  return (
    <figure className="flex flex-col gap-1">
      <svg
        viewBox={`0 0 ${width} ${height + 16}`}
        className="h-auto w-full"
        role="img"
        aria-label={`Clicks per day, ${days[0]?.day ?? ""} to ${days.at(-1)?.day ?? ""}; at most ${peak} a day`}
        data-testid="clicks-chart"
      >
        <line x1={0} x2={width} y1={height} y2={height} className="stroke-border" />
        {days.map((d, i) => {
          const h = (d.clicks / most) * (height - 4);
          return (
            <rect
              key={d.day}
              x={i * slot + (slot - bar) / 2}
              y={height - h}
              width={bar}
              height={h}
              className="fill-primary"
            >
              <title>{`${d.day}: ${d.clicks} ${d.clicks === 1 ? "click" : "clicks"}`}</title>
            </rect>
          );
        })}
        <text x={0} y={height + 14} className="fill-muted-foreground text-[11px]">
          {days[0]?.day}
        </text>
        <text
          x={width}
          y={height + 14}
          textAnchor="end"
          className="fill-muted-foreground text-[11px]"
        >
          {days.at(-1)?.day}
        </text>
      </svg>
    </figure>
  );
}
