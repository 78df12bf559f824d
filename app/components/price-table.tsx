import type { Offer } from "~/.server/data/listings.server";
import { formatPrice } from "~/lib/format";
import { formatPack } from "~/lib/offer-view";
import { isGoodDeal } from "~/lib/pricing";
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
import { Badge } from "./ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "./ui/table";

const COLUMNS = [
  "vendor",
  "size",
  "price",
  "afterCoupon",
  "perMg",
  "shipping",
  "total",
  "purity",
  "stock",
  "updated",
] as const;
type Column = (typeof COLUMNS)[number];

function valueOf(offer: Offer, column: Column): unknown {
  switch (column) {
    case "size":
      return offer.quantity * offer.vials;
    case "stock":
      return STOCK_ORDER[offer.stockStatus] ?? 0;
    default:
      return commonOfferValue(offer, column);
  }
}

export const PRICE_SORT_OPTIONS: {
  column: Column;
  direction: "asc" | "desc";
  label: string;
}[] = [
  { column: "afterCoupon", direction: "asc", label: "Price after coupon: low to high" },
  { column: "total", direction: "asc", label: "Total with shipping: low to high" },
  { column: "perMg", direction: "asc", label: "Price per mg: low to high" },
  { column: "afterCoupon", direction: "desc", label: "Price after coupon: high to low" },
  { column: "vendor", direction: "asc", label: "Vendor: A to Z" },
  { column: "updated", direction: "asc", label: "Recently updated" },
];

/**
 * PCPartPicker-style merchant table of one peptide's vendor prices: a table from 640 px, a
 * card per offer below. Best Price and Good Deal go only to offers in stock and fresh.
 */
export function PriceTable({ offers }: { offers: Offer[] }) {
  const { rows, best, head, sort, setSort, hiddenCount } = useOfferTable<Column>(
    offers,
    valueOf,
    COLUMNS,
    "afterCoupon",
  );

  if (offers.length === 0) {
    return (
      <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
        No vendor prices yet.
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <SortSelect options={PRICE_SORT_OPTIONS} sort={sort} onChange={setSort} />
      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
          No vendor has this in stock right now.
        </p>
      ) : null}
      <OfferCards offers={rows} best={best} showSize />
      <div className="hidden sm:block">
        <Table className="tabular-nums" data-testid="price-table">
          <TableHeader>
            <TableRow>
              {head("vendor", "Vendor")}
              {head("size", "Size")}
              {head("price", "Price", "text-right")}
              <TableHead>Coupon</TableHead>
              {head("afterCoupon", "Price after coupon", "text-right")}
              {head("perMg", "Price per mg", "text-right")}
              {head("shipping", "Shipping", "text-right")}
              {head("total", "Total", "text-right")}
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
                data-buyable={offer.buyable}
                className={cn(
                  best.has(offer.id) && "bg-success/5",
                  !offer.buyable && UNAVAILABLE_CLASS,
                )}
              >
                <TableCell className="font-medium">
                  <VendorLink offer={offer} />
                </TableCell>
                <TableCell>
                  {formatPack(offer.sizeLabel, offer.vials)}
                  {offer.vials > 1 ? (
                    <span className="block text-xs text-muted-foreground">
                      <OfferAmount offer={offer} amount={(d) => d.perVial} suffix=" a vial" />
                    </span>
                  ) : null}
                </TableCell>
                <TableCell className="text-right" data-testid="price">
                  {formatPrice(offer.price, offer.currency)}
                </TableCell>
                <TableCell>
                  <CouponCell coupon={offer.coupon} currency={offer.vendorCurrency} />
                </TableCell>
                <TableCell className="text-right">
                  <AfterCouponPrice offer={offer} best={best.has(offer.id)}>
                    {offer.buyable && isGoodDeal(offer.price, offer.lowestEverPrice) ? (
                      <Badge variant="outline">Good Deal</Badge>
                    ) : null}
                  </AfterCouponPrice>
                </TableCell>
                <TableCell className="text-right text-muted-foreground">
                  <OfferAmount offer={offer} amount={(d) => d.perMg} suffix="/mg" />
                </TableCell>
                <TableCell className="text-right">
                  <ShippingAmount offer={offer} />
                </TableCell>
                <TableCell className="text-right font-medium" data-testid="total">
                  <OfferAmount offer={offer} amount={(d) => d.total} />
                </TableCell>
                <TableCell>{offer.purity ?? "—"}</TableCell>
                <TableCell>
                  <StockBadge status={offer.stockStatus} stale={offer.stale} />
                </TableCell>
                <TableCell>
                  <Freshness offer={offer} />
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
