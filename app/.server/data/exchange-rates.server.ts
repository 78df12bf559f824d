import { asc, eq } from "drizzle-orm";

import type { ExchangeRates } from "~/lib/money";

import type { Database } from "../db/client";
import { exchangeRates } from "../db/schema";

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
    .select({ currency: exchangeRates.currency, unitsPerUsd: exchangeRates.unitsPerUsd })
    .from(exchangeRates)
    .where(eq(exchangeRates.currency, currency))
    .limit(1);
  return row ?? null;
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
