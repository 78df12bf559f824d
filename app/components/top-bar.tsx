import { Clock } from "lucide-react";

import { formatRelativeTime } from "~/lib/format";

/** When the public prices were last confirmed: the median offer's confirmation and the oldest. */
export interface PricesConfirmed {
  median: string | null;
  oldest: string | null;
}

/**
 * The second bar under the header: how fresh the prices are (when they were last confirmed, as
 * the median and the oldest offer, not when a scrape last ran), and what the site is for.
 */
export function TopBar({ confirmed }: { confirmed: PricesConfirmed | null }) {
  return (
    // A landmark of its own, so a screen reader's landmark list reaches every line of the page.
    <aside
      aria-label="Price freshness"
      className="border-b bg-muted/50 text-xs text-muted-foreground"
    >
      <div className="container mx-auto flex flex-wrap items-center justify-between gap-2 px-4 py-1.5">
        <span className="inline-flex items-center gap-1">
          <Clock className="size-3.5" aria-hidden />
          {confirmed?.median && confirmed.oldest ? (
            <span suppressHydrationWarning>
              {`Prices confirmed: median ${formatRelativeTime(confirmed.median)}, oldest ${formatRelativeTime(confirmed.oldest)}`}
            </span>
          ) : (
            "No prices yet"
          )}
        </span>
        <span>Coupons applied · For research use only</span>
      </div>
    </aside>
  );
}
