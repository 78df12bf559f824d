import { eq } from "drizzle-orm";

import { DEFAULT_SETTINGS } from "~/lib/constants";
import { DEFAULT_LAB_THRESHOLDS, type LabThresholds } from "~/lib/lab-tests";

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

/** The lab tests' pass marks (issue 23), edited on the lab tests page. */
export async function getLabThresholds(db: Database): Promise<LabThresholds> {
  const [row] = await db
    .select({
      minPurityPercent: settings.labTestMinPurityPercent,
      maxMassDeviationPercent: settings.labTestMaxMassDeviationPercent,
    })
    .from(settings)
    .where(eq(settings.id, 1))
    .limit(1);
  return row ?? { ...DEFAULT_LAB_THRESHOLDS };
}

/** Saves the pass marks; returns the previous ones (for the audit log). */
export async function updateLabThresholds(
  db: Database,
  values: LabThresholds,
): Promise<LabThresholds> {
  const before = await getLabThresholds(db);
  await db
    .insert(settings)
    .values({
      id: 1,
      labTestMinPurityPercent: values.minPurityPercent,
      labTestMaxMassDeviationPercent: values.maxMassDeviationPercent,
    })
    .onConflictDoUpdate({
      target: settings.id,
      set: {
        labTestMinPurityPercent: values.minPurityPercent,
        labTestMaxMassDeviationPercent: values.maxMassDeviationPercent,
        updatedAt: new Date(),
      },
    });
  return before;
}
