import type { Offer } from "~/.server/data/listings.server";
import { isGoodDeal } from "~/lib/pricing";
import { formatPack } from "~/lib/offer-view";
import { cn } from "~/lib/utils";

import { CouponCell } from "./copy-coupon-button";
import { AfterCouponPrice, OfferActions, UNAVAILABLE_CLASS, VendorLink } from "./offer-table";
import { Freshness, OfferAmount, ShippingAmount } from "./offer-price";
import { StockBadge } from "./stock-badge";
import { Badge } from "./ui/badge";

/**
 * Below 640 px each offer is a card instead of a table row, so the final price, the coupon,
 * stock, freshness, Buy and Save all fit without sideways scrolling. Pure CSS switches between
 * the two: the server-rendered page is already right before hydration.
 */
export function OfferCards({
  offers,
  best,
  showSize,
}: {
  offers: Offer[];
  best: Set<string>;
  showSize: boolean;
}) {
  return (
    <ul className="flex flex-col gap-3 sm:hidden" data-testid="offer-cards">
      {offers.map((offer) => {
        const isBest = best.has(offer.id);
        return (
          <li
            key={offer.id}
            data-testid="offer-card"
            data-buyable={offer.buyable}
            className={cn(
              "flex flex-col gap-3 rounded-xl border bg-card p-4 tabular-nums",
              isBest && "border-success/50 bg-success/5",
              !offer.buyable && UNAVAILABLE_CLASS,
            )}
          >
            <div className="flex items-start justify-between gap-3">
              <div className="flex min-w-0 flex-col gap-1">
                <VendorLink offer={offer} className="font-medium break-words" />
                {showSize || offer.vials > 1 ? (
                  <span className="text-sm text-muted-foreground">
                    {formatPack(offer.sizeLabel, offer.vials)}
                  </span>
                ) : null}
                <StockBadge status={offer.stockStatus} stale={offer.stale} />
              </div>
              <AfterCouponPrice offer={offer} best={isBest} className="text-xl">
                {offer.buyable && isGoodDeal(offer.price, offer.lowestEverPrice) ? (
                  <Badge variant="outline">Good Deal</Badge>
                ) : null}
              </AfterCouponPrice>
            </div>
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Coupon</dt>
              <dd className="text-right">
                <CouponCell coupon={offer.coupon} currency={offer.vendorCurrency} showDiscount />
              </dd>
              {offer.vials > 1 ? (
                <>
                  <dt className="text-muted-foreground">Per vial</dt>
                  <dd className="text-right">
                    <OfferAmount offer={offer} amount={(d) => d.perVial} />
                  </dd>
                </>
              ) : null}
              <dt className="text-muted-foreground">Per mg</dt>
              <dd className="text-right">
                <OfferAmount offer={offer} amount={(d) => d.perMg} suffix="/mg" />
              </dd>
              <dt className="text-muted-foreground">Shipping</dt>
              <dd className="text-right">
                <ShippingAmount offer={offer} />
              </dd>
              <dt className="text-muted-foreground">Total for one</dt>
              <dd className="text-right font-medium">
                <OfferAmount offer={offer} amount={(d) => d.total} />
              </dd>
            </dl>
            <div className="flex items-center justify-between gap-2">
              <Freshness offer={offer} />
              <OfferActions offer={offer} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
