import { ArrowDown, ArrowUp, ArrowUpDown, ExternalLink } from "lucide-react";
import { Link, useSearchParams } from "react-router";

import { useRootData } from "~/hooks/use-root-data";
import { formatLastScraped, formatPrice } from "~/lib/format";
import type { OfferRow } from "~/lib/offer-row";
import {
  formatPack,
  isInStockOnly,
  parseOfferSort,
  shippingNote,
  withInStockOnly,
  withOfferSort,
} from "~/lib/offer-view";
import {
  bestOfferIds,
  buyableFirst,
  GOOD_DEAL_TOOLTIP,
  goodDealsBySize,
  landedRank,
  type GoodDealReason,
} from "~/lib/pricing";
import { nextSort, sortBy, type SortState } from "~/lib/sort";
import { cn } from "~/lib/utils";

import { CouponCell } from "./copy-coupon-button";
import {
  Freshness,
  LandedTotal,
  OfferAmount,
  OfferFinalPrice,
  ShippingAmount,
} from "./offer-price";
import { SaveDealButton } from "./save-deal-button";
import { STOCK_ORDER, StockBadge } from "./stock-badge";
import { Badge } from "./ui/badge";
import { Button } from "./ui/button";
import { VendorRating } from "./vendor-rating";

/**
 * The one offer table (issue 22) of the detail, compare and vendor pages (and any other list of
 * vendor prices): columns are chosen per page from OFFER_COLUMNS. Rendered once: a table from
 * 640 px, a compact card per offer below (app.css .offer-table) showing vendor, size, landed
 * total, stock and Buy, the other columns behind the row's "Details" disclosure, where a page's
 * less important columns (`details`) always go. Best Price and Good Deal go to buyable offers
 * by landed total (app/lib/pricing.ts); out-of-stock rows get a quiet "View at vendor".
 */

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

/** The vendor's name, linking to its vendor page. */
export function VendorLink({
  offer,
  className,
}: {
  offer: Pick<OfferRow, "vendorName" | "vendorSlug">;
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

export type OfferColumn =
  | "peptide"
  | "vendor"
  | "size"
  | "price"
  | "coupon"
  | "afterCoupon"
  | "perMg"
  | "shipping"
  | "total"
  | "stock"
  | "rating"
  | "purity"
  | "source"
  | "notes"
  | "updated"
  | "checked";

interface CellContext {
  best: boolean;
  deal: GoodDealReason | undefined;
  shipTo: string | null;
  /** The page's own columns, so a cell can leave out what another column already says. */
  columns: readonly OfferColumn[];
}

interface ColumnSpec {
  label: string;
  numeric?: boolean;
  /** Shown on a phone's card; the other columns fold into the card's "Details". */
  onCard?: boolean;
  /** The value rows are sorted by; a column without one has no sort button. */
  sortValue?: (offer: OfferRow) => unknown;
  cell: (offer: OfferRow, context: CellContext) => React.ReactNode;
}

function purityValue(purity: string | null): number | null {
  const n = purity === null ? Number.NaN : Number.parseFloat(purity);
  return Number.isFinite(n) ? n : null;
}

/**
 * Landed-total order in whole cents (app/lib/pricing.ts landedRank): an offer whose shipping is
 * not stated sorts half a cent after known totals of the same amount; one that cannot be
 * ranked (no rate, not shipped to the destination) goes last.
 */
function landedSortValue(offer: OfferRow): number | null {
  const rank = landedRank(offer);
  if (rank === null) return null;
  return Math.round(rank.amount * 100) + (rank.known ? 0 : 0.5);
}

/** The Best Price and Good Deal badges, and what the Best Price's total covers. */
function DealBadges({
  offer,
  best,
  deal,
}: {
  offer: OfferRow;
  best: boolean;
  deal?: GoodDealReason;
}) {
  if (!best && !deal) return null;
  return (
    <>
      <span className="flex flex-wrap gap-1 sm:justify-end">
        {best ? <Badge variant="success">Best Price</Badge> : null}
        {deal ? (
          <Badge variant="outline" title={GOOD_DEAL_TOOLTIP[deal]} data-deal={deal}>
            Good Deal
            <span className="sr-only">: {GOOD_DEAL_TOOLTIP[deal]}</span>
          </Badge>
        ) : null}
      </span>
      {best ? (
        <span className="text-xs text-foreground/80" data-testid="best-shipping">
          {shippingNote(offer.display?.shipping ?? null)}
        </span>
      ) : null}
    </>
  );
}

export const OFFER_COLUMNS: Record<OfferColumn, ColumnSpec> = {
  peptide: {
    label: "Peptide",
    onCard: true,
    sortValue: (o) => o.peptideName,
    cell: (o) => (
      <Link to={`/peptide/${o.peptideSlug}`} className="font-medium hover:underline">
        {o.peptideName}
      </Link>
    ),
  },
  vendor: {
    label: "Vendor",
    onCard: true,
    sortValue: (o) => o.vendorName,
    cell: (o, { columns }) => (
      <>
        <VendorLink offer={o} className="font-medium" />
        {o.vials > 1 && !columns.includes("size") ? (
          <span className="block text-xs text-muted-foreground">
            {formatPack(o.sizeLabel, o.vials)}
          </span>
        ) : null}
      </>
    ),
  },
  size: {
    label: "Size",
    onCard: true,
    sortValue: (o) => o.quantity * o.vials,
    cell: (o) => (
      <>
        {formatPack(o.sizeLabel, o.vials)}
        {o.vials > 1 ? (
          <span className="block text-xs text-muted-foreground">
            <OfferAmount offer={o} amount={(d) => d.perVial} suffix=" a vial" />
          </span>
        ) : null}
      </>
    ),
  },
  price: {
    label: "Price",
    numeric: true,
    sortValue: (o) => o.price,
    cell: (o) => <span data-testid="price">{formatPrice(o.price, o.currency)}</span>,
  },
  coupon: {
    label: "Coupon",
    cell: (o) => <CouponCell coupon={o.coupon} currency={o.vendorCurrency} showDiscount />,
  },
  afterCoupon: {
    label: "Price after coupon",
    numeric: true,
    sortValue: (o) => o.display?.perVial,
    cell: (o) => <OfferFinalPrice offer={o} />,
  },
  perMg: {
    label: "Price per mg",
    numeric: true,
    sortValue: (o) => o.display?.perMg,
    cell: (o) => (
      <span className="text-muted-foreground">
        <OfferAmount offer={o} amount={(d) => d.perMg} suffix="/mg" />
      </span>
    ),
  },
  shipping: {
    label: "Shipping",
    numeric: true,
    sortValue: (o) => o.display?.shipping,
    cell: (o, { shipTo }) => <ShippingAmount offer={o} shipTo={shipTo} />,
  },
  total: {
    label: "Total",
    numeric: true,
    onCard: true,
    sortValue: landedSortValue,
    cell: (o, { best, deal, shipTo }) => (
      <div className="flex flex-col items-start gap-1 sm:items-end">
        <span className="font-semibold" data-testid="total">
          <LandedTotal offer={o} shipTo={shipTo} />
        </span>
        <DealBadges offer={o} best={best} deal={deal} />
      </div>
    ),
  },
  stock: {
    label: "Stock",
    onCard: true,
    sortValue: (o) => STOCK_ORDER[o.stockStatus] ?? 0,
    cell: (o, { columns }) => (
      <div className="flex flex-col items-start gap-1">
        <StockBadge status={o.stockStatus} stale={o.stale} />
        {columns.includes("updated") || columns.includes("checked") ? null : (
          <Freshness offer={o} />
        )}
      </div>
    ),
  },
  rating: {
    label: "Rating",
    sortValue: (o) => o.vendorRating,
    cell: (o) => <VendorRating rating={o.vendorRating} />,
  },
  purity: {
    label: "Purity",
    sortValue: (o) => purityValue(o.purity),
    cell: (o) => o.purity ?? "—",
  },
  source: {
    label: "Source",
    sortValue: (o) => o.source,
    cell: (o) => (o.source === "scraped" ? "Scraped" : "Manual"),
  },
  notes: {
    label: "Notes",
    cell: (o) => o.notes || "—",
  },
  checked: {
    label: "Last checked",
    sortValue: (o) => -Date.parse(o.priceCheckedAt),
    cell: (o) => (
      <time dateTime={o.priceCheckedAt} className="text-xs whitespace-nowrap text-muted-foreground">
        {formatLastScraped(o.priceCheckedAt)}
      </time>
    ),
  },
  updated: {
    label: "Updated",
    // Newest first reads as "ascending" freshness.
    sortValue: (o) => -Date.parse(o.priceCheckedAt),
    cell: (o) => <Freshness offer={o} />,
  },
};

const SORTABLE = (Object.keys(OFFER_COLUMNS) as OfferColumn[]).filter(
  (column) => OFFER_COLUMNS[column].sortValue,
);

export type OfferSortOption = { column: OfferColumn; direction: "asc" | "desc"; label: string };

/** The phone's "Sort by" choices every offer list has; pages add their own. */
export const OFFER_SORT_OPTIONS: OfferSortOption[] = [
  { column: "total", direction: "asc", label: "Total with shipping: low to high" },
  { column: "afterCoupon", direction: "asc", label: "Price after coupon: low to high" },
  { column: "perMg", direction: "asc", label: "Price per mg: low to high" },
  { column: "total", direction: "desc", label: "Total with shipping: high to low" },
  { column: "vendor", direction: "asc", label: "Vendor: A to Z" },
  { column: "updated", direction: "asc", label: "Recently updated" },
];

/**
 * An offer list's state, kept in the URL (?sort=…&dir=…&stock=in): rows sorted by the chosen
 * column with buyable offers first and out-of-stock or stale ones after them, and a `head`
 * that renders a sortable header cell.
 */
function useOfferSort(offers: OfferRow[], initialColumn: OfferColumn) {
  const [params, setParams] = useSearchParams();
  const sort = parseOfferSort(params, SORTABLE, initialColumn);
  // From the URL as it is when the visitor acts, so a click that lands while another change
  // is still settling keeps that change (a size just chosen, say).
  const setSort = (next: SortState<OfferColumn>) =>
    setParams((current) => withOfferSort(current, next, initialColumn), {
      preventScrollReset: true,
    });
  const onSort = (column: OfferColumn) =>
    setParams(
      (current) =>
        withOfferSort(
          current,
          nextSort(parseOfferSort(current, SORTABLE, initialColumn), column),
          initialColumn,
        ),
      { preventScrollReset: true },
    );
  const inStockOnly = isInStockOnly(params);
  const shown = inStockOnly ? offers.filter((offer) => offer.buyable) : offers;
  const valueOf = (offer: OfferRow, column: OfferColumn) =>
    OFFER_COLUMNS[column].sortValue?.(offer);
  return {
    rows: buyableFirst(sortBy(shown, sort, valueOf)),
    sort,
    setSort,
    onSort,
    hiddenCount: offers.length - shown.length,
  };
}

/** The Buy link of a buyable offer; a quiet "View at vendor" for one that cannot be bought now. */
function VendorPageLink({ offer }: { offer: OfferRow }) {
  if (!offer.url) return null;
  const what = (
    <span className="sr-only">
      {" "}
      {offer.peptideName} {formatPack(offer.sizeLabel, offer.vials)} at {offer.vendorName} (opens in
      a new tab)
    </span>
  );
  if (!offer.buyable) {
    return (
      <a
        href={offer.url}
        target="_blank"
        rel="nofollow noopener"
        className="text-xs whitespace-nowrap text-foreground/80 underline underline-offset-4 hover:text-foreground"
        data-testid="view-at-vendor"
      >
        View at vendor
        {what}
      </a>
    );
  }
  return (
    <Button asChild size="sm">
      <a href={offer.url} target="_blank" rel="nofollow noopener" data-testid="buy">
        Buy
        <ExternalLink className="size-3" aria-hidden />
        {what}
      </a>
    </Button>
  );
}

/**
 * The row's "Details" disclosure: on a phone, opening it shows the columns the card leaves out
 * (app.css: a row with an open disclosure shows its .offer-fold cells, so nothing is rendered
 * twice); on every screen it holds the page's `details` columns, the less important ones the
 * table folds away. Plain <details>: it works before hydration.
 */
function OfferDetails({
  offer,
  hasFolded,
  details,
  context,
}: {
  offer: OfferRow;
  hasFolded: boolean;
  details: readonly OfferColumn[];
  context: CellContext;
}) {
  if (!hasFolded && details.length === 0) return null;
  return (
    <details className={cn("offer-details", details.length === 0 && "sm:hidden")}>
      <summary className="cursor-pointer text-xs font-medium text-foreground/80 select-none">
        Details
        <span className="sr-only">
          {" "}
          of {offer.vendorName} {formatPack(offer.sizeLabel, offer.vials)}
        </span>
      </summary>
      {details.length > 0 ? (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
          {details.map((column) => (
            <div key={column} className="contents">
              <dt className="text-muted-foreground">{OFFER_COLUMNS[column].label}</dt>
              <dd className="min-w-0 break-words">{OFFER_COLUMNS[column].cell(offer, context)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </details>
  );
}

export function OfferTable({
  offers,
  columns,
  details = [],
  initialSort = "total",
  sortOptions = OFFER_SORT_OPTIONS,
  badges = true,
  testId,
  rowTestId,
  empty,
}: {
  offers: OfferRow[];
  /** The table's columns, in order; the first is the card's title. */
  columns: readonly OfferColumn[];
  /** Less important columns, shown in each row's "Details" only. */
  details?: readonly OfferColumn[];
  initialSort?: OfferColumn;
  sortOptions?: OfferSortOption[];
  /** Best Price and Good Deal: off where the offers are not one market (a vendor's own page). */
  badges?: boolean;
  testId: string;
  rowTestId: string;
  /** What an empty list says. */
  empty: string;
}) {
  const shipTo = useRootData()?.shipTo ?? null;
  const { rows, sort, setSort, onSort, hiddenCount } = useOfferSort(offers, initialSort);
  const best = badges ? bestOfferIds(offers, (offer) => offer.sizeId) : new Set<string>();
  const deals = badges
    ? goodDealsBySize(offers, (offer) => offer.sizeId)
    : new Map<string, GoodDealReason>();
  const folded = columns.filter((column) => !OFFER_COLUMNS[column].onCard);

  if (offers.length === 0) {
    return (
      <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
        {empty}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <SortSelect options={sortOptions} sort={sort} onChange={setSort} />
      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
          No vendor has this in stock right now.
        </p>
      ) : null}
      <div className="overflow-x-auto">
        <table className="offer-table" data-testid={testId}>
          <thead>
            <tr>
              {columns.map((column) => {
                const spec = OFFER_COLUMNS[column];
                const className = cn(spec.numeric && "num");
                return spec.sortValue ? (
                  <SortableHead
                    key={column}
                    column={column}
                    label={spec.label}
                    sort={sort}
                    onSort={onSort}
                    className={className}
                  />
                ) : (
                  <th key={column} scope="col" className={className}>
                    {spec.label}
                  </th>
                );
              })}
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((offer) => {
              const context: CellContext = {
                best: best.has(offer.id),
                deal: deals.get(offer.id),
                shipTo,
                columns,
              };
              return (
                <tr
                  key={offer.id}
                  data-testid={rowTestId}
                  data-offer={offer.id}
                  data-buyable={offer.buyable}
                  data-size={offer.sizeId}
                  data-best={context.best || undefined}
                  className={cn(
                    context.best && "bg-success/5",
                    (!offer.buyable || offer.shipsToDestination === false) && UNAVAILABLE_CLASS,
                  )}
                >
                  {columns.map((column, index) => {
                    const spec = OFFER_COLUMNS[column];
                    return (
                      <td
                        key={column}
                        data-label={index === 0 ? undefined : spec.label}
                        className={cn(spec.numeric && "num", !spec.onCard && "offer-fold")}
                      >
                        {spec.cell(offer, context)}
                      </td>
                    );
                  })}
                  <td>
                    <div className="flex flex-wrap items-center justify-end gap-1 max-sm:justify-between">
                      <OfferDetails
                        offer={offer}
                        hasFolded={folded.length > 0}
                        details={details}
                        context={context}
                      />
                      <span className="flex items-center gap-1">
                        <VendorPageLink offer={offer} />
                        <SaveDealButton vendorPeptideId={offer.id} />
                      </span>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <HiddenOffersNote count={hiddenCount} />
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
