/**
 * Reading one page of a source: the polite fetcher with its database-held host slots, Shopify's
 * variant feed, the fenced browser for prices drawn by scripts, and the admin's "Test
 * selectors". The run (run.server.ts) walks sources and pages with these.
 */
import { pageProvenance } from "~/lib/price-provenance";
import * as cheerio from "cheerio";

import type { AppContext } from "../platform/context.server";
import type { ScrapedDataArrays, ScrapeSource } from "../data/scrape-sources.server";
import { getSettings } from "../data/settings.server";
import { reserveScrapeHostSlot } from "../data/scrape-host-slots.server";
import { renderWithBrowser, renderWithBrowserless } from "../platform/outbound/browser.server";
import {
  extractListings,
  extractWithSelectors,
  extractShopifyProductJs,
  hasScripts,
  shopifyProductJsUrl,
  type Extraction,
  type ExtractionMethod,
  type Listing,
  type SourceSelectors,
} from "./extract.server";
import {
  PageFetcher,
  UrlCapReachedError,
  type FetchedPage,
  type HostSlots,
} from "../platform/outbound/fetch-page.server";
import { proposeSelectors } from "./propose-selectors.server";

/** What reading pages needs of the app. */
export type ScrapeContext = Pick<AppContext, "db" | "env" | "baseUrl">;

/**
 * A claimed slot starts this far ahead, so the request still goes out at its slot after the
 * database round trip (a slot in the past would shorten the gap to the next one).
 */
const SLOT_LEAD_MS = 100;

/** The per-host delay lives in the database, so overlapping runs on any instance share it. */
function databaseHostSlots(app: ScrapeContext): HostSlots {
  return {
    reserve: (host, gapMs) =>
      reserveScrapeHostSlot(app.db, { host, gapMs, now: new Date(Date.now() + SLOT_LEAD_MS) }),
  };
}

export async function createFetcher(app: ScrapeContext): Promise<PageFetcher> {
  const settings = await getSettings(app.db);
  return new PageFetcher({
    userAgent: app.env.SCRAPER_USER_AGENT,
    allowPrivateHosts: app.env.SCRAPER_ALLOW_PRIVATE_HOSTS,
    trustedOrigins: [new URL(app.baseUrl).origin],
    respectRobotsTxt: settings.respectRobotsTxt,
    requestDelayMs: settings.requestDelayMs,
    maxUrls: settings.maxUrlsPerRun,
    hostSlots: databaseHostSlots(app),
  });
}

export interface PageListings {
  url: string;
  html: string;
  method: ExtractionMethod | "browser" | null;
  listings: Listing[];
  warnings: string[];
}

/**
 * A Shopify product page whose HTML carries no variant data: the shop serves them all at
 * `/products/{handle}.js`, fetched as politely as any page. Kept when it lists more offers.
 */
async function withShopifyVariants(
  fetcher: PageFetcher,
  page: FetchedPage,
  extraction: Extraction,
): Promise<Extraction> {
  const productJsUrl =
    extraction.method === "shopify" ? null : shopifyProductJsUrl(page.body, page.url);
  if (!productJsUrl) return extraction;
  try {
    const answer = await fetcher.fetchPage(productJsUrl);
    const listings = extractShopifyProductJs(JSON.parse(answer.body), page.body, page.url);
    return listings.length > extraction.listings.length
      ? { ...extraction, method: "shopify", listings }
      : extraction;
  } catch (error) {
    if (error instanceof UrlCapReachedError) throw error;
    return {
      ...extraction,
      warnings: [...extraction.warnings, `could not read the variants at ${productJsUrl}`],
    };
  }
}

/** Each listing with how the page's reader read it. */
export function withProvenance(listings: Listing[], method: string | null, url: string): Listing[] {
  return listings.map((listing) => ({
    ...listing,
    provenance: pageProvenance(method, url, listing),
  }));
}

/**
 * One page: plain HTTP first. A page with scripts that yields no listing with a price (a
 * price drawn by JavaScript shows "--" until scripts run) is rendered in the fenced browser,
 * from the body already fetched, its sub-requests going through the same polite fetcher.
 */
export async function scrapePage(
  app: ScrapeContext,
  fetcher: PageFetcher,
  url: string,
  selectors: SourceSelectors,
): Promise<PageListings> {
  const page = await fetcher.fetchPage(url);
  const extraction = await withShopifyVariants(
    fetcher,
    page,
    extractListings(page.body, selectors, page.url),
  );
  const priced = extraction.listings.some((listing) => listing.price !== null);
  if (priced || !hasScripts(page.body)) {
    return {
      url: page.url,
      html: page.body,
      method: extraction.method,
      listings: withProvenance(extraction.listings, extraction.method, page.url),
      warnings: extraction.warnings,
    };
  }
  const rendered = app.env.BROWSERLESS_URL
    ? await renderWithBrowserless(app.env.BROWSERLESS_URL, page.url)
    : await renderWithBrowser(page, fetcher, { chromiumPath: app.env.CHROMIUM_PATH });
  const renderedExtraction = extractListings(rendered, selectors, page.url);
  return {
    url: page.url,
    html: rendered,
    method: "browser",
    listings: withProvenance(renderedExtraction.listings, "browser", page.url),
    warnings: renderedExtraction.warnings,
  };
}

export function toScrapedData(listings: Listing[]): ScrapedDataArrays {
  return {
    name: listings.map((l) => l.name),
    price: listings.map((l) => l.price),
    link: listings.map((l) => l.link),
    sold_out: listings.map((l) => l.soldOut),
  };
}

export interface SelectorTestResult {
  url: string;
  structuredData: { method: ExtractionMethod | null; listings: number };
  selectors: ScrapedDataArrays;
  proposedSelectors: ReturnType<typeof proposeSelectors>;
}

/** The admin's 'Test selectors': the CSS selectors applied to the first page, next to what structured data finds. */
export async function testSelectors(
  app: ScrapeContext,
  source: Pick<ScrapeSource, "url"> & SourceSelectors,
): Promise<SelectorTestResult> {
  const fetcher = await createFetcher(app);
  const page = await fetcher.fetchPage(source.url);
  const structured = extractListings(
    page.body,
    { ...source, nameSelector: null, priceSelector: null },
    page.url,
  );
  const selected = extractWithSelectors(cheerio.load(page.body), source, page.url);
  return {
    url: page.url,
    structuredData: { method: structured.method, listings: structured.listings.length },
    selectors: toScrapedData(selected),
    proposedSelectors: selected.length === 0 ? proposeSelectors(page.body) : null,
  };
}
