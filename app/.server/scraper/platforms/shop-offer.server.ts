/** An offer as a shop's catalogue feed states it, and the helpers that name and price it. */
import type { Listing } from "../../reader/extract.server";
import { safeLink } from "../../reader/extract/page-text.server";

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

/**
 * The first image a feed row names, resolved against the shop: `images[0].src` (WooCommerce's
 * Store API, Shopify's products.json) or `image.src` (Shopify); null when it names none. Read
 * leniently: a malformed image list never costs the row its price.
 */
export function feedImage(
  row: { images?: unknown; image?: unknown },
  shopUrl: string,
): string | null {
  const first = Array.isArray(row.images) ? (row.images[0] as unknown) : null;
  for (const image of [first, row.image]) {
    const src = image && typeof image === "object" ? (image as { src?: unknown }).src : null;
    const link = typeof src === "string" ? safeLink(src, shopUrl) : null;
    if (link) return link;
  }
  return null;
}
