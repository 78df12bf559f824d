import type { Offer } from "~/.server/data/listings.server";
import { formatPrice } from "~/lib/format";
import { formatPack } from "~/lib/offer-view";
import { isGoodDeal } from "~/lib/pricing";
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
import { Badge } from "./ui/badge";

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
 * PCPartPicker-style merchant table of one peptide's vendor prices, rendered once: a table
 * from 640 px, a card per offer below (app.css .offer-table). Best Price and Good Deal go only
 * to offers in stock and fresh.
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
      <div className="overflow-x-auto">
        <table className="offer-table" data-testid="price-table">
          <thead>
            <tr>
              {head("vendor", "Vendor")}
              {head("size", "Size")}
              {head("price", "Price", "num")}
              <th scope="col">Coupon</th>
              {head("afterCoupon", "Price after coupon", "num")}
              {head("perMg", "Price per mg", "num")}
              {head("shipping", "Shipping", "num")}
              {head("total", "Total", "num")}
              {head("purity", "Purity")}
              {head("stock", "Stock")}
              {head("updated", "Updated")}
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((offer) => (
              <tr
                key={offer.id}
                data-testid="price-row"
                data-buyable={offer.buyable}
                className={cn(
                  best.has(offer.id) && "bg-success/5",
                  !offer.buyable && UNAVAILABLE_CLASS,
                )}
              >
                <td className="font-medium">
                  <VendorLink offer={offer} />
                </td>
                <td data-label="Size">
                  {formatPack(offer.sizeLabel, offer.vials)}
                  {offer.vials > 1 ? (
                    <span className="block text-xs text-muted-foreground">
                      <OfferAmount offer={offer} amount={(d) => d.perVial} suffix=" a vial" />
                    </span>
                  ) : null}
                </td>
                <td className="num" data-label="Price" data-testid="price">
                  {formatPrice(offer.price, offer.currency)}
                </td>
                <td data-label="Coupon">
                  <CouponCell coupon={offer.coupon} currency={offer.vendorCurrency} showDiscount />
                </td>
                <td className="num" data-label="Price after coupon">
                  <AfterCouponPrice offer={offer} best={best.has(offer.id)}>
                    {offer.buyable && isGoodDeal(offer.price, offer.lowestEverPrice) ? (
                      <Badge variant="outline">Good Deal</Badge>
                    ) : null}
                  </AfterCouponPrice>
                </td>
                <td className="num muted" data-label="Price per mg">
                  <OfferAmount offer={offer} amount={(d) => d.perMg} suffix="/mg" />
                </td>
                <td className="num" data-label="Shipping">
                  <ShippingAmount offer={offer} />
                </td>
                <td className="num font-medium" data-label="Total" data-testid="total">
                  <OfferAmount offer={offer} amount={(d) => d.total} />
                </td>
                <td data-label="Purity">{offer.purity ?? "—"}</td>
                <td data-label="Stock">
                  <StockBadge status={offer.stockStatus} stale={offer.stale} />
                </td>
                <td data-label="Updated">
                  <Freshness offer={offer} />
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
