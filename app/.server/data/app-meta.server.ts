import { and, eq } from "drizzle-orm";

import type { Database } from "../db/client";
import { appMeta } from "../db/schema";

/** The value stored under `key` (markers such as the schedule's last run), or null. */
export async function getAppMetaValue(db: Database, key: string): Promise<string | null> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key));
  return row?.value ?? null;
}

/** Stores `value` under `key`, replacing whatever was there. */
export async function setAppMetaValue(db: Database, key: string, value: string): Promise<void> {
  await db
    .insert(appMeta)
    .values({ key, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value } });
}

/**
 * Compare-and-set: writes `value` only while `key` still holds `expected` (null: the key is
 * absent). Of several instances racing with the same `expected`, exactly one gets true.
 */
export async function claimAppMetaValue(
  db: Database,
  key: string,
  change: { expected: string | null; value: string },
): Promise<boolean> {
  const claimed =
    change.expected !== null
      ? await db
          .update(appMeta)
          .set({ value: change.value })
          .where(and(eq(appMeta.key, key), eq(appMeta.value, change.expected)))
          .returning({ key: appMeta.key })
      : await db
          .insert(appMeta)
          .values({ key, value: change.value })
          .onConflictDoNothing()
          .returning({ key: appMeta.key });
  return claimed.length > 0;
}

/**
 * Undoes a claim: puts `previous` back (null: removes the key) while `key` still holds the
 * value that was claimed, so a claim taken meanwhile by another instance stays.
 */
export async function releaseAppMetaValue(
  db: Database,
  key: string,
  release: { claimed: string; previous: string | null },
): Promise<void> {
  const held = and(eq(appMeta.key, key), eq(appMeta.value, release.claimed));
  if (release.previous === null) await db.delete(appMeta).where(held);
  else await db.update(appMeta).set({ value: release.previous }).where(held);
}
