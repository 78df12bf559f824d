/**
 * Coupon arithmetic of SPEC.md §5, buyability, shipping and the landed total of one offer
 * (`priceOffer`), shared by the server loaders and the pages; offers ranked against each other
 * (Best Price, the landed order) are in ranking.ts, Good Deal against the market in
 * good-deal.ts. The SQL twins in pricing-sql.server.ts mirror these function by function.
 */

import { type DiscountType } from "~/lib/constants";
import { isStale, type FreshnessFacts, type FreshnessRule } from "~/lib/freshness";
import {
  afterPercentOff,
  convertAmount,
  convertMoney,
  formatMoney,
  fromMinorUnits,
  roundMoney,
  toMinorUnits,
  type ExchangeRates,
} from "~/lib/money";

export type Coupon = {
  code: string;
  discountAmount: number;
  discountType: DiscountType;
  /** 'YYYY-MM-DD'; the coupon still works on this day. */
  expirationDate: string | null;
};

/** A coupon from a left-joined row's columns; null when the vendor has none. */
export function couponFromColumns(row: {
  code: string | null;
  discountAmount: number | string | null;
  discountType: string | null;
  expirationDate: string | null;
}): Coupon | null {
  if (row.code === null || row.discountAmount === null || row.discountType === null) return null;
  return {
    code: row.code,
    discountAmount: Number(row.discountAmount),
    discountType: row.discountType as DiscountType,
    expirationDate: row.expirationDate,
  };
}

/**
 * Rounds half up to cents by the money module's one rule (1.005 → 1.01, 17.955 → 17.96): for
 * amounts of a two-decimal currency; roundMoney takes the currency.
 */
export function roundToCents(value: number): number {
  return roundMoney(value, "USD");
}

/**
 * Expiry dates are calendar days without a zone, so both sides are compared as UTC day
 * strings; server and browser then agree whatever their local zone.
 */
export function isCouponActive(coupon: Coupon | null | undefined, now: Date = new Date()): boolean {
  if (!coupon) return false;
  if (coupon.expirationDate === null) return true;
  const expires = coupon.expirationDate.slice(0, 10);
  // A malformed date would compare unpredictably as a string; show no discount rather than a wrong one.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(expires)) return false;
  return expires >= now.toISOString().slice(0, 10);
}

/**
 * The price after a coupon, in the price's currency, worked in its minor units and rounded
 * once, half up (19.95 at 10 % off: 17.955 → 17.96). A fixed coupon is in the same currency
 * here (couponOff converts a vendor's). Neither takes a price below zero: SPEC §5 floors
 * fixed discounts, and a mistyped percentage over 100 is clamped.
 */
export function applyCoupon(
  price: number,
  coupon: Coupon | null | undefined,
  now: Date = new Date(),
  currency: string = "USD",
): number {
  if (!coupon || !isCouponActive(coupon, now)) return price;
  const minor = toMinorUnits(price, currency);
  const after =
    coupon.discountType === "percentage"
      ? afterPercentOff(minor, coupon.discountAmount)
      : Math.max(0, minor - toMinorUnits(coupon.discountAmount, currency));
  return fromMinorUnits(after, currency);
}

/** SPEC.md §5: N% or $N; a fixed coupon is in its vendor's currency, so "€N" for a euro shop. */
export function formatCouponDiscount(
  coupon: Pick<Coupon, "discountAmount" | "discountType">,
  currency: string = "USD",
): string {
  if (coupon.discountType === "percentage") {
    const percent = Math.round(coupon.discountAmount * 100) / 100;
    return `${Number.isInteger(percent) ? percent : percent.toFixed(2)}%`;
  }
  return formatMoney(coupon.discountAmount, currency, { wholeWithoutMinor: true });
}

/** The first row with the smallest price; rows whose price is not a number are never the lowest. */
export function lowestPrice<T>(rows: T[], priceOf: (row: T) => number): T | undefined {
  let best: T | undefined;
  let bestPrice = Infinity;
  for (const row of rows) {
    const price = priceOf(row);
    if (Number.isFinite(price) && (best === undefined || price < bestPrice)) {
      best = row;
      bestPrice = price;
    }
  }
  return best;
}

// ---------------------------------------------------------------- buyable offers

/** SPEC.md §3: only out_of_stock is out; low stock and unknown statuses can still be bought. */
export function isInStock(stockStatus: string): boolean {
  return stockStatus !== "out_of_stock";
}

/**
 * Only an offer in stock (low stock counts), fresh (~/lib/freshness) and not "price being
 * checked" (a new price read for it waits in review, so the stored one is no longer the shop's)
 * can be Best Price, a Good Deal or an alert.
 */
export function isBuyable(
  offer: FreshnessFacts & { stockStatus: string; priceHeld?: boolean },
  context: FreshnessRule & { now: Date },
): boolean {
  return (
    isInStock(offer.stockStatus) &&
    !isStale(offer, context, context.now) &&
    offer.priceHeld !== true
  );
}

/** The public words for an offer whose new price waits in review. */
export const PRICE_BEING_CHECKED = "price being checked";

/** A vendor's shipping, in the vendor's own currency (also that of its fixed coupons). */
export interface ShippingTerms {
  currency: string;
  /** Flat fee per order; null when the vendor's fee is not known. */
  shippingFee: number | null;
  /** Subtotal (after coupon) from which shipping is free; null when there is none. */
  freeShippingThreshold: number | null;
  /** Countries (ISO 3166-1 alpha-2) the vendor ships to; empty when not known. */
  shipsTo: readonly string[];
}

/**
 * Whether the vendor ships to the visitor's destination: true, false, or null when the vendor
 * has not said where it ships. Without a destination ("Anywhere") every vendor is taken at
 * its word: its fee applies.
 */
export function shipsToDestination(
  shipTo: string | null,
  shipsTo: readonly string[],
): boolean | null {
  if (shipTo === null) return true;
  if (shipsTo.length === 0) return null;
  return shipsTo.includes(shipTo);
}

/**
 * Shipping for an order of this subtotal (vendor's currency) to the destination; null when it
 * is not known, or when the vendor does not ship there (`shipsToDestination` tells them apart).
 */
export function shippingFor(
  subtotal: number,
  terms: ShippingTerms,
  shipTo: string | null = null,
): number | null {
  if (shipsToDestination(shipTo, terms.shipsTo) !== true) return null;
  if (terms.freeShippingThreshold !== null && subtotal >= terms.freeShippingThreshold) return 0;
  return terms.shippingFee;
}

/** What a visitor weighs an offer by, and everything the pages need to say so. */
export interface OfferPricingInput {
  price: number;
  currency: string;
  /** Vials in the pack the price buys. */
  vials: number;
  /** Milligrams in one vial; null when the size has no milligram equivalent. */
  mgPerVial: number | null;
  coupon: Coupon | null;
  stockStatus: string;
  missedScrapes: number;
  /** When the price was last confirmed (~/lib/freshness). */
  priceCheckedAt: Date | string;
  /** A new price read for the offer waits in review (vendor_peptides.price_held_at is set). */
  priceHeld?: boolean;
  vendor: ShippingTerms;
}

/** Amounts of one offer in the visitor's display currency. */
export interface DisplayPrices {
  currency: string;
  /** True when the offer is priced in another currency and these amounts were converted. */
  converted: boolean;
  /** The listed price, before the coupon (the price table's Price column). */
  price: number;
  priceAfterCoupon: number;
  perVial: number;
  perMg: number | null;
  /** Shipping for one pack to the destination; null when not known or not shipped there. */
  shipping: number | null;
  /** Landed total: price after coupon plus shipping for one pack; null when shipping is unknown. */
  total: number | null;
  /** The landed total per vial (what Best Price compares); null when shipping is unknown. */
  totalPerVial: number | null;
  /** The landed total per mg (what Good Deal compares); null when shipping or mg is unknown. */
  totalPerMg: number | null;
}

export interface OfferPricing {
  /** In the offer's own currency. */
  priceAfterCoupon: number;
  /** Whether the coupon could be applied (a fixed coupon needs a rate when currencies differ). */
  couponApplied: boolean;
  inStock: boolean;
  stale: boolean;
  /** "price being checked": not buyable, not ranked, shown as such. */
  priceHeld: boolean;
  buyable: boolean;
  /**
   * Whether the vendor ships to the visitor's destination: false is "Doesn't ship to X" (never
   * best), null is "not stated" (the vendor lists no countries).
   */
  shipsToDestination: boolean | null;
  /** Shipping for one pack in the vendor's currency; null when not known or not shipped there. */
  shipping: { amount: number; currency: string } | null;
  /** Null when there is no exchange rate between the offer's currency and the display currency. */
  display: DisplayPrices | null;
}

/**
 * The buyer's "Include offers that failed a lab test in Best Price" switch (issue 30 Must 4; a
 * cookie, ~/lib/failed-lab-preference). Off (absent) by default: an offer whose lab test of its
 * size failed is never Best Price nor a Good Deal. On, it is ranked like any other offer; its
 * row still says "Failed lab test".
 */
export interface FailedLabChoice {
  includeFailedLabOffers?: boolean;
}

/** The freshness rule's settings (~/lib/freshness) and the buyer's lab-test choice come with it. */
export interface PricingContext extends FreshnessRule, FailedLabChoice {
  displayCurrency: string;
  rates: ExchangeRates;
  now: Date;
  /** The visitor's "Ship to" country (ISO 3166-1 alpha-2); null is "Anywhere". */
  shipTo: string | null;
}

/**
 * A price after its vendor's coupon, in the price's currency: a percentage off it, or the
 * vendor's fixed amount converted into it (not applied without the rate).
 */
export function couponOff(
  price: number,
  currency: string,
  coupon: Coupon | null,
  couponCurrency: string,
  { rates, now }: Pick<PricingContext, "rates" | "now">,
): { price: number; applied: boolean } {
  if (!coupon || !isCouponActive(coupon, now)) return { price, applied: false };
  if (coupon.discountType === "percentage") {
    return { price: applyCoupon(price, coupon, now, currency), applied: true };
  }
  // A fixed coupon is worth its amount in the vendor's currency, whatever the price is in.
  const amount = convertMoney(coupon.discountAmount, couponCurrency, currency, rates);
  if (amount === null) return { price, applied: false };
  return {
    price: applyCoupon(price, { ...coupon, discountAmount: amount }, now, currency),
    applied: true,
  };
}

/** One offer priced for the visitor: after coupon, per vial and per mg, shipping and landed total. */
export function priceOffer(offer: OfferPricingInput, context: PricingContext): OfferPricing {
  const { price: priceAfterCoupon, applied } = couponOff(
    offer.price,
    offer.currency,
    offer.coupon,
    offer.vendor.currency,
    context,
  );
  const inStock = isInStock(offer.stockStatus);
  const stale = isStale(offer, context, context.now);
  const shipTo = context.shipTo ?? null;
  const subtotalInVendorCurrency = convertAmount(
    priceAfterCoupon,
    offer.currency,
    offer.vendor.currency,
    context.rates,
  );
  const shippingAmount =
    subtotalInVendorCurrency === null
      ? null
      : shippingFor(subtotalInVendorCurrency, offer.vendor, shipTo);
  const shipping =
    shippingAmount === null ? null : { amount: shippingAmount, currency: offer.vendor.currency };

  const to = context.displayCurrency;
  // Each shown amount is converted and rounded once, so the table's total is exactly the sum of
  // the price and shipping beside it, and the stack and the API reach the same cents.
  const displayPrice = convertMoney(priceAfterCoupon, offer.currency, to, context.rates);
  let display: DisplayPrices | null = null;
  if (displayPrice !== null) {
    const displayShipping =
      shipping === null
        ? null
        : convertMoney(shipping.amount, shipping.currency, to, context.rates);
    const vials = Math.max(1, offer.vials);
    const mg = offer.mgPerVial !== null && offer.mgPerVial > 0 ? offer.mgPerVial * vials : null;
    const total =
      displayShipping === null
        ? null
        : fromMinorUnits(toMinorUnits(displayPrice, to) + toMinorUnits(displayShipping, to), to);
    display = {
      currency: to,
      converted: offer.currency !== to,
      // Rates that converted the price after coupon convert the listed price too.
      price: convertMoney(offer.price, offer.currency, to, context.rates) ?? displayPrice,
      priceAfterCoupon: displayPrice,
      perVial: displayPrice / vials,
      perMg: mg === null ? null : displayPrice / mg,
      shipping: displayShipping,
      total,
      totalPerVial: total === null ? null : total / vials,
      totalPerMg: total === null || mg === null ? null : total / mg,
    };
  }
  return {
    priceAfterCoupon,
    couponApplied: applied,
    inStock,
    stale,
    priceHeld: offer.priceHeld === true,
    buyable: inStock && !stale && offer.priceHeld !== true,
    shipsToDestination: shipsToDestination(shipTo, offer.vendor.shipsTo),
    shipping,
    display,
  };
}
