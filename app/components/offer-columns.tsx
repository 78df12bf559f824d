import { Link } from "react-router";

import { formatLastScraped, formatPrice } from "~/lib/format";
import type { OfferRow, OfferlessRow } from "~/lib/offer-row";
import { formatPack, shippingNote } from "~/lib/offer-view";
import { GOOD_DEAL_TOOLTIP, type GoodDealReason } from "~/lib/good-deal";
import { landedRank } from "~/lib/pricing";
import { cn } from "~/lib/utils";

import { CouponCell } from "./copy-coupon-button";
import {
  Freshness,
  LandedTotal,
  OfferAmount,
  OfferFinalPrice,
  ShippingAmount,
} from "./offer-price";
import { STOCK_ORDER, StockBadge } from "./stock-badge";
import { Badge } from "./ui/badge";
import { VendorRating } from "./vendor-rating";

/** The columns an OfferTable can show: header, sort value and cell of each. */

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

/** The peptide's name, linking to its page, with the alias a search matched under it. */
export function PeptideLink({
  row,
}: {
  row: Pick<OfferRow, "peptideName" | "peptideSlug" | "matchedAlias">;
}) {
  return (
    <>
      <Link to={`/peptide/${row.peptideSlug}`} className="font-medium hover:underline">
        {row.peptideName}
      </Link>
      {row.matchedAlias ? (
        <span className="block text-xs text-muted-foreground">
          Also known as {row.matchedAlias}
        </span>
      ) : null}
    </>
  );
}

function vendorCountText(count: number): string {
  return count === 1 ? "1 vendor" : `${count} vendors`;
}

/** What a search result without an offer says in place of one (OfferlessRow). */
export function OfferlessNote({ row }: { row: OfferlessRow }) {
  if (row.vendorCount === 0) return <span data-testid="no-offer">No vendor prices yet</span>;
  return (
    <span data-testid="no-offer">
      No offer to buy right now ·{" "}
      <span data-testid="vendor-count">{vendorCountText(row.vendorCount)}</span>
    </span>
  );
}

export type OfferColumn =
  | "peptide"
  | "vendors"
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

export interface CellContext {
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
    cell: (o) => <PeptideLink row={o} />,
  },
  vendors: {
    label: "Vendors",
    onCard: true,
    sortValue: (o) => o.vendorCount,
    cell: (o) => (
      <span className="text-muted-foreground" data-testid="vendor-count">
        {vendorCountText(o.vendorCount ?? 0)}
      </span>
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
