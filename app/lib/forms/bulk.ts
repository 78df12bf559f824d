/**
 * The one wire format of every bulk bar (BulkBar in components/admin/bulk-actions.tsx): the
 * page's bulk `intent`, the `operation`, the ticked rows' `ids` (comma-separated: one hidden
 * field, so FormData keeps them all) and the `versions` the page showed them at ("id:version"
 * pairs). The bar posts `bulkFormFields`; each page's action parses it with `bulkActionSchema`.
 */
import { bulkVersionsValue } from "~/lib/edit-conflict";
import { bulkVersionsField } from "~/lib/forms/row-version";

import { distinctIds } from "./record-ids";
import { z } from "./zod";

/** Rows one bulk action may touch: a page of the largest table, with room to spare. */
export const MAX_BULK_IDS = 200;
/** What the bulk bar does to the ticked rows: to the trash, or shown or hidden on the public side. */
export const BULK_OPERATIONS = ["delete", "activate", "deactivate"] as const;
export type BulkOperation = (typeof BULK_OPERATIONS)[number];

/** Selected rows' ids, comma-separated. */
export const bulkIds = z
  .string({ error: "Select at least one row" })
  .max(MAX_BULK_IDS * 40, `At most ${MAX_BULK_IDS} rows at once`)
  .transform(distinctIds)
  .pipe(
    z
      .array(z.guid("Unknown record"))
      .min(1, "Select at least one row")
      .max(MAX_BULK_IDS, `At most ${MAX_BULK_IDS} rows at once`),
  );

/**
 * A page's bulk action: its `intent`, the operations its rows allow (vendors have no public
 * switch: only delete), and the ids field (one whose messages name the rows, "Select at least
 * one ad", where the page has one).
 */
export function bulkActionSchema<const I extends string, const O extends BulkOperation>(
  intent: I,
  operations: readonly [O, ...O[]],
  ids: z.ZodType<string[], string> = bulkIds,
) {
  return z.object({
    intent: z.literal(intent),
    operation: z.enum(operations, "Choose what to do with the selected rows"),
    ids,
    versions: bulkVersionsField,
  });
}

/** What a bulk bar posts: the ticked ids, each with the version its row was shown at. */
export function bulkFormFields(
  intent: string,
  operation: BulkOperation,
  ids: Iterable<string>,
  versionOf: ReadonlyMap<string, string>,
): Record<string, string> {
  const ticked = [...ids];
  return {
    intent,
    operation,
    ids: ticked.join(","),
    versions: bulkVersionsValue(ticked, versionOf),
  };
}
