import { useEffect } from "react";
import { toast } from "~/components/ui/toast";

import type { ActionResult } from "~/lib/action-result";
import { adminLoginPathFor } from "~/lib/admin-session";

export interface ActionToastOptions {
  /** Restores a deletion's trash batch: a success carrying `trashBatchId` gets an "Undo" button. */
  onUndo?: (batchId: string) => void;
}

/**
 * The error toasts still on screen: a success dismisses them, as the save or retry it reports
 * is what they were about (the admin should not read an old failure beside it).
 */
const openErrorToasts = new Set<string | number>();

function showError(title: string, data: Parameters<typeof toast.error>[1]) {
  // The newest failure replaces the older ones: they pile up otherwise, each about a past try.
  for (const open of openErrorToasts) toast.dismiss(open);
  openErrorToasts.clear();
  const id = toast.error(title, {
    ...data,
    onDismiss: () => openErrorToasts.delete(id),
    onAutoClose: () => openErrorToasts.delete(id),
  });
  openErrorToasts.add(id);
}

/** Shows each new action result once, as SPEC.md's toast: success, or a destructive 'Error'. */
export function useActionToast(
  result: ActionResult | undefined,
  onSuccess?: () => void,
  options: ActionToastOptions = {},
) {
  useEffect(() => {
    // A save waiting for the admin's confirmation asks in its own dialog (ConfirmSaveDialog).
    if (!result || (!result.ok && result.needsConfirmation)) return;
    if (result.ok) {
      for (const id of openErrorToasts) toast.dismiss(id);
      openErrorToasts.clear();
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
    } else {
      showError(result.title ?? "Error", { description: result.error });
    }
    // Only a new result object should toast; callbacks change every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
}
