import { eq, sql } from "drizzle-orm";

import { DEFAULT_SETTINGS } from "~/lib/constants";
import { DEFAULT_LAB_THRESHOLDS, type LabThresholds } from "~/lib/lab-tests";
import { UNSTORED_ROW_VERSION } from "~/lib/edit-conflict";

import type { Database } from "../db/client";
import { settings } from "../db/schema";

import { compareAndSet, nextRowVersion, rowVersion } from "./row-version.server";

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

/** The settings as the admin's form edits them, with the row's version (~/lib/edit-conflict). */
export async function getAdminSettings(db: Database): Promise<Settings & { version: string }> {
  const [row] = await db
    .select({ ...settingsColumns, version: rowVersion(settings) })
    .from(settings)
    .where(eq(settings.id, 1))
    .limit(1);
  return row ?? { ...DEFAULT_SETTINGS, version: UNSTORED_ROW_VERSION };
}

/** Saves the given settings; the others keep their stored (or default) values. */
export async function updateSettings(db: Database, values: Partial<Settings>): Promise<void> {
  await db
    .insert(settings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({
      target: settings.id,
      set: { ...values, updatedAt: nextRowVersion(settings) },
    });
}

/**
 * The settings form's save: written only while the row is still at `version` (the one the form
 * was opened on; UNSTORED_ROW_VERSION: no row yet, the form showed the defaults).
 */
export async function updateSettingsIfUnchanged(
  db: Database,
  version: string,
  values: Partial<Settings>,
): Promise<{ version: string } | "changed"> {
  if (version === UNSTORED_ROW_VERSION) {
    const [inserted] = await db
      .insert(settings)
      .values({ id: 1, ...values })
      .onConflictDoNothing()
      .returning({ version: rowVersion(settings) });
    if (inserted) return inserted;
    // Stored meanwhile: by the refresh switch (still at version 0) or by another form's save.
  }
  const saved = await compareAndSet(db, settings, 1, version, values);
  return saved.outcome === "updated" ? { version: saved.version } : "changed";
}

/**
 * The exchange rates' daily refresh switch. It leaves the row's version: the settings form
 * never writes this column, so a form open meanwhile loses nothing by saving.
 */
export async function setExchangeRatesAutoRefresh(db: Database, on: boolean): Promise<void> {
  await db
    .insert(settings)
    // A row it creates is at UNSTORED_ROW_VERSION (updated_at 0): the form's defaults still hold.
    .values({ id: 1, exchangeRatesAutoRefresh: on, updatedAt: new Date(0) })
    .onConflictDoUpdate({
      target: settings.id,
      set: { exchangeRatesAutoRefresh: on, updatedAt: sql`${settings.updatedAt}` },
    });
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

/** The site-wide affiliate switch (issue 34); on when no settings row exists yet. */
export async function getAffiliateLinksEnabled(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ on: settings.affiliateLinksEnabled })
    .from(settings)
    .where(eq(settings.id, 1));
  return row?.on ?? true;
}

/**
 * Switches every vendor's affiliate template on or off. Like the rates' switch it leaves the
 * row's version: the settings form never writes this column.
 */
export async function setAffiliateLinksEnabled(db: Database, on: boolean): Promise<void> {
  await db
    .insert(settings)
    .values({ id: 1, affiliateLinksEnabled: on, updatedAt: new Date(0) })
    .onConflictDoUpdate({
      target: settings.id,
      set: { affiliateLinksEnabled: on, updatedAt: sql`${settings.updatedAt}` },
    });
}
