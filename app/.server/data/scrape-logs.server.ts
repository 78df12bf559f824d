import { count, desc, eq } from "drizzle-orm";

import type { SCRAPE_LOG_STATUSES } from "~/lib/constants";

import type { Database } from "../db/client";
import { scrapeLogs } from "../db/schema";

export interface ScrapeLogInput {
  sourceId: string | null;
  url: string;
  status: (typeof SCRAPE_LOG_STATUSES)[number];
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
  const newestFirst = [desc(scrapeLogs.createdAt), desc(scrapeLogs.id)];
  // The pager's total counts the lines in the table's order, which its index (all lines, or one
  // source's) gives without a sort: an index-only scan, where a bare count read the whole table.
  const inOrder = db
    .select({ id: scrapeLogs.id })
    .from(scrapeLogs)
    .where(where)
    .orderBy(...newestFirst)
    .as("in_order");
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
      .orderBy(...newestFirst)
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ total: count() }).from(inOrder),
  ]);
  return { rows, total };
}
