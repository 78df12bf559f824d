/**
 * The scrape run: sources and their pages (read by scrape-page.server.ts), shop feeds, progress,
 * the per-source outcome and the recovery hooks.
 */

import type { ScrapeRunCounters } from "~/lib/scrape-run";

import type { AppContext } from "../infra/context.server";
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
import { createFetcher, scrapePage, toScrapedData } from "./scrape-page.server";

import { findNextPageUrl, type Listing, type SourceSelectors } from "./extract.server";
import { UrlCapReachedError } from "./fetch-page.server";
import { failureReason } from "./listing-problems.server";
import { readShopSource } from "./platforms/shop-catalogue.server";

import { trackSourceHealth } from "./source-health.server";
import { refreshVendorReliability } from "../services/vendor-reliability.server";

export const SCRAPE_MESSAGES = {
  success: "Scraping completed successfully.",
  empty: "Warning: Scraping completed but no data was returned. Check selectors or target page.",
  missingSelectors: "Error: One or more selectors are missing.",
  missingSelectorsFor: (retailer: string) => `Error: Missing selectors for ${retailer}`,
  unknown: "Unknown error",
  testSucceeded: "Selector test succeeded.",
} as const;

/** The listing problems a successful run leaves on the source (its last result). */
const SOURCE_RESULT_LENGTH = 500;

/** SPEC.md §8: the error text, cut to 200 characters. */
export function scrapingErrorMessage(error: unknown): string {
  // A database error is said as a sentence: its SQL never reaches the admin or the log.
  const text =
    error instanceof Error ? failureReason(error) : typeof error === "string" ? error : "";
  return text ? `Error during scraping: ${text.slice(0, 200)}` : SCRAPE_MESSAGES.unknown;
}

type RunContext = Pick<AppContext, "db" | "env" | "baseUrl" | "logger" | "mailer" | "cache">;

export interface RunSummary {
  listings: number;
  updated: number;
  unchanged: number;
  queued: number;
}

export interface SourceRunResult {
  sourceId: string;
  retailerName: string;
  ok: boolean;
  message: string;
  data: ScrapedDataArrays | null;
  summary: RunSummary;
  /** The run's URL cap stopped this source before it had read every page. */
  cutShort: boolean;
}

export interface RunAllResult {
  ok: boolean;
  message: string;
  results: SourceRunResult[];
}

export interface RunOptions {
  onProgress?: (counters: ScrapeRunCounters) => Promise<void>;
  /** Aborted on shutdown: the run stops before its next page (run-recovery.server.ts). */
  signal?: AbortSignal;
}

/** The run was stopped from outside (the instance shutting down) between two pages. */
export class RunInterruptedError extends Error {
  constructor() {
    super("the run was interrupted");
  }
}

function hasRequiredSelectors(
  source: Pick<SourceSelectors, "nameSelector" | "priceSelector">,
): boolean {
  return Boolean(source.nameSelector?.trim() && source.priceSelector?.trim());
}

/** Where one source stands in a run: the pages read so far and the next one to read. */
interface SourceCursor {
  source: ScrapeSource;
  next: string | null;
  visited: Set<string>;
  listings: Listing[];
  method: string | null;
  warnings: string[];
  error: unknown;
  cutShort: boolean;
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
  await trackSourceHealth(app, source, outcome);
}

const EMPTY_SUMMARY: RunSummary = { listings: 0, updated: 0, unchanged: 0, queued: 0 };

function capNote(cap: number): string {
  return `stopped at the per-run limit of ${cap} URLs before reading every page`;
}

/** Saves and applies what a source's pages yielded, and records the outcome. */
async function completeSource(
  app: RunContext,
  cursor: SourceCursor,
  cap: number,
): Promise<SourceRunResult> {
  const { source, listings } = cursor;
  const base = {
    sourceId: source.id,
    retailerName: source.retailerName,
    cutShort: cursor.cutShort,
  };
  const failed = (error: unknown): SourceRunResult => {
    const message = scrapingErrorMessage(error);
    return { ...base, ok: false, message, data: null, summary: EMPTY_SUMMARY };
  };
  if (cursor.error !== null || (cursor.cutShort && listings.length === 0)) {
    const error = cursor.error ?? new UrlCapReachedError(cap);
    app.logger.warn({ err: error, sourceId: source.id }, "scrape failed");
    const result = failed(error);
    await finishSource(app, source, { ok: false, error: result.message, details: result.message });
    return result;
  }
  try {
    const pages = cursor.visited.size;
    const notes = [...(cursor.cutShort ? [capNote(cap)] : []), ...cursor.warnings];
    const noteText = notes.length > 0 ? ` (${notes.join("; ")})` : "";
    if (listings.length === 0) {
      await finishSource(app, source, {
        ok: true,
        error: null,
        details: `${SCRAPE_MESSAGES.empty}${noteText}`,
      });
      return {
        ...base,
        ok: true,
        message: SCRAPE_MESSAGES.empty,
        data: null,
        summary: EMPTY_SUMMARY,
      };
    }
    const data = toScrapedData(listings);
    await saveScrapedData(app.db, source.id, data);
    // Offers on pages the URL cap kept us from reading were not seen, not missing.
    const applied = await applyListings(app, source, listings, { complete: !cursor.cutShort });
    const pricesNote = source.vendorId
      ? `${applied.updated} prices changed, ${applied.unchanged} unchanged, ${applied.queued} sent to review`
      : "no vendor set, prices not applied";
    const allNotes = [...notes, ...applied.warnings];
    const details = `${listings.length} listings from ${pages} page${pages === 1 ? "" : "s"} (${cursor.method ?? "selectors"}): ${pricesNote}${
      allNotes.length > 0 ? `. ${allNotes.join("; ")}` : ""
    }`;
    const problems = applied.problems.join("; ");
    await finishSource(app, source, {
      ok: true,
      error: problems ? problems.slice(0, SOURCE_RESULT_LENGTH) : null,
      details,
    });
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
    app.logger.warn({ err: error, sourceId: source.id }, "scrape failed");
    const result = failed(error);
    await finishSource(app, source, { ok: false, error: result.message, details: result.message });
    return result;
  }
}

/**
 * Runs sources over one polite fetcher. Their pages are read round-robin (page 1 of every
 * source, then page 2, ...), so the run's URL cap is shared fairly and no source starves;
 * each source is saved and applied as soon as it has no page left. A failing source does not
 * stop the others.
 */
async function runSources(
  app: RunContext,
  sources: ScrapeSource[],
  missingMessage: (source: ScrapeSource) => string,
  options: RunOptions,
): Promise<SourceRunResult[]> {
  const fetcher = await createFetcher(app);
  const cap = fetcher.budget.max;
  const counters: ScrapeRunCounters = {
    sourcesTotal: sources.length,
    sourcesDone: 0,
    pagesFetched: 0,
    listingsFound: 0,
    matched: 0,
    sentToReview: 0,
  };
  const report = () => options.onProgress?.({ ...counters }) ?? Promise.resolve();
  const results: (SourceRunResult | null)[] = sources.map(() => null);

  const done = async (index: number, result: SourceRunResult) => {
    results[index] = result;
    counters.sourcesDone += 1;
    counters.matched += result.summary.updated + result.summary.unchanged;
    counters.sentToReview += result.summary.queued;
    await report();
  };

  const cursors: (SourceCursor | null)[] = [];
  for (const [index, source] of sources.entries()) {
    if (source.kind !== "page") {
      // A shop source reads its platform's whole feed at once (platforms/), then completes
      // like a page source: the one price writer, review rules and missed-offer counting.
      const read = await readShopSource(fetcher, { kind: source.kind, url: source.url });
      counters.pagesFetched += read.visited.size;
      counters.listingsFound += read.listings.length;
      const cursor = { ...read, source, next: null, method: source.kind };
      await done(index, await completeSource(app, cursor, cap));
      cursors.push(null);
      continue;
    }
    if (!hasRequiredSelectors(source)) {
      const message = missingMessage(source);
      await finishSource(app, source, { ok: false, error: message, details: message });
      await done(index, {
        sourceId: source.id,
        retailerName: source.retailerName,
        ok: false,
        message,
        data: null,
        summary: EMPTY_SUMMARY,
        cutShort: false,
      });
      cursors.push(null);
      continue;
    }
    cursors.push({
      source,
      next: source.url,
      visited: new Set(),
      listings: [],
      method: null,
      warnings: [],
      error: null,
      cutShort: false,
    });
  }
  await report();

  const open = () =>
    cursors.flatMap((cursor, index) => (cursor && results[index] === null ? [index] : []));
  while (open().length > 0) {
    for (const index of open()) {
      if (options.signal?.aborted) throw new RunInterruptedError();
      const cursor = cursors[index]!;
      if (cursor.next && !cursor.visited.has(cursor.next)) {
        if (fetcher.capReached) {
          cursor.cutShort = true;
        } else {
          const url = cursor.next;
          cursor.visited.add(url);
          cursor.next = null;
          try {
            const page = await scrapePage(app, fetcher, url, cursor.source);
            cursor.listings.push(...page.listings);
            cursor.method ??= page.method;
            cursor.warnings.push(...page.warnings);
            counters.pagesFetched += 1;
            counters.listingsFound += page.listings.length;
            await report();
            if (cursor.source.pageType === "category") {
              cursor.next = findNextPageUrl(page.html, cursor.source, page.url);
            }
          } catch (error) {
            if (error instanceof UrlCapReachedError) cursor.cutShort = true;
            else cursor.error = error;
          }
          if (cursor.next && !cursor.visited.has(cursor.next) && !cursor.error) continue;
        }
      }
      await done(index, await completeSource(app, cursor, cap));
    }
  }
  await refreshScoresAfterRun(app);
  return results.map((result) => result!);
}

/** Vendor reliability follows the prices a run wrote; a failure here never fails the run. */
async function refreshScoresAfterRun(app: RunContext): Promise<void> {
  try {
    await refreshVendorReliability(app.db);
  } catch (error) {
    app.logger.warn({ err: error }, "vendor reliability not recomputed");
  }
}

/** Runs one source now (the admin's 'run scraper'). */
export async function scrapeSource(
  app: RunContext,
  source: ScrapeSource,
  options: RunOptions = {},
): Promise<SourceRunResult> {
  const [result] = await runSources(app, [source], () => SCRAPE_MESSAGES.missingSelectors, options);
  return result;
}

/** The banner of a run over several sources: SPEC's success text, or each failure by retailer. */
export function runAllMessage(results: SourceRunResult[], cap: number | null): string {
  const failures = results.filter((r) => !r.ok);
  const message =
    failures.length === 0
      ? SCRAPE_MESSAGES.success
      : failures
          .map((r) =>
            r.message.includes(r.retailerName) ? r.message : `${r.retailerName}: ${r.message}`,
          )
          .join(" ");
  const cutShort = results.filter((r) => r.cutShort).length;
  return cutShort > 0 && cap !== null
    ? `${message} The run ${capNote(cap)} of ${cutShort} source${cutShort === 1 ? "" : "s"}.`
    : message;
}

/** Runs every active source (minus those another run is busy with). */
export async function scrapeAllSources(
  app: RunContext,
  options: RunOptions & {
    skipSourceIds?: string[];
    /** Told the sources the run takes on, before the first page. */
    onSourcesChosen?: (sourceIds: string[]) => Promise<void>;
  } = {},
): Promise<RunAllResult> {
  const skip = new Set(options.skipSourceIds ?? []);
  const sources = (await getActiveScrapeSources(app.db)).filter((s) => !skip.has(s.id));
  await options.onSourcesChosen?.(sources.map((source) => source.id));
  const results = await runSources(
    app,
    sources,
    (source) => SCRAPE_MESSAGES.missingSelectorsFor(source.retailerName),
    options,
  );
  const { maxUrlsPerRun } = await getSettings(app.db);
  return {
    ok: results.every((r) => r.ok),
    message: runAllMessage(results, maxUrlsPerRun),
    results,
  };
}
