import { useEffect } from "react";
import { toast } from "sonner";

import type { ActionResult } from "~/lib/action-result";

/** Shows each new action result once, as SPEC.md's toast: success, or a destructive 'Error'. */
export function useActionToast(result: ActionResult | undefined, onSuccess?: () => void) {
  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      toast.success(result.message);
      onSuccess?.();
    } else {
      toast.error(result.title ?? "Error", { description: result.error });
    }
    // Only a new result object should toast; callbacks change every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
}
