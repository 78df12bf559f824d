/** The Trash view's table query and its restore form (shared by the page and its action). */
import { z } from "./zod";

import { defineTableQuery } from "~/lib/table-query";

import { recordId } from "./record-ids";

/** Days a deleted record stays restorable before the daily purge removes it. */
export const TRASH_RETENTION_DAYS = 30;

export const TRASH_TABLE = defineTableQuery({
  id: "trash",
  sorts: ["deletedAt", "name", "entity"],
  defaultSort: "deletedAt",
  defaultDir: "desc",
  pageSize: 20,
});

export const UNKNOWN_TRASH_ITEM = "That item is no longer in the trash";

export const trashActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("restore-batch"), batchId: recordId(UNKNOWN_TRASH_ITEM) }),
    z.object({ intent: z.literal("restore-item"), id: recordId(UNKNOWN_TRASH_ITEM) }),
  ],
  { error: "Unknown action" },
);

export type TrashAction = z.infer<typeof trashActionSchema>;
