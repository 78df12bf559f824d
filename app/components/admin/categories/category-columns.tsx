import type { ColumnDef } from "@tanstack/react-table";

import { ConfirmDeleteButton } from "~/components/admin/confirm-delete-button";
import { EditButton } from "~/components/admin/row-actions";

import type { EditableCategory } from "./category-dialog";

export const DELETE_CATEGORY_KEY = "delete-category";

/** The categories table's columns: Name, Description, Actions. */
export function categoryColumns({
  onEdit,
}: {
  onEdit: (row: EditableCategory) => void;
}): ColumnDef<EditableCategory, unknown>[] {
  return [
    {
      id: "name",
      header: "Name",
      accessorFn: (row) => row.name,
      enableSorting: false,
      cell: ({ row }) => <span className="font-medium">{row.original.name}</span>,
    },
    {
      id: "description",
      header: "Description",
      enableSorting: false,
      cell: ({ row }) => (
        <p className="line-clamp-2 min-w-40 text-muted-foreground">{row.original.description}</p>
      ),
    },
    {
      id: "actions",
      header: "Actions",
      enableSorting: false,
      cell: ({ row }) => (
        <div className="flex items-center gap-1">
          <EditButton label={`Edit ${row.original.name}`} onClick={() => onEdit(row.original)} />
          <ConfirmDeleteButton
            fetcherKey={DELETE_CATEGORY_KEY}
            fields={{ intent: "delete-category", id: row.original.id }}
            itemName={row.original.name}
            description={`The category ${row.original.name} will be moved to the trash. Its peptides stay, without a category, until it is restored.`}
          />
        </div>
      ),
    },
  ];
}
