/** Browser push subscriptions of signed-in users, for price alerts sent as push messages. */
import { and, desc, eq, inArray, notInArray, sql } from "drizzle-orm";

import type { Database } from "../db/client";
import { pushSubscriptions } from "../db/schema";

export interface PushSubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Most browsers one user may get push notifications in: each push goes to every one of them. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;

/**
 * Keeps a browser's subscription for the user, who then has at most
 * PUSH_SUBSCRIPTIONS_PER_USER (the least recently used go). "taken" when another user saved
 * that endpoint: an endpoint stays with the user who saved it, so nobody can take over
 * another's notifications by posting their endpoint.
 */
export async function savePushSubscription(
  db: Database,
  params: PushSubscriptionKeys & { userId: string },
): Promise<"saved" | "taken"> {
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(pushSubscriptions)
      .values({ ...params, lastUsedAt: sql`clock_timestamp()` })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { p256dh: params.p256dh, auth: params.auth, lastUsedAt: sql`clock_timestamp()` },
        setWhere: eq(pushSubscriptions.userId, params.userId),
      })
      .returning({ id: pushSubscriptions.id });
    if (!saved) return "taken";
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, params.userId))
      .orderBy(desc(pushSubscriptions.lastUsedAt), desc(pushSubscriptions.id))
      .limit(PUSH_SUBSCRIPTIONS_PER_USER);
    await tx
      .delete(pushSubscriptions)
      .where(
        and(eq(pushSubscriptions.userId, params.userId), notInArray(pushSubscriptions.id, kept)),
      );
    return "saved";
  });
}

/** A push reached these subscriptions: they are in use, so the last to be replaced. */
export async function touchPushSubscriptions(db: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(pushSubscriptions)
    .set({ lastUsedAt: sql`clock_timestamp()` })
    .where(inArray(pushSubscriptions.id, ids));
}

export async function deletePushSubscription(
  db: Database,
  params: { userId: string; endpoint: string },
): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, params.userId),
        eq(pushSubscriptions.endpoint, params.endpoint),
      ),
    )
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

/** Subscriptions the push service says are gone (404/410), or that kept failing. */
export async function deletePushSubscriptionsById(db: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

export async function listPushSubscriptions(db: Database, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds));
}
