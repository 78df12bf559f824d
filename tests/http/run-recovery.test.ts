import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import type http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { createAppContext, type AppContext } from "~/.server/infra/context.server";
import { getAppMetaValue, setAppMetaValue } from "~/.server/data/app-meta.server";
import { createScrapeSource } from "~/.server/data/scrape-sources.server";
import { updateSettings } from "~/.server/data/settings.server";
import * as t from "~/.server/db/schema";
import { parseEnv } from "~/.server/infra/env";
import { SCHEDULE_LAST_RUN_KEY } from "~/.server/infra/jobs.server";
import { prepareDatabase } from "~/.server/infra/startup.server";
import { RUN_END_REASONS } from "~/.server/infra/run-recovery.server";
import { DEFAULT_SETTINGS } from "~/lib/constants";

import { TEST_ENV_DEFAULTS } from "../helpers/database";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-site";
import { TEST_BUILD_DIR } from "../setup/build-once";

/**
 * Fault injection with real processes: `npm start`'s server.js on an embedded database in a
 * folder, running a scheduled multi-page run against a slow local shop, is killed (SIGKILL)
 * mid-run and started again on the same folder; then stopped with SIGTERM mid-run.
 */

const root = path.resolve(import.meta.dirname, "../..");
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

const dataDirEnv = () =>
  parseEnv({ ...TEST_ENV_DEFAULTS, DATABASE_URL: "", DATA_DIR: dataDir, SEED_DEMO: "false" });

async function withDataDir<T>(work: (app: AppContext) => Promise<T>): Promise<T> {
  const app = await createAppContext({ env: dataDirEnv(), baseUrl: "http://localhost:3000" });
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

interface ServerProcess {
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

/** server.js on the test build and the data folder, once it says it listens. */
async function startServerProcess(): Promise<ServerProcess> {
  const output: string[] = [];
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      ...process.env,
      ...TEST_ENV_DEFAULTS,
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      BASE_URL: "",
      DATABASE_URL: "",
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      JOBS_ENABLED: "true",
      SCRAPER_ALLOW_PRIVATE_HOSTS: "true",
      BUILD_DIR: TEST_BUILD_DIR,
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  child.stderr!.on("data", (chunk: Buffer) => output.push(String(chunk)));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output.push(String(chunk));
      if (output.join("").includes("listening on")) resolve();
    });
    void exited.then((code) => reject(new Error(`server exited (${code}): ${output.join("")}`)));
  });
  return { child, output, exited };
}

const pageRequests = (page: number) => site.requestsFor(`/slow?page=${page}`);

beforeAll(async () => {
  site = await startFixtureSite({
    handlers: Object.fromEntries(
      Array.from({ length: PAGES }, (_, i) => [`/slow?page=${i + 1}`, slowPage(i + 1)]),
    ),
  });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pp-run-recovery-"));
  await withDataDir(async (app) => {
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

describe("a scraping run cut off by its server", () => {
  it(
    "SIGKILL mid-run: the restarted server fails the dead run with a reason and starts the next scheduled run on time; SIGTERM mid-run: the run ends interrupted",
    { timeout: 180_000 },
    async () => {
      const first = await startServerProcess();
      // The first scheduled run starts at once (the schedule never ran): kill it at page 3 of 6.
      await vi.waitFor(() => expect(pageRequests(3)).toHaveLength(1), {
        timeout: 30_000,
        interval: 50,
      });
      const firstRunStartedAt = pageRequests(1)[0]!.at;
      first.child.kill("SIGKILL");
      await first.exited;
      const killedAt = Date.now();
      expect(pageRequests(PAGES)).toHaveLength(0);
      await withDataDir(async (app) => {
        const lastRun = await getAppMetaValue(app.db, SCHEDULE_LAST_RUN_KEY);
        expect(lastRun).not.toBeNull();
        const moved = new Date(new Date(lastRun!).getTime() - SCHEDULE_SHIFT_MS);
        await setAppMetaValue(app.db, SCHEDULE_LAST_RUN_KEY, moved.toISOString());
      });

      const second = await startServerProcess();
      const listeningAt = Date.now();
      const listeningAfterMs = listeningAt - killedAt;
      // The next scheduled run: one interval after the first one, not held back by the dead run.
      await vi.waitFor(() => expect(pageRequests(1)).toHaveLength(2), {
        timeout: (INTERVAL_SECONDS + 30) * 1000,
        interval: 100,
      });
      const nextRunStartedAt = pageRequests(1)[1]!.at;
      const nextRunAfterKillMs = nextRunStartedAt - killedAt;
      const dueAt = firstRunStartedAt - SCHEDULE_SHIFT_MS + INTERVAL_SECONDS * 1000;
      // On time: at its due time, or as soon as the restarted server is up when that is later.
      const scheduleLateMs = nextRunStartedAt - Math.max(dueAt, listeningAt);
      expect(nextRunStartedAt).toBeGreaterThan(dueAt - 2_000);
      expect(scheduleLateMs).toBeLessThan(5_000);
      console.info(
        `crash-restart: listening ${listeningAfterMs} ms after SIGKILL; next scheduled run ${nextRunAfterKillMs} ms after SIGKILL (due ${dueAt - killedAt} ms after it), ${scheduleLateMs} ms late`,
      );

      // SIGTERM at page 2 of the second run: it stops there and says why.
      await vi.waitFor(() => expect(pageRequests(2)).toHaveLength(2), {
        timeout: 30_000,
        interval: 50,
      });
      const termAt = Date.now();
      second.child.kill("SIGTERM");
      expect(await second.exited).toBe(0);
      const stoppedAfterMs = Date.now() - termAt;
      // The page in flight was the last: page 3 was read only by the first run.
      expect(pageRequests(3)).toHaveLength(1);
      console.info(`SIGTERM: exited ${stoppedAfterMs} ms after the signal`);
      expect(second.output.join("")).toContain("scrape runs interrupted by shutdown");

      const runs = await withDataDir((app) =>
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
