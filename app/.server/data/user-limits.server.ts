/**
 * Bounds on the lists a signed-in user creates (saved stacks, saved deals, price alerts): the
 * limits live in ~/lib/constants (USER_LIST_LIMITS) and docs/security.md.
 */
import { and, count, eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

import type { Database } from "../db/client";
import { user } from "../db/schema";

/**
 * Runs `insert` only while the user holds fewer than `limit` rows of `table` (those `also`
 * matches, when given); "full" otherwise. The user's account row is locked first, so two saves
 * at once are counted one after the other and cannot both pass.
 */
export async function insertWithinUserLimit<T>(
  db: Database,
  params: { table: PgTable; userColumn: PgColumn; userId: string; limit: number; also?: SQL },
  insert: (tx: Database) => Promise<T>,
): Promise<T | "full"> {
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, params.userId)).for("update");
    const [held] = await tx
      .select({ count: count() })
      .from(params.table)
      .where(and(eq(params.userColumn, params.userId), params.also));
    if ((held?.count ?? 0) >= params.limit) return "full";
    return insert(tx);
  });
}
