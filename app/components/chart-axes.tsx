/** A chart's padding inside its SVG: the value labels sit in the left one, the dates in the bottom. */
export interface ChartPadding {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** Where a time and a value land in a chart's SVG, with the size and padding they land in. */
export interface ChartFrame {
  x: (time: number) => number;
  y: (value: number) => number;
  width: number;
  height: number;
  pad: ChartPadding;
}

/** The frame of a chart `width` wide: times from `start` over `span` ms, values yMin to yMax. */
export function chartFrame(options: {
  width: number;
  height: number;
  pad: ChartPadding;
  start: number;
  span: number;
  yMin: number;
  yMax: number;
}): ChartFrame {
  const { width, height, pad, start, span, yMin, yMax } = options;
  return {
    x: (time) => pad.left + ((time - start) / span) * (width - pad.left - pad.right),
    y: (value) => pad.top + (1 - (value - yMin) / (yMax - yMin)) * (height - pad.top - pad.bottom),
    width,
    height,
    pad,
  };
}

/**
 * The axes both history charts draw: a grid line and label per value tick, and a mark and
 * label per date tick under the plot.
 */
export function ChartAxes({
  frame: { x, y, width, height, pad },
  ticks,
  formatTick,
  dates,
}: {
  frame: ChartFrame;
  ticks: number[];
  formatTick: (value: number) => string;
  /** Times (epoch ms) with their labels, inside the frame's span. */
  dates: { t: number; label: string }[];
}) {
  return (
    <>
      {ticks.map((tick) => (
        <g key={tick}>
          <line
            x1={pad.left}
            x2={width - pad.right}
            y1={y(tick)}
            y2={y(tick)}
            stroke="var(--border)"
          />
          <text
            x={pad.left - 6}
            y={y(tick) + 4}
            textAnchor="end"
            fontSize="11"
            fill="currentColor"
            className="tabular-nums opacity-70"
          >
            {formatTick(tick)}
          </text>
        </g>
      ))}
      <line
        x1={pad.left}
        x2={width - pad.right}
        y1={height - pad.bottom}
        y2={height - pad.bottom}
        stroke="currentColor"
        className="opacity-30"
      />
      {dates.map(({ t, label }) => (
        <g key={t}>
          <line
            x1={x(t)}
            x2={x(t)}
            y1={height - pad.bottom}
            y2={height - pad.bottom + 4}
            stroke="currentColor"
            className="opacity-50"
          />
          <text
            x={x(t)}
            y={height - pad.bottom + 16}
            fontSize="11"
            textAnchor="middle"
            fill="currentColor"
            className="opacity-70"
            data-testid="chart-date-tick"
          >
            {label}
          </text>
        </g>
      ))}
    </>
  );
}
