import { Clock } from "lucide-react";

import { formatRelativeTime } from "~/lib/format";

/** The second bar under the header: how fresh the prices are, and what the site is for. */
export function TopBar({ latestPriceCheck }: { latestPriceCheck: string | null }) {
  return (
    // A landmark of its own, so a screen reader's landmark list reaches every line of the page.
    <aside
      aria-label="Price freshness"
      className="border-b bg-muted/50 text-xs text-muted-foreground"
    >
      <div className="container mx-auto flex flex-wrap items-center justify-between gap-2 px-4 py-1.5">
        <span className="inline-flex items-center gap-1">
          <Clock className="size-3.5" aria-hidden />
          {latestPriceCheck ? (
            <>
              Prices last updated{" "}
              <time dateTime={latestPriceCheck} suppressHydrationWarning>
                {formatRelativeTime(latestPriceCheck)}
              </time>
            </>
          ) : (
            "No prices yet"
          )}
        </span>
        <span>Coupons applied · For research use only</span>
      </div>
    </aside>
  );
}
