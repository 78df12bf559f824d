/** The Trash view's intents: restore a deletion (the Undo toast) or one item (the view). */
import type { SessionUser } from "~/.server/services/auth.server";
import type { AppContext } from "~/.server/platform/context.server";
import { TrashRestoreError } from "~/.server/data/trash.server";
import { restoreFromTrash } from "~/.server/services/trash-actions.server";
import { actionSuccess, failure } from "~/lib/action-result";
import type { TrashAction } from "~/lib/forms/trash";

const RESTORE_FAILED = "Restore failed";

function restoredMessage(names: string[]): string {
  return names.length === 1
    ? `"${names[0]}" restored`
    : `${names.length.toLocaleString("en-US")} items restored`;
}

export async function handleTrashAction(
  app: Pick<AppContext, "db" | "cache" | "logger">,
  admin: Pick<SessionUser, "id" | "email">,
  action: TrashAction,
) {
  try {
    const names = await restoreFromTrash(
      app,
      admin,
      action.intent === "restore-batch" ? { batchId: action.batchId } : { id: action.id },
    );
    return actionSuccess(restoredMessage(names));
  } catch (error) {
    if (error instanceof TrashRestoreError) {
      return failure(error.message, error.status, RESTORE_FAILED);
    }
    // The details (SQL, stack) stay in the server log; the admin reads a plain sentence.
    app.logger.error({ err: error }, "restoring from the trash failed");
    return failure("The items could not be restored. Please try again.", 500, RESTORE_FAILED);
  }
}
