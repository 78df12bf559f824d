import { Star } from "lucide-react";

import type { Offer } from "~/.server/data/listings.server";
import { formatPrice } from "~/lib/format";
import { formatPack } from "~/lib/offer-view";
import { cn } from "~/lib/utils";

import { CouponCell } from "./copy-coupon-button";
import { OfferCards } from "./offer-cards";
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
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "./ui/table";

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
      <OfferCards offers={rows} best={best} showSize={false} />
      <div className="hidden sm:block">
        <Table className="tabular-nums" data-testid="compare-table">
          <TableHeader>
            <TableRow>
              {head("vendor", "Vendor")}
              {head("price", "Price", "text-right")}
              <TableHead>Coupon</TableHead>
              {head("afterCoupon", "Price after coupon", "text-right")}
              {head("shipping", "Shipping", "text-right")}
              {head("total", "Total", "text-right")}
              {head("purity", "Purity")}
              {head("stock", "Stock")}
              {head("rating", "Rating")}
              {head("source", "Source")}
              <TableHead>Notes</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((offer) => (
              <TableRow
                key={offer.id}
                data-testid="compare-row"
                data-buyable={offer.buyable}
                className={cn(
                  best.has(offer.id) && "bg-success/5",
                  !offer.buyable && UNAVAILABLE_CLASS,
                )}
              >
                <TableCell className="font-medium">
                  <VendorLink offer={offer} />
                  {offer.vials > 1 ? (
                    <span className="block text-xs font-normal text-muted-foreground">
                      {formatPack(offer.sizeLabel, offer.vials)}
                    </span>
                  ) : null}
                </TableCell>
                <TableCell className="text-right">
                  {formatPrice(offer.price, offer.currency)}
                </TableCell>
                <TableCell>
                  <CouponCell coupon={offer.coupon} currency={offer.vendorCurrency} showDiscount />
                </TableCell>
                <TableCell className="text-right">
                  <AfterCouponPrice offer={offer} best={best.has(offer.id)} />
                </TableCell>
                <TableCell className="text-right">
                  <ShippingAmount offer={offer} />
                </TableCell>
                <TableCell className="text-right font-medium">
                  <OfferAmount offer={offer} amount={(d) => d.total} />
                </TableCell>
                <TableCell>{offer.purity ?? "—"}</TableCell>
                <TableCell>
                  <StockBadge status={offer.stockStatus} stale={offer.stale} />
                  <Freshness offer={offer} />
                </TableCell>
                <TableCell>
                  <Rating rating={offer.vendorRating} />
                </TableCell>
                <TableCell>{offer.source === "scraped" ? "Scraped" : "Manual"}</TableCell>
                <TableCell className="max-w-48 text-xs text-muted-foreground">
                  {offer.notes ?? ""}
                </TableCell>
                <TableCell>
                  <OfferActions offer={offer} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <HiddenOffersNote count={hiddenCount} />
    </div>
  );
}
