import { Star } from "lucide-react";
import type { FetcherWithComponents } from "react-router";

import { ActiveBadge } from "~/components/admin/active-status";
import { ConfirmDeleteButton } from "~/components/admin/confirm-delete-button";
import { EditButton } from "~/components/edit-button";
import type { DataColumn } from "~/components/admin/data-table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";

import type { EditablePeptide } from "~/lib/forms/peptides";

export const DELETE_PEPTIDE_KEY = "delete-peptide";
export const PROMOTE_PEPTIDE_KEY = "promote-peptide";

export interface PeptideRow extends EditablePeptide {
  categoryName: string | null;
  /** Shown to visitors; an inactive peptide is hidden from every public page. */
  active: boolean;
}

/** The peptide table's columns (SPEC.md §2: Name and Category sortable, Description, Actions). */
export function peptideColumns({
  onEdit,
  promoteFetcher,
}: {
  onEdit: (row: PeptideRow) => void;
  promoteFetcher: FetcherWithComponents<unknown>;
}): DataColumn<PeptideRow>[] {
  return [
    {
      id: "name",
      header: "Name",
      sortKey: "name",
      cell: (row) => (
        <div className="flex flex-wrap items-center gap-2 font-medium">
          {row.name}
          {row.isPopular ? <Badge variant="secondary">Popular #{row.popularOrder}</Badge> : null}
        </div>
      ),
    },
    {
      id: "category",
      header: "Category",
      sortKey: "category",
      cell: (row) =>
        row.categoryName ?? <span className="text-muted-foreground">Uncategorised</span>,
    },
    {
      id: "description",
      header: "Description",
      cell: (row) => (
        <p className="line-clamp-2 max-w-md min-w-40 text-muted-foreground">{row.description}</p>
      ),
    },
    {
      id: "popular",
      header: "Popular",
      sortKey: "popular",
      cell: (row) =>
        row.isPopular ? (
          <span className="tabular-nums">#{row.popularOrder}</span>
        ) : (
          <span className="text-muted-foreground">No</span>
        ),
    },
    { id: "status", header: "Status", cell: (row) => <ActiveBadge active={row.active} /> },
    {
      id: "actions",
      header: "Actions",
      cell: (row) => (
        <div className="flex items-center gap-1">
          <EditButton label={`Edit ${row.name}`} onClick={() => onEdit(row)} />
          {row.isPopular ? null : (
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Mark ${row.name} popular`}
              disabled={promoteFetcher.state !== "idle"}
              onClick={() =>
                promoteFetcher.submit({ intent: "promote-peptide", id: row.id }, { method: "post" })
              }
            >
              <Star className="size-4" aria-hidden />
            </Button>
          )}
          <ConfirmDeleteButton
            fetcherKey={DELETE_PEPTIDE_KEY}
            fields={{ intent: "delete-peptide", id: row.id }}
            itemName={row.name}
            description={`${row.name} and all its sizes and vendor prices will be moved to the trash (kept 30 days, restorable).`}
          />
        </div>
      ),
    },
  ];
}
