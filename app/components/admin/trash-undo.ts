import { useCallback } from "react";
import { useFetcher } from "react-router";

/** The fetcher that posts "Undo"; the admin layout toasts its result (the page may have moved on). */
export const TRASH_UNDO_FETCHER_KEY = "trash-undo";

/** Posts the restore of a deletion's trash batch to /admin/trash (the Undo toast's button). */
export function useTrashUndo() {
  const fetcher = useFetcher({ key: TRASH_UNDO_FETCHER_KEY });
  const { submit } = fetcher;
  return useCallback(
    (batchId: string) =>
      submit({ intent: "restore-batch", batchId }, { method: "post", action: "/admin/trash" }),
    [submit],
  );
}
