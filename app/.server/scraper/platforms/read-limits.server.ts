/**
 * Bounds on what one read of a shop may take in, whatever the shop serves (issue 37 Must 2):
 * a hostile or broken shop (a sitemap of 80,000 URLs, a products.json that answers 25,000
 * products on every page whatever `limit` and `page` say) costs at most these, and the rest is
 * reported on the source as "truncated at N", never queued. docs/security.md lists them.
 */

/** The sitemap protocol's own limit per file: more <loc> entries than this are not read. */
export const MAX_URLS_PER_SITEMAP = 50_000;
/** Child sitemaps of an index followed per read. */
export const MAX_CHILD_SITEMAPS = 50;
/** Product page URLs one sitemap source keeps per read (its pages are then read in turns). */
export const MAX_PRODUCT_URLS_PER_SOURCE = 20_000;
/** Shopify's documented largest `limit`; a page with more rows ignores paging. */
export const MAX_PRODUCTS_PER_PAGE = 250;
/** Shopify's storefront pages no further than page × limit = 25,000 (HTTP 400 past it). */
export const MAX_SHOPIFY_PAGED_PRODUCTS = 25_000;
/** Offers (products or variations) one source's read yields per run. */
export const MAX_OFFERS_PER_RUN = 5_000;
/** Listings one source's run sends to the review queue. */
export const MAX_REVIEW_ROWS_PER_RUN = 200;

/** What the source says when a bound cut a read: "truncated at 250 products on page 1". */
export function truncatedNote(limit: number, what: string): string {
  return `truncated at ${limit.toLocaleString("en-US")} ${what}`;
}
