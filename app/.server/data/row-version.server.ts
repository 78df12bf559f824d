/**
 * Edit conflicts, the one mechanism (docs/operations.md "Two admins, one row"): an admin form
 * carries the version of the row it was opened on (`rowVersion`), and its save is a
 * compare-and-set (`updateIfUnchanged`) that writes only while the row still has that version.
 * A save against a row changed meanwhile writes nothing and answers "changed"; the route then
 * answers 409 with the row's current values (editConflict in ~/lib/action-result).
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";

import type { Database } from "../db/client";

/** A table whose rows have an `updated_at` every admin write moves forward. */
export type KeyedTable = PgTable & { updatedAt: PgColumn };

/** One whose rows are found by `id` (a uuid; settings' single row: 1). */
export type VersionedTable = KeyedTable & { id: PgColumn };

/**
 * The row's version as forms carry it: updated_at in whole microseconds, as text. Exact (a JS
 * Date would drop the microseconds PostgreSQL keeps, and two versions could look alike).
 */
export function rowVersion(table: KeyedTable): SQL<string> {
  return sql<string>`(extract(epoch from ${table.updatedAt}) * 1000000)::bigint::text`;
}

/**
 * The next updated_at: now, and always later than the current one, so two saves within one
 * clock tick (or one transaction, where now() stands still) still give two versions.
 */
export function nextRowVersion(table: KeyedTable): SQL<Date> {
  return sql<Date>`greatest(clock_timestamp(), ${table.updatedAt} + interval '1 microsecond')`;
}

export type CompareAndSetOutcome = "updated" | "changed" | "missing";

/**
 * Writes `values` to the row only while it still has `version`: one UPDATE … WHERE id AND
 * version. "changed": someone saved it since the form was opened (nothing written); "missing":
 * the row is gone.
 */
export async function updateIfUnchanged<T extends VersionedTable>(
  db: Database,
  table: T,
  id: string | number,
  version: string,
  values: PgUpdateSetSource<T>,
): Promise<CompareAndSetOutcome> {
  return (await compareAndSet(db, table, id, version, values)).outcome;
}

/**
 * updateIfUnchanged that also answers the version the write gave the row: a form that stays
 * open after its save (a page form) posts that one next (read in the same statement, so no
 * other save can slip in between).
 */
export async function compareAndSet<T extends VersionedTable>(
  db: Database,
  table: T,
  id: string | number,
  version: string,
  values: PgUpdateSetSource<T>,
) {
  return compareAndSetByKey(db, table, { column: table.id, value: id }, version, values);
}

/** compareAndSet for a row found by another unique column (an exchange rate's currency). */
export async function compareAndSetByKey<T extends KeyedTable>(
  db: Database,
  table: T,
  key: { column: PgColumn; value: string | number },
  version: string,
  values: PgUpdateSetSource<T>,
): Promise<
  { outcome: "updated"; version: string } | { outcome: Exclude<CompareAndSetOutcome, "updated"> }
> {
  const [written] = await db
    .update(table)
    .set({ ...values, updatedAt: nextRowVersion(table) } as PgUpdateSetSource<T>)
    .where(and(eq(key.column, key.value), sql`${rowVersion(table)} = ${version}`))
    .returning({ version: rowVersion(table) });
  if (written) return { outcome: "updated", version: written.version };
  const [exists] = await db
    .select({ key: key.column })
    .from(table as PgTable)
    .where(eq(key.column, key.value));
  return { outcome: exists ? "changed" : "missing" };
}

/** Thrown inside a transaction to roll it back when its compare-and-set found the row changed. */
export class StaleRowError extends Error {
  constructor(readonly outcome: Exclude<CompareAndSetOutcome, "updated">) {
    super(`row ${outcome}`);
    this.name = "StaleRowError";
  }
}
