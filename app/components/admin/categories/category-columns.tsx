import { ConfirmDeleteButton } from "~/components/admin/confirm-delete-button";
import type { DataColumn } from "~/components/admin/data-table";
import { EditButton } from "~/components/admin/row-actions";

import type { EditableCategory } from "./category-dialog";

export const DELETE_CATEGORY_KEY = "delete-category";

/** The categories table's columns: Name, Description, Actions. */
export function categoryColumns({
  onEdit,
}: {
  onEdit: (row: EditableCategory) => void;
}): DataColumn<EditableCategory>[] {
  return [
    {
      id: "name",
      header: "Name",
      sortKey: "name",
      cell: (row) => <span className="font-medium">{row.name}</span>,
    },
    {
      id: "description",
      header: "Description",
      cell: (row) => (
        <p className="line-clamp-2 min-w-40 text-muted-foreground">{row.description}</p>
      ),
    },
    {
      id: "actions",
      header: "Actions",
      cell: (row) => (
        <div className="flex items-center gap-1">
          <EditButton label={`Edit ${row.name}`} onClick={() => onEdit(row)} />
          <ConfirmDeleteButton
            fetcherKey={DELETE_CATEGORY_KEY}
            fields={{ intent: "delete-category", id: row.id }}
            itemName={row.name}
            description={`The category ${row.name} will be moved to the trash. Its peptides stay, without a category, until it is restored.`}
          />
        </div>
      ),
    },
  ];
}
