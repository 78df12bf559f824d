import { count, desc, eq } from "drizzle-orm";

import type { Database } from "../db/client";
import { scrapeLogs } from "../db/schema";

export interface ScrapeLogInput {
  sourceId: string | null;
  url: string;
  status: "success" | "error";
  details: string;
}

export async function insertScrapeLog(db: Database, input: ScrapeLogInput): Promise<void> {
  await db.insert(scrapeLogs).values(input);
}

/** One page of the Scraping Logs, newest first, and the total for the pager. */
export async function getScrapeLogs(
  db: Database,
  options: { page: number; pageSize: number; sourceId?: string | null },
) {
  const where = options.sourceId ? eq(scrapeLogs.sourceId, options.sourceId) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: scrapeLogs.id,
        url: scrapeLogs.url,
        status: scrapeLogs.status,
        details: scrapeLogs.details,
        createdAt: scrapeLogs.createdAt,
      })
      .from(scrapeLogs)
      .where(where)
      .orderBy(desc(scrapeLogs.createdAt), desc(scrapeLogs.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ total: count() }).from(scrapeLogs).where(where),
  ]);
  return { rows, total };
}
