import { RotateCcw } from "lucide-react";
import { useFetcher } from "react-router";

import type { TrashListItem } from "~/lib/trash";
import { nameColumn, type DataColumn } from "~/components/admin/data-table";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { formatLastScraped } from "~/lib/format";

/** The restore buttons share one fetcher, whose results the page toasts. */
export const RESTORE_FETCHER_KEY = "trash-restore";

function RestoreButton({ item }: { item: TrashListItem }) {
  const fetcher = useFetcher<ActionResult>({ key: RESTORE_FETCHER_KEY });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === item.id;
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={busy}
      aria-label={`Restore ${item.name}`}
      onClick={() => fetcher.submit({ intent: "restore-item", id: item.id }, { method: "post" })}
    >
      <RotateCcw aria-hidden />
      {busy ? "Restoring..." : "Restore"}
    </Button>
  );
}

/** The trash table's columns: Name, Kind, Deleted (when and by whom), Actions. */
export const TRASH_COLUMNS: DataColumn<TrashListItem>[] = [
  nameColumn(),
  { id: "entity", header: "Kind", sortKey: "entity", cell: (row) => row.entityLabel },
  {
    id: "deletedAt",
    header: "Deleted",
    sortKey: "deletedAt",
    cell: (row) => (
      <span className="text-sm">
        {formatLastScraped(row.deletedAt)}
        {row.deletedByEmail ? (
          <span className="block text-muted-foreground">by {row.deletedByEmail}</span>
        ) : null}
      </span>
    ),
  },
  { id: "actions", header: "Actions", cell: (row) => <RestoreButton item={row} /> },
];
