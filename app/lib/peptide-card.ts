/** What the home page's and the catalogue's peptide cards show (components/peptide-card.tsx). */

import type { OfferLab } from "./lab-tests";

export interface CategoryLink {
  name: string;
  slug: string;
}

export interface CardSize {
  id: string;
  label: string;
  /**
   * Best Price of this size in the display currency, for one vial: the landed total (price
   * after coupon plus shipping to the visitor's destination) of the best buyable offer that
   * passed the visitor's vendor, price and rating filters, or its price when its shipping is
   * not stated (`shippingStated` false); null when no offer qualifies.
   */
  lowestPrice: number | null;
  /** False when lowestPrice leaves shipping out because the vendor has not stated it. */
  shippingStated: boolean;
  currency: string;
  /** Vials in the best offer's pack (its price is lowestPrice times this). */
  vials: number;
  /** The best offer's own price per vial and currency when lowestPrice was converted from it. */
  convertedFrom: { price: number; currency: string } | null;
  /** The best offer's landed total per mg (its price per mg when shipping is not stated). */
  perMg: number | null;
  /** The best offer's shipping for one pack (display currency): 0 free, null unknown. */
  shipping: number | null;
  /** Vendors with a buyable offer of this size (countBuyableVendors, as search counts). */
  vendorCount: number;
  /** Some vendor lists this size, bought or not: "Not in stock" when none can be bought. */
  listed: boolean;
  /**
   * The best offer's lab state, as its offer row says it (issue 30): the "Tested" badge's words,
   * or the "Failed lab test" warning (a buyer who includes those offers may see one as the
   * card's price); both null without a best offer.
   */
  tested: OfferLab["tested"];
  labWarning: OfferLab["labWarning"];
}

export interface PeptideCardData {
  id: string;
  name: string;
  slug: string;
  imageUrl: string | null;
  categoryName: string | null;
  categorySlug: string | null;
  sizes: CardSize[];
  /** The size the card shows first: the first size, or the first one the size filter asks for. */
  defaultSizeId: string | null;
}
