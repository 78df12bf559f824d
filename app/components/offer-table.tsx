import { ArrowDown, ArrowUp, ArrowUpDown, ExternalLink } from "lucide-react";
import { Link, useSearchParams } from "react-router";

import type { Offer } from "~/.server/data/listings.server";
import {
  isInStockOnly,
  parseOfferSort,
  shippingNote,
  withInStockOnly,
  withOfferSort,
} from "~/lib/offer-view";
import { bestOfferIds, buyableFirst } from "~/lib/pricing";
import { nextSort, sortBy, type SortState } from "~/lib/sort";
import { cn } from "~/lib/utils";

import { OfferFinalPrice } from "./offer-price";
import { SaveDealButton } from "./save-deal-button";
import { Badge } from "./ui/badge";
import { Button } from "./ui/button";

/** What the peptide page's price table and the compare table share: sorting, Best Price, stock. */

/**
 * A header cell of an .offer-table whose button sorts by its column (SPEC.md §4); aria-sort
 * tells screen readers the state.
 */
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
    <th
      scope="col"
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
    </th>
  );
}

export function purityValue(purity: string | null): number | null {
  const n = purity === null ? Number.NaN : Number.parseFloat(purity);
  return Number.isFinite(n) ? n : null;
}

/** Sort keys every offer list has; a kit is compared by what one vial costs. */
export function commonOfferValue(offer: Offer, column: string): unknown {
  switch (column) {
    case "vendor":
      return offer.vendorName;
    case "price":
      return offer.price;
    case "afterCoupon":
      return offer.display?.perVial;
    case "perMg":
      return offer.display?.perMg;
    case "shipping":
      return offer.display?.shipping;
    case "total":
      return offer.display?.total;
    case "purity":
      return purityValue(offer.purity);
    case "rating":
      return offer.vendorRating;
    case "updated":
      // Newest first reads as "ascending" freshness.
      return -Date.parse(offer.priceCheckedAt);
    default:
      return undefined;
  }
}

/**
 * An offer list's state, kept in the URL (?sort=…&dir=…&stock=in): rows sorted by the chosen
 * column with buyable offers first and out-of-stock or stale ones after them, the Best Price
 * ids (buyable offers only, one per size), and a `head` that renders a sortable header cell.
 */
export function useOfferTable<K extends string>(
  offers: Offer[],
  valueOf: (offer: Offer, column: K) => unknown,
  columns: readonly K[],
  initialColumn: K,
) {
  const [params, setParams] = useSearchParams();
  const sort = parseOfferSort(params, columns, initialColumn);
  // From the URL as it is when the visitor acts, so a click that lands while another change
  // is still settling keeps that change (a size just chosen, say).
  const setSort = (next: SortState<K>) =>
    setParams((current) => withOfferSort(current, next, initialColumn), {
      preventScrollReset: true,
    });
  const onSort = (column: K) =>
    setParams(
      (current) =>
        withOfferSort(
          current,
          nextSort(parseOfferSort(current, columns, initialColumn), column),
          initialColumn,
        ),
      { preventScrollReset: true },
    );
  const head = (column: K, label: string, className?: string) => (
    <SortableHead column={column} label={label} sort={sort} onSort={onSort} className={className} />
  );
  const inStockOnly = isInStockOnly(params);
  const shown = inStockOnly ? offers.filter((offer) => offer.buyable) : offers;
  return {
    rows: buyableFirst(sortBy(shown, sort, valueOf)),
    best: bestOfferIds(offers, (offer) => offer.sizeId),
    head,
    sort,
    setSort,
    hiddenCount: offers.length - shown.length,
  };
}

/** The vendor's name, linking to its vendor page. */
export function VendorLink({
  offer,
  className,
}: {
  offer: Pick<Offer, "vendorName" | "vendorSlug">;
  className?: string;
}) {
  return (
    <Link
      to={`/vendor/${offer.vendorSlug}`}
      className={cn("underline-offset-4 hover:underline", className)}
      data-testid="vendor-link"
    >
      {offer.vendorName}
    </Link>
  );
}

/** The 'Price after coupon' cell: the price, then its badges (Best Price first). */
export function AfterCouponPrice({
  offer,
  best,
  children,
  className,
}: {
  offer: Offer;
  best: boolean;
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    // Right-aligned in its table column; left, under its label, on a phone's card.
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <OfferFinalPrice offer={offer} className={cn("font-semibold", className)} />
      {best || children ? (
        <span className="flex flex-wrap gap-1 sm:justify-end">
          {best ? (
            <Badge variant="success" title={shippingNote(offer.display?.shipping ?? null)}>
              Best Price
            </Badge>
          ) : null}
          {children}
        </span>
      ) : null}
      {best ? (
        <span className="text-xs text-muted-foreground" data-testid="best-shipping">
          {shippingNote(offer.display?.shipping ?? null)}
        </span>
      ) : null}
    </div>
  );
}

/** The "In stock only" switch: a link, so it works before hydration and lands in the URL. */
export function InStockSwitch() {
  const [params] = useSearchParams();
  const on = isInStockOnly(params);
  const search = withInStockOnly(params, !on).toString();
  return (
    <Link
      to={search ? `?${search}` : "?"}
      preventScrollReset
      role="switch"
      aria-checked={on}
      className="inline-flex items-center gap-2 rounded-md text-sm font-medium focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      <span
        aria-hidden
        className={cn(
          "relative inline-flex h-5 w-9 shrink-0 rounded-full border transition-colors",
          on ? "border-primary bg-primary" : "bg-input",
        )}
      >
        <span
          className={cn(
            "absolute top-0.5 size-3.5 rounded-full bg-background shadow transition-transform",
            on ? "translate-x-4" : "translate-x-0.5",
          )}
        />
      </span>
      In stock only
    </Link>
  );
}

/** The sort control of an offer list below 640 px, where its rows are cards without column headers. */
export function SortSelect<K extends string>({
  options,
  sort,
  onChange,
}: {
  options: { column: K; direction: "asc" | "desc"; label: string }[];
  sort: SortState<K>;
  onChange: (sort: SortState<K>) => void;
}) {
  const value = `${sort.column}:${sort.direction}`;
  const known = options.some((o) => `${o.column}:${o.direction}` === value);
  return (
    <label className="flex items-center gap-2 text-sm font-medium sm:hidden">
      Sort by
      <select
        value={known ? value : `${options[0].column}:${options[0].direction}`}
        onChange={(event) => {
          const [column, direction] = event.currentTarget.value.split(":") as [K, "asc" | "desc"];
          onChange({ column, direction });
        }}
        className="h-9 flex-1 rounded-md border bg-background px-2 text-sm shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        {options.map((o) => (
          <option key={`${o.column}:${o.direction}`} value={`${o.column}:${o.direction}`}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The Buy link and Save button of one offer. */
export function OfferActions({ offer }: { offer: Offer }) {
  return (
    <div className="flex items-center justify-end gap-1">
      {offer.url ? (
        <Button asChild size="sm">
          <a href={offer.url} target="_blank" rel="nofollow noopener" data-testid="buy">
            Buy
            <ExternalLink className="size-3" aria-hidden />
          </a>
        </Button>
      ) : null}
      <SaveDealButton vendorPeptideId={offer.id} />
    </div>
  );
}

/** Muted rows: offers that cannot be bought now (out of stock, or a price no longer seen). */
export const UNAVAILABLE_CLASS = "offer-unavailable";

/** Under a table filtered to in-stock offers: how many it leaves out. */
export function HiddenOffersNote({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className="text-xs text-muted-foreground">
      {count} out-of-stock or outdated {count === 1 ? "offer" : "offers"} hidden.
    </p>
  );
}
