/**
 * Which stored files are still in use: a replaced or deleted image is removed from storage only
 * when no record (nor a trashed one, which an undo would bring back) still names its URL. An
 * admin may type an upload's URL into another record, and the scraper shares one stored image
 * among the offers that name the same shop address.
 */
import { getTableName, inArray, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

import type { Database } from "../db/client";
import {
  ads,
  heroContent,
  labTests,
  peptides,
  trashItems,
  vendorLabReports,
  vendorPeptides,
  vendors,
} from "../db/schema";

/** Every column that may hold a stored upload's URL. */
const URL_COLUMNS: PgColumn[] = [
  peptides.imageUrl,
  vendors.logoUrl,
  vendorPeptides.imageUrl,
  heroContent.imageUrl,
  ads.imageUrl,
  ads.mediaUrl,
  ads.logoUrl,
  labTests.reportUrl,
  vendorLabReports.reportUrl,
];

/**
 * The URLs in `rows` of the table named `table`, captured as `to_jsonb` renders them (keyed by
 * column name): what a purged trash item's rows named, whose files may then go.
 */
export function urlsInRows(table: string, rows: Record<string, unknown>[]): string[] {
  const columns = URL_COLUMNS.filter((column) => getTableName(column.table) === table);
  return rows.flatMap((row) =>
    columns
      .map((column) => row[column.name])
      .filter((url): url is string => typeof url === "string"),
  );
}

/** The URLs among `urls` that a record or a trashed record still names. */
export async function urlsInUse(db: Database, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const found = await Promise.all([
    ...URL_COLUMNS.map((column) =>
      db
        .selectDistinct({ url: sql<string>`${column}` })
        .from(column.table)
        .where(inArray(column, urls)),
    ),
    // A trashed record's rows are kept as JSON: the URL anywhere in them counts.
    ...urls.map((url) =>
      db
        .select({ url: sql<string>`${url}::text` })
        .from(trashItems)
        .where(sql`strpos(${trashItems.payload}::text, ${url}) > 0`)
        .limit(1),
    ),
  ]);
  return new Set(found.flat().map((row) => row.url));
}
