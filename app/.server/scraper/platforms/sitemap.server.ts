import * as cheerio from "cheerio";

import { extractListings } from "../extract.server";
import { UrlCapReachedError, type PageFetcher } from "../fetch-page.server";
import { emptyRead, type CatalogueRead } from "./catalogue-read.server";

/**
 * A shop without a catalogue feed: its sitemap's product pages, each read by the same page
 * extraction as any page source (structured data first). A sitemap index is followed into
 * its product sitemaps. One request per product page, so the run's URL cap bounds it.
 */

export const SITEMAP_PATH = "/sitemap.xml";
const NO_SELECTORS = { productSelector: null, nameSelector: null, priceSelector: null };
/** WooCommerce's /product/x, Shopify's /products/x, and most other shops' product paths. */
const PRODUCT_PATH = /\/(?:products?|shop\/p|p)\/[^/]+\/?$/i;

function locs(xml: string): { sitemaps: string[]; pages: string[] } {
  const $ = cheerio.load(xml, { xml: true });
  const text = (selector: string) =>
    $(selector)
      .map((_, el) => $(el).text().trim())
      .get()
      .filter(Boolean);
  return { sitemaps: text("sitemapindex > sitemap > loc"), pages: text("urlset > url > loc") };
}

const sameOrigin = (url: string, shopUrl: string) => {
  try {
    return new URL(url).origin === new URL(shopUrl).origin;
  } catch {
    return false;
  }
};

/** The shop's product page URLs; an index's product sitemaps are preferred when it names any. */
export async function readSitemapProductUrls(
  fetcher: PageFetcher,
  shopUrl: string,
  read: CatalogueRead,
): Promise<string[]> {
  const sitemapUrl = new URL(SITEMAP_PATH, shopUrl).href;
  read.urls.push(sitemapUrl);
  const root = locs((await fetcher.fetchPage(sitemapUrl)).body);
  const pages = [...root.pages];
  const children = root.sitemaps.filter((url) => sameOrigin(url, shopUrl));
  const productChildren = children.filter((url) => /product/i.test(url));
  for (const child of productChildren.length > 0 ? productChildren : children) {
    if (fetcher.capReached) {
      read.complete = false;
      break;
    }
    read.urls.push(child);
    pages.push(...locs((await fetcher.fetchPage(child)).body).pages);
  }
  return [
    ...new Set(
      pages.filter((url) => sameOrigin(url, shopUrl) && PRODUCT_PATH.test(new URL(url).pathname)),
    ),
  ];
}

export async function readSitemapCatalogue(
  fetcher: PageFetcher,
  shopUrl: string,
): Promise<CatalogueRead> {
  const read = emptyRead();
  const productUrls = await readSitemapProductUrls(fetcher, shopUrl, read);
  for (const url of productUrls) {
    if (fetcher.capReached) {
      read.complete = false;
      break;
    }
    read.urls.push(url);
    try {
      const page = await fetcher.fetchPage(url);
      const extraction = extractListings(page.body, NO_SELECTORS, page.url);
      read.warnings.push(...extraction.warnings);
      read.offers.push(
        ...extraction.listings.map((listing) => ({
          ...listing,
          link: listing.link ?? page.url,
          regularPrice: null,
          salePrice: null,
        })),
      );
    } catch (error) {
      if (error instanceof UrlCapReachedError) {
        read.complete = false;
        break;
      }
      // One unreadable product page leaves the others; the run is then not complete.
      read.complete = false;
      read.warnings.push(`${url}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return read;
}
