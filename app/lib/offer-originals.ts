/**
 * An offer's figures in its own currency: what a converted figure was converted from, shown on
 * hover beside it ("from €38.25"). Integer minor units, as every sum of money (money.ts).
 */
import { fromMinorUnits, toMinorUnits } from "./money";
import type { OfferRow } from "./offer-row";
import { pricePerMg } from "./units";

/** An amount in a named currency. */
export interface Money {
  amount: number;
  currency: string;
}

/**
 * What LandedTotal shows, in the offer's own currency: the price after coupon plus shipping, or
 * the price alone when shipping is not known. Null when the vendor's shipping is in another
 * currency than the price, so that no one figure in its own currency exists.
 */
export function landedOriginal(
  offer: Pick<OfferRow, "display" | "priceAfterCoupon" | "currency" | "shipping">,
): Money | null {
  const { currency } = offer;
  if (offer.display?.total == null || offer.shipping === null) {
    return { amount: offer.priceAfterCoupon, currency };
  }
  if (offer.shipping.currency !== currency) return null;
  const minor =
    toMinorUnits(offer.priceAfterCoupon, currency) + toMinorUnits(offer.shipping.amount, currency);
  return { amount: fromMinorUnits(minor, currency), currency };
}

/** A per-mg amount of the whole pack in its own currency (the server's pricePerMg). */
export function perMgOriginal(
  offer: Pick<OfferRow, "quantity" | "unit" | "vials">,
  original: Money | null,
): Money | null {
  if (original === null) return null;
  const amount = pricePerMg(original.amount, offer.quantity * offer.vials, offer.unit);
  return amount === null ? null : { amount, currency: original.currency };
}
