import { PRICE_BEING_CHECKED } from "~/lib/pricing";

import { Badge } from "./ui/badge";

const LABELS: Record<string, { label: string; variant: "success" | "warning" | "destructive" }> = {
  in_stock: { label: "In stock", variant: "success" },
  low_stock: { label: "Low stock", variant: "warning" },
  out_of_stock: { label: "Out of stock", variant: "destructive" },
};

/**
 * SPEC.md §3: out_of_stock is out; anything unknown counts as in stock. A stale offer (its
 * price not read for several scrape runs) says so, since its stock may have changed too.
 */
export function StockBadge({
  status,
  stale = false,
  priceHeld = false,
}: {
  status: string;
  stale?: boolean;
  /** A new price read from the vendor waits in review: this one may no longer be true. */
  priceHeld?: boolean;
}) {
  const { label, variant } = LABELS[status] ?? LABELS.in_stock;
  const badge = <Badge variant={variant}>{label}</Badge>;
  // The wrapper only when there are two badges: one per row of a long offer list adds up.
  if (!stale && !priceHeld) return badge;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {badge}
      {priceHeld ? (
        <Badge
          variant="outline"
          title="The vendor shows a new price that we are checking"
          data-testid="price-being-checked"
        >
          {PRICE_BEING_CHECKED_LABEL}
        </Badge>
      ) : null}
      {stale ? (
        <Badge variant="outline" title="The vendor's page has not shown this price lately">
          Stale
        </Badge>
      ) : null}
    </span>
  );
}

const PRICE_BEING_CHECKED_LABEL =
  PRICE_BEING_CHECKED.charAt(0).toUpperCase() + PRICE_BEING_CHECKED.slice(1);

export const STOCK_ORDER: Record<string, number> = { in_stock: 0, low_stock: 1, out_of_stock: 2 };
