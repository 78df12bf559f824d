import * as cheerio from "cheerio";

import type { Currency } from "~/lib/constants";
import { namesMatch, parseSizeFromText, pricePerMg, type ParsedSize } from "~/lib/units";

import { notifyPriceDrops, type PriceChange } from "../alerts.server";
import type { AppContext } from "../context.server";
import { peptides, sizeOptions, vendorPeptides } from "../db/schema";
import { insertScrapeLog } from "../data/scrape-logs.server";
import { getReviewItem, queueReviewItem, setReviewItemStatus } from "../data/scrape-review.server";
import { findOrCreateSizeOption } from "../data/size-options.server";
import {
  getActiveScrapeSources,
  recordScrapeOutcome,
  saveScrapedData,
  type ScrapedDataArrays,
  type ScrapeSource,
} from "../data/scrape-sources.server";
import { getSettings } from "../data/settings.server";
import { upsertVendorPrice, type VendorPriceResult } from "../data/vendor-peptides.server";
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

/** A price per mg more than this factor away from the other vendors' median waits for review. */
const SUSPICIOUS_FACTOR = 3;

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

// ---------------------------------------------------------------- matching

interface Catalogue {
  peptides: { id: string; name: string }[];
  sizes: { id: string; peptideId: string; quantity: number; unit: string }[];
  prices: { sizeOptionId: string; vendorId: string; price: number }[];
}

async function loadCatalogue(app: RunContext): Promise<Catalogue> {
  const [peptideRows, sizeRows, priceRows] = await Promise.all([
    app.db.select({ id: peptides.id, name: peptides.name }).from(peptides),
    app.db
      .select({
        id: sizeOptions.id,
        peptideId: sizeOptions.peptideId,
        quantity: sizeOptions.quantity,
        unit: sizeOptions.unit,
      })
      .from(sizeOptions),
    app.db
      .select({
        sizeOptionId: vendorPeptides.sizeOptionId,
        vendorId: vendorPeptides.vendorId,
        price: vendorPeptides.price,
      })
      .from(vendorPeptides),
  ]);
  return { peptides: peptideRows, sizes: sizeRows, prices: priceRows };
}

const CURRENCY_CODES: Record<string, Currency> = {
  $: "USD",
  US$: "USD",
  USD: "USD",
  "€": "EUR",
  EUR: "EUR",
  EURO: "EUR",
  "£": "GBP",
  GBP: "GBP",
};

/** The currency as our prices store it; null for one we do not list (no conversion rates). */
export function toCurrency(raw: string | null): Currency | null {
  if (raw === null) return "USD";
  return CURRENCY_CODES[raw.trim().toUpperCase()] ?? null;
}

export interface ListingMatch {
  peptideId: string | null;
  sizeOptionId: string | null;
  size: ParsedSize | null;
}

export function matchListing(
  catalogue: Pick<Catalogue, "peptides" | "sizes">,
  name: string,
): ListingMatch {
  const peptide = catalogue.peptides.find((p) => namesMatch(p.name, name));
  const size = parseSizeFromText(name);
  const option =
    peptide && size
      ? catalogue.sizes.find(
          (s) =>
            s.peptideId === peptide.id &&
            s.unit === size.unit &&
            Number(s.quantity) === size.quantity,
        )
      : undefined;
  return { peptideId: peptide?.id ?? null, sizeOptionId: option?.id ?? null, size };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Far from what the other vendors charge for the same size: likely a misread price or a wrong match. */
export function isSuspiciousPrice(
  catalogue: Catalogue,
  sizeOptionId: string,
  vendorId: string,
  price: number,
): boolean {
  const size = catalogue.sizes.find((s) => s.id === sizeOptionId);
  if (!size) return false;
  const perMg = (value: number) => pricePerMg(value, Number(size.quantity), size.unit) ?? value;
  const others = catalogue.prices
    .filter((p) => p.sizeOptionId === sizeOptionId && p.vendorId !== vendorId)
    .map((p) => perMg(p.price));
  const typical = median(others);
  if (typical === null || typical <= 0) return false;
  const ratio = perMg(price) / typical;
  return ratio > SUSPICIOUS_FACTOR || ratio < 1 / SUSPICIOUS_FACTOR;
}

interface ApplySummary {
  updated: number;
  unchanged: number;
  queued: number;
  drops: PriceChange[];
}

/** A scraped listing's price: source 'scraped', the stock as the page shows it, a missing link keeps the stored one. */
function saveScrapedPrice(
  app: Pick<RunContext, "db">,
  listing: {
    vendorId: string;
    peptideId: string;
    sizeOptionId: string;
    price: number | null;
    currency: Currency;
    link: string | null;
    soldOut: boolean;
  },
): Promise<VendorPriceResult> {
  const { link, ...price } = listing;
  return upsertVendorPrice(app.db, { ...price, url: link ?? undefined, source: "scraped" });
}

/** The price change to alert about, when the write lowered an existing price. */
function priceDrop(result: VendorPriceResult): PriceChange | null {
  return result.vendorPeptideId &&
    result.oldPrice !== null &&
    result.newPrice !== null &&
    result.newPrice < result.oldPrice
    ? {
        vendorPeptideId: result.vendorPeptideId,
        oldPrice: result.oldPrice,
        newPrice: result.newPrice,
      }
    : null;
}

async function applyListings(
  app: RunContext,
  source: ScrapeSource,
  listings: Listing[],
): Promise<ApplySummary> {
  const summary: ApplySummary = { updated: 0, unchanged: 0, queued: 0, drops: [] };
  if (!source.vendorId) return summary;
  const catalogue = await loadCatalogue(app);
  for (const listing of listings) {
    const match = matchListing(catalogue, listing.name);
    const currency = toCurrency(listing.currency);
    const review = {
      sourceId: source.id,
      vendorId: source.vendorId,
      name: listing.name,
      price: listing.price,
      currency: currency ?? "USD",
      link: listing.link,
      soldOut: listing.soldOut,
      suggestedPeptideId: match.peptideId,
      suggestedSizeOptionId: match.sizeOptionId,
    };
    if (!match.peptideId || !match.sizeOptionId) {
      if (listing.price !== null) {
        await queueReviewItem(app.db, { ...review, reason: "unmatched" });
        summary.queued += 1;
      }
      continue;
    }
    const suspicious =
      currency === null ||
      (listing.price !== null &&
        isSuspiciousPrice(catalogue, match.sizeOptionId, source.vendorId, listing.price));
    if (suspicious) {
      await queueReviewItem(app.db, { ...review, reason: "suspicious" });
      summary.queued += 1;
      continue;
    }
    const result = await saveScrapedPrice(app, {
      vendorId: source.vendorId,
      peptideId: match.peptideId,
      sizeOptionId: match.sizeOptionId,
      price: listing.price,
      currency: currency ?? "USD",
      link: listing.link,
      soldOut: listing.soldOut,
    });
    if (result.changed) summary.updated += 1;
    else summary.unchanged += 1;
    const drop = priceDrop(result);
    if (drop) summary.drops.push(drop);
  }
  return summary;
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

export class ReviewApprovalError extends Error {}

/**
 * The admin's approval of a queued listing: the price goes live for the chosen peptide and
 * the size read from the listing's name (created when the peptide does not have it yet).
 */
export async function approveReviewItem(
  app: Pick<AppContext, "db" | "mailer" | "logger" | "baseUrl">,
  id: string,
  peptideId: string,
): Promise<void> {
  const item = await getReviewItem(app.db, id);
  if (!item || item.status !== "pending")
    throw new ReviewApprovalError("This review item is no longer pending");
  if (!item.vendorId) throw new ReviewApprovalError("The listing has no vendor");
  if (item.price === null) throw new ReviewApprovalError("The listing has no price");
  const size = parseSizeFromText(item.name);
  const sizeOptionId =
    peptideId === item.suggestedPeptideId && item.suggestedSizeOptionId
      ? item.suggestedSizeOptionId
      : size
        ? (
            await findOrCreateSizeOption(app.db, {
              peptideId,
              quantity: size.quantity,
              unit: size.unit,
              unitLabel: null,
            })
          ).id
        : null;
  if (!sizeOptionId) throw new ReviewApprovalError("Could not read a size from the listing name");
  const result = await saveScrapedPrice(app, {
    vendorId: item.vendorId,
    peptideId,
    sizeOptionId,
    price: item.price,
    currency: toCurrency(item.currency) ?? "USD",
    link: item.link,
    soldOut: item.soldOut,
  });
  await setReviewItemStatus(app.db, id, "approved");
  const drop = priceDrop(result);
  if (drop) await notifyPriceDrops(app, [drop]);
}
