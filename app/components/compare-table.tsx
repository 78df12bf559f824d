import { Star } from "lucide-react";

import type { Offer } from "~/.server/data/listings.server";
import { formatPrice } from "~/lib/format";
import { formatPack } from "~/lib/offer-view";
import { cn } from "~/lib/utils";

import { CouponCell } from "./copy-coupon-button";
import { Freshness, OfferAmount, ShippingAmount } from "./offer-price";
import {
  AfterCouponPrice,
  commonOfferValue,
  HiddenOffersNote,
  OfferActions,
  SortSelect,
  UNAVAILABLE_CLASS,
  useOfferTable,
  VendorLink,
} from "./offer-table";
import { STOCK_ORDER, StockBadge } from "./stock-badge";

const COLUMNS = [
  "vendor",
  "price",
  "afterCoupon",
  "shipping",
  "total",
  "purity",
  "stock",
  "rating",
  "source",
] as const;
type Column = (typeof COLUMNS)[number];

/** SPEC.md §9: a rating of 4 or more gets a highlighted star. */
const HIGHLIGHT_RATING = 4;

function valueOf(offer: Offer, column: Column): unknown {
  switch (column) {
    case "stock":
      return STOCK_ORDER[offer.stockStatus] ?? 0;
    case "source":
      return offer.source;
    default:
      return commonOfferValue(offer, column);
  }
}

const SORT_OPTIONS: { column: Column; direction: "asc" | "desc"; label: string }[] = [
  { column: "afterCoupon", direction: "asc", label: "Price after coupon: low to high" },
  { column: "total", direction: "asc", label: "Total with shipping: low to high" },
  { column: "afterCoupon", direction: "desc", label: "Price after coupon: high to low" },
  { column: "rating", direction: "desc", label: "Vendor rating: best first" },
  { column: "vendor", direction: "asc", label: "Vendor: A to Z" },
];

function Rating({ rating }: { rating: number | null }) {
  if (rating === null) return <span className="text-muted-foreground">—</span>;
  const highlighted = rating >= HIGHLIGHT_RATING;
  return (
    <span className="inline-flex items-center gap-1" data-highlighted={highlighted || undefined}>
      <Star
        className={cn(
          "size-4",
          highlighted ? "fill-warning text-warning" : "text-muted-foreground",
        )}
        aria-hidden
      />
      {rating.toFixed(1)}
    </span>
  );
}

export function CompareTable({ offers }: { offers: Offer[] }) {
  const { rows, best, head, sort, setSort, hiddenCount } = useOfferTable<Column>(
    offers,
    valueOf,
    COLUMNS,
    "afterCoupon",
  );

  if (offers.length === 0) {
    return (
      <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
        No vendor prices for this size yet.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <SortSelect options={SORT_OPTIONS} sort={sort} onChange={setSort} />
      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
          No vendor has this in stock right now.
        </p>
      ) : null}
      <div className="overflow-x-auto">
        <table className="offer-table" data-testid="compare-table">
          <thead>
            <tr>
              {head("vendor", "Vendor")}
              {head("price", "Price", "num")}
              <th scope="col">Coupon</th>
              {head("afterCoupon", "Price after coupon", "num")}
              {head("shipping", "Shipping", "num")}
              {head("total", "Total", "num")}
              {head("purity", "Purity")}
              {head("stock", "Stock")}
              {head("rating", "Rating")}
              {head("source", "Source")}
              <th scope="col">Notes</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((offer) => (
              <tr
                key={offer.id}
                data-testid="compare-row"
                data-buyable={offer.buyable}
                className={cn(
                  best.has(offer.id) && "bg-success/5",
                  !offer.buyable && UNAVAILABLE_CLASS,
                )}
              >
                <td className="font-medium">
                  <VendorLink offer={offer} />
                  {offer.vials > 1 ? (
                    <span className="block text-xs font-normal text-muted-foreground">
                      {formatPack(offer.sizeLabel, offer.vials)}
                    </span>
                  ) : null}
                </td>
                <td className="num" data-label="Price">
                  {formatPrice(offer.price, offer.currency)}
                </td>
                <td data-label="Coupon">
                  <CouponCell coupon={offer.coupon} currency={offer.vendorCurrency} showDiscount />
                </td>
                <td className="num" data-label="Price after coupon">
                  <AfterCouponPrice offer={offer} best={best.has(offer.id)} />
                </td>
                <td className="num" data-label="Shipping">
                  <ShippingAmount offer={offer} />
                </td>
                <td className="num font-medium" data-label="Total">
                  <OfferAmount offer={offer} amount={(d) => d.total} />
                </td>
                <td data-label="Purity">{offer.purity ?? "—"}</td>
                <td data-label="Stock">
                  <StockBadge status={offer.stockStatus} stale={offer.stale} />
                  <Freshness offer={offer} />
                </td>
                <td data-label="Rating">
                  <Rating rating={offer.vendorRating} />
                </td>
                <td data-label="Source">{offer.source === "scraped" ? "Scraped" : "Manual"}</td>
                <td className="max-w-48 text-xs text-muted-foreground" data-label="Notes">
                  {offer.notes}
                </td>
                <td>
                  <OfferActions offer={offer} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <HiddenOffersNote count={hiddenCount} />
    </div>
  );
}
