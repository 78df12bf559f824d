import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type * as React from "react";
import { Link, useLocation } from "react-router";

import { PaginationControls } from "~/components/ui/pagination-controls";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import { pageCountOf, sortHref, tableHref } from "~/lib/admin-table-url";
import type { SortState } from "~/lib/sort";

export interface ServerColumn<Row> {
  id: string;
  header: string;
  /** The URL's sort key; without one the column does not sort. */
  sortKey?: string;
  cell: (row: Row) => React.ReactNode;
  className?: string;
}

export interface RowSelection {
  selected: ReadonlySet<string>;
  toggle: (id: string, on: boolean) => void;
  toggleAll: (ids: string[], on: boolean) => void;
}

/**
 * An admin table whose rows, sort and page come from the server: headers and the pager are
 * links that change the URL (a new column sorts ascending first), so it works without
 * JavaScript and a view can be shared. With `selection`, each row gets a checkbox for bulk
 * actions.
 */
export function ServerTable<Row>({
  label,
  columns,
  rows,
  total,
  page,
  pageSize,
  sort,
  getRowId,
  getRowLabel,
  emptyMessage,
  selection,
  renderRow,
}: {
  label: string;
  columns: ServerColumn<Row>[];
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
  sort: SortState<string>;
  getRowId: (row: Row) => string;
  /** Names the row for its checkbox ("Select BPC-157"). */
  getRowLabel: (row: Row) => string;
  emptyMessage: string;
  selection?: RowSelection;
  /** Replaces a row's cells (the inline editor); return null to render it normally. */
  renderRow?: (row: Row) => React.ReactNode | null;
}) {
  const { search } = useLocation();
  const pageCount = pageCountOf(total, pageSize);
  const ids = rows.map(getRowId);
  const allSelected =
    selection !== undefined && ids.length > 0 && ids.every((id) => selection.selected.has(id));
  return (
    <div className="space-y-3">
      <div className="rounded-md border">
        <Table aria-label={label}>
          <TableHeader>
            <TableRow>
              {selection ? (
                <TableHead className="w-10">
                  <input
                    type="checkbox"
                    className="size-4 accent-[var(--primary)]"
                    aria-label={`Select every row on this page of ${label.toLowerCase()}`}
                    checked={allSelected}
                    disabled={ids.length === 0}
                    onChange={(event) => selection.toggleAll(ids, event.target.checked)}
                  />
                </TableHead>
              ) : null}
              {columns.map((column) => {
                const sorted =
                  column.sortKey && sort.column === column.sortKey ? sort.direction : null;
                return (
                  <TableHead
                    key={column.id}
                    aria-sort={
                      sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined
                    }
                  >
                    {column.sortKey ? (
                      <Link
                        to={sortHref(search, sort, column.sortKey)}
                        preventScrollReset
                        className="inline-flex items-center gap-1 rounded-sm font-medium hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                      >
                        {column.header}
                        {sorted === "asc" ? (
                          <ArrowUp className="size-3.5" aria-hidden />
                        ) : sorted === "desc" ? (
                          <ArrowDown className="size-3.5" aria-hidden />
                        ) : (
                          <ArrowUpDown className="size-3.5 opacity-50" aria-hidden />
                        )}
                      </Link>
                    ) : (
                      column.header
                    )}
                  </TableHead>
                );
              })}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell
                  colSpan={columns.length + (selection ? 1 : 0)}
                  className="h-20 text-center text-muted-foreground"
                >
                  {emptyMessage}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => {
                const id = getRowId(row);
                const custom = renderRow?.(row) ?? null;
                return (
                  <TableRow
                    key={id}
                    data-state={selection?.selected.has(id) ? "selected" : undefined}
                  >
                    {selection ? (
                      <TableCell className="align-top">
                        <input
                          type="checkbox"
                          className="size-4 accent-[var(--primary)]"
                          aria-label={`Select ${getRowLabel(row)}`}
                          checked={selection.selected.has(id)}
                          onChange={(event) => selection.toggle(id, event.target.checked)}
                        />
                      </TableCell>
                    ) : null}
                    {custom ??
                      columns.map((column) => (
                        <TableCell
                          key={column.id}
                          className={column.className ?? "align-top whitespace-normal"}
                        >
                          {column.cell(row)}
                        </TableCell>
                      ))}
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground tabular-nums">
          {total.toLocaleString("en-US")} {total === 1 ? "row" : "rows"}
        </p>
        <PaginationControls
          page={page}
          pageCount={pageCount}
          hrefForPage={(target) =>
            tableHref(search, { page: target === 1 ? null : String(target) })
          }
          label={`${label} pages`}
        />
      </div>
    </div>
  );
}
