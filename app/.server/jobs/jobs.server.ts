import PgBoss from "pg-boss";

import { scheduleAlertJobs } from "../alerts/alert-jobs.server";
import type { AppContext } from "../platform/context.server";
import type { SessionUser } from "../services/auth.server";
import { recordManualRun } from "../services/scrape-runs.server";
import { claimAppMetaValue, getAppMetaValue, releaseAppMetaValue } from "../data/app-meta.server";
import {
  ALL_SOURCES_LOCK,
  createScrapeRun,
  finishScrapeRun,
  getActiveScrapeRuns,
  getScrapeRun,
  setScrapeRunCoveredSources,
  startScrapeRun,
  updateScrapeRunProgress,
  type ScrapeRunTrigger,
} from "../data/scrape-runs.server";
import {
  getActiveScrapeSources,
  getScrapeSource,
  type ScrapedDataArrays,
} from "../data/scrape-sources.server";
import { getSettings } from "../data/settings.server";
import { scheduleExchangeRateRefresh } from "./exchange-rates-job.server";
import {
  forgetQueue,
  queueFor,
  RUN_QUEUE_OPTIONS,
  SCRAPE_RUN_QUEUE,
  sendThroughWorkerQueue,
} from "../platform/job-queue.server";
import { workShopPreviews } from "./shop-preview-job.server";
import { endAbandonedShopReads, workShopReads } from "./shop-read-job.server";
import { jobRuns, scrapeRuns } from "../platform/metrics.server";
import {
  failRunsOfStoppedInstances,
  failSilentRuns,
  INSTANCE_ID,
  interruptRunningScrapes,
  trackExecutingRun,
} from "./run-recovery.server";
import { schedulePurgeTrash } from "./trash-job.server";
import { checkSourcesForStaleness } from "../scraper/source-health.server";
import {
  scrapeAllSources,
  scrapeSource,
  scrapingErrorMessage,
  type RunAllResult,
  type SourceRunResult,
} from "../scraper/run.server";

/** The schedule: a cron tick a minute, plus one job queued for the exact next due time. */
export const SCRAPE_QUEUE = "scrape-all-sources";
export const SCHEDULE_LAST_RUN_KEY = "scrape_schedule_last_run";
const EVERY_MINUTE = "* * * * *";

type JobContext = Pick<AppContext, "db" | "env" | "baseUrl" | "logger" | "mailer" | "cache">;
type QueueContext = JobContext & Pick<AppContext, "database">;

// ---------------------------------------------------------------- executing runs

function mergeScraped(parts: (ScrapedDataArrays | null)[]): ScrapedDataArrays | null {
  const present = parts.filter((part): part is ScrapedDataArrays => part !== null);
  if (present.length === 0) return null;
  return {
    name: present.flatMap((p) => p.name),
    price: present.flatMap((p) => p.price),
    link: present.flatMap((p) => p.link),
    sold_out: present.flatMap((p) => p.sold_out),
  };
}

/** Sources that a single-source run other than `runId` is busy with: an all-run leaves them be. */
async function sourcesBusyElsewhere(app: JobContext, runId: string): Promise<string[]> {
  return (await getActiveScrapeRuns(app.db)).flatMap((run) =>
    run.id !== runId && run.sourceId ? [run.sourceId] : [],
  );
}

/**
 * Executes a queued run, keeping its counters current for every instance's admin page.
 * Returns null when another worker already took it.
 */
export async function executeScrapeRun(
  app: JobContext,
  runId: string,
): Promise<RunAllResult | SourceRunResult | null> {
  if (!(await startScrapeRun(app.db, runId, INSTANCE_ID))) return null;
  const executing = trackExecutingRun(app, runId);
  try {
    return await executeStartedRun(app, runId, executing.signal);
  } finally {
    executing.release();
  }
}

async function executeStartedRun(
  app: JobContext,
  runId: string,
  signal: AbortSignal,
): Promise<RunAllResult | SourceRunResult | null> {
  const run = await getScrapeRun(app.db, runId);
  if (!run) return null;
  const result = await executeRun(app, run, signal);
  scrapeRuns.inc({ trigger: run.trigger, outcome: result?.ok ? "ok" : "failed" });
  return result;
}

async function executeRun(
  app: JobContext,
  run: NonNullable<Awaited<ReturnType<typeof getScrapeRun>>>,
  signal: AbortSignal,
): Promise<RunAllResult | SourceRunResult | null> {
  const runId = run.id;
  const onProgress = (counters: Parameters<typeof updateScrapeRunProgress>[2]) =>
    updateScrapeRunProgress(app.db, runId, counters);
  try {
    if (run.sourceId) {
      const source = await getScrapeSource(app.db, run.sourceId);
      if (!source) {
        await finishScrapeRun(app.db, runId, {
          ok: false,
          message: "Source not found",
          result: null,
        });
        return null;
      }
      const result = await scrapeSource(app, source, { onProgress, signal, runId });
      await finishScrapeRun(app.db, runId, {
        ok: result.ok,
        message: result.message,
        result: result.data,
      });
      return result;
    }
    const result = await scrapeAllSources(app, {
      onProgress,
      signal,
      runId,
      skipSourceIds: await sourcesBusyElsewhere(app, runId),
      onSourcesChosen: (sourceIds) => setScrapeRunCoveredSources(app.db, runId, sourceIds),
    });
    await finishScrapeRun(app.db, runId, {
      ok: result.ok,
      message: result.message,
      result: mergeScraped(result.results.map((r) => r.data)),
    });
    return result;
  } catch (error) {
    // An interrupted run already carries its reason; finishScrapeRun leaves it as it is.
    if (!signal.aborted) app.logger.error({ err: error, runId }, "scrape run failed");
    await finishScrapeRun(app.db, runId, {
      ok: false,
      message: scrapingErrorMessage(error),
      result: null,
    });
    return null;
  }
}

// ---------------------------------------------------------------- the queue

export interface EnqueuedRun {
  runId: string;
  /** False when the click joined a run already queued or running for the same source(s). */
  created: boolean;
}

/**
 * Whether a run over all sources will read `sourceId`: the sources it took on when it started,
 * or, while it waits for a worker, every active source.
 */
async function allRunCovers(
  app: QueueContext,
  allRun: { coveredSourceIds: string[] | null },
  sourceId: string,
): Promise<boolean> {
  if (allRun.coveredSourceIds) return allRun.coveredSourceIds.includes(sourceId);
  return (await getActiveScrapeSources(app.db)).some((source) => source.id === sourceId);
}

/**
 * Queues a run of one source (or of every active source) and returns at once. A source
 * already in an active run is never started twice: the caller gets that run to follow. A
 * source the running all-sources run does not read gets a run of its own. An admin's click
 * (`audited`) is recorded with the run it queued or joined, in the run's transaction; the job
 * is sent once the run has committed, so a worker never looks for a run not yet there.
 */
export async function enqueueScrapeRun(
  app: QueueContext,
  request: { sourceId: string | null; requestedBy: string | null },
  audited?: { admin: Pick<SessionUser, "id" | "email">; skipped: string | null },
): Promise<EnqueuedRun> {
  await failSilentRuns(app);
  let joined: string | null = null;
  if (request.sourceId) {
    const allRun = (await getActiveScrapeRuns(app.db)).find((run) => run.sourceId === null);
    if (allRun && (await allRunCovers(app, allRun, request.sourceId))) joined = allRun.id;
  }
  if (audited)
    return sendNewRun(
      app,
      await recordManualRun(app, audited.admin, { ...request, joined, skipped: audited.skipped }),
    );
  if (joined) return { runId: joined, created: false };
  const run = await createScrapeRun(app.db, {
    trigger: "manual",
    lockKey: request.sourceId ?? ALL_SOURCES_LOCK,
    sourceId: request.sourceId,
    requestedBy: request.requestedBy,
  });
  return sendNewRun(app, { runId: run.id, created: run.created });
}

async function sendNewRun(app: QueueContext, run: EnqueuedRun): Promise<EnqueuedRun> {
  if (run.created) {
    const boss = await queueFor(app);
    await boss.send(SCRAPE_RUN_QUEUE, { runId: run.runId });
  }
  return run;
}

// ---------------------------------------------------------------- the schedule

/** When the schedule is next due: the last scheduled start plus the interval (null: never ran). */
export async function nextScheduledScrapeAt(app: Pick<AppContext, "db">): Promise<Date | null> {
  const { scrapeIntervalSeconds } = await getSettings(app.db);
  const lastRun = await getAppMetaValue(app.db, SCHEDULE_LAST_RUN_KEY);
  return lastRun !== null
    ? new Date(new Date(lastRun).getTime() + scrapeIntervalSeconds * 1000)
    : null;
}

/**
 * The scheduled scrape: runs all active sources when settings.scrapeIntervalSeconds (read
 * afresh each time, so a change applies at once) have passed since the last scheduled run.
 * The last-run marker is claimed with a compare-and-set, so two instances never both run;
 * the claimer queues the next run for the exact due time (`scheduleNext`), so a 60 s
 * interval does not wait for a whole cron minute and drift to two.
 */
export async function runScheduledScrape(
  app: JobContext,
  now: Date = new Date(),
  options: { scheduleNext?: (at: Date) => Promise<void> } = {},
): Promise<RunAllResult | null> {
  const { scrapeIntervalSeconds } = await getSettings(app.db);
  const lastRun = await getAppMetaValue(app.db, SCHEDULE_LAST_RUN_KEY);
  const intervalMs = scrapeIntervalSeconds * 1000;
  if (lastRun !== null && now.getTime() - new Date(lastRun).getTime() < intervalMs) return null;
  const claimed = await claimAppMetaValue(app.db, SCHEDULE_LAST_RUN_KEY, {
    expected: lastRun,
    value: now.toISOString(),
  });
  if (!claimed) return null;
  await failSilentRuns(app);
  const trigger: ScrapeRunTrigger = "scheduled";
  const run = await createScrapeRun(app.db, {
    trigger,
    lockKey: ALL_SOURCES_LOCK,
    sourceId: null,
    requestedBy: null,
  });
  if (!run.created) {
    // Not skipped for a whole interval: the marker goes back, and the next tick tries again.
    await releaseAppMetaValue(app.db, SCHEDULE_LAST_RUN_KEY, {
      claimed: now.toISOString(),
      previous: lastRun,
    });
    app.logger.info("scheduled scrape waits: a run over all sources is already under way");
    return null;
  }
  await options.scheduleNext?.(new Date(now.getTime() + intervalMs));
  const result = await executeScrapeRun(app, run.id);
  if (!result || !("results" in result)) return null;
  app.logger.info({ ok: result.ok, sources: result.results.length }, "scheduled scrape finished");
  return result;
}

const STALENESS_CHECK_QUEUE = "source-staleness-check";
const EVERY_FIFTEEN_MINUTES = "*/15 * * * *";

/**
 * Source health's stale rule, checked on a timer as well as after each run (issue 17); and
 * shop reads abandoned by their worker are ended, so their pending offers reach the admin
 * even when no page asks for them.
 */
async function scheduleStalenessCheck(boss: PgBoss, app: JobContext): Promise<void> {
  await boss.createQueue(STALENESS_CHECK_QUEUE);
  await boss.schedule(STALENESS_CHECK_QUEUE, EVERY_FIFTEEN_MINUTES);
  await boss.work(STALENESS_CHECK_QUEUE, async () => {
    await checkSourcesForStaleness(app, new Date());
    await endAbandonedShopReads(app);
  });
}

/**
 * Counts every job this worker runs by queue and outcome (`pp_jobs_total`): each `work`
 * handler, whichever module registers it, is wrapped once here.
 */
function countJobOutcomes(boss: PgBoss): void {
  const work = boss.work.bind(boss) as (...args: unknown[]) => Promise<string>;
  boss.work = ((name: string, ...rest: unknown[]) => {
    const handler = rest.pop() as (jobs: unknown) => Promise<unknown>;
    return work(name, ...rest, async (jobs: unknown) => {
      try {
        const result = await handler(jobs);
        jobRuns.inc({ queue: name, outcome: "completed" });
        return result;
      } catch (error) {
        jobRuns.inc({ queue: name, outcome: "failed" });
        throw error;
      }
    });
  }) as PgBoss["work"];
}

export interface Jobs {
  stop: () => Promise<void>;
}

/**
 * Starts pg-boss on the app's own database (PGlite through its `db` adapter, or PostgreSQL):
 * the schedule (a cron tick a minute across every instance, taken by exactly one worker, and
 * the exact-time job after each run) and the admin's runs.
 */
export async function startJobs(app: QueueContext): Promise<Jobs> {
  // Before the worker takes jobs: a run this instance's predecessor left behind is over.
  await failRunsOfStoppedInstances(app);
  // Read before this worker can take a job queued by its predecessor and move the schedule on.
  const due = await nextScheduledScrapeAt(app);
  const boss = new PgBoss({
    db: { executeSql: (text, values) => app.database.executeSql(text, values) },
  });
  boss.on("error", (error) => app.logger.error({ err: error }, "job queue error"));
  countJobOutcomes(boss);
  await boss.start();
  await sendThroughWorkerQueue(app, boss);
  await boss.createQueue(SCRAPE_QUEUE, { name: SCRAPE_QUEUE, ...RUN_QUEUE_OPTIONS });
  await boss.schedule(SCRAPE_QUEUE, EVERY_MINUTE);
  const scheduleNext = async (at: Date) => {
    await boss.send(
      SCRAPE_QUEUE,
      {},
      { startAfter: at, singletonKey: `scheduled:${at.toISOString()}` },
    );
  };
  await boss.work(SCRAPE_QUEUE, { pollingIntervalSeconds: 1 }, async () => {
    await runScheduledScrape(app, new Date(), { scheduleNext });
  });
  await boss.work<{ runId: string }>(
    SCRAPE_RUN_QUEUE,
    { pollingIntervalSeconds: 1 },
    async ([job]) => {
      await executeScrapeRun(app, job.data.runId);
    },
  );
  await workShopPreviews(boss, app);
  await workShopReads(boss, app);
  await scheduleExchangeRateRefresh(boss, app);
  await schedulePurgeTrash(boss, app);
  await scheduleAlertJobs(boss, app);
  await scheduleStalenessCheck(boss, app);
  // A restart need not wait for the next cron minute: a due run is caught up at once, and one
  // due later is queued for its due time, which the predecessor's exact-time job may miss when
  // the interval or the marker changed since it was queued.
  await boss.send(SCRAPE_QUEUE, {}, due && due.getTime() > Date.now() ? { startAfter: due } : {});
  // The schedule as this instance took it over (null: never ran, so at once).
  app.logger.info(
    { nextScheduledRunDue: due?.toISOString() ?? null },
    "scheduled scraping started",
  );
  return {
    stop: async () => {
      await interruptRunningScrapes(app);
      forgetQueue(app);
      await boss.stop({ graceful: true, timeout: 10_000, wait: true });
    },
  };
}
