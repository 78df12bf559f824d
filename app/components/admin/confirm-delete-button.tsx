import { useFetcher } from "react-router";

import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";

import { ConfirmRemoveButton } from "../confirm-remove-button";
import { focusPageHeading } from "./focus-return";
import { useTrashUndo } from "./trash-undo";

interface ConfirmDeleteButtonProps {
  /**
   * The fetcher key; the page reads the result under the same key and toasts it, because the
   * deleted row (and this button) is gone by the time the result arrives.
   */
  fetcherKey: string;
  /** Hidden fields posted on confirmation (intent and id). */
  fields: Record<string, string>;
  /** What is deleted, for the button's accessible name ("Delete BPC-157"). */
  itemName: string;
  description: string;
}

/**
 * Toasts each result of the fetcher under `key`: the page calls it with its ConfirmDeleteButton's
 * key (or any fetcher shared by several rows) and gets that fetcher back. A deletion answered
 * with a `trashBatchId` gets an "Undo" button that restores it.
 */
export function useFetcherToast(key: string, onSuccess?: () => void) {
  const fetcher = useFetcher<ActionResult>({ key });
  const onUndo = useTrashUndo();
  useActionToast(fetcher.data, onSuccess, { onUndo });
  return fetcher;
}

/** An admin table row's delete button: "Are you sure?", then the row goes to the trash. */
export function ConfirmDeleteButton({
  fetcherKey,
  fields,
  itemName,
  description,
}: ConfirmDeleteButtonProps) {
  return (
    <ConfirmRemoveButton
      fetcherKey={fetcherKey}
      fields={fields}
      accessibleName={`Delete ${itemName}`}
      title="Are you sure?"
      description={description}
      confirmLabel="Delete"
      confirmVariant="destructive"
      // Confirmed, the row and this button are about to go: the focus waits on the page's heading.
      focusAfterConfirm={focusPageHeading}
    />
  );
}
