import { useEffect } from "react";
import { toast } from "~/components/ui/toast";
import { dismissErrorToasts, showError } from "~/hooks/error-toast";

import type { ActionResult } from "~/lib/action-result";

/** SPEC.md's user toasts have a title and a description. */
export type UsersResult = ActionResult & { description?: string };

export function useUsersToast(result: UsersResult | undefined, onSuccess?: () => void) {
  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      dismissErrorToasts();
      toast.success(
        result.message,
        result.description ? { description: result.description } : undefined,
      );
      onSuccess?.();
    } else {
      showError(result.title ?? "Error", { description: result.error });
    }
    // A new result toasts once; the callback changes every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
}
