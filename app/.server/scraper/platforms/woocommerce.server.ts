import { z } from "zod";

import { evidenceExcerpt } from "~/lib/price-provenance";

import { safeLink } from "../../reader/extract/page-text.server";
import type { PageFetcher } from "../../platform/outbound/fetch-page.server";
import { emptyRead, fetchJson, truncate, type CatalogueRead } from "./catalogue-read.server";
import { readFeedInTurns, UNFINISHED } from "./paged-feed.server";
import { truncatedNote } from "./read-limits.server";
import { feedImage, offerName, positive, type ShopOffer } from "./shop-offer.server";

/**
 * WooCommerce's Store API (`/wp-json/wc/store/v1/products`): public JSON of the whole
 * catalogue, paged with `page` and `per_page` (at most 100) and the X-WP-TotalPages header.
 * Prices are strings in minor units with `currency_minor_unit` decimals and the shop's ISO
 * `currency_code`. Variable products list their variations' ids and attributes; the
 * variations themselves, each with its own price and stock, come from `type=variation` with
 * `parent` naming the page's variable products (the Store API's documented list filters).
 */

export const WOOCOMMERCE_PRODUCTS_PATH = "/wp-json/wc/store/v1/products";
const PER_PAGE = 100;

/**
 * The Store API of the WordPress install at `installUrl`: the site root, or a sub-directory
 * install ("https://shop.example/shop/" serves /shop/wp-json/…).
 */
export function wooProductsUrl(installUrl: string): URL {
  const base = new URL(installUrl);
  if (!base.pathname.endsWith("/")) base.pathname += "/";
  base.search = "";
  return new URL(WOOCOMMERCE_PRODUCTS_PATH.slice(1), base);
}

const wooPrices = z.object({
  price: z.string().nullish(),
  regular_price: z.string().nullish(),
  sale_price: z.string().nullish(),
  currency_code: z.string().nullish(),
  currency_minor_unit: z.number().int().min(0).max(6).nullish(),
});

const wooProduct = z.object({
  id: z.number(),
  name: z.string(),
  parent: z.number().nullish(),
  type: z.string().nullish(),
  permalink: z.string().nullish(),
  on_sale: z.boolean().nullish(),
  is_in_stock: z.boolean().nullish(),
  prices: wooPrices.nullish(),
  /** `[{ src, … }]`: read by feedImage, never a reason to skip the row. */
  images: z.unknown().optional(),
  /**
   * On a variation: its attributes as the shopper reads them, "Size: 2.5mg" (HTML-escaped,
   * several joined by ", "), made from the terms' names.
   */
  variation: z.string().nullish(),
  /**
   * On a parent: its attributes with their terms; a term's `name` is what the shopper sees
   * ("2.5mg"), its `slug` what a variation below refers to it by ("2-5mg").
   */
  attributes: z
    .array(
      z.object({
        name: z.string(),
        taxonomy: z.string().nullish(),
        terms: z.array(z.object({ name: z.string(), slug: z.string().nullish() })).nullish(),
      }),
    )
    .nullish(),
  /** On a parent: each variation's attributes by label, `value` being a taxonomy term's slug. */
  variations: z
    .array(
      z.object({
        id: z.number(),
        attributes: z.array(z.object({ name: z.string(), value: z.string().nullish() })),
      }),
    )
    .nullish(),
});
type WooProduct = z.infer<typeof wooProduct>;

const wooPage = z.array(z.unknown());

/** "2450" with 2 minor units is 24.50; with 0 it is 2450; with 3 it is 2.450. */
export function fromMinorUnits(
  amount: string | null | undefined,
  minorUnit: number,
): number | null {
  if (!amount || !/^\d+$/.test(amount.trim())) return null;
  return positive(Number(amount.trim()) / 10 ** minorUnit);
}

const decodeEntities = (text: string) =>
  text
    .replace(/<[^>]*>/g, "")
    .replace(/&#0*38;|&amp;/g, "&")
    .replace(/&#8211;|&ndash;/g, "–")
    .replace(/&nbsp;/g, " ")
    .trim();

function offerOf(product: WooProduct, name: string, shopUrl: string, feedUrl: string): ShopOffer {
  const prices = product.prices;
  const minor = prices?.currency_minor_unit ?? 2;
  const price = fromMinorUnits(prices?.price, minor);
  const regular = fromMinorUnits(prices?.regular_price, minor);
  const sale = fromMinorUnits(prices?.sale_price, minor);
  const onSale = sale !== null && regular !== null && sale < regular;
  return {
    name: decodeEntities(name),
    // The Store API's `price` is already the active one; the sale price wins when it is lower.
    price: onSale ? sale : (price ?? regular),
    regularPrice: onSale ? regular : null,
    salePrice: onSale ? sale : null,
    currency: prices?.currency_code?.trim().toUpperCase() || null,
    link: safeLink(product.permalink, shopUrl),
    soldOut: product.is_in_stock === false,
    imageUrl: feedImage(product, shopUrl),
    provenance: {
      via: "feed",
      url: feedUrl,
      evidence: evidenceExcerpt(
        `#${product.id} ${JSON.stringify({
          price: prices?.price,
          regular_price: prices?.regular_price,
          sale_price: prices?.sale_price,
          currency_code: prices?.currency_code,
          currency_minor_unit: prices?.currency_minor_unit,
        })}`,
      ),
    },
  };
}

/** "Size: 2.5mg, Vials: 5" (HTML-escaped) → ["2.5mg", "5"]. */
function formattedVariationValues(formatted: string): string[] {
  return decodeEntities(formatted)
    .split(/,\s*(?=[^,:]+:)/)
    .map((part) => part.replace(/^[^:]*:\s*/, "").trim());
}

/**
 * What the shopper reads for each of a variation's attributes: the term's name found by the
 * slug the parent's variation list gives ("2-5mg" → "2.5mg"), else the variation's own
 * formatted attributes, else (an attribute with no terms, whose value is its text) the value.
 * A slug is never taken for the size: "2-5mg" would read as 5 mg.
 */
export function variationLabels(
  parent: Pick<WooProduct, "attributes">,
  listed: { name: string; value?: string | null }[],
  variation: Pick<WooProduct, "variation">,
): string[] {
  const formatted = variation.variation ? formattedVariationValues(variation.variation) : [];
  const labels = listed.map((attribute, index) => {
    const definition = parent.attributes?.find(
      (candidate) => candidate.name.trim().toLowerCase() === attribute.name.trim().toLowerCase(),
    );
    const term = definition?.terms?.find((candidate) => candidate.slug === attribute.value);
    if (term) return decodeEntities(term.name);
    if (formatted.length === listed.length && formatted[index]) return formatted[index];
    const isTaxonomy = Boolean(definition?.taxonomy) || (definition?.terms?.length ?? 0) > 0;
    return isTaxonomy ? null : (attribute.value ?? null);
  });
  if (labels.every((label) => label !== null)) return labels as string[];
  // "Any size" variations (an empty value) and unknown slugs: the shopper-facing text whole.
  return formatted.length > 0 ? formatted : labels.filter((label): label is string => !!label);
}

/** The rows of one page that are products (malformed rows are skipped and counted). */
function parsePage(body: unknown, read: CatalogueRead): WooProduct[] {
  const rows = wooPage.safeParse(body);
  if (!rows.success) throw new Error("The Store API answered something other than a product list");
  const products: WooProduct[] = [];
  for (const row of rows.data) {
    const product = wooProduct.safeParse(row);
    if (product.success) products.push(product.data);
    else read.warnings.push("a Store API row that is not a product was skipped");
  }
  return products;
}

/** Product list queries: oldest first by id, so a product added between runs is read last. */
const LIST_ORDER = "orderby=id&order=asc";

function listUrl(shopUrl: string, query: string): string {
  const url = wooProductsUrl(shopUrl);
  url.search = `per_page=${PER_PAGE}&${query}&${LIST_ORDER}`;
  return url.href;
}

/** Pages the listing says it has (X-WP-TotalPages), or null when it does not say. */
function totalPagesOf(headers: Record<string, unknown>): number | null {
  const pages = Number(headers["x-wp-totalpages"]);
  return Number.isFinite(pages) && pages >= 0 ? pages : null;
}

/**
 * The variations of one page's variable products (`type=variation&parent=…`), every page of
 * them; UNFINISHED when the run's share cannot pay for them all.
 */
async function readVariationsOf(
  fetcher: PageFetcher,
  read: CatalogueRead,
  shopUrl: string,
  parents: WooProduct[],
): Promise<Map<number, WooProduct> | typeof UNFINISHED> {
  const byId = new Map<number, WooProduct>();
  if (parents.length === 0) return byId;
  const query = `type=variation&parent=${parents.map((p) => p.id).join(",")}`;
  for (let page = 1; ; page += 1) {
    const answer = await fetchJson(fetcher, read, listUrl(shopUrl, `${query}&page=${page}`));
    if (answer === "cap") return UNFINISHED;
    const rows = parsePage(answer.body, read).slice(0, PER_PAGE);
    for (const row of rows) byId.set(row.id, row);
    const pages = totalPagesOf(answer.headers);
    const more = pages !== null ? page < pages : rows.length === PER_PAGE;
    if (!more || rows.length === 0) return byId;
  }
}

/** One page's offers: simple products as they are, each variable product as its variations. */
function offersOfPage(
  products: WooProduct[],
  variations: Map<number, WooProduct>,
  read: CatalogueRead,
  shopUrl: string,
  feedUrl: string,
): ShopOffer[] {
  const offers: ShopOffer[] = [];
  for (const product of products) {
    if (product.type === "variation") continue;
    if (!product.variations?.length) {
      offers.push(offerOf(product, product.name, shopUrl, feedUrl));
      continue;
    }
    for (const listed of product.variations) {
      const variation = variations.get(listed.id);
      if (!variation) {
        read.warnings.push(`variation ${listed.id} of "${product.name}" is not in the feed`);
        continue;
      }
      offers.push(
        offerOf(
          {
            ...variation,
            permalink: variation.permalink ?? product.permalink,
            // A variation without its own image shows its product's.
            images: feedImage(variation, shopUrl) ? variation.images : product.images,
          },
          offerName(product.name, variationLabels(product, listed.attributes, variation)),
          shopUrl,
          feedUrl,
        ),
      );
    }
  }
  return offers;
}

/**
 * The catalogue from the page the source's cursor names, as many pages as the run's share pays
 * for: each page of products (100, oldest first) with its variable products' variations (named
 * with the parent's title and the variation's attribute names, priced and stocked one by one).
 */
export async function readWooCommerceCatalogue(
  fetcher: PageFetcher,
  shopUrl: string,
  cursor = 0,
): Promise<CatalogueRead> {
  const read = emptyRead();
  // Requests a page of products took with its variations; the next is expected to take as many.
  let lastCost = 1;
  let pagesBegun = 0;
  await readFeedInTurns(fetcher, read, cursor, {
    pageSize: PER_PAGE,
    expectedCost: () => lastCost,
    readPage: async (page) => {
      const first = pagesBegun++ === 0;
      const feedUrl = listUrl(shopUrl, `page=${page}`);
      const answer = await fetchJson(fetcher, read, feedUrl);
      if (answer === "cap") return UNFINISHED;
      let products = parsePage(answer.body, read);
      const pages = totalPagesOf(answer.headers);
      const stated = Number(answer.headers["x-wp-total"]);
      // A page longer than `per_page` ignores paging: its first rows are read, once.
      const ignoresPaging = products.length > PER_PAGE;
      if (ignoresPaging) {
        truncate(
          read,
          `${truncatedNote(PER_PAGE, "products")} on page ${page} of ${products.length}`,
        );
        products = products.slice(0, PER_PAGE);
      }
      const parents = products.filter((p) => (p.variations?.length ?? 0) > 0);
      const listed = parents.reduce((sum, p) => sum + (p.variations?.length ?? 0), 0);
      const variationPages = Math.ceil(listed / PER_PAGE);
      lastCost = 1 + variationPages;
      // The page is read whole or not at all: its variations must fit in what is left. A share
      // smaller than one page with its variations would leave the cursor on this page run after
      // run, so the run's first page takes what its variations lack from the run's spare URLs.
      const lacking = variationPages - fetcher.budget.remaining;
      if (lacking > 0 && !(first && fetcher.budget.stretch(lacking))) return UNFINISHED;
      const variations = await readVariationsOf(fetcher, read, shopUrl, parents);
      if (variations === UNFINISHED) return UNFINISHED;
      return {
        products: products.length,
        offers: offersOfPage(products, variations, read, shopUrl, feedUrl),
        last:
          ignoresPaging ||
          products.length === 0 ||
          (pages !== null ? page >= pages : products.length < PER_PAGE),
        total: Number.isFinite(stated) && stated >= 0 ? stated : null,
        totalPages: pages,
      };
    },
  });
  return read;
}

/** Whether an answer is the Store API's product list (an empty shop still sends X-WP-Total). */
export function isWooCommerceProductList(body: unknown, totalHeader: unknown): boolean {
  if (!Array.isArray(body)) return false;
  if (body.length === 0) return totalHeader !== undefined;
  return body.every((row) => {
    const product = wooProduct.safeParse(row);
    return product.success && product.data.prices != null;
  });
}
