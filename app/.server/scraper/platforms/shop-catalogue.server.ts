import type { ScrapeSourceKind } from "~/lib/constants";

import { RobotsDisallowedError, type PageFetcher } from "../fetch-page.server";
import { emptyRead, type CatalogueRead } from "./catalogue-read.server";
import {
  isShopifyProductList,
  readShopifyCatalogue,
  SHOPIFY_PRODUCTS_PATH,
} from "./shopify.server";
import { readSitemapCatalogue, readSitemapProductUrls, SITEMAP_PATH } from "./sitemap.server";
import {
  isWooCommerceProductList,
  readWooCommerceCatalogue,
  WOOCOMMERCE_PRODUCTS_PATH,
} from "./woocommerce.server";

/** The source kinds that read a whole shop rather than one page. */
export type ShopKind = Exclude<ScrapeSourceKind, "page">;

export interface ShopDetection {
  /** The shop's root (scheme, host and port): every feed path hangs off it. */
  shopUrl: string;
  kind: ShopKind | null;
  /** What each probe found, in the order they were tried, for the operator. */
  findings: string[];
}

/** The shop's root from whatever page of it the operator pasted. */
export function shopRoot(address: string): string {
  return `${new URL(address).origin}/`;
}

const reason = (error: unknown) =>
  error instanceof RobotsDisallowedError
    ? "robots.txt disallows it"
    : error instanceof Error
      ? error.message
      : String(error);

async function probe(
  fetcher: PageFetcher,
  url: string,
): Promise<{ body: unknown; headers: Record<string, unknown> } | { error: string }> {
  try {
    const page = await fetcher.fetchPage(url);
    try {
      return { body: JSON.parse(page.body) as unknown, headers: page.headers };
    } catch {
      return { error: "the answer is not JSON" };
    }
  } catch (error) {
    return { error: reason(error) };
  }
}

/**
 * Asks the shop, through the polite fetcher, which feed it serves: the WooCommerce Store API,
 * then Shopify's products.json, then a sitemap with product pages. One request per probe, and
 * it stops at the first that answers.
 */
export async function detectShopPlatform(
  fetcher: PageFetcher,
  address: string,
): Promise<ShopDetection> {
  const shopUrl = shopRoot(address);
  const findings: string[] = [];
  const woo = await probe(
    fetcher,
    new URL(`${WOOCOMMERCE_PRODUCTS_PATH}?per_page=1`, shopUrl).href,
  );
  if (!("error" in woo) && isWooCommerceProductList(woo.body, woo.headers["x-wp-total"])) {
    findings.push(`WooCommerce Store API at ${WOOCOMMERCE_PRODUCTS_PATH}`);
    return { shopUrl, kind: "woocommerce", findings };
  }
  findings.push(`No WooCommerce Store API (${"error" in woo ? woo.error : "not a product list"})`);
  const shopify = await probe(fetcher, new URL(`${SHOPIFY_PRODUCTS_PATH}?limit=1`, shopUrl).href);
  if (!("error" in shopify) && isShopifyProductList(shopify.body)) {
    findings.push(`Shopify product JSON at ${SHOPIFY_PRODUCTS_PATH}`);
    return { shopUrl, kind: "shopify", findings };
  }
  findings.push(
    `No Shopify product JSON (${"error" in shopify ? shopify.error : "not a product list"})`,
  );
  try {
    const products = await readSitemapProductUrls(fetcher, shopUrl, emptyRead());
    if (products.length > 0) {
      findings.push(`A sitemap at ${SITEMAP_PATH} with ${products.length} product pages`);
      return { shopUrl, kind: "sitemap", findings };
    }
    findings.push(`The sitemap at ${SITEMAP_PATH} names no product pages`);
  } catch (error) {
    findings.push(`No sitemap (${reason(error)})`);
  }
  return { shopUrl, kind: null, findings };
}

/** The whole catalogue of a shop of that kind, read through the run's polite fetcher. */
export function readShopCatalogue(
  fetcher: PageFetcher,
  kind: ShopKind,
  shopUrl: string,
): Promise<CatalogueRead> {
  switch (kind) {
    case "woocommerce":
      return readWooCommerceCatalogue(fetcher, shopUrl);
    case "shopify":
      return readShopifyCatalogue(fetcher, shopUrl);
    case "sitemap":
      return readSitemapCatalogue(fetcher, shopUrl);
  }
}

/** A shop source's run so far, in the shape the run's bookkeeping (run.server.ts) completes. */
export interface ShopSourceRead {
  listings: CatalogueRead["offers"];
  visited: Set<string>;
  warnings: string[];
  error: unknown;
  /** The URL cap ended the reading: offers not seen were not reached, not gone. */
  cutShort: boolean;
}

/** Reads a shop source's whole feed; a failure is returned, not thrown, like a page's. */
export async function readShopSource(
  fetcher: PageFetcher,
  source: { kind: ShopKind; url: string },
): Promise<ShopSourceRead> {
  try {
    const read = await readShopCatalogue(fetcher, source.kind, shopRoot(source.url));
    return {
      listings: read.offers,
      visited: new Set(read.urls),
      warnings: read.warnings,
      error: null,
      cutShort: !read.complete,
    };
  } catch (error) {
    return { listings: [], visited: new Set(), warnings: [], error, cutShort: false };
  }
}
