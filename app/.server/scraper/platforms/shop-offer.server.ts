/** An offer as a shop's catalogue feed states it, and the helpers that name and price it. */
import type { Listing } from "../extract.server";

/**
 * One product or variation as a shop's catalogue feed states it. `price` is what a buyer pays
 * today (the sale price when there is one), so it is what the price writer stores.
 */
export interface ShopOffer extends Listing {
  /** The price before the sale; null when the offer is not on sale. */
  regularPrice: number | null;
  /** The sale price; null when the offer is not on sale. */
  salePrice: number | null;
}

/** "BPC-157 – 10mg / 5 vials": the product's title with its variant's option values. */
export function offerName(
  productName: string,
  optionValues: (string | null | undefined)[],
): string {
  const values = optionValues.map((value) => value?.trim() ?? "").filter(Boolean);
  return values.length > 0 ? `${productName.trim()} – ${values.join(" / ")}` : productName.trim();
}

/** A positive amount, or null: a zero or missing price is no price. */
export function positive(amount: number | null | undefined): number | null {
  return amount !== null && amount !== undefined && Number.isFinite(amount) && amount > 0
    ? amount
    : null;
}
