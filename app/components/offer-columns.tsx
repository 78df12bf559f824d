import { Link } from "react-router";

import { formatLastScraped, formatPrice } from "~/lib/format";
import { formatLastChecked } from "~/lib/freshness";
import { VENDOR_SUPPLIED_LABEL } from "~/lib/vendor-accounts";
import { landedOriginal, perMgOriginal } from "~/lib/offer-originals";
import type { OfferRow, OfferlessRow } from "~/lib/offer-row";
import {
  formatPack,
  PER_MG_HINT,
  PER_MG_LABEL,
  PER_VERIFIED_MG_HINT,
  PER_VERIFIED_MG_LABEL,
  perMgDelivered,
  perVerifiedMg,
} from "~/lib/offer-view";
import type { GoodDealReason } from "~/lib/good-deal";
import { landedRank } from "~/lib/ranking";
import { peptidePath } from "~/lib/search";
import { cn } from "~/lib/utils";

import { CouponCell } from "./copy-coupon-button";
import { DealBadges, VerifiedPerMg } from "./offer-badges";
import {
  Freshness,
  LandedTotal,
  OfferAmount,
  OfferFinalPrice,
  ShippingAmount,
} from "./offer-price";
import { STOCK_ORDER, StockBadge } from "./stock-badge";
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
      className={cn("offer-free-text underline-offset-4 hover:underline", className)}
      data-testid="vendor-link"
    >
      {offer.vendorName}
    </Link>
  );
}

/**
 * The peptide's name, linking to its page (open at the size a search asked for), with the
 * alias a search matched under it.
 */
export function PeptideLink({
  row,
}: {
  row: Pick<OfferRow, "peptideName" | "peptideSlug" | "matchedAlias" | "askedSize">;
}) {
  return (
    <>
      <Link
        to={peptidePath(row.peptideSlug, row.askedSize ?? null)}
        className="offer-free-text font-medium hover:underline"
      >
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
  | "perVerifiedMg"
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
  /** The header's tooltip: what the column's figure is. */
  hint?: string;
  numeric?: boolean;
  /** The header may wrap onto two lines, so a long label does not widen its column. */
  wrapHeader?: boolean;
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
 * Landed-total order in whole cents (app/lib/ranking.ts landedRank): an offer whose shipping is
 * not stated sorts half a cent after known totals of the same amount; one that cannot be
 * ranked (no rate, not shipped to the destination) goes last.
 */
function landedSortValue(offer: OfferRow): number | null {
  const rank = landedRank(offer);
  if (rank === null) return null;
  return Math.round(rank.amount * 100) + (rank.known ? 0 : 0.5);
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
        {/* Purity and source at a glance, not behind a Details toggle. */}
        <span
          className="offer-free-text block text-xs text-muted-foreground"
          data-testid="purity-source"
        >
          {o.purity ? `Purity ${o.purity} · ` : ""}
          {o.source === "scraped" ? "Scraped" : "Manual"}
        </span>
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
    sortValue: (o) => o.display?.price,
    // In the display currency like every money column; the listed price is on hover.
    cell: (o) => (
      <>
        {o.display ? (
          <OfferAmount
            offer={o}
            amount={(d) => d.price}
            original={{ amount: o.price, currency: o.currency }}
            testId="price"
          />
        ) : (
          <span data-testid="price">{formatPrice(o.price, o.currency)}</span>
        )}
        {o.vendorSupplied ? (
          <span className="block text-xs text-muted-foreground">{VENDOR_SUPPLIED_LABEL}</span>
        ) : null}
      </>
    ),
  },
  coupon: {
    label: "Coupon",
    cell: (o) => (
      <CouponCell
        coupon={o.coupon}
        currency={o.vendorCurrency}
        showDiscount
        reportedByVendor={o.couponReportedByVendor}
        votes={o.couponVotes}
      />
    ),
  },
  afterCoupon: {
    label: "Price after coupon",
    numeric: true,
    sortValue: (o) => o.display?.perVial,
    cell: (o) => <OfferFinalPrice offer={o} />,
  },
  perMg: {
    label: PER_MG_LABEL,
    hint: PER_MG_HINT,
    numeric: true,
    sortValue: (o) => perMgDelivered(o.display)?.amount,
    cell: (o, { columns }) => {
      const perMg = perMgDelivered(o.display);
      // Both per-mg figures in the offer's own currency, for the hover of converted ones.
      const beforeShipping = perMgOriginal(o, { amount: o.priceAfterCoupon, currency: o.currency });
      return (
        <span className="inline-flex flex-col items-end text-muted-foreground">
          <OfferAmount
            offer={o}
            amount={() => perMg?.amount ?? null}
            suffix="/mg"
            original={perMg?.delivered ? perMgOriginal(o, landedOriginal(o)) : beforeShipping}
          />
          {perMg ? (
            <span className="text-xs whitespace-normal" data-testid="per-mg-secondary">
              {perMg.delivered ? (
                // "before shipping" may wrap under the amount: the column stays narrow.
                <>
                  <OfferAmount
                    offer={o}
                    amount={(d) => d.perMg}
                    suffix="/mg"
                    original={beforeShipping}
                  />{" "}
                  before shipping
                </>
              ) : (
                "shipping not stated"
              )}
            </span>
          ) : null}
          {columns.includes("perVerifiedMg") ? null : <VerifiedPerMg offer={o} />}
        </span>
      );
    },
  },
  perVerifiedMg: {
    label: PER_VERIFIED_MG_LABEL,
    hint: PER_VERIFIED_MG_HINT,
    numeric: true,
    wrapHeader: true,
    sortValue: (o) => perVerifiedMg(o)?.amount,
    cell: (o) => <VerifiedPerMg offer={o} suffix="/mg" />,
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
          <LandedTotal offer={o} shipTo={shipTo} original={landedOriginal(o)} />
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
        <StockBadge status={o.stockStatus} stale={o.stale} priceHeld={o.priceHeld} />
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
    cell: (o) => <span className="offer-free-text">{o.purity ?? "—"}</span>,
  },
  source: {
    label: "Source",
    sortValue: (o) => o.source,
    cell: (o) => (o.source === "scraped" ? "Scraped" : "Manual"),
  },
  notes: {
    label: "Notes",
    cell: (o) => <span className="offer-free-text">{o.notes || "—"}</span>,
  },
  checked: {
    label: "Last checked",
    sortValue: (o) => -Date.parse(o.priceCheckedAt),
    cell: (o) => (
      <time dateTime={o.priceCheckedAt} className="text-xs whitespace-nowrap text-muted-foreground">
        {o.stale ? (
          <span suppressHydrationWarning>{formatLastChecked(o.priceCheckedAt, new Date())}</span>
        ) : (
          formatLastScraped(o.priceCheckedAt)
        )}
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
  { column: "perMg", direction: "asc", label: "Per mg, delivered: low to high" },
  { column: "perVerifiedMg", direction: "asc", label: "Per verified mg: low to high" },
  { column: "total", direction: "desc", label: "Total with shipping: high to low" },
  { column: "vendor", direction: "asc", label: "Vendor: A to Z" },
  { column: "updated", direction: "asc", label: "Recently updated" },
];
