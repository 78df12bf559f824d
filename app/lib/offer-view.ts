/**
 * How a visitor views an offer list, kept in the URL so Back, Forward and a shared link restore
 * it: the sort column and direction (?sort=total&dir=desc), the in-stock switch (?stock=in) and
 * the "Tested only" switch (?tested=1, issue 23).
 */

import type { ShouldRevalidateFunctionArgs } from "react-router";

import type { SortDirection, SortState } from "~/lib/sort";

export const SORT_PARAM = "sort";
export const DIRECTION_PARAM = "dir";
export const STOCK_PARAM = "stock";
export const TESTED_PARAM = "tested";
/** The parameters that only change how loaded offers are shown, never which are loaded. */
export const OFFER_VIEW_PARAMS = [SORT_PARAM, DIRECTION_PARAM, STOCK_PARAM, TESTED_PARAM] as const;

export function parseOfferSort<K extends string>(
  params: URLSearchParams,
  columns: readonly K[],
  fallback: K,
): SortState<K> {
  const column = columns.find((c) => c === params.get(SORT_PARAM)) ?? fallback;
  const direction: SortDirection = params.get(DIRECTION_PARAM) === "desc" ? "desc" : "asc";
  return { column, direction };
}

/** The query string with a new sort; the default (fallback, ascending) is left out. */
export function withOfferSort<K extends string>(
  params: URLSearchParams,
  sort: SortState<K>,
  fallback: K,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (sort.column === fallback) next.delete(SORT_PARAM);
  else next.set(SORT_PARAM, sort.column);
  if (sort.direction === "asc") next.delete(DIRECTION_PARAM);
  else next.set(DIRECTION_PARAM, sort.direction);
  return next;
}

export function isInStockOnly(params: URLSearchParams): boolean {
  return params.get(STOCK_PARAM) === "in";
}

export function withInStockOnly(params: URLSearchParams, on: boolean): URLSearchParams {
  const next = new URLSearchParams(params);
  if (on) next.set(STOCK_PARAM, "in");
  else next.delete(STOCK_PARAM);
  return next;
}

/** "Tested only": offers whose vendor has a passing lab test of the peptide (?tested=1). */
export function isTestedOnly(params: URLSearchParams): boolean {
  return params.get(TESTED_PARAM) === "1";
}

export function withTestedOnly(params: URLSearchParams, on: boolean): URLSearchParams {
  const next = new URLSearchParams(params);
  if (on) next.set(TESTED_PARAM, "1");
  else next.delete(TESTED_PARAM);
  return next;
}

/** True when two URLs differ at most in the given query parameters (same path, same rest). */
export function differOnlyIn(current: URL, next: URL, params: readonly string[]): boolean {
  if (current.pathname !== next.pathname) return false;
  const strip = (url: URL) => {
    const rest = new URLSearchParams(url.search);
    for (const name of params) rest.delete(name);
    rest.sort();
    return rest.toString();
  };
  return strip(current) === strip(next);
}

/**
 * A page's `shouldRevalidate` when some query parameters only rearrange what is already loaded:
 * a navigation that changes nothing else keeps the loaded data; a form, another page or another
 * parameter revalidates as React Router would.
 */
export function revalidateUnlessOnly(
  args: Pick<
    ShouldRevalidateFunctionArgs,
    "currentUrl" | "nextUrl" | "formMethod" | "defaultShouldRevalidate"
  >,
  params: readonly string[],
): boolean {
  if (args.formMethod === undefined && differOnlyIn(args.currentUrl, args.nextUrl, params)) {
    return false;
  }
  return args.defaultShouldRevalidate;
}

/** The pack an offer buys: "10mg", or "10mg × 5 vials" for a kit. */
export function formatPack(sizeLabel: string, vials: number): string {
  return vials > 1 ? `${sizeLabel} × ${vials} vials` : sizeLabel;
}

/**
 * The one per-mg basis of every screen (issue 30): "per mg, delivered" is the landed total
 * (price after coupon plus shipping for one pack) divided by the pack's milligrams. When the
 * vendor has not stated shipping there is no delivered figure: the price after coupon per mg
 * stands in, `delivered` false, and the screen says shipping is not stated. Null without mg.
 */
export function perMgDelivered(
  display: { perMg: number | null; totalPerMg: number | null } | null,
): { amount: number; delivered: boolean } | null {
  if (display === null || display.perMg === null) return null;
  return display.totalPerMg === null
    ? { amount: display.perMg, delivered: false }
    : { amount: display.totalPerMg, delivered: true };
}

/** The per-mg column's header and tooltip. */
export const PER_MG_LABEL = "Per mg, delivered";
export const PER_MG_HINT =
  "Landed total ÷ mg: the price after coupon plus shipping for one pack, divided by the milligrams in the pack";

/** Unknown shipping is never $0 (issue 18): the price is shown with this beside it. */
export const SHIPPING_NOT_STATED = "+ shipping (not stated)";

/** Whether a landed total's shipping is in it, in words: what the card and Best Price say. */
export function shippingNote(shipping: number | null): string {
  if (shipping === null) return SHIPPING_NOT_STATED;
  return shipping === 0 ? "free shipping" : "incl. shipping";
}

/**
 * The price per verified mg (issue 34): the landed total ÷ the peptide a passing lab test of
 * this vendor, peptide and size found in the pack — measured mg × purity, per vial, times the
 * vials (~/lib/lab-tests verifiedMgPerVial). Without stated shipping the price after coupon
 * stands in, `delivered` false, as for per mg. Null without such a test: "not verified", never
 * a guess from the label.
 */
export function perVerifiedMg(offer: {
  display: { priceAfterCoupon: number; total: number | null } | null;
  vials: number;
  verified: { mgPerVial: number } | null;
}): { amount: number; delivered: boolean } | null {
  if (offer.display === null || offer.verified === null || !(offer.verified.mgPerVial > 0)) {
    return null;
  }
  const verifiedMg = offer.verified.mgPerVial * Math.max(1, offer.vials);
  return offer.display.total === null
    ? { amount: offer.display.priceAfterCoupon / verifiedMg, delivered: false }
    : { amount: offer.display.total / verifiedMg, delivered: true };
}

/** The per-verified-mg column's header, tooltip and the words of an offer without a test. */
export const PER_VERIFIED_MG_LABEL = "Per verified mg";
export const PER_VERIFIED_MG_HINT =
  "Landed total ÷ (measured mg × purity): the price after coupon plus shipping for one pack, divided by the peptide a passing lab test of this vendor, peptide and size found in it";
export const NOT_VERIFIED = "not verified";

/**
 * Offers of several sizes (a detail page's "All") in one group per size, smallest first, each
 * keeping the order it was sorted in: a heading says which size the rows below are. One size
 * is one group.
 */
export function groupBySize<Row extends { sizeId: string; sizeLabel: string; quantity: number }>(
  rows: readonly Row[],
): { sizeId: string; label: string; rows: Row[] }[] {
  const groups = new Map<
    string,
    { sizeId: string; label: string; quantity: number; rows: Row[] }
  >();
  for (const row of rows) {
    const group = groups.get(row.sizeId);
    if (group) group.rows.push(row);
    else
      groups.set(row.sizeId, {
        sizeId: row.sizeId,
        label: row.sizeLabel,
        quantity: row.quantity,
        rows: [row],
      });
  }
  return [...groups.values()]
    .sort((a, b) => a.quantity - b.quantity)
    .map(({ sizeId, label, rows: grouped }) => ({ sizeId, label, rows: grouped }));
}
