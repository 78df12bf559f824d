import { sql } from "drizzle-orm";

import type { Database } from "../db/client";
import { scrapeHostSlots } from "../db/schema";

/**
 * Claims the next request slot for a host: the later of now and the host's next-allowed time,
 * pushing that time on by the gap in the same statement. Concurrent runs, on one instance or
 * many, each get their own slot a gap apart. Returns when the claimed request may be sent.
 */
export async function reserveScrapeHostSlot(
  db: Database,
  params: { host: string; gapMs: number; now: Date },
): Promise<Date> {
  const now = sql`${params.now.toISOString()}::timestamptz`;
  const gap = sql`(${params.gapMs}::integer * interval '1 millisecond')`;
  const [row] = await db
    .insert(scrapeHostSlots)
    .values({ host: params.host, nextAllowedAt: new Date(params.now.getTime() + params.gapMs) })
    .onConflictDoUpdate({
      target: scrapeHostSlots.host,
      set: { nextAllowedAt: sql`greatest(${scrapeHostSlots.nextAllowedAt}, ${now}) + ${gap}` },
    })
    .returning({ nextAllowedAt: scrapeHostSlots.nextAllowedAt });
  return new Date(row.nextAllowedAt.getTime() - params.gapMs);
}
