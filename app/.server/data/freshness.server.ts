/**
 * SQL twin of the one freshness rule (`isStale` in app/lib/freshness.ts), for the reads that
 * count or filter stale offers in the database: the home grid's ranking, the admin dashboard
 * and Vendor Prices' "Stale" filter. Takes the vendor_peptides alias in a raw-SQL query ("vp"),
 * or none in a query built on the Drizzle table.
 */
import { sql, type SQL } from "drizzle-orm";

import { staleBefore, type FreshnessRule } from "~/lib/freshness";

import type { Database } from "../db/client";
import { vendorPeptides } from "../db/schema";

import { getSettings } from "./settings.server";

/** The offer is stale at `now`: too many missed runs, or not confirmed within the window. */
export function staleOfferSql(rule: FreshnessRule, now: Date, alias?: string): SQL {
  const missed = alias ? sql.raw(`${alias}.missed_scrapes`) : sql`${vendorPeptides.missedScrapes}`;
  const checked = alias
    ? sql.raw(`${alias}.price_checked_at`)
    : sql`${vendorPeptides.priceCheckedAt}`;
  const before = staleBefore(rule, now).toISOString();
  return sql`(${missed} >= ${rule.staleAfterMissedRuns} or ${checked} < ${before}::timestamptz)`;
}

/** The operator's freshness rule, as stored in the settings. */
export async function getFreshnessRule(db: Database): Promise<FreshnessRule> {
  const { staleAfterMissedRuns, scrapeIntervalSeconds } = await getSettings(db);
  return { staleAfterMissedRuns, scrapeIntervalSeconds };
}
