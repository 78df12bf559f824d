import fs from "node:fs";
import type http from "node:http";
import os from "node:os";
import path from "node:path";

import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { getAppMetaValue, setAppMetaValue } from "~/.server/data/app-meta.server";
import { createScrapeSource } from "~/.server/data/scrape-sources.server";
import { updateSettings } from "~/.server/data/settings.server";
import * as t from "~/.server/db/schema";
import { SCHEDULE_LAST_RUN_KEY } from "~/.server/jobs/jobs.server";
import { prepareDatabase } from "~/.server/jobs/startup.server";
import { RUN_END_REASONS } from "~/.server/jobs/run-recovery.server";
import { DEFAULT_SETTINGS } from "~/lib/constants";

import { startFixtureSite, type FixtureSite } from "../helpers/fixture-site";
import { stopChildProcessesAfterEachTest } from "../helpers/child-processes";
import { logLines, startServerProcess, withDataDir } from "../helpers/server-process";

/**
 * Fault injection with real processes: `npm start`'s server.js on an embedded database in a
 * folder, running a scheduled multi-page run against a slow local shop, is killed (SIGKILL)
 * mid-run and started again on the same folder; then stopped with SIGTERM mid-run.
 */

const PAGES = 6;
const PAGE_LATENCY_MS = 1_500;
const INTERVAL_SECONDS = 60;
/**
 * The shortest interval is a minute; instead of waiting most of it, the schedule's marker (the
 * first run's start) is moved this far back while the server is down, and "on time" is judged
 * against the moved due time.
 */
const SCHEDULE_SHIFT_MS = 45_000;

let site: FixtureSite;
let dataDir: string;

function slowPage(page: number): http.RequestListener {
  return (_req, res) => {
    const next = page < PAGES ? `<a class="next" href="/slow?page=${page + 1}">Next</a>` : "";
    const html = `<!doctype html><html><body><div class="item"><h3 class="item-name">BPC-157 ${page}mg</h3><span class="item-price">$${20 + page}.00</span></div><nav class="pager">${next}</nav></body></html>`;
    setTimeout(
      () => res.writeHead(200, { "content-type": "text/html" }).end(html),
      PAGE_LATENCY_MS,
    );
  };
}

const pageRequests = (page: number) => site.requestsFor(`/slow?page=${page}`);

beforeAll(async () => {
  site = await startFixtureSite({
    handlers: Object.fromEntries(
      Array.from({ length: PAGES }, (_, i) => [`/slow?page=${i + 1}`, slowPage(i + 1)]),
    ),
  });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pp-run-recovery-"));
  await withDataDir(dataDir, async (app) => {
    await prepareDatabase(app);
    await updateSettings(app.db, {
      ...DEFAULT_SETTINGS,
      requestDelayMs: 0,
      scrapeIntervalSeconds: INTERVAL_SECONDS,
    });
    await createScrapeSource(app.db, {
      retailerName: "Slow shop",
      url: `${site.baseUrl}/slow?page=1`,
      pageType: "category",
      productSelector: ".item",
      nameSelector: ".item-name",
      priceSelector: ".item-price",
      linkSelector: null,
      soldOutSelector: null,
      paginationSelector: ".pager",
      nextPageSelector: "a.next",
      vendorId: null,
      isActive: true,
    });
  });
});

afterAll(async () => {
  await site?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

stopChildProcessesAfterEachTest();

describe("a scraping run cut off by its server", () => {
  it(
    "SIGKILL mid-run: the restarted server fails the dead run with a reason and queues the next scheduled run for its due time; SIGTERM mid-run: the run ends interrupted",
    { timeout: 600_000 },
    async () => {
      const first = await startServerProcess(dataDir);
      // The first scheduled run starts at once (the schedule never ran): kill it at page 3 of 6.
      await vi.waitFor(() => expect(pageRequests(3)).toHaveLength(1), {
        timeout: 120_000,
        interval: 50,
      });
      first.child.kill("SIGKILL");
      await first.exited;
      expect(pageRequests(PAGES)).toHaveLength(0);
      const dueAt = await withDataDir(dataDir, async (app) => {
        const lastRun = await getAppMetaValue(app.db, SCHEDULE_LAST_RUN_KEY);
        expect(lastRun).not.toBeNull();
        const moved = new Date(new Date(lastRun!).getTime() - SCHEDULE_SHIFT_MS);
        await setAppMetaValue(app.db, SCHEDULE_LAST_RUN_KEY, moved.toISOString());
        return new Date(moved.getTime() + INTERVAL_SECONDS * 1000);
      });

      const second = await startServerProcess(dataDir);
      // The restarted worker takes the schedule over where it stood: due one interval after the
      // first run (queued for then, or at once when that has passed), not reset by the crash.
      await vi.waitFor(
        () => expect(logLines(second, "scheduled scraping started")).toHaveLength(1),
        {
          timeout: 120_000,
          interval: 100,
        },
      );
      expect(logLines(second, "scheduled scraping started")[0]).toMatchObject({
        nextScheduledRunDue: dueAt.toISOString(),
      });
      // And the run comes, not held back by the dead one (a generous wait: the due time is at
      // most INTERVAL_SECONDS away; lateness is no test's business, see docs/operations.md).
      await vi.waitFor(() => expect(pageRequests(1)).toHaveLength(2), {
        timeout: (INTERVAL_SECONDS + 120) * 1000,
        interval: 100,
      });

      // SIGTERM at page 2 of the second run: it stops there and says why.
      await vi.waitFor(() => expect(pageRequests(2)).toHaveLength(2), {
        timeout: 120_000,
        interval: 50,
      });
      second.child.kill("SIGTERM");
      expect(await second.exited).toBe(0);
      // The page in flight was the last: page 3 was read only by the first run.
      expect(pageRequests(3)).toHaveLength(1);
      expect(second.output.join("")).toContain("scrape runs interrupted by shutdown");

      const runs = await withDataDir(dataDir, (app) =>
        app.db
          .select({ status: t.scrapeRuns.status, message: t.scrapeRuns.message })
          .from(t.scrapeRuns)
          .orderBy(asc(t.scrapeRuns.createdAt)),
      );
      expect(runs).toEqual([
        { status: "failed", message: RUN_END_REASONS.crashed },
        { status: "failed", message: RUN_END_REASONS.interrupted("SIGTERM") },
      ]);
    },
  );
});
