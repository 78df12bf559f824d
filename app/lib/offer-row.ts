/**
 * One offer as the offer tables show it (detail, compare, vendor and search pages): the
 * view type the data modules produce and `OfferTable` renders, so no component imports a
 * server module's types (issue 22).
 */
import type { OfferLab } from "./lab-tests";
import type { PriceRead } from "./price-provenance";
import type { Coupon, OfferPricing } from "./pricing";
import type { CouponVotes } from "./trust/coupon-feedback";

export interface OfferRow extends OfferPricing, OfferLab {
  id: string;
  peptideId: string;
  peptideName: string;
  /** The peptide page's address: /peptide/{peptideSlug}. */
  peptideSlug: string;
  vendorId: string;
  vendorName: string;
  /** The vendor page's address: /vendor/{vendorSlug}. */
  vendorSlug: string;
  vendorRating: number | null;
  /** The vendor's free-text shipping note (SPEC.md's shipping_cost). */
  vendorShippingNote: string | null;
  /** The currency of the vendor's fixed coupons and shipping. */
  vendorCurrency: string;
  sizeId: string;
  sizeLabel: string;
  quantity: number;
  unit: string;
  /** Vials in the pack this price buys. */
  vials: number;
  price: number;
  currency: string;
  url: string | null;
  purity: string | null;
  notes: string | null;
  stockStatus: string;
  source: string;
  /** ISO timestamp: when this price was last confirmed. */
  priceCheckedAt: string;
  /** How and when the price was read (issue 31 Must 10); null for prices from before it was kept. */
  priceRead?: PriceRead | null;
  coupon: Coupon | null;
  /** The price and stock came from the vendor, confirmed on its storefront (issue 33). */
  vendorSupplied?: boolean;
  /** The vendor entered the coupon itself; buyers have not confirmed it yet (issue 33). */
  couponReportedByVendor?: boolean;
  /** Buyers' votes on the coupon in the last 90 days, shown beside the code (issue 33). */
  couponVotes?: CouponVotes | null;
  /** Price after coupon per mg of the whole pack, in the offer's own currency. */
  pricePerMg: number | null;
  /** The lowest price of its history over the last 90 days (Good Deal); null when not read. */
  lowestPrice90Days: number | null;
  /** Search results only: the alias the query matched, when it did not match the name. */
  matchedAlias?: string | null;
  /** Search results only: the size the query asked for ("semaglutide 5mg"); the row is that size's. */
  askedSize?: string | null;
  /**
   * Search results only (the "vendors" column): vendors with a public price for the peptide,
   * whatever its stock, in the size the query asked for or in any size.
   */
  vendorCount?: number;
}

/**
 * A search result with no offer to show (issue 22): a peptide no offers, or whose
 * prices cannot be bought right now. The offer table gives it a row that says so.
 */
export interface OfferlessRow {
  peptideId: string;
  peptideName: string;
  peptideSlug: string;
  matchedAlias: string | null;
  /** The size the query asked for: the row says there is no offer in it. */
  askedSize: string | null;
  /** Vendors with a public price for the peptide, in the size asked for (none of them buyable now). */
  vendorCount: number;
}
