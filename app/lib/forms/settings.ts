/**
 * The settings page's form: one zod schema shared by the page and its action. Every number is
 * bounded on both sides and its message names both bounds.
 */
import { z } from "./zod";

import { type FormValues } from "~/lib/edit-conflict";
import { rowVersionField } from "~/lib/forms/row-version";

import { checkbox, integerField } from "./fields";

/** The bounds of each number on the settings form (the database checks the same ranges). */
export const SETTINGS_LIMITS = {
  scrapeIntervalSeconds: { min: 60, max: 2_592_000 },
  maxUrlsPerRun: { min: 1, max: 10_000 },
  requestDelayMs: { min: 0, max: 600_000 },
  staleAfterMissedRuns: { min: 1, max: 100 },
} as const;

const THRESHOLD_MESSAGE = "The alert threshold must be between 0 and 100 percent";

function boundedInteger(label: string, name: keyof typeof SETTINGS_LIMITS) {
  const { min, max } = SETTINGS_LIMITS[name];
  return integerField(label, min, max);
}

export const settingsFormSchema = z.object({
  scrapeIntervalSeconds: boundedInteger("The scrape interval (seconds)", "scrapeIntervalSeconds"),
  maxUrlsPerRun: boundedInteger("Max URLs per run", "maxUrlsPerRun"),
  requestDelayMs: boundedInteger("The request delay (ms)", "requestDelayMs"),
  // Left out by an older form: the stored value stays.
  staleAfterMissedRuns: boundedInteger("Runs without a price", "staleAfterMissedRuns").optional(),
  respectRobotsTxt: checkbox,
  priceAlertsEnabled: checkbox,
  priceAlertThresholdPercent: z
    .string({ error: THRESHOLD_MESSAGE })
    .trim()
    .max(20, THRESHOLD_MESSAGE)
    .regex(/^\d+(\.\d{1,2})?$/, THRESHOLD_MESSAGE)
    .transform(Number)
    .pipe(z.number().gt(0, THRESHOLD_MESSAGE).max(100, THRESHOLD_MESSAGE)),
  version: rowVersionField,
});

export const settingsIntentSchema = z.enum(["save-settings", "clear-cache", "restore"]);

/** The stored values the form starts from, and the row's version (~/lib/edit-conflict). */
export interface SettingsFormValues {
  scrapeIntervalSeconds: number;
  maxUrlsPerRun: number;
  requestDelayMs: number;
  staleAfterMissedRuns: number;
  respectRobotsTxt: boolean;
  priceAlertsEnabled: boolean;
  priceAlertThresholdPercent: number;
  version: string;
}

/** The settings as their form posts them: what an edit conflict compares. */
export function settingsFormValues(settings: SettingsFormValues): FormValues {
  return {
    scrapeIntervalSeconds: String(settings.scrapeIntervalSeconds),
    maxUrlsPerRun: String(settings.maxUrlsPerRun),
    requestDelayMs: String(settings.requestDelayMs),
    staleAfterMissedRuns: String(settings.staleAfterMissedRuns),
    respectRobotsTxt: settings.respectRobotsTxt ? "on" : "",
    priceAlertsEnabled: settings.priceAlertsEnabled ? "on" : "",
    priceAlertThresholdPercent: String(settings.priceAlertThresholdPercent),
    version: settings.version,
  };
}
