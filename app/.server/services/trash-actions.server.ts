/**
 * An admin delete, the one way: `deleteToTrash(app, admin, { entity, ids, … })` moves the
 * records to the trash (30 days, restorable) and records one audit entry per record with its
 * name, in one transaction; after the commit it empties the page cache and answers the action.
 * The success carries `trashBatchId`, so the page's toast (useFetcherToast) offers "Undo".
 * `restoreFromTrash` undoes a deletion (or one item) the same way: restore and audit commit
 * together. `purgeTrash` removes what expired, and then the stored files only it named.
 */
import { failure, type ActionResult } from "~/lib/action-result";

import type { SessionUser } from "./auth.server";
import type { AppContext } from "../platform/context.server";
import {
  moveToTrash,
  purgeExpiredTrash,
  restoreTrashBatch,
  restoreTrashItem,
} from "../data/trash.server";
import type { TrashEntityName } from "../data/trash-entities.server";
import { commitPublicChange } from "./audited-change.server";
import { deleteUnusedUploads } from "./uploads.server";

type Admin = Pick<SessionUser, "id" | "email">;

export async function deleteToTrash(
  app: Pick<AppContext, "db" | "cache">,
  admin: Admin,
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
  const { batchId, items } = await commitPublicChange(app, admin, async (tx, audit) => {
    const trashed = await moveToTrash(tx, {
      entity: options.entity,
      ids: options.ids,
      actorId: admin.id,
    });
    audit(
      ...trashed.items.map((item) => ({
        action: "delete" as const,
        entity: options.auditEntity,
        entityId: item.id,
        name: item.name,
        details: { trashBatchId: trashed.batchId },
      })),
    );
    return trashed;
  });
  if (!batchId) return failure(options.notFoundMessage, 404);
  const message =
    typeof options.deletedMessage === "function"
      ? options.deletedMessage(items.length)
      : options.deletedMessage;
  const result: ActionResult = { ok: true, message, trashBatchId: batchId };
  return result;
}

/**
 * Restores one deletion (`batchId`, the Undo toast) or one item (`id`, the trash view) and
 * answers the restored names. Throws TrashRestoreError (nothing restored) as the data module
 * does.
 */
export async function restoreFromTrash(
  app: Pick<AppContext, "db" | "cache">,
  admin: Admin,
  target: { batchId: string } | { id: string },
): Promise<string[]> {
  return commitPublicChange(app, admin, async (tx, audit) => {
    const names =
      "batchId" in target
        ? await restoreTrashBatch(tx, target.batchId)
        : [await restoreTrashItem(tx, target.id)];
    audit({
      action: "restore",
      entity: "trash",
      entityId: "batchId" in target ? target.batchId : target.id,
      name: names.join(", ").slice(0, 200),
      details: { restored: names.length },
    });
    return names;
  });
}

/**
 * Purges what has been in the trash longer than the retention, then deletes the stored files
 * (images with their variants, logos, lab reports) the purged records named: only after the
 * purge has committed, since until then an undo could bring them back, and only those no record
 * nor other trashed item names (deleteUnusedUploads). Answers how many items were purged.
 */
export async function purgeTrash(
  app: Pick<AppContext, "db" | "env" | "logger">,
  now: Date,
): Promise<number> {
  const { purged, fileUrls } = await purgeExpiredTrash(app.db, now);
  await deleteUnusedUploads(app, fileUrls);
  return purged;
}
