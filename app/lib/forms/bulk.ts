/** The bulk bar's fields: the ticked rows' ids and what to do with them. */
import { z } from "zod";

import { distinctIds } from "./record-ids";

/** Rows one bulk action may touch: a page of the largest table, with room to spare. */
export const MAX_BULK_IDS = 200;
/** What the bulk bar does to the ticked rows: to the trash, or shown or hidden on the public side. */
export const BULK_OPERATIONS = ["delete", "activate", "deactivate"] as const;
export type BulkOperation = (typeof BULK_OPERATIONS)[number];

/** Selected rows' ids, comma-separated (one hidden field, so FormData keeps them all). */
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

export const bulkOperation = z.enum(BULK_OPERATIONS, "Choose what to do with the selected rows");
