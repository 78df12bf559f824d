import { Eye, EyeOff, Trash2 } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useFetcher } from "react-router";

import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";
import { bulkFormFields, type BulkOperation } from "~/lib/forms/bulk";

import { ConfirmDialog } from "../confirm-dialog";
import { Button } from "../ui/button";
import type { RowSelection } from "./data-table";
import { focusPageHeading } from "./focus-return";
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

/** "1 offer", "3 offers": what the bar and its question count. */
export function countOf(count: number, noun: { one: string; other: string }): string {
  return `${count} ${count === 1 ? noun.one : noun.other}`;
}

/**
 * The one bulk bar of the back office (tables, the ads grid, the sources): how many rows are
 * ticked and what can be done to them. Activate and Deactivate show when the rows have that
 * switch; Delete asks first, saying what happens: the rows go to the trash, restorable.
 */
export function BulkBar({
  count,
  noun,
  busy,
  onActivate,
  onDeactivate,
  onDelete,
  onClear,
}: {
  count: number;
  noun: { one: string; other: string };
  busy: boolean;
  onActivate?: () => void;
  onDeactivate?: () => void;
  onDelete: () => void;
  onClear?: () => void;
}) {
  const counted = countOf(count, noun);
  return (
    <div
      role="region"
      aria-label={`Bulk actions on ${noun.other}`}
      className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm"
    >
      <span className="font-medium">{counted} selected</span>
      {onActivate ? (
        <Button variant="outline" size="sm" disabled={busy} onClick={onActivate}>
          <Eye aria-hidden />
          Activate
        </Button>
      ) : null}
      {onDeactivate ? (
        <Button variant="outline" size="sm" disabled={busy} onClick={onDeactivate}>
          <EyeOff aria-hidden />
          Deactivate
        </Button>
      ) : null}
      {/* Confirmed, the bar closes with the rows: the focus waits on the page's heading. */}
      <ConfirmDialog
        trigger={
          <Button variant="destructive" size="sm" disabled={busy}>
            <Trash2 aria-hidden />
            Delete selected
          </Button>
        }
        title="Are you sure?"
        description={`${counted} will be moved to the trash (kept 30 days, restorable).`}
        confirmLabel="Delete"
        confirmVariant="destructive"
        onConfirm={onDelete}
        focusAfterConfirm={focusPageHeading}
      />
      {onClear ? (
        <Button variant="ghost" size="sm" onClick={onClear}>
          Clear selection
        </Button>
      ) : null}
    </div>
  );
}

/**
 * A data table's bulk bar: posts the bulk wire format (bulkFormFields, ~/lib/forms/bulk) to the
 * page's action, with the versions the page shows, so rows changed meanwhile are refused by name. `operations` leaves out Activate/Deactivate for
 * rows without that switch (vendors).
 */
export function BulkActions({
  intent,
  selection,
  noun,
  rows,
  operations = ["activate", "deactivate", "delete"],
}: {
  intent: string;
  /** The page's rows with the version each was shown at (where the table keeps versions). */
  rows: readonly { id: string; version?: string }[];
  selection: RowSelection & { clear: () => void };
  noun: { one: string; other: string };
  operations?: readonly BulkOperation[];
}) {
  const fetcher = useFetcher<ActionResult>();
  const { clear } = selection;
  const onUndo = useTrashUndo();
  // The bar goes with the selection: the focus waits on the page's heading.
  const done = useCallback(() => {
    clear();
    focusPageHeading();
  }, [clear]);
  useActionToast(fetcher.data, done, { onUndo });
  const count = selection.selected.size;
  if (count === 0) return null;
  const submit = (operation: BulkOperation) =>
    fetcher.submit(
      bulkFormFields(
        intent,
        operation,
        selection.selected,
        new Map(rows.flatMap((row) => (row.version ? [[row.id, row.version]] : []))),
      ),
      { method: "post" },
    );
  const offers = (operation: BulkOperation) => operations.includes(operation);
  return (
    <BulkBar
      count={count}
      noun={noun}
      busy={fetcher.state !== "idle"}
      onActivate={offers("activate") ? () => submit("activate") : undefined}
      onDeactivate={offers("deactivate") ? () => submit("deactivate") : undefined}
      onDelete={() => submit("delete")}
      onClear={clear}
    />
  );
}
