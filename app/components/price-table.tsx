import { ArrowDown, ArrowUp, ArrowUpDown, ExternalLink } from "lucide-react";
import { useState } from "react";

import type { Offer } from "~/.server/data/listings.server";
import { formatPrice, formatRelativeTime } from "~/lib/format";
import { isGoodDeal, lowestPrice } from "~/lib/pricing";
import { nextSort, sortBy, type SortState } from "~/lib/sort";
import { cn } from "~/lib/utils";

import { CouponCell } from "./copy-coupon-button";
import { SaveDealButton } from "./save-deal-button";
import { STOCK_ORDER, StockBadge } from "./stock-badge";
import { Badge } from "./ui/badge";
import { Button } from "./ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "./ui/table";

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
export function bestPriceIds(offers: Offer[]): Set<string> {
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

type Column =
  "vendor" | "size" | "price" | "afterCoupon" | "perMg" | "purity" | "stock" | "updated";

function valueOf(offer: Offer, column: Column): unknown {
  switch (column) {
    case "vendor":
      return offer.vendorName;
    case "size":
      return offer.quantity;
    case "price":
      return offer.price;
    case "afterCoupon":
      return offer.priceAfterCoupon;
    case "perMg":
      return offer.pricePerMg;
    case "purity":
      return purityValue(offer.purity);
    case "stock":
      return STOCK_ORDER[offer.stockStatus] ?? 0;
    case "updated":
      // Newest first reads as "ascending" freshness.
      return -Date.parse(offer.priceCheckedAt);
  }
}

/** PCPartPicker-style merchant table of one peptide's vendor prices. */
export function PriceTable({ offers }: { offers: Offer[] }) {
  const [sort, setSort] = useState<SortState<Column> | null>({
    column: "afterCoupon",
    direction: "asc",
  });
  const rows = sortBy(offers, sort, valueOf);
  const best = bestPriceIds(offers);
  const onSort = (column: Column) => setSort((current) => nextSort(current, column));
  const head = (column: Column, label: string, className?: string) => (
    <SortableHead column={column} label={label} sort={sort} onSort={onSort} className={className} />
  );

  if (offers.length === 0) {
    return (
      <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
        No vendor prices yet.
      </p>
    );
  }

  return (
    <Table className="tabular-nums" data-testid="price-table">
      <TableHeader>
        <TableRow>
          {head("vendor", "Vendor")}
          {head("size", "Size")}
          {head("price", "Price", "text-right")}
          <TableHead>Coupon</TableHead>
          {head("afterCoupon", "Price after coupon", "text-right")}
          {head("perMg", "Price per mg", "text-right")}
          {head("purity", "Purity")}
          {head("stock", "Stock")}
          {head("updated", "Updated")}
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((offer) => (
          <TableRow
            key={offer.id}
            data-testid="price-row"
            className={cn(best.has(offer.id) && "bg-success/5")}
          >
            <TableCell className="font-medium">{offer.vendorName}</TableCell>
            <TableCell>{offer.sizeLabel}</TableCell>
            <TableCell className="text-right" data-testid="price">
              {formatPrice(offer.price, offer.currency)}
            </TableCell>
            <TableCell>
              <CouponCell coupon={offer.coupon} />
            </TableCell>
            <TableCell className="text-right">
              <div className="flex flex-col items-end gap-1">
                <span className="font-semibold" data-testid="price-after-coupon">
                  {formatPrice(offer.priceAfterCoupon, offer.currency)}
                </span>
                <span className="flex gap-1">
                  {best.has(offer.id) ? <Badge variant="success">Best Price</Badge> : null}
                  {isGoodDeal(offer.price, offer.lowestEverPrice) ? (
                    <Badge variant="outline">Good Deal</Badge>
                  ) : null}
                </span>
              </div>
            </TableCell>
            <TableCell className="text-right text-muted-foreground">
              {offer.pricePerMg === null
                ? "—"
                : `${formatPrice(offer.pricePerMg, offer.currency)}/mg`}
            </TableCell>
            <TableCell>{offer.purity ?? "—"}</TableCell>
            <TableCell>
              <StockBadge status={offer.stockStatus} />
            </TableCell>
            <TableCell className="text-xs whitespace-nowrap text-muted-foreground">
              <time dateTime={offer.priceCheckedAt} suppressHydrationWarning>
                {`updated ${formatRelativeTime(offer.priceCheckedAt)}`}
              </time>
            </TableCell>
            <TableCell>
              <div className="flex items-center justify-end gap-1">
                {offer.url ? (
                  <Button asChild size="sm">
                    <a href={offer.url} target="_blank" rel="nofollow noopener">
                      Buy
                      <ExternalLink className="size-3" aria-hidden />
                    </a>
                  </Button>
                ) : null}
                <SaveDealButton vendorPeptideId={offer.id} />
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
