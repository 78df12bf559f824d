import type { ListingProvenance } from "~/lib/price-provenance";
import * as cheerio from "cheerio";

import type { Candidate, StructuredMethod } from "./extract/candidate.server";
import { collapse, ogTitle, pageTitle, safeLink } from "./extract/page-text.server";
import { extractJsonLd } from "./extract/json-ld.server";
import { extractMeta } from "./extract/meta.server";
import { mergeSources } from "./extract/merge.server";
import { extractMicrodata, extractRdfa } from "./extract/microdata.server";
import { discoverPageCurrency } from "./extract/page-currency.server";
import { productImages } from "./extract/product-image.server";
import { selectListings } from "./extract/selectors.server";
import { extractShopify, shopifyProductCandidates } from "./extract/shopify.server";
import { visibleCurrentPrice, visiblySoldOut } from "./extract/visible-price.server";
import { extractWooCommerce } from "./extract/woocommerce.server";

/** One product (or variant) offered on a scraped page. */
export interface Listing {
  /** The product's name, with the variant's attribute where it has one ("BPC-157 – 10 mg"). */
  name: string;
  price: number | null;
  /** ISO 4217 code stated by the page; null when it only prints an ambiguous symbol like "$". */
  currency: string | null;
  /** An absolute http(s) link, or null. */
  link: string | null;
  soldOut: boolean;
  /** The product image the listing names (absolute http(s)), fetched after the run; or none. */
  imageUrl?: string | null;
  /** How its reader read the price (the run adds when, which run and which source). */
  provenance?: ListingProvenance;
}

export interface SourceSelectors {
  productSelector: string | null;
  nameSelector: string | null;
  priceSelector: string | null;
  linkSelector?: string | null;
  soldOutSelector?: string | null;
  paginationSelector?: string | null;
  nextPageSelector?: string | null;
}

/** "layout": a known shop layout's title and price, for pages with no data and no selectors. */
export type ExtractionMethod = StructuredMethod | "selectors" | "layout";

export interface Extraction {
  method: ExtractionMethod | null;
  listings: Listing[];
  /** What the run log should say about this page: a visible price preferred, duplicates dropped. */
  warnings: string[];
}

const toListing = ({ name, price, currency, link, soldOut }: Candidate | Listing): Listing => ({
  name,
  price,
  currency,
  link,
  soldOut,
});

const STRUCTURED: [StructuredMethod, ($: cheerio.CheerioAPI, baseUrl: string) => Candidate[]][] = [
  ["shopify", extractShopify],
  ["woocommerce", extractWooCommerce],
  ["json-ld", extractJsonLd],
  ["microdata", extractMicrodata],
  ["rdfa", extractRdfa],
  ["meta", extractMeta],
];

const money = (amount: number, currency: string | null) =>
  `${amount.toFixed(2)}${currency ? ` ${currency}` : ""}`;

/**
 * Offers of one name (marketplace sellers of one product) never overwrite each other: the first
 * in stock stays (the buy box), the others are dropped and logged.
 */
function foldSameName<T extends Listing>(listings: T[], warnings: string[]): T[] {
  const byName = new Map<string, T[]>();
  for (const listing of listings) {
    const key = listing.name.toLowerCase().replace(/\s+/g, " ");
    byName.set(key, [...(byName.get(key) ?? []), listing]);
  }
  return [...byName.values()].map((offers) => {
    const kept = offers.find((offer) => !offer.soldOut && offer.price !== null) ?? offers[0];
    const dropped = offers.filter((offer) => offer !== kept);
    if (dropped.some((offer) => offer.price !== kept.price || offer.soldOut !== kept.soldOut)) {
      warnings.push(
        `${offers.length} offers for "${kept.name}" on the page: kept the first in stock (${kept.price === null ? "no price" : money(kept.price, kept.currency)}), dropped ${dropped
          .map((offer) => (offer.price === null ? "no price" : money(offer.price, offer.currency)))
          .join(", ")}`,
      );
    }
    return kept;
  });
}

/** The product a known shop layout shows (its title and current price), when nothing else reads. */
function layoutListing(
  $: cheerio.CheerioAPI,
  baseUrl: string,
  pageCurrency: string | null,
): Listing | null {
  const visible = visibleCurrentPrice($);
  const name = collapse($("#productTitle").first().text()) || pageTitle($);
  if (!visible || !name) return null;
  return {
    name,
    price: visible.amount,
    currency: visible.currency ?? pageCurrency,
    link: safeLink(baseUrl, baseUrl),
    soldOut: visiblySoldOut($),
    imageUrl: productImages($, baseUrl, [name])(name) ?? undefined,
  };
}

/**
 * On a single-product page, what the shopper sees settles a disagreement with the structured
 * data (often cached from before a sale): the visible current price wins, and a visible "out
 * of stock" counts where the data says nothing about stock.
 */
function preferVisibleFacts(
  $: cheerio.CheerioAPI,
  candidate: Candidate,
  method: StructuredMethod,
  warnings: string[],
): void {
  const visible = visibleCurrentPrice($);
  const comparable =
    visible !== null &&
    (visible.currency === null ||
      candidate.currency === null ||
      visible.currency === candidate.currency);
  if (
    visible &&
    comparable &&
    (candidate.price === null || Math.abs(visible.amount - candidate.price) >= 0.005)
  ) {
    warnings.push(
      `The page shows ${money(visible.amount, candidate.currency ?? visible.currency)} for "${candidate.name}" where its ${method} data says ${candidate.price === null ? "no price" : money(candidate.price, candidate.currency)}: the visible price is used`,
    );
    candidate.price = visible.amount;
    candidate.currency ??= visible.currency;
  }
  if (!candidate.stockKnown && visiblySoldOut($)) candidate.soldOut = true;
}

/**
 * Where the shop platforms show other products beside the page's own: WooCommerce's related,
 * upsell and cross-sell sections, Shopify's product-recommendations, Magento's related and
 * upsell blocks, and the common "you may also like" and "recently viewed" carousels.
 */
const OTHER_PRODUCTS_BLOCKS = [
  "section.related.products",
  ".related.products",
  ".upsells.products",
  ".cross-sells",
  "product-recommendations",
  ".product-recommendations",
  ".block.related",
  ".block.upsell",
  ".related-products",
  "#related-products",
  ".recently-viewed",
  ".you-may-also-like",
].join(", ");

/**
 * Every offer of one fetched page. Structured data first (Shopify and WooCommerce variant data,
 * JSON-LD, microdata, RDFa, OpenGraph product tags), merged so that each sellable variant is one
 * listing; the source's CSS selectors when the page has none. Currencies are ISO codes the page
 * states, never guessed from "$".
 */
export function extractListings(
  html: string,
  selectors: SourceSelectors,
  baseUrl: string,
): Extraction {
  const $ = cheerio.load(html);
  // Other products' prices (related, upsell and recommendation blocks) are never this page's.
  $(OTHER_PRODUCTS_BLOCKS).remove();
  const pageCurrency = discoverPageCurrency($);
  const warnings: string[] = [];
  const merged = mergeSources(
    new Map(STRUCTURED.map(([method, extract]) => [method, extract($, baseUrl)])),
    [pageTitle($), ogTitle($)].filter((title): title is string => title !== null),
  );
  if (!merged) {
    const listings = selectListings($, selectors, baseUrl, pageCurrency);
    if (listings.length > 0) return { method: "selectors", listings, warnings };
    const shown = layoutListing($, baseUrl, pageCurrency);
    return { method: shown ? "layout" : null, listings: shown ? [shown] : [], warnings };
  }
  const candidates = foldSameName(
    merged.candidates.map((candidate) => ({
      ...candidate,
      currency: candidate.currency ?? pageCurrency,
    })),
    warnings,
  );
  if (candidates.length === 1) {
    preferVisibleFacts($, candidates[0], merged.method, warnings);
  }
  const imageOf = productImages(
    $,
    baseUrl,
    candidates.map((candidate) => candidate.productName),
  );
  const listings = candidates.map((candidate) => ({
    ...toListing(candidate),
    // Left out rather than null when the page names none, so listings compare as before.
    imageUrl: imageOf(candidate.productName) ?? undefined,
  }));
  return { method: merged.method, listings, warnings };
}

/** The CSS selectors alone, as the admin's 'Test selectors' shows them. */
export function extractWithSelectors(
  $: cheerio.CheerioAPI,
  selectors: SourceSelectors,
  baseUrl: string,
): Listing[] {
  return selectListings($, selectors, baseUrl, discoverPageCurrency($));
}

/**
 * Shopify serves every product as JSON at `/products/{handle}.js`: worth fetching for a Shopify
 * product page whose HTML carries no variant data. Null for other pages.
 */
export function shopifyProductJsUrl(html: string, pageUrl: string): string | null {
  if (!/cdn\.shopify\.com|Shopify\.shop\s*=/.test(html)) return null;
  const url = new URL(pageUrl);
  const handle =
    /^(?:\/[a-z]{2}(?:-[a-z]{2})?)?\/(?:collections\/[^/]+\/)?products\/([^/?#.]+)/i.exec(
      url.pathname,
    )?.[1];
  return handle ? new URL(`/products/${handle}.js`, url.origin).href : null;
}

/**
 * The listings of a Shopify `/products/{handle}.js` answer, in the currency the product page
 * (`pageHtml`) states for the shop.
 */
export function extractShopifyProductJs(
  json: unknown,
  pageHtml: string,
  pageUrl: string,
): Listing[] {
  const $ = cheerio.load(pageHtml);
  const shopCurrency = discoverPageCurrency($);
  // The product's `featured_image` ("//cdn.shopify.com/…"), else the image its page names.
  const featured = (json as { featured_image?: unknown } | null)?.featured_image;
  const imageUrl =
    (typeof featured === "string" ? safeLink(featured, pageUrl) : null) ??
    productImages($, pageUrl, [])("") ??
    undefined;
  return shopifyProductCandidates(json, pageUrl)
    .filter((candidate) => candidate.price !== null || candidate.soldOut)
    .map((candidate) => ({ ...toListing({ ...candidate, currency: shopCurrency }), imageUrl }));
}

/** The next page of a category, from the source's selectors (or rel=next); null at the end. */
export function findNextPageUrl(
  html: string,
  selectors: Pick<SourceSelectors, "paginationSelector" | "nextPageSelector">,
  baseUrl: string,
): string | null {
  const $ = cheerio.load(html);
  const scope = selectors.paginationSelector ? $(selectors.paginationSelector) : $.root();
  const next = selectors.nextPageSelector
    ? scope.find(selectors.nextPageSelector).first()
    : scope.find('a[rel~="next"], link[rel~="next"]').first();
  return safeLink(next.attr("href"), baseUrl);
}

/** A page that builds its content with JavaScript: worth a headless browser when HTML gave nothing. */
export function hasScripts(html: string): boolean {
  const $ = cheerio.load(html);
  return $("script")
    .toArray()
    .some((script) => {
      const type = $(script).attr("type");
      return !type || /javascript|module/i.test(type);
    });
}
