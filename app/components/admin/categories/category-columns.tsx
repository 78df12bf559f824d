import { nameColumn, type DataColumn } from "~/components/admin/data-table";
import { editDeleteColumn } from "~/components/admin/row-actions";

import type { EditableCategory } from "~/lib/forms/catalog";

export const DELETE_CATEGORY_KEY = "delete-category";

/** The categories table's columns: Name, Description, Actions. */
export function categoryColumns({
  onEdit,
}: {
  onEdit: (row: EditableCategory) => void;
}): DataColumn<EditableCategory>[] {
  return [
    nameColumn(),
    {
      id: "description",
      header: "Description",
      cell: (row) => (
        <p className="line-clamp-2 min-w-40 text-muted-foreground">{row.description}</p>
      ),
    },
    editDeleteColumn({
      onEdit,
      deleteKey: DELETE_CATEGORY_KEY,
      deleteIntent: "delete-category",
      describeDelete: (row) =>
        `The category ${row.name} will be moved to the trash. Its peptides stay, without a category, until it is restored.`,
    }),
  ];
}
