/** Wording of the public vendor page (/vendor/{slug}). */
import { formatPrice } from "~/lib/format";

/** "How many prices changed" counts changes within this many days. */
export const PRICE_CHANGE_WINDOW_DAYS = 30;

export interface ShippingTermsInput {
  currency: string;
  shippingFee: number | null;
  freeShippingThreshold: number | null;
  /** The vendor's own free-text note ("Free over $100"). */
  shippingNote: string | null;
}

/**
 * The vendor's shipping terms in one sentence, in its own currency: the fee and the
 * free-shipping threshold when known, else its free-text note, else that nothing is known.
 */
export function describeShippingTerms(terms: ShippingTermsInput): string {
  const parts: string[] = [];
  if (terms.shippingFee !== null) {
    parts.push(
      terms.shippingFee === 0
        ? "Free shipping"
        : `${formatPrice(terms.shippingFee, terms.currency)} per order`,
    );
  }
  if (terms.freeShippingThreshold !== null && terms.shippingFee !== 0) {
    parts.push(`free from ${formatPrice(terms.freeShippingThreshold, terms.currency)}`);
  }
  if (parts.length > 0) {
    const sentence = parts.join(", ");
    return sentence.charAt(0).toUpperCase() + sentence.slice(1);
  }
  return terms.shippingNote?.trim() || "Not listed";
}

/** "1 price change" / "12 price changes". */
export function describePriceChanges(changes: number, offersChanged: number): string {
  if (changes === 0) return `No price changes in the last ${PRICE_CHANGE_WINDOW_DAYS} days`;
  const noun = changes === 1 ? "price change" : "price changes";
  const across = offersChanged === 1 ? "1 product" : `${offersChanged} products`;
  return `${changes} ${noun} in the last ${PRICE_CHANGE_WINDOW_DAYS} days, across ${across}`;
}
