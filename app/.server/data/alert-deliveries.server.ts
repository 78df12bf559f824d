/** Price-alert deliveries (push, webhook, e-mail) waiting or retried, and the daily digest. */
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";

import type { AlertChannel } from "~/lib/price-alerts";

import type { Database } from "../db/client";
import { alertDeliveries, alertDigestItems, priceAlerts, user } from "../db/schema";

export type AlertDeliveryChannel = "push" | "webhook" | "email";

export interface AlertDeliveryInput {
  userId: string;
  channel: AlertDeliveryChannel;
  url: string | null;
  payload: unknown;
}

export async function queueAlertDeliveries(
  db: Database,
  deliveries: AlertDeliveryInput[],
): Promise<void> {
  if (deliveries.length === 0) return;
  // Due from this process's clock, in the milliseconds claimDueAlertDeliveries compares with:
  // the column's now() default carries microseconds, so a claim made in the same millisecond
  // as the queueing would find the delivery not yet due.
  const dueAt = new Date();
  await db
    .insert(alertDeliveries)
    .values(deliveries.map((delivery) => ({ ...delivery, nextAttemptAt: dueAt })));
}

/**
 * Takes due deliveries for this worker (status 'sending', one more attempt counted), so two
 * workers never send the same one; SKIP LOCKED lets them share the queue.
 */
export async function claimDueAlertDeliveries(db: Database, limit: number, now: Date = new Date()) {
  const due = db
    .select({ id: alertDeliveries.id })
    .from(alertDeliveries)
    .where(and(eq(alertDeliveries.status, "pending"), lte(alertDeliveries.nextAttemptAt, now)))
    .orderBy(asc(alertDeliveries.nextAttemptAt), asc(alertDeliveries.createdAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(alertDeliveries)
    .set({ status: "sending", attempts: sql`${alertDeliveries.attempts} + 1` })
    .where(inArray(alertDeliveries.id, due))
    .returning({
      id: alertDeliveries.id,
      userId: alertDeliveries.userId,
      channel: alertDeliveries.channel,
      url: alertDeliveries.url,
      payload: alertDeliveries.payload,
      attempts: alertDeliveries.attempts,
      // To the microsecond (a Date keeps milliseconds), sortable as text.
      queuedAt: sql<string>`to_char(${alertDeliveries.createdAt} at time zone 'UTC', 'YYYYMMDDHH24MISSUS')`,
    });
  // In the order they were queued (RETURNING keeps none): two changes of one price are told
  // in the order they happened.
  return rows
    .sort((a, b) => a.queuedAt.localeCompare(b.queuedAt))
    .map(({ queuedAt: _queuedAt, ...row }) => ({
      ...row,
      channel: row.channel as AlertDeliveryChannel,
    }));
}
export type ClaimedAlertDelivery = Awaited<ReturnType<typeof claimDueAlertDeliveries>>[number];

/**
 * Hands a claimed delivery back to the queue untried (its user is over the per-minute cap):
 * the attempt is not counted.
 */
export async function postponeAlertDelivery(
  db: Database,
  params: { id: string; nextAttemptAt: Date },
): Promise<void> {
  await db
    .update(alertDeliveries)
    .set({
      status: "pending",
      attempts: sql`${alertDeliveries.attempts} - 1`,
      nextAttemptAt: params.nextAttemptAt,
    })
    .where(eq(alertDeliveries.id, params.id));
}

export async function finishAlertDelivery(
  db: Database,
  params:
    | { id: string; outcome: "sent" }
    | { id: string; outcome: "retry"; error: string; nextAttemptAt: Date }
    | { id: string; outcome: "failed"; error: string },
): Promise<void> {
  const set =
    params.outcome === "sent"
      ? { status: "sent", sentAt: new Date(), lastError: null }
      : params.outcome === "retry"
        ? {
            status: "pending",
            lastError: params.error.slice(0, 500),
            nextAttemptAt: params.nextAttemptAt,
          }
        : { status: "failed", lastError: params.error.slice(0, 500) };
  await db.update(alertDeliveries).set(set).where(eq(alertDeliveries.id, params.id));
}

// ---------------------------------------------------------------- daily digest

export async function queueDigestItems(
  db: Database,
  items: { alertId: string; userId: string; item: unknown }[],
): Promise<void> {
  if (items.length === 0) return;
  await db.insert(alertDigestItems).values(items);
}

/** Takes every waiting digest item (deleted as it is read, so two digest runs never both send one). */
export async function takeDigestItems(db: Database) {
  return db.delete(alertDigestItems).returning({
    alertId: alertDigestItems.alertId,
    userId: alertDigestItems.userId,
    item: alertDigestItems.item,
    createdAt: alertDigestItems.createdAt,
  });
}

/** The alerts digest items belong to, as they are now (channels may have changed since). */
export async function getAlertsForDigest(db: Database, alertIds: string[]) {
  if (alertIds.length === 0) return [];
  const rows = await db
    .select({
      id: priceAlerts.id,
      userId: priceAlerts.userId,
      email: user.email,
      channels: priceAlerts.channels,
      webhookUrl: priceAlerts.webhookUrl,
      webhookDisabledAt: priceAlerts.webhookDisabledAt,
    })
    .from(priceAlerts)
    .innerJoin(user, eq(user.id, priceAlerts.userId))
    .where(inArray(priceAlerts.id, alertIds));
  return rows.map((row) => ({ ...row, channels: row.channels as AlertChannel[] }));
}
