import { extractListings } from "../../reader/extract.server";
import { UrlCapReachedError, type PageFetcher } from "../../platform/outbound/fetch-page.server";
import { withProvenance } from "../../reader/scrape-page.server";
import { addOffers, emptyRead, truncate, type CatalogueRead } from "./catalogue-read.server";
import {
  MAX_CHILD_SITEMAPS,
  MAX_PRODUCT_URLS_PER_SOURCE,
  MAX_URLS_PER_SITEMAP,
  truncatedNote,
} from "./read-limits.server";

/**
 * A shop without a catalogue feed: its sitemap's product pages, each read by the same page
 * extraction as any page source (structured data first). A sitemap index is followed into
 * its product sitemaps. One request per product page, so the run's URL cap bounds it.
 */

export const SITEMAP_PATH = "/sitemap.xml";
const NO_SELECTORS = { productSelector: null, nameSelector: null, priceSelector: null };
/** WooCommerce's /product/x, Shopify's /products/x, and most other shops' product paths. */
const PRODUCT_PATH = /\/(?:products?|shop\/p|p)\/[^/]+\/?$/i;

const XML_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
};

const decodeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[\da-f]+);/gi, (entity, name: string) => {
    if (name[0] !== "#") return XML_ENTITIES[name.toLowerCase()] ?? entity;
    const code =
      name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });

/** Where a sitemap's <loc> values are: an index's child sitemaps, or a urlset's pages. */
export interface SitemapLocs {
  kind: "index" | "urlset";
  locs: string[];
  /** More than MAX_URLS_PER_SITEMAP entries: the rest were not read. */
  truncated: boolean;
}

/**
 * The <loc> values of a sitemap or sitemap index in one pass over the text (linear in its
 * length, however many URLs; a DOM and a selector query over 80,000 URLs took minutes), at
 * most `max` of them. `[^<]*` never backtracks across another tag.
 */
export function scanSitemap(xml: string, max = MAX_URLS_PER_SITEMAP): SitemapLocs {
  const kind = /<(?:[\w-]+:)?sitemapindex[\s>]/i.test(xml) ? "index" : "urlset";
  const locs: string[] = [];
  const loc = /<(?:[\w-]+:)?loc>\s*(?:<!\[CDATA\[)?([^<\]]*)(?:\]\]>)?\s*<\/(?:[\w-]+:)?loc>/gi;
  for (let match = loc.exec(xml); match !== null; match = loc.exec(xml)) {
    if (locs.length >= max) return { kind, locs, truncated: true };
    const url = decodeXml(match[1].trim());
    if (url) locs.push(url);
  }
  return { kind, locs, truncated: false };
}

const sameOrigin = (url: string, shopUrl: string) => {
  try {
    return new URL(url).origin === new URL(shopUrl).origin;
  } catch {
    return false;
  }
};

/** A product page of the shop (same origin, a product path); false for anything unparseable. */
function isProductPage(url: string, origin: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.origin === origin && PRODUCT_PATH.test(parsed.pathname);
  } catch {
    return false;
  }
}

/**
 * The shop's product page URLs; an index's product sitemaps are preferred when it names any.
 * Bounded: MAX_URLS_PER_SITEMAP per file, MAX_CHILD_SITEMAPS children and
 * MAX_PRODUCT_URLS_PER_SOURCE product pages in all, each cut noted on the read.
 */
export async function readSitemapProductUrls(
  fetcher: PageFetcher,
  shopUrl: string,
  read: CatalogueRead,
): Promise<string[]> {
  const origin = new URL(shopUrl).origin;
  // A shop in a sub-directory ("/demo-retailer/") keeps its sitemap there.
  const sitemapUrl = new URL(SITEMAP_PATH.slice(1), shopUrl).href;
  const products = new Set<string>();
  const take = (url: string, sitemap: SitemapLocs) => {
    if (sitemap.truncated) truncate(read, `${url}: ${truncatedNote(MAX_URLS_PER_SITEMAP, "URLs")}`);
    for (const page of sitemap.locs) {
      if (products.size >= MAX_PRODUCT_URLS_PER_SOURCE) {
        truncate(read, truncatedNote(MAX_PRODUCT_URLS_PER_SOURCE, "product pages"));
        return false;
      }
      if (isProductPage(page, origin)) products.add(page);
    }
    return true;
  };
  read.urls.push(sitemapUrl);
  const root = scanSitemap((await fetcher.fetchPage(sitemapUrl)).body);
  if (root.kind === "urlset") {
    take(sitemapUrl, root);
    return [...products];
  }
  const children = root.locs.filter((url) => sameOrigin(url, shopUrl));
  const productChildren = children.filter((url) => /product/i.test(url));
  const chosen = productChildren.length > 0 ? productChildren : children;
  if (chosen.length > MAX_CHILD_SITEMAPS)
    truncate(read, truncatedNote(MAX_CHILD_SITEMAPS, "sitemaps of the index"));
  for (const child of chosen.slice(0, MAX_CHILD_SITEMAPS)) {
    if (fetcher.capReached) {
      read.complete = false;
      break;
    }
    read.urls.push(child);
    const sitemap = scanSitemap((await fetcher.fetchPage(child)).body);
    // An index inside an index is not followed: the protocol does not nest them.
    if (sitemap.kind === "index") continue;
    if (!take(child, sitemap)) break;
  }
  return [...products];
}

/**
 * The product pages from `cursor` on (wrapping round to the first), as many as the fetcher's
 * share of the run allows: a shop larger than its share is read in turns over several runs,
 * and `progress` says where the next one goes on.
 */
export async function readSitemapCatalogue(
  fetcher: PageFetcher,
  shopUrl: string,
  cursor = 0,
): Promise<CatalogueRead> {
  const read = emptyRead();
  const productUrls = await readSitemapProductUrls(fetcher, shopUrl, read);
  const total = productUrls.length;
  const start = total > 0 ? cursor % total : 0;
  let reached = 0;
  for (let k = 0; k < total; k += 1) {
    const url = productUrls[(start + k) % total];
    if (fetcher.capReached) {
      read.complete = false;
      break;
    }
    reached += 1;
    read.urls.push(url);
    try {
      const page = await fetcher.fetchPage(url);
      const extraction = extractListings(page.body, NO_SELECTORS, page.url);
      read.warnings.push(...extraction.warnings);
      const offers = withProvenance(extraction.listings, extraction.method, page.url).map(
        (listing) => ({
          ...listing,
          link: listing.link ?? page.url,
          regularPrice: null,
          salePrice: null,
        }),
      );
      if (!addOffers(read, offers)) break;
    } catch (error) {
      if (error instanceof UrlCapReachedError) {
        reached -= 1;
        read.complete = false;
        break;
      }
      // One unreadable product page leaves the others; the run is then not complete.
      read.complete = false;
      read.warnings.push(`${url}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  read.progress = { read: reached, total, nextCursor: total > 0 ? (start + reached) % total : 0 };
  return read;
}
