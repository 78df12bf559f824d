import { Trash2 } from "lucide-react";
import { useFetcher } from "react-router";

import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";

import { ConfirmDialog } from "../confirm-dialog";
import { Button } from "../ui/button";
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

/** A delete button that asks first (ConfirmDialog) and posts through a fetcher. */
export function ConfirmDeleteButton({
  fetcherKey,
  fields,
  itemName,
  description,
}: ConfirmDeleteButtonProps) {
  const fetcher = useFetcher({ key: fetcherKey });
  const busy = fetcher.state !== "idle";
  // Confirmed, the row and this button are about to go: the focus waits on the page's heading.
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Delete ${itemName}`} disabled={busy}>
          <Trash2 className="size-4" aria-hidden />
        </Button>
      }
      title="Are you sure?"
      description={description}
      confirmLabel="Delete"
      confirmVariant="destructive"
      onConfirm={() => void fetcher.submit(fields, { method: "post" })}
      focusAfterConfirm={focusPageHeading}
    />
  );
}
