import { Star } from "lucide-react";

import type { Offer } from "~/.server/data/listings.server";
import { formatPrice } from "~/lib/format";
import { cn } from "~/lib/utils";

import { CouponCell } from "./copy-coupon-button";
import { AfterCouponPrice, purityValue, useOfferTable } from "./offer-table";
import { SaveDealButton } from "./save-deal-button";
import { STOCK_ORDER, StockBadge } from "./stock-badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "./ui/table";

type Column = "vendor" | "price" | "afterCoupon" | "purity" | "stock" | "rating" | "source";

/** SPEC.md §9: a rating of 4 or more gets a highlighted star. */
const HIGHLIGHT_RATING = 4;

function valueOf(offer: Offer, column: Column): unknown {
  switch (column) {
    case "vendor":
      return offer.vendorName;
    case "price":
      return offer.price;
    case "afterCoupon":
      return offer.priceAfterCoupon;
    case "purity":
      return purityValue(offer.purity);
    case "stock":
      return STOCK_ORDER[offer.stockStatus] ?? 0;
    case "rating":
      return offer.vendorRating;
    case "source":
      return offer.source;
  }
}

export function CompareTable({ offers }: { offers: Offer[] }) {
  const { rows, best, head } = useOfferTable<Column>(offers, valueOf, "afterCoupon");

  if (offers.length === 0) {
    return (
      <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
        No vendor prices for this size yet.
      </p>
    );
  }
  return (
    <Table className="tabular-nums" data-testid="compare-table">
      <TableHeader>
        <TableRow>
          {head("vendor", "Vendor")}
          {head("price", "Price", "text-right")}
          <TableHead>Coupon</TableHead>
          {head("afterCoupon", "Price after coupon", "text-right")}
          {head("purity", "Purity")}
          {head("stock", "Stock")}
          {head("rating", "Rating")}
          {head("source", "Source")}
          <TableHead>Notes</TableHead>
          <TableHead>
            <span className="sr-only">Save</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((offer) => {
          const highlighted = (offer.vendorRating ?? 0) >= HIGHLIGHT_RATING;
          return (
            <TableRow
              key={offer.id}
              data-testid="compare-row"
              className={cn(best.has(offer.id) && "bg-success/5")}
            >
              <TableCell className="font-medium">
                {offer.url ? (
                  <a
                    href={offer.url}
                    target="_blank"
                    rel="nofollow noopener"
                    className="hover:underline"
                  >
                    {offer.vendorName}
                  </a>
                ) : (
                  offer.vendorName
                )}
              </TableCell>
              <TableCell className="text-right">
                {formatPrice(offer.price, offer.currency)}
              </TableCell>
              <TableCell>
                <CouponCell coupon={offer.coupon} showDiscount />
              </TableCell>
              <TableCell className="text-right">
                <AfterCouponPrice offer={offer} best={best.has(offer.id)} />
              </TableCell>
              <TableCell>{offer.purity ?? "—"}</TableCell>
              <TableCell>
                <StockBadge status={offer.stockStatus} />
              </TableCell>
              <TableCell>
                {offer.vendorRating === null ? (
                  <span className="text-muted-foreground">—</span>
                ) : (
                  <span
                    className="inline-flex items-center gap-1"
                    data-highlighted={highlighted || undefined}
                  >
                    <Star
                      className={cn(
                        "size-4",
                        highlighted ? "fill-warning text-warning" : "text-muted-foreground",
                      )}
                      aria-hidden
                    />
                    {offer.vendorRating.toFixed(1)}
                  </span>
                )}
              </TableCell>
              <TableCell>{offer.source === "scraped" ? "Scraped" : "Manual"}</TableCell>
              <TableCell className="max-w-48 text-xs text-muted-foreground">
                {offer.notes ?? ""}
              </TableCell>
              <TableCell>
                <SaveDealButton vendorPeptideId={offer.id} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
