import { z } from "zod";

import { evidenceExcerpt } from "~/lib/price-provenance";

import type { PageFetcher } from "../../platform/outbound/fetch-page.server";
import { emptyRead, fetchJson, truncate, type CatalogueRead } from "./catalogue-read.server";
import { readFeedInTurns, UNFINISHED } from "./paged-feed.server";
import {
  MAX_PRODUCTS_PER_PAGE,
  MAX_SHOPIFY_PAGED_PRODUCTS,
  truncatedNote,
} from "./read-limits.server";
import { feedImage, offerName, positive, type ShopOffer } from "./shop-offer.server";

/**
 * Shopify's storefront JSON: `/products.json?limit=250&page=N` lists every product with its
 * variants (`price`, `compare_at_price`, `available`, `option1..3`) as decimal strings in the
 * shop's currency, which the feed does not name; `/cart.js` does (`currency`). The storefront
 * feed pages by number only (no Link header, no total, no since_id: those are the Admin API's),
 * at most 250 a page, and answers 400 once page × limit passes 25,000. A short or empty page
 * ends the catalogue.
 */

export const SHOPIFY_PRODUCTS_PATH = "/products.json";
export const SHOPIFY_CART_PATH = "/cart.js";
/** The shop's public facts, currency included; asked when robots.txt keeps us off /cart. */
export const SHOPIFY_META_PATH = "/meta.json";
const LIMIT = MAX_PRODUCTS_PER_PAGE;
/** Shopify's label of the one variant of a product without options. */
const NO_OPTION = "Default Title";

const shopifyVariant = z.object({
  id: z.number(),
  title: z.string().nullish(),
  option1: z.string().nullish(),
  option2: z.string().nullish(),
  option3: z.string().nullish(),
  price: z.union([z.string(), z.number()]).nullish(),
  compare_at_price: z.union([z.string(), z.number()]).nullish(),
  available: z.boolean().nullish(),
});

const shopifyProduct = z.object({
  id: z.number(),
  title: z.string(),
  handle: z.string(),
  variants: z.array(shopifyVariant),
  /** `images: [{ src }]` and `image: { src }`: read by feedImage, never a reason to skip the row. */
  images: z.unknown().optional(),
  image: z.unknown().optional(),
});
type ShopifyProduct = z.infer<typeof shopifyProduct>;

const shopifyPage = z.object({ products: z.array(z.unknown()) });
const shopifyCurrency = z.object({ currency: z.string().regex(/^[A-Za-z]{3}$/) });

const decimal = (value: string | number | null | undefined) =>
  positive(typeof value === "number" ? value : value ? Number(value) : null);

function offersOf(
  product: ShopifyProduct,
  shopUrl: string,
  currency: string | null,
  feedUrl: string,
): ShopOffer[] {
  const imageUrl = feedImage(product, shopUrl);
  return product.variants.map((variant) => {
    const price = decimal(variant.price);
    const compareAt = decimal(variant.compare_at_price);
    const onSale = price !== null && compareAt !== null && compareAt > price;
    const options = [variant.option1, variant.option2, variant.option3].filter(
      (value) => value !== NO_OPTION,
    );
    const link = new URL(`/products/${encodeURIComponent(product.handle)}`, shopUrl);
    if (product.variants.length > 1) link.searchParams.set("variant", String(variant.id));
    return {
      name: offerName(product.title, options),
      price,
      regularPrice: onSale ? compareAt : null,
      salePrice: onSale ? price : null,
      currency,
      link: link.href,
      soldOut: variant.available === false,
      imageUrl,
      provenance: {
        via: "feed" as const,
        url: feedUrl,
        evidence: evidenceExcerpt(
          `variant ${variant.id} ${JSON.stringify({
            price: variant.price,
            compare_at_price: variant.compare_at_price,
            available: variant.available,
          })}`,
        ),
      },
    };
  });
}

/**
 * The shop's currency from its AJAX cart, else from /meta.json (many shops' robots.txt keep
 * crawlers off /cart); null, and the prices wait for review, when neither says.
 */
async function readShopCurrency(
  fetcher: PageFetcher,
  read: CatalogueRead,
  shopUrl: string,
): Promise<string | null> {
  for (const path of [SHOPIFY_CART_PATH, SHOPIFY_META_PATH]) {
    const url = new URL(path, shopUrl).href;
    try {
      await fetcher.assertFetchable(url);
      const answer = await fetchJson(fetcher, read, url);
      if (answer === "cap") return null;
      const stated = shopifyCurrency.safeParse(answer.body);
      if (stated.success) return stated.data.currency.toUpperCase();
    } catch {
      // Disallowed or unreadable: the next place, or the warning below.
    }
  }
  read.warnings.push("the shop's currency could not be read from /cart.js or /meta.json");
  return null;
}

/**
 * The catalogue from the page the source's cursor names, as many pages as the run's share pays
 * for. The storefront feed states no total: the size the last full pass counted is given.
 */
export async function readShopifyCatalogue(
  fetcher: PageFetcher,
  shopUrl: string,
  cursor = 0,
  knownTotal: number | null = null,
): Promise<CatalogueRead> {
  const read = emptyRead();
  const currency = await readShopCurrency(fetcher, read, shopUrl);
  let previousFirstId: number | null = null;
  await readFeedInTurns(fetcher, read, cursor, {
    pageSize: LIMIT,
    expectedCost: () => 1,
    knownTotal,
    readPage: async (page) => {
      // Shopify answers 400 past its paging cap: those products cannot be read this way.
      if (page * LIMIT > MAX_SHOPIFY_PAGED_PRODUCTS) {
        truncate(
          read,
          `${truncatedNote(MAX_SHOPIFY_PAGED_PRODUCTS, "products")}: Shopify pages no further`,
        );
        return {
          products: 0,
          offers: [],
          last: true,
          total: MAX_SHOPIFY_PAGED_PRODUCTS,
          totalPages: page - 1,
        };
      }
      const url = new URL(SHOPIFY_PRODUCTS_PATH, shopUrl);
      url.search = `limit=${LIMIT}&page=${page}`;
      const answer = await fetchJson(fetcher, read, url.href);
      if (answer === "cap") return UNFINISHED;
      const parsed = shopifyPage.safeParse(answer.body);
      if (!parsed.success) throw new Error("products.json answered something other than products");
      const rows = parsed.data.products;
      // More rows than `limit` allows, or page N answering page N-1 again: the shop ignores
      // paging, and reading on would never end. Its first `limit` rows are read, once.
      const firstId = shopifyProduct.safeParse(rows[0]).data?.id ?? null;
      if (page > 1 && firstId !== null && firstId === previousFirstId) {
        truncate(read, `${truncatedNote(LIMIT, "products")}: the shop answers the same page again`);
        return { products: 0, offers: [], last: true, total: null, totalPages: null };
      }
      previousFirstId = firstId;
      const ignoresLimit = rows.length > LIMIT;
      if (ignoresLimit) {
        truncate(read, `${truncatedNote(LIMIT, "products")} on page ${page} of ${rows.length}`);
      }
      const offers: ShopOffer[] = [];
      const taken = rows.slice(0, LIMIT);
      for (const row of taken) {
        const product = shopifyProduct.safeParse(row);
        if (product.success) offers.push(...offersOf(product.data, shopUrl, currency, url.href));
        else read.warnings.push("a products.json row that is not a product was skipped");
      }
      // A short or empty page is the last: every page before it held `limit` products.
      const last = ignoresLimit || taken.length < LIMIT;
      return {
        products: taken.length,
        offers,
        last,
        total: last && !ignoresLimit ? (page - 1) * LIMIT + taken.length : null,
        totalPages: last && !ignoresLimit ? page : null,
      };
    },
  });
  return read;
}

/** Whether an answer is Shopify's products.json. */
export function isShopifyProductList(body: unknown): boolean {
  const parsed = shopifyPage.safeParse(body);
  return (
    parsed.success && parsed.data.products.every((row) => shopifyProduct.safeParse(row).success)
  );
}
