import type { ColumnDef } from "@tanstack/react-table";

import { ConfirmDeleteButton } from "~/components/admin/confirm-delete-button";
import { formatSize } from "~/lib/units";

export const DELETE_SIZE_KEY = "delete-size";

export interface SizeRow {
  id: string;
  peptideName: string;
  quantity: number;
  unit: string;
  unitLabel: string | null;
  priceCount: number;
}

function sizeLabel(row: SizeRow): string {
  return formatSize(row.quantity, row.unit, row.unitLabel);
}

/** The sizes table's columns: Peptide, Size, Unit, Prices, Actions. */
export const sizeColumns: ColumnDef<SizeRow, unknown>[] = [
  {
    id: "peptide",
    header: "Peptide",
    accessorFn: (row) => row.peptideName,
    cell: ({ row }) => <span className="font-medium">{row.original.peptideName}</span>,
  },
  {
    id: "size",
    header: "Size",
    enableSorting: false,
    cell: ({ row }) => sizeLabel(row.original),
  },
  {
    id: "unit",
    header: "Unit",
    accessorFn: (row) => row.unitLabel ?? row.unit,
  },
  {
    id: "prices",
    header: "Prices",
    accessorFn: (row) => row.priceCount,
    cell: ({ row }) => <span className="tabular-nums">{row.original.priceCount}</span>,
  },
  {
    id: "actions",
    header: "Actions",
    enableSorting: false,
    cell: ({ row }) => {
      const label = `${row.original.peptideName} ${sizeLabel(row.original)}`;
      return (
        <ConfirmDeleteButton
          fetcherKey={DELETE_SIZE_KEY}
          fields={{ intent: "delete-size", id: row.original.id }}
          itemName={`size ${label}`}
          description={
            row.original.priceCount > 0
              ? `${label} is used by ${row.original.priceCount} price${row.original.priceCount === 1 ? "" : "s"}; it can be deleted once no price uses it.`
              : `The size ${label} will be moved to the trash and leaves the public pages.`
          }
        />
      );
    },
  },
];
