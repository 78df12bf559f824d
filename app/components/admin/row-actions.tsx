import { EditButton } from "../edit-button";

import { ConfirmDeleteButton } from "./confirm-delete-button";
import type { DataColumn } from "./data-table";

/** The Actions column of a table whose rows open an edit dialog and move to the trash. */
export function editDeleteColumn<Row extends { id: string; name: string }>(options: {
  onEdit: (row: Row) => void;
  /** The fetcher key the page's toast and focus return listen to. */
  deleteKey: string;
  deleteIntent: string;
  /** What the delete confirmation says happens to the row. */
  describeDelete: (row: Row) => string;
}): DataColumn<Row> {
  return {
    id: "actions",
    header: "Actions",
    cell: (row) => (
      <div className="flex items-center gap-1">
        <EditButton label={`Edit ${row.name}`} onClick={() => options.onEdit(row)} />
        <ConfirmDeleteButton
          fetcherKey={options.deleteKey}
          fields={{ intent: options.deleteIntent, id: row.id }}
          itemName={row.name}
          description={options.describeDelete(row)}
        />
      </div>
    ),
  };
}
