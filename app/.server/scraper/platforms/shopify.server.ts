import { z } from "zod";

import type { PageFetcher } from "../fetch-page.server";
import { emptyRead, fetchJson, type CatalogueRead } from "./catalogue-read.server";
import { offerName, positive, type ShopOffer } from "./shop-offer.server";

/**
 * Shopify's storefront JSON: `/products.json?limit=250&page=N` lists every product with its
 * variants (`price`, `compare_at_price`, `available`, `option1..3`) as decimal strings in the
 * shop's currency, which the feed does not name; `/cart.js` does (`currency`). An empty page
 * ends the catalogue.
 */

export const SHOPIFY_PRODUCTS_PATH = "/products.json";
export const SHOPIFY_CART_PATH = "/cart.js";
/** The shop's public facts, currency included; asked when robots.txt keeps us off /cart. */
export const SHOPIFY_META_PATH = "/meta.json";
const LIMIT = 250;
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
});
type ShopifyProduct = z.infer<typeof shopifyProduct>;

const shopifyPage = z.object({ products: z.array(z.unknown()) });
const shopifyCurrency = z.object({ currency: z.string().regex(/^[A-Za-z]{3}$/) });

const decimal = (value: string | number | null | undefined) =>
  positive(typeof value === "number" ? value : value ? Number(value) : null);

function offersOf(product: ShopifyProduct, shopUrl: string, currency: string | null): ShopOffer[] {
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

export async function readShopifyCatalogue(
  fetcher: PageFetcher,
  shopUrl: string,
): Promise<CatalogueRead> {
  const read = emptyRead();
  const currency = await readShopCurrency(fetcher, read, shopUrl);
  for (let page = 1; ; page += 1) {
    const url = new URL(SHOPIFY_PRODUCTS_PATH, shopUrl);
    url.search = `limit=${LIMIT}&page=${page}`;
    const answer = await fetchJson(fetcher, read, url.href);
    if (answer === "cap") return read;
    const parsed = shopifyPage.safeParse(answer.body);
    if (!parsed.success) throw new Error("products.json answered something other than products");
    for (const row of parsed.data.products) {
      const product = shopifyProduct.safeParse(row);
      if (product.success) read.offers.push(...offersOf(product.data, shopUrl, currency));
      else read.warnings.push("a products.json row that is not a product was skipped");
    }
    if (parsed.data.products.length < LIMIT) return read;
  }
}

/** Whether an answer is Shopify's products.json. */
export function isShopifyProductList(body: unknown): boolean {
  const parsed = shopifyPage.safeParse(body);
  return (
    parsed.success && parsed.data.products.every((row) => shopifyProduct.safeParse(row).success)
  );
}
