import { useEffect } from "react";
import { toast } from "~/components/ui/toast";

import type { ActionResult } from "~/lib/action-result";
import { adminLoginPathFor } from "~/lib/admin-session";

import { dismissErrorToasts, showError, toastErrorsWithoutField } from "./error-toast";

export interface ActionToastOptions {
  /** Restores a deletion's trash batch: a success carrying `trashBatchId` gets an "Undo" button. */
  onUndo?: (batchId: string) => void;
  /** Toast field errors even where they show under their fields (SPEC.md §8's sign-in forms). */
  toastFieldErrors?: boolean;
}

/**
 * Shows each new action result once, as SPEC.md's toast: success, or a destructive 'Error'.
 * A refusal whose messages each show under their field (useFieldErrors) does not toast too.
 */
export function useActionToast(
  result: ActionResult | undefined,
  onSuccess?: () => void,
  options: ActionToastOptions = {},
) {
  useEffect(() => {
    // A save waiting for the admin's confirmation asks in its own dialog (ConfirmSaveDialog).
    if (!result || (!result.ok && result.needsConfirmation)) return;
    if (result.ok) {
      dismissErrorToasts();
      const { trashBatchId } = result;
      const { onUndo } = options;
      toast.success(
        result.message,
        trashBatchId && onUndo
          ? { action: { label: "Undo", onClick: () => onUndo(trashBatchId) } }
          : undefined,
      );
      onSuccess?.();
    } else if (result.sessionExpired) {
      // What was typed stays on this page: sign in in a new tab (which returns here), then retry.
      const returnTo = `${window.location.pathname}${window.location.search}`;
      showError(result.title ?? "Error", {
        description: result.error,
        action: {
          label: "Sign in",
          onClick: () => window.open(adminLoginPathFor(returnTo), "_blank", "noopener"),
        },
      });
    } else if (result.fieldErrors && Object.keys(result.fieldErrors).length > 0) {
      toastErrorsWithoutField(result.title ?? "Error", result.fieldErrors, undefined, {
        evenUnderField: options.toastFieldErrors,
      });
    } else {
      showError(result.title ?? "Error", { description: result.error });
    }
    // Only a new result object should toast; callbacks change every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
}
