import { Eye, EyeOff, Trash2 } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useFetcher } from "react-router";

import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";
import { bulkVersionsValue } from "~/lib/edit-conflict";
import type { BulkOperation } from "~/lib/forms/peptides";

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "../ui/alert-dialog";
import { Button } from "../ui/button";
import type { RowSelection } from "./data-table";
import { useTrashUndo } from "./trash-undo";

/** The rows ticked on the current page; a new page of rows starts with none. */
export function useRowSelection(pageIds: string[]): RowSelection & { clear: () => void } {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const pageKey = pageIds.join(",");
  useEffect(() => setSelected(new Set()), [pageKey]);
  const toggle = useCallback((id: string, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const toggleAll = useCallback((ids: string[], on: boolean) => {
    setSelected(on ? new Set(ids) : new Set());
  }, []);
  const clear = useCallback(() => setSelected(new Set()), []);
  return useMemo(
    () => ({ selected, toggle, toggleAll, clear }),
    [selected, toggle, toggleAll, clear],
  );
}

/**
 * What can be done to the ticked rows: show them on the public side (Activate), hide them
 * (Deactivate), or delete them after a confirmation naming how many. Posts `intent`,
 * `operation` (BULK_OPERATIONS) and the ids (comma-separated) to the page's action, with the
 * versions the page shows (`versions`), so rows changed meanwhile are refused by name.
 */
export function BulkActions({
  intent,
  selection,
  noun,
  rows,
}: {
  intent: string;
  /** The page's rows with the version each was shown at. */
  rows: readonly { id: string; version: string }[];
  selection: RowSelection & { clear: () => void };
  /** Plural of what the rows are ("peptides"). */
  noun: string;
}) {
  const fetcher = useFetcher<ActionResult>();
  const { clear } = selection;
  const onUndo = useTrashUndo();
  useActionToast(fetcher.data, clear, { onUndo });
  const count = selection.selected.size;
  if (count === 0) return null;
  const busy = fetcher.state !== "idle";
  const submit = (operation: BulkOperation) =>
    fetcher.submit(
      {
        intent,
        operation,
        ids: [...selection.selected].join(","),
        versions: bulkVersionsValue(
          selection.selected,
          new Map(rows.map((row) => [row.id, row.version])),
        ),
      },
      { method: "post" },
    );
  return (
    <div
      role="region"
      aria-label={`Bulk actions on ${noun}`}
      className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm"
    >
      <span className="font-medium">{count} selected</span>
      <Button variant="outline" size="sm" disabled={busy} onClick={() => submit("activate")}>
        <Eye aria-hidden />
        Activate
      </Button>
      <Button variant="outline" size="sm" disabled={busy} onClick={() => submit("deactivate")}>
        <EyeOff aria-hidden />
        Deactivate
      </Button>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="destructive" size="sm" disabled={busy}>
            <Trash2 aria-hidden />
            Delete selected
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Are you sure?</AlertDialogTitle>
            <AlertDialogDescription>
              {count} {noun} will be moved to the trash (kept 30 days, restorable).
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={() => submit("delete")}>
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <Button variant="ghost" size="sm" onClick={clear}>
        Clear selection
      </Button>
    </div>
  );
}
