/** A saved deal as the Saved Deals page shows it (components/deals). */
export interface SavedDealRow {
  id: string;
  vendorPeptideId: string | null;
  peptideName: string;
  peptideSlug: string | null;
  vendorName: string;
  /** The vendor page's slug; null once the vendor price is gone. */
  vendorSlug: string | null;
  quantity: number | null;
  unit: string | null;
  purity: string | null;
  currency: string;
  priceAtSave: number;
  /** The coupon code the price was saved with; null when the vendor had none then. */
  couponCode: string | null;
  /** The live price with the vendor's coupon applied, as the site shows it; null once the price is gone. */
  priceNow: number | null;
  /** When the live price was last confirmed (the "as of" beside it); null once the price is gone. */
  priceCheckedAt: Date | null;
  inStock: boolean | null;
  url: string | null;
  tags: string[];
  notes: string | null;
  alertEnabled: boolean;
  createdAt: Date;
}
