/**
 * One vendor price as the offer tables show it (detail, compare, vendor and search pages): the
 * view type the data modules produce and `OfferTable` renders, so no component imports a
 * server module's types (issue 22).
 */
import type { Coupon, OfferPricing } from "./pricing";

export interface OfferRow extends OfferPricing {
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
  coupon: Coupon | null;
  /** Price after coupon per mg of the whole pack, in the offer's own currency. */
  pricePerMg: number | null;
  /** The lowest price of its history over the last 90 days (Good Deal); null when not read. */
  lowestPrice90Days: number | null;
  /**
   * The "Tested" badge's words (lab, date, result) when the vendor has a passing lab test of
   * this peptide within 12 months (issue 23, ~/lib/lab-tests.ts testedPairs); null otherwise.
   */
  tested: string | null;
  /** Search results only: the alias the query matched, when it did not match the name. */
  matchedAlias?: string | null;
  /**
   * Search results only (the "vendors" column): vendors with a public price for the peptide,
   * whatever its size or stock.
   */
  vendorCount?: number;
}

/**
 * A search result with no offer to show (issue 22): a peptide no vendor prices, or whose
 * prices cannot be bought right now. The offer table gives it a row that says so.
 */
export interface OfferlessRow {
  peptideId: string;
  peptideName: string;
  peptideSlug: string;
  matchedAlias: string | null;
  /** Vendors with a public price for the peptide (none of them buyable now). */
  vendorCount: number;
}
