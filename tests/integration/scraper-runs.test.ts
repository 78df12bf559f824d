import { spawn } from "node:child_process";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { createAppContext } from "~/.server/app-context.server";
import { getScrapeRun } from "~/.server/data/scrape-runs.server";
import {
  createScrapeSource,
  getScrapeSource,
  type ScrapeSourceInput,
} from "~/.server/data/scrape-sources.server";
import { updateSettings } from "~/.server/data/settings.server";
import * as t from "~/.server/db/schema";
import {
  enqueueScrapeRun,
  executeScrapeRun,
  nextScheduledScrapeAt,
  runScheduledScrape,
  startJobs,
} from "~/.server/jobs/jobs.server";
import {
  DEAD_RUN_AFTER_MS,
  INSTANCE_ID,
  interruptRunningScrapes,
  RUN_END_REASONS,
} from "~/.server/jobs/run-recovery.server";
import { DEFAULT_SETTINGS } from "~/lib/constants";

import { createTestApp, type TestApp } from "../helpers/app";
import { FIXTURE_PAGES, startFixtureSite, type FixtureSite } from "../helpers/fixture-site";
import { FIXTURE_CATEGORY_SELECTORS } from "../helpers/scrape-sources";

let app: TestApp;
let site: FixtureSite;

async function addSource(overrides: Partial<ScrapeSourceInput> = {}) {
  const id = await createScrapeSource(app.db, {
    retailerName: "Run shop",
    url: `${site.baseUrl}/shop`,
    ...FIXTURE_CATEGORY_SELECTORS,
    vendorId: null,
    // Inactive: the schedule leaves them alone; runs of one source still take them.
    isActive: false,
    ...overrides,
  });
  return (await getScrapeSource(app.db, id))!;
}

const pageRequests = () => site.requests.filter((r) => r.path !== "/robots.txt");

beforeAll(async () => {
  app = await createTestApp({ SCRAPER_ALLOW_PRIVATE_HOSTS: "true", SEED_DEMO: "false" });
  site = await startFixtureSite();
});
afterAll(async () => {
  await site?.close();
  await app?.dispose();
});
beforeEach(async () => {
  site.requests.length = 0;
  await app.db.delete(t.scrapeRuns);
  await app.db.delete(t.scrapeSources);
  // Each test starts the schedule afresh.
  await app.db.delete(t.appMeta).where(eq(t.appMeta.key, "scrape_schedule_last_run"));
  await updateSettings(app.db, { ...DEFAULT_SETTINGS, requestDelayMs: 0 });
});

describe("runs in the background", () => {
  it("queues a run without fetching anything, and a pg-boss worker carries it out with live counters", async () => {
    const source = await addSource();
    const queued = await enqueueScrapeRun(app, { sourceId: source.id, requestedBy: "a@b.test" });
    expect(queued.created).toBe(true);
    expect(await getScrapeRun(app.db, queued.runId)).toMatchObject({ status: "queued" });
    expect(pageRequests()).toHaveLength(0);

    const jobs = await startJobs(app);
    try {
      await vi.waitFor(
        async () => expect((await getScrapeRun(app.db, queued.runId))?.status).toBe("succeeded"),
        { timeout: 30_000, interval: 200 },
      );
    } finally {
      await jobs.stop();
    }
    const run = (await getScrapeRun(app.db, queued.runId))!;
    expect(run).toMatchObject({
      ok: true,
      message: "Scraping completed successfully.",
      retailerName: "Run shop",
      sourcesTotal: 1,
      sourcesDone: 1,
      pagesFetched: 3,
      listingsFound: 5,
    });
    expect(run.result?.name).toHaveLength(5);
    expect(pageRequests()).toHaveLength(3);
  }, 60_000);

  it("never starts a second run of the same source: a second click joins the first", async () => {
    const source = await addSource();
    const first = await enqueueScrapeRun(app, { sourceId: source.id, requestedBy: null });
    const second = await enqueueScrapeRun(app, { sourceId: source.id, requestedBy: null });
    expect(second).toEqual({ runId: first.runId, created: false });
    const all = await enqueueScrapeRun(app, { sourceId: null, requestedBy: null });
    expect(all.created).toBe(true);
    // While a run over every source is queued, a run of one source it will read joins it too.
    const other = await addSource({
      url: `${site.baseUrl}/jsonld/bpc-157`,
      pageType: "single",
      isActive: true,
    });
    expect(await enqueueScrapeRun(app, { sourceId: other.id, requestedBy: null })).toEqual({
      runId: all.runId,
      created: false,
    });

    await executeScrapeRun(app, first.runId);
    // A run already taken by a worker is not carried out again.
    expect(await executeScrapeRun(app, first.runId)).toBeNull();
    expect(pageRequests().filter((r) => r.path.startsWith("/shop"))).toHaveLength(3);
  });

  it("lets a run over all sources leave a source to the single-source run busy with it", async () => {
    const busy = await addSource({ isActive: true });
    const free = await addSource({
      isActive: true,
      url: `${site.baseUrl}/jsonld/bpc-157`,
      pageType: "single",
    });
    await enqueueScrapeRun(app, { sourceId: busy.id, requestedBy: null });
    const all = await enqueueScrapeRun(app, { sourceId: null, requestedBy: null });
    const result = await executeScrapeRun(app, all.runId);
    expect(result && "results" in result ? result.results.map((r) => r.sourceId) : null).toEqual([
      free.id,
    ]);
    expect(site.requestsFor("/shop")).toHaveLength(0);
  });

  it("fails a run whose heartbeat stopped 2 minutes ago, with a reason, and lets a new one start", async () => {
    const source = await addSource();
    const silent = await enqueueScrapeRun(app, { sourceId: source.id, requestedBy: null });
    const beating = await enqueueScrapeRun(app, { sourceId: null, requestedBy: null });
    const ago = (ms: number) => new Date(Date.now() - ms);
    const setRunning = (runId: string, heartbeatAt: Date) =>
      app.db
        .update(t.scrapeRuns)
        .set({ status: "running", ownerInstanceId: "elsewhere:1:a", lastHeartbeatAt: heartbeatAt })
        .where(eq(t.scrapeRuns.id, runId));
    await setRunning(silent.runId, ago(DEAD_RUN_AFTER_MS + 1000));
    await setRunning(beating.runId, ago(DEAD_RUN_AFTER_MS - 30_000));
    const fresh = await enqueueScrapeRun(app, { sourceId: source.id, requestedBy: null });
    expect(fresh.created).toBe(true);
    expect(await getScrapeRun(app.db, silent.runId)).toMatchObject({
      status: "failed",
      message: RUN_END_REASONS.silent,
    });
    expect(await getScrapeRun(app.db, beating.runId)).toMatchObject({ status: "running" });
  });

  it("at start-up fails the runs of a stopped process of this host, not those still beating elsewhere", async () => {
    const source = await addSource();
    const orphan = await enqueueScrapeRun(app, { sourceId: source.id, requestedBy: null });
    const remote = await enqueueScrapeRun(app, { sourceId: null, requestedBy: null });
    const exited = spawn(process.execPath, ["-e", ""]);
    const deadPid = await new Promise<number>((resolve) =>
      exited.once("exit", () => resolve(exited.pid!)),
    );
    const [host] = INSTANCE_ID.split(":");
    await app.db
      .update(t.scrapeRuns)
      .set({
        status: "running",
        ownerInstanceId: `${host}:${deadPid}:0`,
        lastHeartbeatAt: new Date(),
      })
      .where(eq(t.scrapeRuns.id, orphan.runId));
    await app.db
      .update(t.scrapeRuns)
      .set({ status: "running", ownerInstanceId: "other-host:7:b", lastHeartbeatAt: new Date() })
      .where(eq(t.scrapeRuns.id, remote.runId));
    const jobs = await startJobs(app);
    await jobs.stop();
    expect(await getScrapeRun(app.db, orphan.runId)).toMatchObject({
      status: "failed",
      message: RUN_END_REASONS.crashed,
    });
    // Another host's run can only be judged by its heartbeat, except on the embedded database,
    // which no other process can be using.
    expect((await getScrapeRun(app.db, remote.runId))?.status).toBe(
      app.database.kind === "pglite" ? "failed" : "running",
    );
  }, 60_000);

  it("a click on a source the running all-sources run does not read queues a run of its own, which runs", async () => {
    const covered = await addSource({ isActive: true });
    const outside = await addSource({
      url: `${site.baseUrl}/jsonld/bpc-157`,
      pageType: "single",
      isActive: false,
    });
    const all = await enqueueScrapeRun(app, { sourceId: null, requestedBy: null });
    const allDone = executeScrapeRun(app, all.runId);
    await vi.waitFor(
      async () =>
        expect((await getScrapeRun(app.db, all.runId))?.coveredSourceIds).toEqual([covered.id]),
      { timeout: 10_000, interval: 20 },
    );
    expect(await enqueueScrapeRun(app, { sourceId: covered.id, requestedBy: null })).toEqual({
      runId: all.runId,
      created: false,
    });
    const own = await enqueueScrapeRun(app, { sourceId: outside.id, requestedBy: null });
    expect(own.created).toBe(true);
    await executeScrapeRun(app, own.runId);
    await allDone;
    expect(await getScrapeRun(app.db, own.runId)).toMatchObject({ status: "succeeded" });
    expect(site.requestsFor("/jsonld/bpc-157")).toHaveLength(1);
  });

  it("ends the runs this instance executes as interrupted when it stops, before their next page", async () => {
    const source = await addSource({ isActive: true });
    const run = await enqueueScrapeRun(app, { sourceId: source.id, requestedBy: null });
    // The first page answers only once the instance has been told to stop.
    let answerFirstPage = () => {};
    const firstPageAsked = new Promise<void>((resolve) => {
      site.setHandler("/shop", (_req, res) => {
        answerFirstPage = () => res.writeHead(200).end(FIXTURE_PAGES["/shop"]);
        resolve();
      });
    });
    const executed = executeScrapeRun(app, run.runId);
    await firstPageAsked;
    expect(await interruptRunningScrapes(app, "SIGTERM")).toBe(1);
    answerFirstPage();
    await executed;
    site.setHandler("/shop", null);
    expect(await getScrapeRun(app.db, run.runId)).toMatchObject({
      status: "failed",
      message: RUN_END_REASONS.interrupted("SIGTERM"),
    });
    expect(site.requestsFor("/shop?page=2")).toHaveLength(0);
  });
});

describe("the schedule", () => {
  it("starts each scheduled run within seconds of its interval, not a cron minute late", async () => {
    await updateSettings(app.db, {
      ...DEFAULT_SETTINGS,
      requestDelayMs: 0,
      scrapeIntervalSeconds: 60,
    });
    await addSource({ isActive: true, url: `${site.baseUrl}/jsonld/bpc-157`, pageType: "single" });
    const queuedFor: Date[] = [];
    const scheduleNext = async (at: Date) => {
      queuedFor.push(at);
    };
    const starts: number[] = [];
    // The clock is injected: each run is taken by the worker 1.5 s after its queued time.
    let now = new Date("2030-01-01T00:00:00Z");
    for (let run = 0; run < 4; run += 1) {
      expect(await runScheduledScrape(app, now, { scheduleNext })).not.toBeNull();
      starts.push(now.getTime());
      const due = queuedFor.at(-1)!;
      expect(due.getTime() - now.getTime()).toBe(60_000);
      expect(await nextScheduledScrapeAt(app)).toEqual(due);
      // A tick just before the due time runs nothing.
      expect(await runScheduledScrape(app, new Date(due.getTime() - 1000), { scheduleNext })).toBe(
        null,
      );
      now = new Date(due.getTime() + 1500);
    }
    const intervals = starts.slice(1).map((start, index) => start - starts[index]);
    expect(intervals).toEqual([61_500, 61_500, 61_500]);
    expect(site.requestsFor("/jsonld/bpc-157")).toHaveLength(4);
  });

  it("runs a due scheduled scrape once when two instances on one database both tick", async () => {
    await updateSettings(app.db, {
      ...DEFAULT_SETTINGS,
      requestDelayMs: 0,
      scrapeIntervalSeconds: 60,
    });
    await addSource({ isActive: true, url: `${site.baseUrl}/jsonld/bpc-157`, pageType: "single" });
    // On PostgreSQL a second instance is a second connection pool; PGlite has one process.
    const second = process.env.TEST_DATABASE_URL
      ? await createAppContext({ env: app.env, baseUrl: app.baseUrl })
      : app;
    try {
      const tick = new Date("2031-01-01T00:00:00Z");
      const results = await Promise.all([
        runScheduledScrape(app, tick),
        runScheduledScrape(second, tick),
      ]);
      expect(results.filter((result) => result !== null)).toHaveLength(1);
      expect(site.requestsFor("/jsonld/bpc-157")).toHaveLength(1);
    } finally {
      if (second !== app) await second.close();
    }
  });

  it("does not skip a due scheduled run that a run under way holds back: the next tick starts it", async () => {
    await updateSettings(app.db, {
      ...DEFAULT_SETTINGS,
      requestDelayMs: 0,
      scrapeIntervalSeconds: 60,
    });
    await addSource({ isActive: true, url: `${site.baseUrl}/jsonld/bpc-157`, pageType: "single" });
    const manual = await enqueueScrapeRun(app, { sourceId: null, requestedBy: null });
    const tick = new Date("2032-01-01T00:00:00Z");
    // The first scheduled run ever, due at once, meets the admin's run over all sources.
    expect(await runScheduledScrape(app, tick)).toBeNull();
    expect(await nextScheduledScrapeAt(app)).toBeNull();
    await executeScrapeRun(app, manual.runId);
    const next = await runScheduledScrape(app, new Date(tick.getTime() + 60_000));
    expect(next?.ok).toBe(true);
    expect(site.requestsFor("/jsonld/bpc-157")).toHaveLength(2);
  });

  it("queues the next scheduled run in pg-boss for its exact due time", async () => {
    await updateSettings(app.db, {
      ...DEFAULT_SETTINGS,
      requestDelayMs: 0,
      scrapeIntervalSeconds: 600,
    });
    const jobs = await startJobs(app);
    try {
      await vi.waitFor(
        async () => {
          const due = await nextScheduledScrapeAt(app);
          const { rows } = await app.database.executeSql(
            "select start_after from pgboss.job where name = 'scrape-all-sources' and singleton_key = $1",
            [`scheduled:${due?.toISOString()}`],
          );
          expect(rows).toHaveLength(1);
          expect(new Date((rows[0] as { start_after: string }).start_after)).toEqual(due);
        },
        { timeout: 30_000, interval: 200 },
      );
    } finally {
      await jobs.stop();
    }
  }, 60_000);
});
