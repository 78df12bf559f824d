import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";

import type { Database } from "../db/client";
import { scrapeSourceHealth } from "../db/schema";

/** Counts one more run of the source: failures in a row go up by one, or back to 0. */
export async function recordSourceRunHealth(
  db: Database,
  sourceId: string,
  ok: boolean,
): Promise<{ consecutiveFailures: number }> {
  const [row] = await db
    .insert(scrapeSourceHealth)
    .values({ sourceId, consecutiveFailures: ok ? 0 : 1 })
    .onConflictDoUpdate({
      target: scrapeSourceHealth.sourceId,
      set: {
        consecutiveFailures: ok ? 0 : sql`${scrapeSourceHealth.consecutiveFailures} + 1`,
      },
    })
    .returning({ consecutiveFailures: scrapeSourceHealth.consecutiveFailures });
  return { consecutiveFailures: row?.consecutiveFailures ?? 0 };
}

/**
 * Opens an incident unless one is open: true for exactly one caller, however many runs or
 * instances race, so the admins are told once.
 */
export async function openSourceIncident(
  db: Database,
  sourceId: string,
  reason: string,
): Promise<boolean> {
  // An upsert: the timer's stale check may find a source that has never run.
  const opened = await db
    .insert(scrapeSourceHealth)
    .values({ sourceId, incidentSince: new Date(), incidentReason: reason })
    .onConflictDoUpdate({
      target: scrapeSourceHealth.sourceId,
      set: { incidentSince: new Date(), incidentReason: reason },
      setWhere: isNull(scrapeSourceHealth.incidentSince),
    })
    .returning({ sourceId: scrapeSourceHealth.sourceId });
  return opened.length > 0;
}

/** Closes the open incident; true for the one caller that closed it. */
export async function closeSourceIncident(db: Database, sourceId: string): Promise<boolean> {
  const closed = await db
    .update(scrapeSourceHealth)
    .set({ incidentSince: null, incidentReason: null })
    .where(
      and(eq(scrapeSourceHealth.sourceId, sourceId), isNotNull(scrapeSourceHealth.incidentSince)),
    )
    .returning({ sourceId: scrapeSourceHealth.sourceId });
  return closed.length > 0;
}
