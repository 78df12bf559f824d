import { formatPrice, formatRelativeTime } from "~/lib/format";
import { formatLastChecked } from "~/lib/freshness";
import type { Money } from "~/lib/offer-originals";
import type { OfferRow as Offer } from "~/lib/offer-row";
import { SHIPPING_NOT_STATED } from "~/lib/offer-view";
import { doesNotShipTo } from "~/lib/ship-to";
import { cn } from "~/lib/utils";

/**
 * A price in the visitor's display currency. A converted price says so and from what
 * ("≈ $41.60 · from €38.25"); an offer without an exchange rate shows its own currency.
 */
export function DisplayAmount({
  amount,
  currency,
  converted,
  original,
  className,
  testId,
}: {
  amount: number;
  currency: string;
  converted: boolean;
  original?: { amount: number; currency: string } | null;
  className?: string;
  testId?: string;
}) {
  return (
    <span className="inline-flex flex-col items-end leading-tight">
      <span className={className} data-testid={testId}>
        {converted ? "≈ " : ""}
        {formatPrice(amount, currency)}
      </span>
      {converted && original ? (
        <span className="text-xs font-normal text-muted-foreground" data-testid="converted-from">
          {" · from "}
          {formatPrice(original.amount, original.currency)}
        </span>
      ) : null}
    </span>
  );
}

/** The offer's price after coupon, as the visitor compares it. */
export function OfferFinalPrice({ offer, className }: { offer: Offer; className?: string }) {
  if (offer.display === null) {
    return (
      <span className="inline-flex flex-col items-end leading-tight">
        <span className={className} data-testid="price-after-coupon">
          {formatPrice(offer.priceAfterCoupon, offer.currency)}
        </span>
        <span className="text-xs font-normal text-muted-foreground">no exchange rate</span>
      </span>
    );
  }
  return (
    <DisplayAmount
      amount={offer.display.priceAfterCoupon}
      currency={offer.display.currency}
      converted={offer.display.converted}
      original={{ amount: offer.priceAfterCoupon, currency: offer.currency }}
      className={className}
      testId="price-after-coupon"
    />
  );
}

/** An amount of the offer in the display currency, or a dash when it has none. */
export function OfferAmount({
  offer,
  amount,
  suffix = "",
  className,
  original,
  testId,
}: {
  offer: Pick<Offer, "display">;
  amount: (display: NonNullable<Offer["display"]>) => number | null;
  suffix?: string;
  className?: string;
  /**
   * The amount in the currency it was listed in (the offer's, or the vendor's for shipping),
   * shown on hover when that is not the display currency.
   */
  original?: Money | null;
  testId?: string;
}) {
  const value = offer.display ? amount(offer.display) : null;
  if (value === null || !offer.display) return <span className="text-muted-foreground">—</span>;
  const converted = original
    ? original.currency !== offer.display.currency
    : offer.display.converted;
  return (
    <span
      className={cn("whitespace-nowrap", className)}
      data-testid={testId}
      title={
        converted && original
          ? `from ${formatPrice(original.amount, original.currency)}`
          : undefined
      }
    >
      {converted ? "≈ " : ""}
      {formatPrice(value, offer.display.currency)}
      {suffix}
    </span>
  );
}

/**
 * The landed total of one pack (price after coupon plus shipping to the destination). Unknown
 * shipping is never $0: the price is shown with "+ shipping (not stated)"; a vendor that does
 * not ship to the destination says so.
 */
export function LandedTotal({
  offer,
  shipTo,
  original,
}: {
  offer: Pick<Offer, "display" | "shipsToDestination">;
  shipTo: string | null;
  /** The shown amount in the offer's own currency (landedOriginal), for its hover. */
  original?: Money | null;
}) {
  if (offer.shipsToDestination === false && shipTo !== null) {
    return (
      <span className="text-xs whitespace-normal text-muted-foreground" data-testid="no-shipping">
        {doesNotShipTo(shipTo)}
      </span>
    );
  }
  if (offer.display !== null && offer.display.total === null) {
    return (
      <span className="inline-flex flex-col items-start leading-tight sm:items-end">
        <OfferAmount offer={offer} amount={(d) => d.priceAfterCoupon} original={original} />
        <span
          className="text-xs font-normal text-muted-foreground"
          data-testid="shipping-not-stated"
        >
          {SHIPPING_NOT_STATED}
        </span>
      </span>
    );
  }
  return <OfferAmount offer={offer} amount={(d) => d.total} original={original} />;
}

/** Shipping for one pack: free, a fee, or not known (with the vendor's own note when there is one). */
export function ShippingAmount({ offer, shipTo }: { offer: Offer; shipTo: string | null }) {
  if (offer.shipsToDestination === false && shipTo !== null) {
    return (
      <span className="text-xs whitespace-normal text-muted-foreground">
        {doesNotShipTo(shipTo)}
      </span>
    );
  }
  if (offer.shipping === null) {
    return (
      <span className="text-xs text-muted-foreground" title={offer.vendorShippingNote ?? undefined}>
        {offer.vendorShippingNote ? `${offer.vendorShippingNote}` : "Not listed"}
      </span>
    );
  }
  if (offer.shipping.amount === 0) return <span className="text-success">Free</span>;
  return offer.display?.shipping != null ? (
    <OfferAmount offer={offer} amount={(d) => d.shipping} original={offer.shipping} />
  ) : (
    <span className="whitespace-nowrap">
      {formatPrice(offer.shipping.amount, offer.shipping.currency)}
    </span>
  );
}

/**
 * "updated 3 hours ago"; a stale offer (~/lib/freshness) says how long its price has gone
 * unconfirmed: "last checked 32 h ago".
 */
export function Freshness({ offer }: { offer: Offer }) {
  return (
    // One line: a wrapped "updated 11 hours ago" doubled the row's height.
    <time
      dateTime={offer.priceCheckedAt}
      className="text-xs whitespace-nowrap text-muted-foreground"
      suppressHydrationWarning
    >
      {offer.stale
        ? formatLastChecked(offer.priceCheckedAt, new Date())
        : `updated ${formatRelativeTime(offer.priceCheckedAt)}`}
    </time>
  );
}
