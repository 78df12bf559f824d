import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { setAppMetaValue } from "~/.server/data/app-meta.server";
import { createScrapeSource } from "~/.server/data/scrape-sources.server";
import { updateSettings } from "~/.server/data/settings.server";
import * as t from "~/.server/db/schema";
import { SCHEDULE_LAST_RUN_KEY } from "~/.server/jobs/jobs.server";
import { RUN_END_REASONS } from "~/.server/jobs/run-recovery.server";
import { prepareDatabase } from "~/.server/jobs/startup.server";
import { DEFAULT_SETTINGS } from "~/lib/constants";

import { cookieHeaderFrom, createUserWithPassword } from "../helpers/auth";
import { stopChildProcessesAfterEachTest } from "../helpers/child-processes";
import {
  logLines,
  startServerProcess,
  withDataDir,
  type ServerProcess,
} from "../helpers/server-process";
import { startWooCommerceShop, type ShopFixture } from "../helpers/shop-fixtures";

/**
 * Issue 31 Must 3 for a shop source: its Run is a tracked background run, so a server killed
 * (SIGKILL) while it reads the shop's feed leaves a run record that the restarted server fails
 * with the reason, and the source is free to run again.
 */

const ADMIN_EMAIL = "shop-recovery-admin@example.com";
const ADMIN_PASSWORD = "shop-recovery-password";

let shop: ShopFixture;
let dataDir: string;
let sourceId: string;

/** The feed's second page: the shop takes the request and never answers it. */
const HELD_PAGE = 2;
const heldPageRequests = () =>
  shop.paths.filter(
    (p) => p.startsWith("/wp-json/wc/store/v1/products") && p.includes(`page=${HELD_PAGE}`),
  );

async function signInTo(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return cookieHeaderFrom(response);
}

/** The source's Run button, as the admin page posts it. */
async function clickRun(server: ServerProcess, cookie: string): Promise<void> {
  const body = new FormData();
  body.append("intent", "run-source");
  body.append("id", sourceId);
  const response = await fetch(`${server.baseUrl}/admin/scraping`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.baseUrl, cookie },
    body,
  });
  expect(response.status).toBe(202);
}

const sourceRuns = () =>
  withDataDir(dataDir, (app) =>
    app.db
      .select({
        id: t.scrapeRuns.id,
        status: t.scrapeRuns.status,
        ok: t.scrapeRuns.ok,
        message: t.scrapeRuns.message,
        finishedAt: t.scrapeRuns.finishedAt,
      })
      .from(t.scrapeRuns)
      .where(eq(t.scrapeRuns.sourceId, sourceId))
      .orderBy(asc(t.scrapeRuns.createdAt)),
  );

beforeAll(async () => {
  // Six products, two a page: the run reads page 1 and then waits on page 2 for good.
  shop = await startWooCommerceShop(
    Array.from({ length: 6 }, (_, i) => ({
      name: `Zorvatide Recovery ${i + 1} 10mg`,
      variants: [{ label: "", price: 30 + i }],
    })),
    { maxPerPage: 2, heldPages: [HELD_PAGE] },
  );
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pp-shop-run-recovery-"));
  await withDataDir(dataDir, async (app) => {
    await prepareDatabase(app);
    await updateSettings(app.db, { ...DEFAULT_SETTINGS, requestDelayMs: 0 });
    // The schedule ran just now: the only run is the one the admin starts.
    await setAppMetaValue(app.db, SCHEDULE_LAST_RUN_KEY, new Date().toISOString());
    await createUserWithPassword(app, ADMIN_EMAIL, ADMIN_PASSWORD, { admin: true });
    const [vendor] = await app.db
      .insert(t.vendors)
      .values({ name: "Recovery Woo vendor" })
      .returning({ id: t.vendors.id });
    sourceId = await createScrapeSource(app.db, {
      retailerName: "Recovery Woo shop",
      url: `${shop.baseUrl}/`,
      kind: "woocommerce",
      pageType: "category",
      productSelector: "",
      nameSelector: "",
      priceSelector: "",
      linkSelector: null,
      soldOutSelector: null,
      paginationSelector: null,
      nextPageSelector: null,
      vendorId: vendor.id,
      isActive: true,
      currency: null,
    });
  });
});

afterAll(async () => {
  await shop?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

stopChildProcessesAfterEachTest();

describe("a shop source's run cut off by its server", () => {
  it(
    "SIGKILL while the shop's feed is read: the restarted server fails the run with the reason and the source runs again",
    { timeout: 600_000 },
    async () => {
      const first = await startServerProcess(dataDir);
      await clickRun(first, await signInTo(first));
      // The run is in progress: page 1 read, page 2 asked for and not answered.
      await vi.waitFor(() => expect(heldPageRequests()).toHaveLength(1), {
        timeout: 120_000,
        interval: 50,
      });
      first.child.kill("SIGKILL");
      await first.exited;

      // The kill left a tracked run behind, not nothing.
      const [left] = await sourceRuns();
      expect(left).toMatchObject({ status: "running", finishedAt: null });

      const second = await startServerProcess(dataDir);
      await vi.waitFor(
        () => expect(logLines(second, "scrape runs of a stopped server failed")).toHaveLength(1),
        { timeout: 120_000, interval: 50 },
      );
      // The source is not left running: Run starts a new run instead of joining the dead one.
      await clickRun(second, await signInTo(second));
      await vi.waitFor(() => expect(heldPageRequests()).toHaveLength(2), {
        timeout: 120_000,
        interval: 50,
      });
      second.child.kill("SIGKILL");
      await second.exited;

      const runs = await sourceRuns();
      expect(runs).toHaveLength(2);
      expect(runs[0]).toMatchObject({
        id: left.id,
        status: "failed",
        ok: false,
        message: RUN_END_REASONS.crashed,
      });
      expect(runs[0].finishedAt).not.toBeNull();
      expect(runs[1]).toMatchObject({ status: "running" });
    },
  );
});
