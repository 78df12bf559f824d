import { ConfirmDeleteButton } from "~/components/admin/confirm-delete-button";
import type { DataColumn } from "~/components/admin/data-table";
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
export const sizeColumns: DataColumn<SizeRow>[] = [
  {
    id: "peptide",
    header: "Peptide",
    sortKey: "peptide",
    cell: (row) => <span className="font-medium">{row.peptideName}</span>,
  },
  { id: "size", header: "Size", cell: sizeLabel },
  { id: "unit", header: "Unit", sortKey: "unit", cell: (row) => row.unitLabel ?? row.unit },
  {
    id: "prices",
    header: "Prices",
    sortKey: "prices",
    cell: (row) => <span className="tabular-nums">{row.priceCount}</span>,
  },
  {
    id: "actions",
    header: "Actions",
    cell: (row) => {
      const label = `${row.peptideName} ${sizeLabel(row)}`;
      return (
        <ConfirmDeleteButton
          fetcherKey={DELETE_SIZE_KEY}
          fields={{ intent: "delete-size", id: row.id }}
          itemName={`size ${label}`}
          description={
            row.priceCount > 0
              ? `${label} is used by ${row.priceCount} price${row.priceCount === 1 ? "" : "s"}; it can be deleted once no price uses it.`
              : `The size ${label} will be moved to the trash and leaves the public pages.`
          }
        />
      );
    },
  },
];
