import * as cheerio from "cheerio";

import { notifyPriceDrops } from "../alerts.server";
import type { AppContext } from "../context.server";
import { insertScrapeLog } from "../data/scrape-logs.server";
import {
  getActiveScrapeSources,
  recordScrapeOutcome,
  saveScrapedData,
  type ScrapedDataArrays,
  type ScrapeSource,
} from "../data/scrape-sources.server";
import { getSettings } from "../data/settings.server";
import { applyListings } from "./apply.server";
import { renderWithBrowser, scrapeWithBrowserless } from "./browser.server";
import {
  extractListings,
  extractWithSelectors,
  findNextPageUrl,
  hasScripts,
  proposeSelectors,
  type ExtractionMethod,
  type Listing,
  type SourceSelectors,
} from "./extract.server";
import { PageFetcher } from "./fetch-page.server";

export const SCRAPE_MESSAGES = {
  success: "Scraping completed successfully.",
  empty: "Warning: Scraping completed but no data was returned. Check selectors or target page.",
  missingSelectors: "Error: One or more selectors are missing.",
  missingSelectorsFor: (retailer: string) => `Error: Missing selectors for ${retailer}`,
  unknown: "Unknown error",
  testSucceeded: "Selector test succeeded.",
} as const;

/** SPEC.md §8: the error text, cut to 200 characters. */
export function scrapingErrorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return text ? `Error during scraping: ${text.slice(0, 200)}` : SCRAPE_MESSAGES.unknown;
}

type RunContext = Pick<AppContext, "db" | "env" | "baseUrl" | "logger" | "mailer">;

export interface SourceRunResult {
  sourceId: string;
  retailerName: string;
  ok: boolean;
  message: string;
  data: ScrapedDataArrays | null;
  summary: { listings: number; updated: number; unchanged: number; queued: number };
}

export interface RunAllResult {
  ok: boolean;
  message: string;
  results: SourceRunResult[];
}

function hasRequiredSelectors(
  source: Pick<SourceSelectors, "nameSelector" | "priceSelector">,
): boolean {
  return Boolean(source.nameSelector?.trim() && source.priceSelector?.trim());
}

async function createFetcher(app: RunContext): Promise<PageFetcher> {
  const settings = await getSettings(app.db);
  return new PageFetcher({
    userAgent: app.env.SCRAPER_USER_AGENT,
    allowPrivateHosts: app.env.SCRAPER_ALLOW_PRIVATE_HOSTS,
    trustedOrigins: [new URL(app.baseUrl).origin],
    respectRobotsTxt: settings.respectRobotsTxt,
    requestDelayMs: settings.requestDelayMs,
    maxUrls: settings.maxUrlsPerRun,
  });
}

// ---------------------------------------------------------------- fetching and extracting

interface PageListings {
  url: string;
  html: string;
  method: ExtractionMethod | "browser" | null;
  listings: Listing[];
}

/** One page: plain HTTP first; a page that built nothing without JavaScript gets a browser. */
async function scrapePage(
  app: RunContext,
  fetcher: PageFetcher,
  url: string,
  selectors: SourceSelectors,
): Promise<PageListings> {
  const page = await fetcher.fetchPage(url);
  const extraction = extractListings(page.body, selectors, page.url);
  if (extraction.listings.length > 0 || !hasScripts(page.body)) {
    return {
      url: page.url,
      html: page.body,
      method: extraction.method,
      listings: extraction.listings,
    };
  }
  await fetcher.assertFetchable(page.url);
  if (app.env.BROWSERLESS_URL) {
    const listings = await scrapeWithBrowserless(app.env.BROWSERLESS_URL, page.url, selectors);
    return { url: page.url, html: page.body, method: "browser", listings };
  }
  const rendered = await renderWithBrowser(page.url, {
    chromiumPath: app.env.CHROMIUM_PATH,
    userAgent: app.env.SCRAPER_USER_AGENT,
    allowPrivateHosts: app.env.SCRAPER_ALLOW_PRIVATE_HOSTS,
    trustedOrigins: [new URL(app.baseUrl).origin],
  });
  const renderedExtraction = extractListings(rendered, selectors, page.url);
  return {
    url: page.url,
    html: rendered,
    method: "browser",
    listings: renderedExtraction.listings,
  };
}

/** Every listing of a source: one page, or a category followed through its next-page links. */
async function collectListings(
  app: RunContext,
  fetcher: PageFetcher,
  source: ScrapeSource,
): Promise<{ listings: Listing[]; pages: number; method: string | null }> {
  const listings: Listing[] = [];
  const visited = new Set<string>();
  let url: string | null = source.url;
  let method: string | null = null;
  while (url && !visited.has(url)) {
    visited.add(url);
    const page = await scrapePage(app, fetcher, url, source);
    listings.push(...page.listings);
    method ??= page.method;
    if (source.pageType !== "category" || fetcher.capReached) break;
    url = findNextPageUrl(page.html, source, page.url);
  }
  return { listings, pages: visited.size, method };
}

export function toScrapedData(listings: Listing[]): ScrapedDataArrays {
  return {
    name: listings.map((l) => l.name),
    price: listings.map((l) => l.price),
    link: listings.map((l) => l.link),
    sold_out: listings.map((l) => l.soldOut),
  };
}

// ---------------------------------------------------------------- runs

async function finishSource(
  app: RunContext,
  source: ScrapeSource,
  outcome: { ok: boolean; error: string | null; details: string },
): Promise<void> {
  const at = new Date();
  await recordScrapeOutcome(app.db, source.id, { ok: outcome.ok, error: outcome.error, at });
  await insertScrapeLog(app.db, {
    sourceId: source.id,
    url: source.url,
    status: outcome.ok ? "success" : "error",
    details: outcome.details,
  });
}

async function runSource(
  app: RunContext,
  source: ScrapeSource,
  fetcher: PageFetcher,
  missingMessage: string,
): Promise<SourceRunResult> {
  const base = { sourceId: source.id, retailerName: source.retailerName };
  const emptySummary = { listings: 0, updated: 0, unchanged: 0, queued: 0 };
  if (!hasRequiredSelectors(source)) {
    await finishSource(app, source, { ok: false, error: missingMessage, details: missingMessage });
    return { ...base, ok: false, message: missingMessage, data: null, summary: emptySummary };
  }
  try {
    const { listings, pages, method } = await collectListings(app, fetcher, source);
    if (listings.length === 0) {
      await finishSource(app, source, { ok: true, error: null, details: SCRAPE_MESSAGES.empty });
      return {
        ...base,
        ok: true,
        message: SCRAPE_MESSAGES.empty,
        data: null,
        summary: emptySummary,
      };
    }
    const data = toScrapedData(listings);
    await saveScrapedData(app.db, source.id, data);
    const applied = await applyListings(app, source, listings);
    const pricesNote = source.vendorId
      ? `${applied.updated} prices changed, ${applied.unchanged} unchanged, ${applied.queued} sent to review`
      : "no vendor set, prices not applied";
    const details = `${listings.length} listings from ${pages} page${pages === 1 ? "" : "s"} (${method ?? "selectors"}): ${pricesNote}`;
    await finishSource(app, source, { ok: true, error: null, details });
    if (applied.drops.length > 0) {
      try {
        await notifyPriceDrops(app, applied.drops);
      } catch (error) {
        app.logger.error({ err: error }, "price-drop alerts failed");
      }
    }
    return {
      ...base,
      ok: true,
      message: SCRAPE_MESSAGES.success,
      data,
      summary: {
        listings: listings.length,
        updated: applied.updated,
        unchanged: applied.unchanged,
        queued: applied.queued,
      },
    };
  } catch (error) {
    const message = scrapingErrorMessage(error);
    app.logger.warn({ err: error, sourceId: source.id }, "scrape failed");
    await finishSource(app, source, { ok: false, error: message, details: message });
    return { ...base, ok: false, message, data: null, summary: emptySummary };
  }
}

/** Runs one source now (the admin's 'run scraper'). */
export async function scrapeSource(
  app: RunContext,
  source: ScrapeSource,
): Promise<SourceRunResult> {
  return runSource(app, source, await createFetcher(app), SCRAPE_MESSAGES.missingSelectors);
}

/**
 * Runs every active source, one after another, sharing one polite fetcher (per-host delays
 * and the URL cap hold across sources). A failing source does not stop the others.
 */
export async function scrapeAllSources(app: RunContext): Promise<RunAllResult> {
  const fetcher = await createFetcher(app);
  const results: SourceRunResult[] = [];
  for (const source of await getActiveScrapeSources(app.db)) {
    results.push(
      await runSource(
        app,
        source,
        fetcher,
        SCRAPE_MESSAGES.missingSelectorsFor(source.retailerName),
      ),
    );
  }
  const failures = results.filter((r) => !r.ok);
  const message =
    failures.length === 0
      ? SCRAPE_MESSAGES.success
      : failures
          .map((r) =>
            r.message.includes(r.retailerName) ? r.message : `${r.retailerName}: ${r.message}`,
          )
          .join(" ");
  return { ok: failures.length === 0, message, results };
}

export interface SelectorTestResult {
  url: string;
  structuredData: { method: ExtractionMethod | null; listings: number };
  selectors: ScrapedDataArrays;
  proposedSelectors: ReturnType<typeof proposeSelectors>;
}

/** The admin's 'Test selectors': the CSS selectors applied to the first page, next to what structured data finds. */
export async function testSelectors(
  app: RunContext,
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
