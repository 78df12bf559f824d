import { and, desc, eq, inArray, isNotNull, lt, or, sql } from "drizzle-orm";

import type { ScrapeRunCounters, ScrapeRunStatus, ScrapedDataArrays } from "~/lib/scrape-run";

import type { Database } from "../db/client";
import { scrapeRuns, scrapeSources } from "../db/schema";

export type ScrapeRunTrigger = "manual" | "scheduled";

/** The lock key of a run over every active source. */
export const ALL_SOURCES_LOCK = "all";
const ACTIVE_STATUSES: ScrapeRunStatus[] = ["queued", "running"];

export interface ScrapeRun extends ScrapeRunCounters {
  id: string;
  trigger: ScrapeRunTrigger;
  sourceId: string | null;
  retailerName: string | null;
  status: ScrapeRunStatus;
  ok: boolean | null;
  message: string | null;
  result: ScrapedDataArrays | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** The sources a run over all sources took on when it started; null before it starts. */
  coveredSourceIds: string[] | null;
}

const runColumns = {
  id: scrapeRuns.id,
  trigger: scrapeRuns.trigger,
  sourceId: scrapeRuns.sourceId,
  retailerName: scrapeSources.retailerName,
  status: scrapeRuns.status,
  sourcesTotal: scrapeRuns.sourcesTotal,
  sourcesDone: scrapeRuns.sourcesDone,
  pagesFetched: scrapeRuns.pagesFetched,
  listingsFound: scrapeRuns.listingsFound,
  matched: scrapeRuns.matched,
  sentToReview: scrapeRuns.sentToReview,
  ok: scrapeRuns.ok,
  message: scrapeRuns.message,
  result: scrapeRuns.result,
  createdAt: scrapeRuns.createdAt,
  startedAt: scrapeRuns.startedAt,
  finishedAt: scrapeRuns.finishedAt,
  coveredSourceIds: scrapeRuns.coveredSourceIds,
};

type RunRow = Omit<ScrapeRun, "trigger" | "status" | "result"> & {
  trigger: string;
  status: string;
  result: unknown;
};

const toRun = (row: RunRow): ScrapeRun => ({
  ...row,
  trigger: row.trigger as ScrapeRunTrigger,
  status: row.status as ScrapeRunStatus,
  result: (row.result ?? null) as ScrapedDataArrays | null,
});

function selectRuns(db: Database) {
  return db
    .select(runColumns)
    .from(scrapeRuns)
    .leftJoin(scrapeSources, eq(scrapeSources.id, scrapeRuns.sourceId));
}

export async function getScrapeRun(db: Database, id: string): Promise<ScrapeRun | null> {
  const [row] = await selectRuns(db).where(eq(scrapeRuns.id, id));
  return row ? toRun(row) : null;
}

/** Queued and running runs, oldest first. */
export async function getActiveScrapeRuns(db: Database): Promise<ScrapeRun[]> {
  const rows = await selectRuns(db)
    .where(inArray(scrapeRuns.status, ACTIVE_STATUSES))
    .orderBy(scrapeRuns.createdAt);
  return rows.map(toRun);
}

/** The last finished run, for the page's result banner after a reload. */
export async function getLatestFinishedScrapeRun(db: Database): Promise<ScrapeRun | null> {
  const [row] = await selectRuns(db)
    .where(isNotNull(scrapeRuns.finishedAt))
    .orderBy(desc(scrapeRuns.finishedAt))
    .limit(1);
  return row ? toRun(row) : null;
}

/**
 * Creates a queued run unless one with the same lock key is already queued or running, in
 * which case that one is returned: the unique partial index decides, so two clicks (or two
 * instances) racing each other still end up with one run.
 */
export async function createScrapeRun(
  db: Database,
  input: {
    trigger: ScrapeRunTrigger;
    lockKey: string;
    sourceId: string | null;
    requestedBy: string | null;
  },
): Promise<{ id: string; created: boolean }> {
  const [inserted] = await db
    .insert(scrapeRuns)
    .values(input)
    .onConflictDoNothing()
    .returning({ id: scrapeRuns.id });
  if (inserted) return { id: inserted.id, created: true };
  const [existing] = await db
    .select({ id: scrapeRuns.id })
    .from(scrapeRuns)
    .where(and(eq(scrapeRuns.lockKey, input.lockKey), inArray(scrapeRuns.status, ACTIVE_STATUSES)));
  if (!existing) return createScrapeRun(db, input);
  return { id: existing.id, created: false };
}

/**
 * Moves a queued run to running under this instance's name, its heartbeat starting now;
 * false when another worker already took it.
 */
export async function startScrapeRun(
  db: Database,
  id: string,
  ownerInstanceId: string,
): Promise<boolean> {
  const now = new Date();
  const claimed = await db
    .update(scrapeRuns)
    .set({ status: "running", startedAt: now, ownerInstanceId, lastHeartbeatAt: now })
    .where(and(eq(scrapeRuns.id, id), eq(scrapeRuns.status, "queued")))
    .returning({ id: scrapeRuns.id });
  return claimed.length > 0;
}

/** The sources a run over all sources works through: a click on any other one queues a run. */
export async function setScrapeRunCoveredSources(
  db: Database,
  id: string,
  sourceIds: string[],
): Promise<void> {
  await db.update(scrapeRuns).set({ coveredSourceIds: sourceIds }).where(eq(scrapeRuns.id, id));
}

/** The worker is alive: keeps its run from being taken for dead. */
export async function beatScrapeRunHeartbeat(db: Database, id: string): Promise<void> {
  await db
    .update(scrapeRuns)
    .set({ lastHeartbeatAt: new Date() })
    .where(and(eq(scrapeRuns.id, id), eq(scrapeRuns.status, "running")));
}

export async function updateScrapeRunProgress(
  db: Database,
  id: string,
  counters: ScrapeRunCounters,
): Promise<void> {
  await db
    .update(scrapeRuns)
    .set({ ...counters, lastHeartbeatAt: new Date() })
    .where(and(eq(scrapeRuns.id, id), eq(scrapeRuns.status, "running")));
}

/**
 * Records a run's end. Only a run still running is finished: one already failed as
 * interrupted or dead keeps that reason, even if its worker carries on for a moment.
 */
export async function finishScrapeRun(
  db: Database,
  id: string,
  outcome: { ok: boolean; message: string; result: ScrapedDataArrays | null },
): Promise<boolean> {
  const finished = await db
    .update(scrapeRuns)
    .set({
      status: outcome.ok ? "succeeded" : "failed",
      ok: outcome.ok,
      message: outcome.message,
      result: outcome.result,
      finishedAt: new Date(),
    })
    .where(and(eq(scrapeRuns.id, id), eq(scrapeRuns.status, "running")))
    .returning({ id: scrapeRuns.id });
  return finished.length > 0;
}

export interface RunningScrapeRunOwner {
  id: string;
  ownerInstanceId: string | null;
  lastHeartbeatAt: Date | null;
}

/** Every running run and the instance executing it, for the start-up check of dead workers. */
export async function getRunningScrapeRunOwners(db: Database): Promise<RunningScrapeRunOwner[]> {
  return db
    .select({
      id: scrapeRuns.id,
      ownerInstanceId: scrapeRuns.ownerInstanceId,
      lastHeartbeatAt: scrapeRuns.lastHeartbeatAt,
    })
    .from(scrapeRuns)
    .where(eq(scrapeRuns.status, "running"));
}

/** Fails the given runs that are still running, with a readable reason; returns how many. */
export async function failRunningScrapeRuns(
  db: Database,
  ids: string[],
  message: string,
): Promise<number> {
  if (ids.length === 0) return 0;
  const failed = await db
    .update(scrapeRuns)
    .set({ status: "failed", ok: false, message, finishedAt: new Date() })
    .where(and(inArray(scrapeRuns.id, ids), eq(scrapeRuns.status, "running")))
    .returning({ id: scrapeRuns.id });
  return failed.length;
}

/**
 * A running run whose heartbeat stopped before `runningBefore` lost its worker; a run still
 * queued at `queuedBefore` lost its job. Both are marked failed, with their own reason, so
 * their lock keys free up.
 */
export async function failStaleScrapeRuns(
  db: Database,
  params: {
    runningBefore: Date;
    queuedBefore: Date;
    runningMessage: string;
    queuedMessage: string;
  },
): Promise<number> {
  const heartbeat = sql`coalesce(${scrapeRuns.lastHeartbeatAt}, ${scrapeRuns.updatedAt})`;
  const dead = and(eq(scrapeRuns.status, "running"), lt(heartbeat, params.runningBefore));
  const lost = and(eq(scrapeRuns.status, "queued"), lt(scrapeRuns.createdAt, params.queuedBefore));
  const message = sql`case when ${scrapeRuns.status} = 'running' then ${params.runningMessage}::text else ${params.queuedMessage}::text end`;
  const failed = await db
    .update(scrapeRuns)
    .set({ status: "failed", ok: false, message, finishedAt: new Date() })
    .where(or(dead, lost))
    .returning({ id: scrapeRuns.id });
  return failed.length;
}
