/**
 * The version an admin's edit form posts for a row (issue 17 Must 7: a save against a changed
 * row answers 409), for tests that post edits the way a form just opened would.
 */
import { eq } from "drizzle-orm";

import { rowVersion, type VersionedTable } from "~/.server/data/row-version.server";
import type { Database } from "~/.server/db/client";
import { UNSTORED_ROW_VERSION } from "~/lib/edit-conflict";

/** The row's current version; UNSTORED_ROW_VERSION when it does not exist (a page's defaults). */
export async function versionOf(
  db: Database,
  table: VersionedTable,
  id: string | number,
): Promise<string> {
  const [row] = await db
    .select({ version: rowVersion(table) })
    .from(table as never)
    .where(eq(table.id, id));
  return (row as { version: string } | undefined)?.version ?? UNSTORED_ROW_VERSION;
}
