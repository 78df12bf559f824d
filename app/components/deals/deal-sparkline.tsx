import { dealHistoryText, sparklinePoints, type DealHistory } from "~/lib/saved-deals";

const WIDTH = 120;
const HEIGHT = 28;
const DAY_MS = 86_400_000;

/**
 * A saved deal's last 30 days of prices (issue 30 Must 5): a tiny inline SVG, its words
 * ("lowest $X, highest $Y over 30 days") for screen readers and as its caption. `now` is the
 * loader's clock, so the server and the browser draw the same line.
 */
export function DealSparkline({ history, now }: { history: DealHistory; now: string }) {
  const to = new Date(now).getTime();
  const text = dealHistoryText(history);
  return (
    <figure className="flex items-center justify-end gap-2" data-testid="deal-history">
      <svg
        role="img"
        aria-label={`Price history: ${text}`}
        width={WIDTH}
        height={HEIGHT}
        viewBox={`-1 -1 ${WIDTH + 2} ${HEIGHT + 2}`}
        className="shrink-0 text-primary"
      >
        <polyline
          points={sparklinePoints(history, {
            width: WIDTH,
            height: HEIGHT,
            from: to - history.days * DAY_MS,
            to,
          })}
          fill="none"
          stroke="currentColor"
          strokeWidth={1.5}
          strokeLinejoin="round"
        />
      </svg>
      <figcaption className="text-xs text-muted-foreground" aria-hidden>
        {text}
      </figcaption>
    </figure>
  );
}
