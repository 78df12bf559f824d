import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { createAppContext } from "~/.server/context.server";
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
} from "~/.server/jobs.server";
import { DEFAULT_SETTINGS } from "~/lib/constants";

import { createTestApp, type TestApp } from "../helpers/app";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-site";

let app: TestApp;
let site: FixtureSite;

async function addSource(overrides: Partial<ScrapeSourceInput> = {}) {
  const id = await createScrapeSource(app.db, {
    retailerName: "Run shop",
    url: `${site.baseUrl}/shop`,
    pageType: "category",
    productSelector: ".item",
    nameSelector: ".item-name",
    priceSelector: ".item-price",
    linkSelector: "a.item-link",
    soldOutSelector: ".item-soldout",
    paginationSelector: ".pager",
    nextPageSelector: "a.next",
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
    // While a run over every source is queued, a run of one source joins it too.
    const other = await addSource({ url: `${site.baseUrl}/jsonld/bpc-157`, pageType: "single" });
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

  it("frees the lock of a run that died with its instance", async () => {
    const source = await addSource();
    const stale = await enqueueScrapeRun(app, { sourceId: source.id, requestedBy: null });
    await app.db
      .update(t.scrapeRuns)
      .set({ status: "running", updatedAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(t.scrapeRuns.id, stale.runId));
    const fresh = await enqueueScrapeRun(app, { sourceId: source.id, requestedBy: null });
    expect(fresh.created).toBe(true);
    expect(await getScrapeRun(app.db, stale.runId)).toMatchObject({
      status: "failed",
      message: "Error during scraping: the run was interrupted",
    });
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
