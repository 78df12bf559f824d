/**
 * The scrape run: sources and their pages (read by scrape-page.server.ts), shop feeds, progress,
 * the per-source outcome and the recovery hooks.
 *
 * Over 400 lines, kept whole for now: page sources and shop feeds finish through the same
 * per-source outcome, progress and recovery hooks in this file. The seam is the shop-feed branch
 * (a shop-run module beside this one), to be cut when those hooks have one exported shape.
 */

import type { ScrapeRunCounters } from "~/lib/scrape-run";

import type { AppContext } from "../platform/context.server";
import { insertScrapeLog } from "../data/scrape-logs.server";
import {
  getActiveScrapeSources,
  recordScrapeOutcome,
  recordSourceReadProgress,
  saveScrapedData,
  type ScrapedDataArrays,
  type ScrapeSource,
} from "../data/scrape-sources.server";
import { getSettings } from "../data/settings.server";

import { applyListings } from "./apply.server";
import { createFetcher, scrapePage, toScrapedData } from "../reader/scrape-page.server";

import { findNextPageUrl, type Listing, type SourceSelectors } from "../reader/extract.server";
import {
  RobotsDisallowedError,
  RobotsUnreachableError,
  UrlCapReachedError,
} from "../platform/outbound/fetch-page.server";
import { BlockedAddressError } from "../platform/outbound/address-guard.server";
import { BlockedBySiteError } from "../platform/outbound/block-page.server";
import { scrapeSources as scrapeSourceOutcomes } from "../platform/metrics.server";
import { failureReason } from "./listing-problems.server";
import {
  readProgressText,
  readShopSource,
  SHOP_PLATFORMS,
  type ShopSourceRead,
} from "./platforms/shop-catalogue.server";
import { writePart, writeSourceAsOne } from "./run-writes.server";

import { storeOfferImages, type OfferImageRequest } from "./offer-images.server";
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
  /** The run's URL cap or a read limit stopped this source before it had read every page. */
  cutShort: boolean;
  /** Where a read limit cut a shop's answer ("truncated at 250 products on page 1"). */
  truncated: string[];
  /** Set when the source read nothing: the warning and its cause (ok stays true). */
  warning?: string;
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
  /** The tracked run record: every price read names it (its provenance). */
  runId?: string;
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
  /** Where a read limit cut a shop's answer: said on the source, the rest not queued. */
  truncated: string[];
}

// ---------------------------------------------------------------- runs

/** A shop that keeps us out (robots.txt, a refused address, HTTP 403 or 429): "blocked" in the metrics. */
function isBlocked(error: unknown): boolean {
  return (
    error instanceof RobotsDisallowedError ||
    error instanceof RobotsUnreachableError ||
    error instanceof BlockedAddressError ||
    error instanceof BlockedBySiteError ||
    (error instanceof Error && /answered HTTP (403|429)$/.test(error.message))
  );
}

async function finishSource(
  app: RunContext,
  source: ScrapeSource,
  outcome: { ok: boolean; error: string | null; details: string; cause?: unknown; empty?: boolean },
): Promise<void> {
  scrapeSourceOutcomes.inc({
    outcome: outcome.ok ? "ok" : isBlocked(outcome.cause) ? "blocked" : "failed",
  });
  const at = new Date();
  await recordScrapeOutcome(app.db, source.id, { ok: outcome.ok, error: outcome.error, at });
  await insertScrapeLog(app.db, {
    sourceId: source.id,
    url: source.url,
    status: !outcome.ok ? "error" : outcome.empty ? "warning" : "success",
    details: outcome.details,
  });
  await trackSourceHealth(app, source, outcome);
}

/** Where a shop read in turns goes on next run, and what the source shows of this one. */
async function recordProgress(
  app: RunContext,
  source: ScrapeSource,
  progress: NonNullable<ShopSourceRead["progress"]>,
): Promise<void> {
  await recordSourceReadProgress(app.db, source.id, {
    cursor: progress.nextCursor,
    total: progress.total,
    text: readProgressText(progress),
  });
}

/** Why a read found nothing, when nothing on the way said so. */
function emptyCause(source: ScrapeSource): string {
  return source.kind === "page"
    ? `no listing matched on ${source.url}`
    : `the shop's ${source.kind} feed at ${source.url} listed no products`;
}

const EMPTY_SUMMARY: RunSummary = { listings: 0, updated: 0, unchanged: 0, queued: 0 };

function capNote(cap: number): string {
  return `stopped at the per-run limit of ${cap} URLs before reading every page`;
}

/**
 * Saves and applies what a source's pages yielded, with what its kind settles after (`settle`),
 * as one change (writeSourceAsOne), and records the outcome.
 */
async function completeSource(
  app: RunContext,
  cursor: SourceCursor,
  cap: number,
  runId: string | undefined,
  images: OfferImageRequest[],
  settle?: (app: RunContext) => Promise<void>,
): Promise<SourceRunResult> {
  const { source, listings } = cursor;
  const base = {
    sourceId: source.id,
    retailerName: source.retailerName,
    cutShort: cursor.cutShort,
    truncated: cursor.truncated,
  };
  const failed = (error: unknown): SourceRunResult => {
    const message = scrapingErrorMessage(error);
    return { ...base, ok: false, message, data: null, summary: EMPTY_SUMMARY };
  };
  // A source that writes no listings still settles what its kind read (a feed whose every item
  // was held).
  const settleAlone = async () => {
    if (settle) await writeSourceAsOne(app, (writing) => settleSource(writing, source, settle));
  };
  if (cursor.error !== null || (cursor.cutShort && listings.length === 0)) {
    await settleAlone();
    const error = cursor.error ?? new UrlCapReachedError(cap);
    app.logger.warn({ err: error, sourceId: source.id }, "scrape failed");
    const result = failed(error);
    await finishSource(app, source, {
      ok: false,
      error: result.message,
      details: result.message,
      cause: error,
    });
    return result;
  }
  try {
    const pages = cursor.visited.size;
    const notes = [
      ...(cursor.cutShort && cursor.truncated.length === 0 ? [capNote(cap)] : []),
      ...cursor.truncated,
      ...cursor.warnings,
    ];
    if (listings.length === 0) {
      // A warning with its cause, kept on the source: an empty read is never a plain success.
      const warning = `${SCRAPE_MESSAGES.empty} (${notes.length > 0 ? notes.join("; ") : emptyCause(source)})`;
      await settleAlone();
      await finishSource(app, source, { ok: true, error: warning, details: warning, empty: true });
      return {
        ...base,
        ok: true,
        warning,
        message: warning,
        data: null,
        summary: EMPTY_SUMMARY,
      };
    }
    const data = toScrapedData(listings);
    const applied = await writeSourceAsOne(app, async (writing) => {
      await saveScrapedData(writing.db, source.id, data);
      // Offers on pages the URL cap kept us from reading were not seen, not missing.
      const summary = await applyListings(writing, source, listings, {
        complete: !cursor.cutShort,
        runId,
      });
      if (settle) await settleSource(writing, source, settle);
      return summary;
    });
    images.push(...applied.images);
    const pricesNote = source.vendorId
      ? `${applied.updated} prices changed, ${applied.unchanged} unchanged, ${applied.queued} sent to review`
      : "no vendor set, prices not applied";
    const allNotes = [...notes, ...applied.warnings];
    const details = `${listings.length} listings from ${pages} page${pages === 1 ? "" : "s"} (${cursor.method ?? "selectors"}): ${pricesNote}${
      allNotes.length > 0 ? `. ${allNotes.join("; ")}` : ""
    }`;
    const problems = [...cursor.truncated, ...applied.problems].join("; ");
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
  const images: OfferImageRequest[] = [];

  const done = async (index: number, result: SourceRunResult) => {
    results[index] = result;
    counters.sourcesDone += 1;
    counters.matched += result.summary.updated + result.summary.unchanged;
    counters.sentToReview += result.summary.queued;
    await report();
  };

  // The run's URL cap in equal shares: a shop source reads at most its share (what it leaves
  // goes to the page sources, read in turns below), so no source starves another.
  const reading = sources.filter(
    (source) => source.kind !== "page" || hasRequiredSelectors(source),
  );
  const share = Math.max(1, Math.floor(cap / Math.max(1, reading.length)));
  const cursors: (SourceCursor | null)[] = [];
  for (const [index, source] of sources.entries()) {
    if (source.kind !== "page") {
      if (options.signal?.aborted) throw new RunInterruptedError();
      // A shop source reads its platform's feed (platforms/) within its share, going on where
      // its last run stopped, then completes like a page source: the one price writer, review
      // rules and missed-offer counting.
      const read = await readShopSource(fetcher.withShare(share), {
        kind: source.kind,
        url: source.url,
        readCursor: source.readCursor,
        readTotal: source.readTotal,
      });
      counters.pagesFetched += read.visited.size;
      counters.listingsFound += read.listings.length;
      const cursor = { ...read, source, next: null, method: source.kind };
      const settle = SHOP_PLATFORMS[source.kind].settle;
      const result = await completeSource(
        app,
        cursor,
        cap,
        options.runId,
        images,
        settle && ((writing) => settle(writing, source, read)),
      );
      if (read.progress) await recordProgress(app, source, read.progress);
      await done(index, result);
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
        truncated: [],
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
      truncated: [],
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
      await done(index, await completeSource(app, cursor, cap, options.runId, images));
    }
  }
  await refreshScoresAfterRun(app);
  // After every price is written, with a budget of its own: images never cost a page.
  if (images.length > 0)
    await storeOfferImages(app, await createFetcher(app), images, options.signal);
  return results.map((result) => result!);
}

/**
 * What a source's kind does after its listings are written (a vendor feed marks its prices
 * vendor-supplied): in its own savepoint, so a failure is logged and never fails the run.
 */
async function settleSource(
  app: RunContext,
  source: ScrapeSource,
  settle: (app: RunContext) => Promise<void>,
): Promise<void> {
  try {
    await writePart(app, settle);
  } catch (error) {
    app.logger.error({ err: error, sourceId: source.id }, "source not settled");
  }
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

/**
 * The banner of a run over several sources: SPEC's success text, or each failure by retailer;
 * then each source a read limit cut, with its own reason, and how many the URL cap cut.
 */
export function runAllMessage(results: SourceRunResult[], cap: number | null): string {
  const failures = results.filter((r) => !r.ok || r.warning);
  const message =
    failures.length === 0
      ? SCRAPE_MESSAGES.success
      : failures
          .map((r) =>
            r.message.includes(r.retailerName) ? r.message : `${r.retailerName}: ${r.message}`,
          )
          .join(" ");
  // A warning already carries its truncation; a source read in full up to a read limit says it here.
  const truncated = results
    .filter((r) => r.ok && !r.warning && r.truncated.length > 0)
    .map((r) => ` ${r.retailerName}: ${r.truncated.join("; ")}.`)
    .join("");
  // As on the source itself (completeSource), a cut with a read limit's reason is not the cap's.
  const cutShort = results.filter((r) => r.cutShort && r.truncated.length === 0).length;
  return cutShort > 0 && cap !== null
    ? `${message}${truncated} The run ${capNote(cap)} of ${cutShort} source${cutShort === 1 ? "" : "s"}.`
    : `${message}${truncated}`;
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
