/** Coupon and deal arithmetic of SPEC.md §5, shared by the server loaders and the pages. */

import { GOOD_DEAL_MARGIN, type DiscountType } from "~/lib/constants";

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
 * Rounds half-up to cents. The epsilon nudges values such as 1.005, stored as 1.00499…,
 * back to the cent a person would expect.
 */
export function roundToCents(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
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

export function applyCoupon(
  price: number,
  coupon: Coupon | null | undefined,
  now: Date = new Date(),
): number {
  if (!coupon || !isCouponActive(coupon, now)) return price;
  const discounted =
    coupon.discountType === "percentage"
      ? price * (1 - coupon.discountAmount / 100)
      : price - coupon.discountAmount;
  // SPEC §5 floors only fixed discounts; a mistyped percentage over 100 must not yield a negative price either.
  return roundToCents(Math.max(0, discounted));
}

function formatAmount(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : roundToCents(amount).toFixed(2);
}

export function formatCouponDiscount(
  coupon: Pick<Coupon, "discountAmount" | "discountType">,
): string {
  const amount = formatAmount(coupon.discountAmount);
  return coupon.discountType === "percentage" ? `${amount}%` : `$${amount}`;
}

export function isGoodDeal(price: number, lowestEverPrice: number | null): boolean {
  if (lowestEverPrice === null || !Number.isFinite(lowestEverPrice) || !Number.isFinite(price)) {
    return false;
  }
  // Compared in cents so that 10.50 against a 10.00 low is not lost to 10 * 1.05 = 10.500000000000002 style noise.
  return roundToCents(price) <= roundToCents(lowestEverPrice * (1 + GOOD_DEAL_MARGIN));
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
