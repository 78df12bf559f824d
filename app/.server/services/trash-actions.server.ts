/**
 * An admin delete, the one way: `deleteToTrash(app, admin, { entity, ids, … })` moves the
 * records to the trash (30 days, restorable), records one audit entry per record with its name
 * (all in one insert),
 * empties the page cache, and answers the action. The success carries `trashBatchId`, so the
 * page's toast (useFetcherToast) offers "Undo".
 */
import { failure, type ActionResult } from "~/lib/action-result";

import type { SessionUser } from "./auth.server";
import type { AppContext } from "../infra/context.server";
import { recordAuditEntries } from "../data/audit.server";
import { moveToTrash } from "../data/trash.server";
import type { TrashEntityName } from "../data/trash-entities.server";

export async function deleteToTrash(
  app: Pick<AppContext, "db" | "cache">,
  admin: Pick<SessionUser, "id" | "email">,
  options: {
    entity: TrashEntityName;
    ids: readonly string[];
    /** The audit log's entity name ("category", "ads", …), as the page records it elsewhere. */
    auditEntity: string;
    /** Success text: SPEC's message for one record, or a function of how many were deleted. */
    deletedMessage: string | ((count: number) => string);
    notFoundMessage: string;
  },
) {
  const { batchId, items } = await moveToTrash(app.db, {
    entity: options.entity,
    ids: options.ids,
    actorId: admin.id,
  });
  if (!batchId) return failure(options.notFoundMessage, 404);
  await recordAuditEntries(
    app.db,
    admin,
    items.map((item) => ({
      action: "delete" as const,
      entity: options.auditEntity,
      entityId: item.id,
      name: item.name,
      details: { trashBatchId: batchId },
    })),
  );
  app.cache.clear();
  const message =
    typeof options.deletedMessage === "function"
      ? options.deletedMessage(items.length)
      : options.deletedMessage;
  const result: ActionResult = { ok: true, message, trashBatchId: batchId };
  return result;
}
