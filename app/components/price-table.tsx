import { ExternalLink } from "lucide-react";

import type { Offer } from "~/.server/data/listings.server";
import { formatPrice, formatRelativeTime } from "~/lib/format";
import { isGoodDeal } from "~/lib/pricing";
import { cn } from "~/lib/utils";

import { CouponCell } from "./copy-coupon-button";
import { AfterCouponPrice, purityValue, useOfferTable } from "./offer-table";
import { SaveDealButton } from "./save-deal-button";
import { STOCK_ORDER, StockBadge } from "./stock-badge";
import { Badge } from "./ui/badge";
import { Button } from "./ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "./ui/table";

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
  const { rows, best, head } = useOfferTable<Column>(offers, valueOf, "afterCoupon");

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
              <AfterCouponPrice offer={offer} best={best.has(offer.id)}>
                {isGoodDeal(offer.price, offer.lowestEverPrice) ? (
                  <Badge variant="outline">Good Deal</Badge>
                ) : null}
              </AfterCouponPrice>
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
