import { z } from "zod";

import { safeLink } from "../extract/page-text.server";
import type { PageFetcher } from "../fetch-page.server";
import { emptyRead, fetchJson, type CatalogueRead } from "./catalogue-read.server";
import { offerName, positive, type ShopOffer } from "./shop-offer.server";

/**
 * WooCommerce's Store API (`/wp-json/wc/store/v1/products`): public JSON of the whole
 * catalogue, paged with `page` and `per_page` (at most 100) and the X-WP-TotalPages header.
 * Prices are strings in minor units with `currency_minor_unit` decimals and the shop's ISO
 * `currency_code`. Variable products list their variations' ids and attributes; the
 * variations themselves, each with its own price and stock, come from `type=variation`.
 */

export const WOOCOMMERCE_PRODUCTS_PATH = "/wp-json/wc/store/v1/products";
const PER_PAGE = 100;

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
  /** On a variation: "Size: 10mg" (HTML-escaped), the fallback when the parent lists none. */
  variation: z.string().nullish(),
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

function offerOf(product: WooProduct, name: string, shopUrl: string): ShopOffer {
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
  };
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

/** Every page of one Store API listing, until X-WP-TotalPages (or a short page) says the end. */
async function readAllPages(
  fetcher: PageFetcher,
  read: CatalogueRead,
  shopUrl: string,
  extraQuery: string,
): Promise<WooProduct[]> {
  const all: WooProduct[] = [];
  for (let page = 1; ; page += 1) {
    const url = new URL(WOOCOMMERCE_PRODUCTS_PATH, shopUrl);
    url.search = `per_page=${PER_PAGE}&page=${page}${extraQuery}`;
    const answer = await fetchJson(fetcher, read, url.href);
    if (answer === "cap") return all;
    const products = parsePage(answer.body, read);
    all.push(...products);
    const totalPages = Number(answer.headers["x-wp-totalpages"]);
    const more = Number.isFinite(totalPages) ? page < totalPages : products.length === PER_PAGE;
    if (!more || products.length === 0) return all;
  }
}

/**
 * The whole catalogue: simple products as they are, each variable product as its variations
 * (named with the parent's title and the variation's attribute values, priced and stocked
 * one by one).
 */
export async function readWooCommerceCatalogue(
  fetcher: PageFetcher,
  shopUrl: string,
): Promise<CatalogueRead> {
  const read = emptyRead();
  const products = await readAllPages(fetcher, read, shopUrl, "");
  const variable = products.filter((p) => (p.variations?.length ?? 0) > 0);
  const variations =
    variable.length > 0 && read.complete
      ? await readAllPages(fetcher, read, shopUrl, "&type=variation")
      : [];
  const variationById = new Map(variations.map((v) => [v.id, v]));
  for (const product of products) {
    if (product.type === "variation") continue;
    if (!product.variations?.length) {
      read.offers.push(offerOf(product, product.name, shopUrl));
      continue;
    }
    for (const listed of product.variations) {
      const variation = variationById.get(listed.id);
      if (!variation) {
        if (read.complete)
          read.warnings.push(`variation ${listed.id} of "${product.name}" is not in the feed`);
        continue;
      }
      const values = listed.attributes.map((attribute) => attribute.value);
      const label = values.some(Boolean)
        ? values
        : [variation.variation?.replace(/^[^:]*:\s*/, "")];
      read.offers.push(
        offerOf(
          { ...variation, permalink: variation.permalink ?? product.permalink },
          offerName(product.name, label),
          shopUrl,
        ),
      );
    }
  }
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
