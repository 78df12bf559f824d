import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createScrapeSource, getScrapeSource } from "~/.server/data/scrape-sources.server";
import { updateSettings } from "~/.server/data/settings.server";
import {
  metricsRegistry,
  outboundRequests,
  scrapeSources,
  watchDatabase,
} from "~/.server/platform/metrics.server";
import { scrapeSource } from "~/.server/scraper/run.server";
import { DEFAULT_SETTINGS } from "~/lib/constants";

import { createTestApp, type TestApp } from "../helpers/app";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-site";
import { FIXTURE_CATEGORY_SELECTORS } from "../helpers/scrape-sources";

/** The scraper's metrics, counted where runs read sources and send requests. */

let app: TestApp;
let site: FixtureSite;

/** A counter's value for these labels (0 when never counted). */
async function valueOf(
  counter: typeof scrapeSources | typeof outboundRequests,
  labels: Record<string, string>,
): Promise<number> {
  const { values } = await counter.get();
  const match = values.find((value) =>
    Object.entries(labels).every(
      ([name, label]) => String((value.labels as Record<string, unknown>)[name]) === label,
    ),
  );
  return match?.value ?? 0;
}

async function addSource(retailerName: string, url: string) {
  const id = await createScrapeSource(app.db, {
    retailerName,
    url,
    ...FIXTURE_CATEGORY_SELECTORS,
    vendorId: null,
    isActive: true,
  });
  return (await getScrapeSource(app.db, id))!;
}

beforeAll(async () => {
  app = await createTestApp({ SCRAPER_ALLOW_PRIVATE_HOSTS: "true", SEED_DEMO: "false" });
  await updateSettings(app.db, { ...DEFAULT_SETTINGS, requestDelayMs: 0 });
  site = await startFixtureSite();
});
afterAll(async () => {
  await site?.close();
  await app?.dispose();
});

describe("scrape metrics", () => {
  it("counts a source robots.txt keeps out as blocked, a read one as ok, and each request by host and status", async () => {
    const host = new URL(site.baseUrl).host;
    const before = {
      blocked: await valueOf(scrapeSources, { outcome: "blocked" }),
      ok: await valueOf(scrapeSources, { outcome: "ok" }),
      pages: await valueOf(outboundRequests, { host, status: "200" }),
    };
    const blocked = await scrapeSource(
      app,
      await addSource("Closed shop", `${site.baseUrl}/private/catalogue`),
    );
    expect(blocked.ok).toBe(false);
    const read = await scrapeSource(app, await addSource("Open shop", `${site.baseUrl}/shop`));
    expect(read.ok).toBe(true);

    expect(await valueOf(scrapeSources, { outcome: "blocked" })).toBe(before.blocked + 1);
    expect(await valueOf(scrapeSources, { outcome: "ok" })).toBe(before.ok + 1);
    // robots.txt once per run, and the open shop's pages: every answer counted.
    const pages = site.requests.filter((request) => request.path.startsWith("/shop")).length;
    const robots = site.requestsFor("/robots.txt").length;
    expect(await valueOf(outboundRequests, { host, status: "200" })).toBe(
      before.pages + pages + robots,
    );
  });

  it("reports each active source's last successful read from the database", async () => {
    const stop = watchDatabase(app.database);
    try {
      const text = await metricsRegistry.getSingleMetricAsString(
        "pp_scrape_source_last_success_timestamp_seconds",
      );
      const series = (retailer: string) =>
        Number(new RegExp(`retailer="${retailer}"\\} (\\S+)`).exec(text)?.[1]);
      expect(series("Closed shop")).toBe(0);
      const [log] = (
        await app.database.executeSql(
          "select extract(epoch from max(created_at))::float8 as at from scrape_logs where status = 'success'",
        )
      ).rows;
      expect(series("Open shop")).toBe(Number(log!.at));
      expect(series("Open shop")).toBeGreaterThan(0);
    } finally {
      stop();
    }
  });
});
