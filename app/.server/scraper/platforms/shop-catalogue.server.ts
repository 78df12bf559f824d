import type { ScrapeSourceKind } from "~/lib/constants";

import type { AppContext } from "../../platform/context.server";
import type { ScrapeSource } from "../../data/scrape-sources.server";
import { RobotsDisallowedError, type PageFetcher } from "../../platform/outbound/fetch-page.server";
import { emptyRead, type CatalogueRead } from "./catalogue-read.server";
import {
  isShopifyProductList,
  readShopifyCatalogue,
  SHOPIFY_PRODUCTS_PATH,
} from "./shopify.server";
import { readMerchantFeedCatalogue, settleMerchantFeed } from "./merchant-feed.server";
import { readSitemapCatalogue, readSitemapProductUrls, SITEMAP_PATH } from "./sitemap.server";
import {
  isWooCommerceProductList,
  readWooCommerceCatalogue,
  wooProductsUrl,
} from "./woocommerce.server";

/** The source kinds that read a whole shop rather than one page. */
export type ShopKind = Exclude<ScrapeSourceKind, "page">;

/** The kinds a pasted shop address can be detected as (a vendor's own feed is given, not found). */
export type DetectedShopKind = Exclude<ShopKind, "merchant_feed">;

export interface ShopDetection {
  /** The shop's root (scheme, host and port): every feed path hangs off it. */
  shopUrl: string;
  kind: DetectedShopKind | null;
  /** What each probe found, in the order they were tried, for the operator. */
  findings: string[];
}

/** The shop's root from whatever page of it the operator pasted. */
export function shopRoot(address: string): string {
  return `${new URL(address).origin}/`;
}

/** The directory an address stands in: a sub-directory shop's feeds hang off it. */
export function shopDirectory(address: string): string {
  const url = new URL(address);
  url.pathname = url.pathname.replace(/[^/]*$/, "");
  url.search = "";
  url.hash = "";
  return url.href;
}

/**
 * What says a page is a Shopify storefront whatever its domain (a shop on its own domain is
 * no myshopify.com host): Shopify's response headers, or the theme's `Shopify.shop` script.
 */
export function shopifyEvidence(headers: Record<string, unknown>, html: string): string | null {
  if (headers["x-shopid"] !== undefined) return "its x-shopid header";
  if (headers["x-shopify-stage"] !== undefined) return "its x-shopify-stage header";
  if (/shopify/i.test(String(headers["powered-by"] ?? ""))) return "its powered-by header";
  if (/\bShopify\.shop\s*=/.test(html)) return "the page's Shopify.shop";
  if (/cdn\.shopify\.com\//.test(html)) return "the page's assets on cdn.shopify.com";
  return null;
}

/**
 * Where a WordPress install may live, given a pasted address: the directories of its path,
 * deepest first, a WooCommerce product path's own prefix first of all ("/shop/product/x/" →
 * "/shop/"). The site root is probed before these; at most three are tried.
 */
export function installCandidates(address: string): string[] {
  const url = new URL(address);
  const parts = url.pathname.split("/").filter(Boolean);
  const productAt = parts.findIndex((part) => part === "product" || part === "shop-2");
  const prefixes: string[] = [];
  if (productAt > 0) prefixes.push(`/${parts.slice(0, productAt).join("/")}/`);
  for (let depth = parts.length; depth >= 1; depth -= 1) {
    prefixes.push(`/${parts.slice(0, depth).join("/")}/`);
  }
  return [...new Set(prefixes)].slice(0, 3).map((path) => new URL(path, url.origin).href);
}

/**
 * The install a WordPress page names (`<link rel="https://api.w.org/" href=".../wp-json/">`,
 * or the same as a Link header): its URL without "wp-json/", or null.
 */
export function restRootInstall(html: string, linkHeader: string, pageUrl: string): string | null {
  const fromHeader = /<([^>]+)>\s*;\s*rel="https:\/\/api\.w\.org\/"/i.exec(linkHeader)?.[1];
  const fromPage =
    /<link\b[^>]*rel=["']https:\/\/api\.w\.org\/["'][^>]*>/i
      .exec(html)?.[0]
      .match(/href=["']([^"']+)["']/i)?.[1] ?? null;
  const root = fromHeader ?? fromPage;
  if (!root) return null;
  try {
    const url = new URL(root, pageUrl);
    if (url.origin !== new URL(pageUrl).origin) return null;
    url.pathname = url.pathname.replace(/wp-json\/?$/, "");
    url.search = "";
    return url.href;
  } catch {
    return null;
  }
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

/** Shopify's products.json at the shop's root, or null (what it answered is in the findings). */
async function shopifyAt(
  fetcher: PageFetcher,
  shopUrl: string,
  findings: string[],
): Promise<ShopDetection | null> {
  const shopify = await probe(fetcher, new URL(`${SHOPIFY_PRODUCTS_PATH}?limit=1`, shopUrl).href);
  if (!("error" in shopify) && isShopifyProductList(shopify.body)) {
    findings.push(`Shopify product JSON at ${SHOPIFY_PRODUCTS_PATH}`);
    return { shopUrl, kind: "shopify", findings };
  }
  findings.push(
    `No Shopify product JSON (${"error" in shopify ? shopify.error : "not a product list"})`,
  );
  return null;
}

/** A sitemap with product pages at the shop's root, else in the pasted address's directories. */
async function sitemapAt(
  fetcher: PageFetcher,
  address: string,
  findings: string[],
): Promise<ShopDetection | null> {
  const shopUrl = shopRoot(address);
  const places = [shopUrl];
  if (new URL(address).pathname !== "/") places.push(...installCandidates(address).slice(0, 2));
  for (const place of places) {
    const path = new URL(SITEMAP_PATH.slice(1), place).pathname;
    try {
      const products = await readSitemapProductUrls(fetcher, place, emptyRead());
      if (products.length > 0) {
        findings.push(`A sitemap at ${path} with ${products.length} product pages`);
        return { shopUrl: place, kind: "sitemap", findings };
      }
      findings.push(`The sitemap at ${path} names no product pages`);
    } catch (error) {
      findings.push(`No sitemap at ${path} (${reason(error)})`);
    }
  }
  return null;
}

/**
 * Asks the shop, through the polite fetcher, which feed it serves: the WooCommerce Store API
 * (at the root, then where the pasted page's REST root or path says a sub-directory install
 * is), Shopify's products.json (first, when the pasted page shows Shopify's marks), then a
 * sitemap with product pages. It stops at the first that answers.
 */
export async function detectShopPlatform(
  fetcher: PageFetcher,
  address: string,
): Promise<ShopDetection> {
  const shopUrl = shopRoot(address);
  const findings: string[] = [];
  let pasted: Awaited<ReturnType<PageFetcher["fetchPage"]>> | null = null;
  try {
    pasted = await fetcher.fetchPage(address);
  } catch {
    // An unreadable pasted page leaves the feed probes.
  }
  const shopifyMark = pasted ? shopifyEvidence(pasted.headers, pasted.body) : null;
  if (shopifyMark) {
    findings.push(`A Shopify storefront (${shopifyMark})`);
    const shopify = await shopifyAt(fetcher, shopUrl, findings);
    if (shopify) return shopify;
  }
  const wooAt = async (install: string) => {
    const url = wooProductsUrl(install);
    url.search = "per_page=1";
    const answer = await probe(fetcher, url.href);
    const found =
      !("error" in answer) && isWooCommerceProductList(answer.body, answer.headers["x-wp-total"]);
    return { found, path: url.pathname, answer };
  };
  const woo = await wooAt(shopUrl);
  if (woo.found) {
    findings.push(`WooCommerce Store API at ${woo.path}`);
    return { shopUrl, kind: "woocommerce", findings };
  }
  findings.push(
    `No WooCommerce Store API (${"error" in woo.answer ? woo.answer.error : "not a product list"})`,
  );
  // A sub-directory install: the REST root the pasted page names, else its path's prefixes.
  const installs = new Set<string>();
  if (new URL(address).pathname !== "/") {
    const named = pasted
      ? restRootInstall(pasted.body, String(pasted.headers.link ?? ""), pasted.url)
      : null;
    if (named) installs.add(named);
    for (const candidate of installCandidates(address)) installs.add(candidate);
  }
  installs.delete(shopUrl);
  for (const install of [...installs].slice(0, 3)) {
    const sub = await wooAt(install);
    if (sub.found) {
      findings.push(
        `WooCommerce Store API at ${sub.path} (a WordPress install in a sub-directory)`,
      );
      return { shopUrl: install, kind: "woocommerce", findings };
    }
  }
  if (!shopifyMark) {
    const shopify = await shopifyAt(fetcher, shopUrl, findings);
    if (shopify) return shopify;
  }
  return (await sitemapAt(fetcher, address, findings)) ?? { shopUrl, kind: null, findings };
}

/** Where a source's address leaves a platform's feeds. */
type FeedBase = (sourceUrl: string) => string;

/**
 * A kind of shop source as the run sees it: where its feed hangs off the source's address, how
 * its catalogue is read from where the last run stopped (`cursor`) as far as the run's share
 * allows, and what else the kind does once the run has written the source's listings (`settle`,
 * in the same pass as the writes; the run names no kind).
 */
export interface ShopPlatform {
  base: FeedBase;
  read: (
    fetcher: PageFetcher,
    base: string,
    cursor: number,
    knownTotal: number | null,
  ) => Promise<CatalogueRead>;
  settle?: (app: SettleContext, source: ScrapeSource, read: ShopSourceRead) => Promise<void>;
}

type SettleContext = Pick<AppContext, "db">;

// A WooCommerce source keeps its directory (a shop in a sub-directory), a vendor's feed its own
// address, a sitemap source its directory; Shopify answers at the shop's root.
const ownAddress: FeedBase = (url) => url;

export const SHOP_PLATFORMS: Record<ShopKind, ShopPlatform> = {
  woocommerce: { base: ownAddress, read: readWooCommerceCatalogue },
  shopify: { base: shopRoot, read: readShopifyCatalogue },
  sitemap: { base: shopDirectory, read: readSitemapCatalogue },
  merchant_feed: { base: ownAddress, read: readMerchantFeedCatalogue, settle: settleMerchantFeed },
};

/** A shop's catalogue of that kind, read through the run's polite fetcher. */
export function readShopCatalogue(
  fetcher: PageFetcher,
  kind: ShopKind,
  shopUrl: string,
  cursor = 0,
  knownTotal: number | null = null,
): Promise<CatalogueRead> {
  return SHOP_PLATFORMS[kind].read(fetcher, shopUrl, cursor, knownTotal);
}

/** A shop source's run so far, in the shape the run's bookkeeping (run.server.ts) completes. */
export interface ShopSourceRead {
  listings: CatalogueRead["offers"];
  visited: Set<string>;
  warnings: string[];
  error: unknown;
  /** The URL cap ended the reading: offers not seen were not reached, not gone. */
  cutShort: boolean;
  /** Where a read limit cut the shop's answer ("truncated at 250 products on page 1"). */
  truncated: string[];
  /** A shop read in turns: what this run read and where the next goes on. */
  progress: CatalogueRead["progress"];
  /** A vendor's feed: its items as checked on the storefront (vendor-feed.server.ts). */
  feed?: CatalogueRead["feed"];
}

/** "read 49 of 82 products this run, full pass every 2 runs": what the source shows. */
export function readProgressText(progress: NonNullable<CatalogueRead["progress"]>): string {
  const { read, total } = progress;
  const count = (n: number) => n.toLocaleString("en-US");
  // A feed that states no size, before its end was first reached.
  if (total === null)
    return `read ${count(read)} products this run, the catalogue's end not reached yet`;
  if (read >= total) return `read ${count(total)} of ${count(total)} products this run`;
  // A feed's pages cost alike, its products per page need not (a short last page).
  const pages = progress.pages;
  const runs =
    pages && pages.total !== null && pages.read > 0
      ? Math.ceil(pages.total / pages.read)
      : read > 0
        ? Math.ceil(total / read)
        : null;
  return `read ${count(read)} of ${count(total)} products this run${runs ? `, full pass every ${runs} runs` : ""}`;
}

/** Reads a shop source's whole feed; a failure is returned, not thrown, like a page's. */
export async function readShopSource(
  fetcher: PageFetcher,
  source: { kind: ShopKind; url: string; readCursor?: number; readTotal?: number | null },
): Promise<ShopSourceRead> {
  try {
    const platform = SHOP_PLATFORMS[source.kind];
    const read = await platform.read(
      fetcher,
      platform.base(source.url),
      source.readCursor ?? 0,
      source.readTotal ?? null,
    );
    return {
      listings: read.offers,
      visited: new Set(read.urls),
      warnings: read.warnings,
      error: null,
      cutShort: !read.complete,
      truncated: read.truncated,
      progress: read.progress,
      feed: read.feed,
    };
  } catch (error) {
    return {
      listings: [],
      visited: new Set(),
      warnings: [],
      error,
      cutShort: false,
      truncated: [],
      progress: undefined,
    };
  }
}
