import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useState } from "react";

import type { Offer } from "~/.server/data/listings.server";
import { formatPrice } from "~/lib/format";
import { lowestPrice } from "~/lib/pricing";
import { nextSort, sortBy, type SortState } from "~/lib/sort";
import { cn } from "~/lib/utils";

import { Badge } from "./ui/badge";
import { TableHead } from "./ui/table";

/** What the peptide page's price table and the compare table share: sorting, Best Price. */

/** A header cell whose button sorts by its column (SPEC.md §4); aria-sort tells screen readers the state. */
export function SortableHead<K extends string>({
  column,
  label,
  sort,
  onSort,
  className,
}: {
  column: K;
  label: string;
  sort: SortState<K> | null;
  onSort: (column: K) => void;
  className?: string;
}) {
  const active = sort?.column === column;
  const Icon = !active ? ArrowUpDown : sort.direction === "asc" ? ArrowUp : ArrowDown;
  return (
    <TableHead
      aria-sort={active ? (sort.direction === "asc" ? "ascending" : "descending") : "none"}
      className={className}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 font-medium hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        {label}
        <Icon className={cn("size-3.5", !active && "opacity-40")} aria-hidden />
      </button>
    </TableHead>
  );
}

/** The ids of the cheapest offer after coupons within each size: they get 'Best Price'. */
function bestPriceIds(offers: Offer[]): Set<string> {
  const bySize = new Map<string, Offer[]>();
  for (const offer of offers)
    bySize.set(offer.sizeId, [...(bySize.get(offer.sizeId) ?? []), offer]);
  const ids = new Set<string>();
  for (const group of bySize.values()) {
    const best = lowestPrice(group, (o) => o.priceAfterCoupon);
    if (best) ids.add(best.id);
  }
  return ids;
}

export function purityValue(purity: string | null): number | null {
  const n = purity === null ? Number.NaN : Number.parseFloat(purity);
  return Number.isFinite(n) ? n : null;
}

/**
 * An offer table's state: rows sorted by the chosen column (cheapest after coupon first until
 * a header is clicked), the Best Price ids, and a `head` that renders a sortable header cell.
 */
export function useOfferTable<K extends string>(
  offers: Offer[],
  valueOf: (offer: Offer, column: K) => unknown,
  initialColumn: K,
) {
  const [sort, setSort] = useState<SortState<K> | null>({
    column: initialColumn,
    direction: "asc",
  });
  const onSort = (column: K) => setSort((current) => nextSort(current, column));
  const head = (column: K, label: string, className?: string) => (
    <SortableHead column={column} label={label} sort={sort} onSort={onSort} className={className} />
  );
  return { rows: sortBy(offers, sort, valueOf), best: bestPriceIds(offers), head };
}

/** The 'Price after coupon' cell: the price, then its badges (Best Price first). */
export function AfterCouponPrice({
  offer,
  best,
  children,
}: {
  offer: Offer;
  best: boolean;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-end gap-1">
      <span className="font-semibold" data-testid="price-after-coupon">
        {formatPrice(offer.priceAfterCoupon, offer.currency)}
      </span>
      <span className="flex gap-1">
        {best ? <Badge variant="success">Best Price</Badge> : null}
        {children}
      </span>
    </div>
  );
}
