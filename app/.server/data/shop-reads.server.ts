/**
 * The shop reads queued by requests and done by a worker (issue 37 Must 2): the record the
 * job fills, and what the asking pages read of it.
 */
import { and, desc, eq, inArray, lt, or } from "drizzle-orm";

import type { ShopReadKind, ShopReadStatus } from "~/lib/shop-reads";

import type { Database } from "../db/client";
import { shopReads } from "../db/schema";

/** A finished read is kept a week: long enough to be shown, short enough not to pile up. */
const READ_KEPT_MS = 7 * 24 * 60 * 60_000;
const PENDING: ShopReadStatus[] = ["queued", "running"];

export interface ShopReadRecord {
  id: string;
  kind: ShopReadKind;
  subject: string;
  input: unknown;
  status: ShopReadStatus;
  message: string | null;
  result: unknown;
  ownerInstanceId: string | null;
  lastHeartbeatAt: Date | null;
  createdAt: Date;
}

const toRecord = (row: typeof shopReads.$inferSelect): ShopReadRecord => ({
  id: row.id,
  kind: row.kind as ShopReadKind,
  subject: row.subject,
  input: row.input,
  status: row.status as ShopReadStatus,
  message: row.message,
  result: row.result,
  ownerInstanceId: row.ownerInstanceId,
  lastHeartbeatAt: row.lastHeartbeatAt,
  createdAt: row.createdAt,
});

/** A queued read; finished reads older than a week go at the same time. */
export async function createShopRead(
  db: Database,
  input: { kind: ShopReadKind; subject: string; input: unknown },
): Promise<string> {
  await db
    .delete(shopReads)
    .where(
      and(
        lt(shopReads.createdAt, new Date(Date.now() - READ_KEPT_MS)),
        inArray(shopReads.status, ["succeeded", "failed"]),
      ),
    );
  const [row] = await db.insert(shopReads).values(input).returning({ id: shopReads.id });
  return row!.id;
}

export async function getShopRead(db: Database, id: string): Promise<ShopReadRecord | null> {
  const [row] = await db.select().from(shopReads).where(eq(shopReads.id, id));
  return row ? toRecord(row) : null;
}

/** The newest read of a kind about a subject (a claim's last check, a report's re-check). */
export async function latestShopRead(
  db: Database,
  kind: ShopReadKind,
  subject: string,
): Promise<ShopReadRecord | null> {
  const [row] = await db
    .select()
    .from(shopReads)
    .where(and(eq(shopReads.kind, kind), eq(shopReads.subject, subject)))
    .orderBy(desc(shopReads.createdAt))
    .limit(1);
  return row ? toRecord(row) : null;
}

/** The subjects among `subjects` with a read of `kind` still queued or running. */
export async function subjectsWithPendingReads(
  db: Database,
  kind: ShopReadKind,
  subjects: string[],
): Promise<Set<string>> {
  if (subjects.length === 0) return new Set();
  const rows = await db
    .select({ subject: shopReads.subject })
    .from(shopReads)
    .where(
      and(
        eq(shopReads.kind, kind),
        inArray(shopReads.subject, subjects),
        inArray(shopReads.status, PENDING),
      ),
    );
  return new Set(rows.map((row) => row.subject));
}

/** Moves a queued read to running under this instance; false when another worker has it. */
export async function claimShopRead(db: Database, id: string, owner: string): Promise<boolean> {
  const claimed = await db
    .update(shopReads)
    .set({ status: "running", ownerInstanceId: owner, lastHeartbeatAt: new Date() })
    .where(and(eq(shopReads.id, id), eq(shopReads.status, "queued")))
    .returning({ id: shopReads.id });
  return claimed.length > 0;
}

export async function beatShopRead(db: Database, id: string): Promise<void> {
  await db
    .update(shopReads)
    .set({ lastHeartbeatAt: new Date() })
    .where(and(eq(shopReads.id, id), eq(shopReads.status, "running")));
}

/** Ends a queued or running read; false when it had already ended (it keeps that outcome). */
export async function finishShopRead(
  db: Database,
  id: string,
  outcome: { ok: boolean; message: string; result?: unknown },
): Promise<boolean> {
  const ended = await db
    .update(shopReads)
    .set({
      status: outcome.ok ? "succeeded" : "failed",
      message: outcome.message.slice(0, 1000),
      result: outcome.result ?? null,
      finishedAt: new Date(),
    })
    .where(and(eq(shopReads.id, id), inArray(shopReads.status, PENDING)))
    .returning({ id: shopReads.id });
  return ended.length > 0;
}

/** Every running read and the instance reading it, for the start-up check of dead workers. */
export async function getRunningShopReads(db: Database) {
  return db
    .select({ id: shopReads.id, ownerInstanceId: shopReads.ownerInstanceId })
    .from(shopReads)
    .where(eq(shopReads.status, "running"));
}

/** Reads whose worker fell silent, or that no worker took up, by the given limits. */
export async function getAbandonedShopReads(
  db: Database,
  limits: { runningBefore: Date; queuedBefore: Date },
) {
  return db
    .select({ id: shopReads.id, status: shopReads.status })
    .from(shopReads)
    .where(
      or(
        and(eq(shopReads.status, "running"), lt(shopReads.lastHeartbeatAt, limits.runningBefore)),
        and(eq(shopReads.status, "queued"), lt(shopReads.createdAt, limits.queuedBefore)),
      ),
    );
}
