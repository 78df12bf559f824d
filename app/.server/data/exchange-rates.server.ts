import { asc, eq } from "drizzle-orm";

import type { ExchangeRates } from "~/lib/money";

import type { Database } from "../db/client";
import { exchangeRates } from "../db/schema";

import { compareAndSetByKey, rowVersion, type CompareAndSetOutcome } from "./row-version.server";

export interface ExchangeRateInput {
  currency: string;
  unitsPerUsd: number;
  source: "manual" | "ecb";
}

/** Every stored rate, for the admin's table. */
export async function listExchangeRates(db: Database) {
  return db
    .select({
      currency: exchangeRates.currency,
      unitsPerUsd: exchangeRates.unitsPerUsd,
      source: exchangeRates.source,
      updatedAt: exchangeRates.updatedAt,
      /** A refresh from the ECB moves it too, like a scrape run a price's. */
      version: rowVersion(exchangeRates),
    })
    .from(exchangeRates)
    .orderBy(asc(exchangeRates.currency));
}

/** The rates public pages convert with (one query per page). */
export async function getExchangeRates(db: Database): Promise<ExchangeRates> {
  const rows = await db
    .select({ currency: exchangeRates.currency, unitsPerUsd: exchangeRates.unitsPerUsd })
    .from(exchangeRates);
  return Object.fromEntries(rows.map((row) => [row.currency, row.unitsPerUsd]));
}

/** One currency's stored rate, or null when it has none. */
export async function findExchangeRate(db: Database, currency: string) {
  const [row] = await db
    .select({
      currency: exchangeRates.currency,
      unitsPerUsd: exchangeRates.unitsPerUsd,
      version: rowVersion(exchangeRates),
    })
    .from(exchangeRates)
    .where(eq(exchangeRates.currency, currency))
    .limit(1);
  return row ?? null;
}

/** An admin's edit of a stored rate, written only while it is still at `version`. */
export async function updateExchangeRate(
  db: Database,
  currency: string,
  version: string,
  unitsPerUsd: number,
): Promise<CompareAndSetOutcome> {
  const key = { column: exchangeRates.currency, value: currency };
  const values = { unitsPerUsd, source: "manual" };
  return (await compareAndSetByKey(db, exchangeRates, key, version, values)).outcome;
}

export async function upsertExchangeRates(db: Database, rates: ExchangeRateInput[]): Promise<void> {
  if (rates.length === 0) return;
  const now = new Date();
  for (const rate of rates) {
    await db
      .insert(exchangeRates)
      .values({ ...rate, updatedAt: now })
      .onConflictDoUpdate({
        target: exchangeRates.currency,
        set: { unitsPerUsd: rate.unitsPerUsd, source: rate.source, updatedAt: now },
      });
  }
}

export async function deleteExchangeRate(db: Database, currency: string): Promise<boolean> {
  const rows = await db
    .delete(exchangeRates)
    .where(eq(exchangeRates.currency, currency))
    .returning({ currency: exchangeRates.currency });
  return rows.length > 0;
}
