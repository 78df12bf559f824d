import { and, eq } from "drizzle-orm";
import PgBoss from "pg-boss";

import type { AppContext } from "./context.server";
import { appMeta } from "./db/schema";
import { getSettings } from "./data/settings.server";
import { scheduleExchangeRateRefresh } from "./exchange-rates-job.server";
import { scrapeAllSources, type RunAllResult } from "./scraper/run.server";

export const SCRAPE_QUEUE = "scrape-all-sources";
const LAST_RUN_KEY = "scrape_schedule_last_run";
/** pg-boss fires this every minute; the job itself decides whether the interval has elapsed. */
const EVERY_MINUTE = "* * * * *";

type JobContext = Pick<AppContext, "db" | "env" | "baseUrl" | "logger" | "mailer">;

/**
 * The scheduled scrape: runs all active sources when settings.scrapeIntervalSeconds (read
 * afresh each time, so a change applies at once) have passed since the last scheduled run.
 * The last-run marker is claimed with a compare-and-set, so two instances never both run.
 */
export async function runScheduledScrape(
  app: JobContext,
  now: Date = new Date(),
): Promise<RunAllResult | null> {
  const { scrapeIntervalSeconds } = await getSettings(app.db);
  const [marker] = await app.db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, LAST_RUN_KEY));
  if (marker && now.getTime() - new Date(marker.value).getTime() < scrapeIntervalSeconds * 1000)
    return null;
  const claimed = marker
    ? await app.db
        .update(appMeta)
        .set({ value: now.toISOString() })
        .where(and(eq(appMeta.key, LAST_RUN_KEY), eq(appMeta.value, marker.value)))
        .returning({ key: appMeta.key })
    : await app.db
        .insert(appMeta)
        .values({ key: LAST_RUN_KEY, value: now.toISOString() })
        .onConflictDoNothing()
        .returning({ key: appMeta.key });
  if (claimed.length === 0) return null;
  const result = await scrapeAllSources(app);
  app.logger.info({ ok: result.ok, sources: result.results.length }, "scheduled scrape finished");
  return result;
}

export interface Jobs {
  stop: () => Promise<void>;
}

/**
 * Starts pg-boss on the app's own database (PGlite through its `db` adapter, or PostgreSQL):
 * one cron job a minute across every instance, taken by exactly one worker.
 */
export async function startJobs(
  app: Pick<AppContext, "db" | "env" | "baseUrl" | "logger" | "mailer" | "database">,
): Promise<Jobs> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => app.database.executeSql(text, values) },
  });
  boss.on("error", (error) => app.logger.error({ err: error }, "job queue error"));
  await boss.start();
  await boss.createQueue(SCRAPE_QUEUE);
  await boss.schedule(SCRAPE_QUEUE, EVERY_MINUTE);
  await boss.work(SCRAPE_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    await runScheduledScrape(app);
  });
  await scheduleExchangeRateRefresh(boss, app);
  app.logger.info("scheduled scraping started");
  return {
    stop: () => boss.stop({ graceful: true, timeout: 10_000, wait: true }),
  };
}
