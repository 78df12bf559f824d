import { eq } from "drizzle-orm";

import { DEFAULT_SETTINGS } from "~/lib/constants";

import type { Database } from "../db/client";
import { settings } from "../db/schema";

export interface Settings {
  scrapeIntervalSeconds: number;
  maxUrlsPerRun: number;
  requestDelayMs: number;
  respectRobotsTxt: boolean;
  priceAlertsEnabled: boolean;
  priceAlertThresholdPercent: number;
  staleAfterMissedRuns: number;
  exchangeRatesAutoRefresh: boolean;
}

const settingsColumns = {
  scrapeIntervalSeconds: settings.scrapeIntervalSeconds,
  maxUrlsPerRun: settings.maxUrlsPerRun,
  requestDelayMs: settings.requestDelayMs,
  respectRobotsTxt: settings.respectRobotsTxt,
  priceAlertsEnabled: settings.priceAlertsEnabled,
  priceAlertThresholdPercent: settings.priceAlertThresholdPercent,
  staleAfterMissedRuns: settings.staleAfterMissedRuns,
  exchangeRatesAutoRefresh: settings.exchangeRatesAutoRefresh,
};

/** The operator's settings (row id = 1), read by the scraper and the price alerts. */
export async function getSettings(db: Database): Promise<Settings> {
  const [row] = await db.select(settingsColumns).from(settings).where(eq(settings.id, 1)).limit(1);
  return row ?? { ...DEFAULT_SETTINGS };
}

/** Saves the given settings; the others keep their stored (or default) values. */
export async function updateSettings(db: Database, values: Partial<Settings>): Promise<void> {
  await db
    .insert(settings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: settings.id, set: { ...values, updatedAt: new Date() } });
}
