import { randomUUID } from "node:crypto";
import os from "node:os";

import type { AppContext } from "../platform/context.server";
import type { Database } from "../db/client";
import {
  beatScrapeRunHeartbeat,
  failRunningScrapeRuns,
  failStaleScrapeRuns,
  getRunningScrapeRunOwners,
} from "../data/scrape-runs.server";

/**
 * How a scraping run outlives the process executing it. Each run carries the instance that
 * executes it and a heartbeat; a run whose instance is gone is failed with a readable reason
 * (at start-up, by the scheduler, or on SIGTERM by the instance itself), so a dead run never
 * holds the lock that keeps a new one from starting.
 */

/** The executing worker beats this often, whatever the pages take. */
export const HEARTBEAT_INTERVAL_MS = 15_000;
/** A running run silent this long lost its worker (another host's crash, a frozen process). */
export const DEAD_RUN_AFTER_MS = 2 * 60_000;
/** A run nobody picked up in this long lost its job (or no instance runs jobs). */
export const LOST_QUEUED_RUN_AFTER_MS = 60 * 60_000;

export const RUN_END_REASONS = {
  crashed:
    "Error during scraping: the run was cut off: the server executing it stopped (crashed or was killed) before it finished.",
  silent:
    "Error during scraping: the run made no progress for 2 minutes (its server is gone) and was ended.",
  lostJob: "Error during scraping: no worker took up the queued run within an hour.",
  interrupted: (signal: string) =>
    `Interrupted: the server was shut down (${signal}) before the run finished. The next run starts afresh.`,
} as const;

/** This process: host, pid and a boot id, so a restarted container reusing pid 1 is told apart. */
export const INSTANCE_ID = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Whether the instance named `owner` has certainly stopped. The embedded database belongs to
 * one process, so any other owner is gone; on PostgreSQL only a process of this host can be
 * checked (its pid no longer running, or now ours); others are left to the heartbeat.
 */
export function isInstanceGone(
  owner: string | null,
  context: { databaseKind: "pglite" | "postgres"; self?: string },
): boolean {
  const self = context.self ?? INSTANCE_ID;
  if (owner === null || owner === self) return false;
  if (context.databaseKind === "pglite") return true;
  const [host, pidText] = owner.split(":");
  const [selfHost, selfPid] = self.split(":");
  const pid = Number(pidText);
  if (host !== selfHost || !Number.isInteger(pid) || pid <= 0) return false;
  return pidText === selfPid || !isProcessRunning(pid);
}

type RecoveryContext = Pick<AppContext, "db" | "logger"> & {
  database: Pick<AppContext["database"], "kind">;
};

/** At start-up: fails the runs whose executing instance has stopped. Returns how many. */
export async function failRunsOfStoppedInstances(app: RecoveryContext): Promise<number> {
  const running = await getRunningScrapeRunOwners(app.db);
  const dead = running.filter((run) =>
    isInstanceGone(run.ownerInstanceId, { databaseKind: app.database.kind }),
  );
  const failed = await failRunningScrapeRuns(
    app.db,
    dead.map((run) => run.id),
    RUN_END_REASONS.crashed,
  );
  if (failed > 0) app.logger.warn({ runs: failed }, "scrape runs of a stopped server failed");
  return failed;
}

/** The scheduler's check: fails runs whose heartbeat stopped and queued runs nobody took. */
export async function failSilentRuns(
  app: Pick<AppContext, "db" | "logger">,
  now = Date.now(),
): Promise<number> {
  const failed = await failStaleScrapeRuns(app.db, {
    runningBefore: new Date(now - DEAD_RUN_AFTER_MS),
    queuedBefore: new Date(now - LOST_QUEUED_RUN_AFTER_MS),
    runningMessage: RUN_END_REASONS.silent,
    queuedMessage: RUN_END_REASONS.lostJob,
  });
  if (failed > 0) app.logger.warn({ runs: failed }, "silent scrape runs failed");
  return failed;
}

/** The runs this process executes, per database, each with the switch that stops it. */
const executing = new WeakMap<Database, Map<string, AbortController>>();

export interface ExecutingRun {
  /** Aborted when the instance shuts down: the run stops before its next page. */
  signal: AbortSignal;
  /** The run ended: no more heartbeats. */
  release: () => void;
}

/** Registers a run this process now executes and beats its heartbeat until it is released. */
export function trackExecutingRun(app: Pick<AppContext, "db" | "logger">, runId: string) {
  let runs = executing.get(app.db);
  if (!runs) {
    runs = new Map();
    executing.set(app.db, runs);
  }
  const controller = new AbortController();
  runs.set(runId, controller);
  const timer = setInterval(() => {
    beatScrapeRunHeartbeat(app.db, runId).catch((error: unknown) =>
      app.logger.warn({ err: error, runId }, "scrape run heartbeat failed"),
    );
  }, HEARTBEAT_INTERVAL_MS);
  timer.unref();
  const run: ExecutingRun = {
    signal: controller.signal,
    release: () => {
      clearInterval(timer);
      runs.delete(runId);
    },
  };
  return run;
}

/**
 * On shutdown (SIGTERM): marks this instance's running runs interrupted, with a readable
 * reason, and stops them before their next page. Safe to call twice.
 */
export async function interruptRunningScrapes(
  app: Pick<AppContext, "db" | "logger">,
  signal = "SIGTERM",
): Promise<number> {
  const runs = executing.get(app.db);
  if (!runs || runs.size === 0) return 0;
  const ids = [...runs.keys()];
  const interrupted = await failRunningScrapeRuns(app.db, ids, RUN_END_REASONS.interrupted(signal));
  for (const controller of runs.values()) controller.abort();
  app.logger.warn({ runs: interrupted, signal }, "scrape runs interrupted by shutdown");
  return interrupted;
}
