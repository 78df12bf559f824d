/** The offer every extractor yields, and the name it goes by so matching sees its size. */

export type StructuredMethod =
  "json-ld" | "microdata" | "rdfa" | "meta" | "woocommerce" | "shopify";

/** One offer as an extractor read it, with what the merge needs to fold duplicates. */
export interface Candidate {
  name: string;
  price: number | null;
  /** ISO 4217 code the offer itself states; the page's currency fills the gaps later. */
  currency: string | null;
  link: string | null;
  soldOut: boolean;
  /** False where the source says nothing about stock (Shopify's analytics snippet). */
  stockKnown: boolean;
  productName: string;
  /** The variant's attribute text ("10 mg"); null for a product-level offer. */
  variantLabel: string | null;
  sku: string | null;
  variantId: string | null;
  /** A summary of several offers (an AggregateOffer's low price), not one sellable variant. */
  summary: boolean;
}

/** One sellable offer's Candidate, named as the product with the variant's label. */
export function variantCandidate({
  label,
  ...offer
}: Omit<Candidate, "name" | "variantLabel"> & { label: string | null }): Candidate {
  return {
    name: variantName(offer.productName, label),
    price: offer.price,
    currency: offer.currency,
    link: offer.link,
    soldOut: offer.soldOut,
    stockKnown: offer.stockKnown,
    productName: offer.productName,
    variantLabel: label,
    sku: offer.sku,
    variantId: offer.variantId,
    summary: offer.summary,
  };
}

/** "BPC-157 – 10 mg": the product's name with the variant's attribute, so matching sees the size. */
export function variantName(productName: string, label: string | null): string {
  if (!label) return productName;
  const product = productName.trim();
  if (normalizeName(label).includes(normalizeName(product))) return label;
  return `${product} – ${label}`;
}

export const normalizeName = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}.]+/gu, " ")
    .trim();
