import { count, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";

import * as schema from "~/.server/db/schema";
import type { AppContext } from "~/.server/platform/context.server";

/** Tables whose row counts must not move when a refused post arrives (auth bookkeeping excluded). */
const TABLES = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .filter((table) => !["session", "rate_limit", "verification"].includes(getTableName(table)));

/** Every app table's row count, by table name: equal before and after means nothing was written. */
export async function rowCountsOfAllTables(db: AppContext["db"]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[getTableName(table)] = row!.n;
  }
  return counts;
}
