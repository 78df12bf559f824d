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
 * The axes both history charts draw: a grid line and label per value tick, and the first and
 * last date under the plot.
 */
export function ChartAxes({
  frame: { y, width, height, pad },
  ticks,
  formatTick,
  firstDate,
  lastDate,
}: {
  frame: ChartFrame;
  ticks: number[];
  formatTick: (value: number) => string;
  firstDate: string;
  lastDate: string;
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
      <text x={pad.left} y={height - 8} fontSize="11" fill="currentColor" className="opacity-70">
        {firstDate}
      </text>
      <text
        x={width - pad.right}
        y={height - 8}
        fontSize="11"
        textAnchor="end"
        fill="currentColor"
        className="opacity-70"
      >
        {lastDate}
      </text>
    </>
  );
}
