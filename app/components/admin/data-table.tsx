import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type * as React from "react";
import { Fragment } from "react";
import { Link, useLocation } from "react-router";

import { TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { AnyTableQueryDefinition, TableQuery } from "~/lib/table-query";

import { TablePager } from "./table-pager";

export interface DataColumn<Row> {
  id: string;
  header: string;
  /** The table's sort (one of its definition's `sorts`); without one the column does not sort. */
  sortKey?: string;
  cell: (row: Row) => React.ReactNode;
  className?: string;
}

/** The sortable Name column most tables open with. */
export function nameColumn<Row extends { name: string }>(): DataColumn<Row> {
  return {
    id: "name",
    header: "Name",
    sortKey: "name",
    cell: (row) => <span className="font-medium">{row.name}</span>,
  };
}

export interface RowSelection {
  selected: ReadonlySet<string>;
  toggle: (id: string, on: boolean) => void;
  toggleAll: (ids: string[], on: boolean) => void;
}

/**
 * The frame every admin table shares: the bordered, scrolling box, the header row (`head`) and
 * the body, which shows `emptyMessage` across every column when it is given. With
 * `pinLastColumn` (a row's actions) that column stays at the box's right edge (app.css) and
 * the others scroll under it: no action needs a sideways scroll, at any width. With
 * `phoneCards` each row is a card of labelled cells below 640 px (app.css), for rows whose
 * actions are a form too wide to pin. The box is a labelled region in the Tab order, so a
 * table without controls can still be scrolled from the keyboard.
 */
function TableScaffold({
  label,
  head,
  columnCount,
  emptyMessage,
  pinLastColumn = false,
  phoneCards = false,
  children,
}: {
  label?: string;
  head: React.ReactNode;
  columnCount: number;
  emptyMessage?: string;
  pinLastColumn?: boolean;
  phoneCards?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div
      role={label ? "region" : undefined}
      aria-label={label}
      tabIndex={label ? 0 : undefined}
      // relative: the box holds its cells' visually hidden (absolute) text, which would
      // otherwise widen the page from outside the scroll.
      className="relative overflow-x-auto rounded-md border focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      data-pin-last-column={pinLastColumn && emptyMessage === undefined ? "" : undefined}
      data-phone-cards={phoneCards ? "" : undefined}
    >
      <table data-slot="table" className="w-full caption-bottom text-sm" aria-label={label}>
        <TableHeader>
          <TableRow>{head}</TableRow>
        </TableHeader>
        <TableBody>
          {emptyMessage === undefined ? (
            children
          ) : (
            <TableRow>
              <TableCell colSpan={columnCount} className="h-20 text-center text-muted-foreground">
                {emptyMessage}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </table>
    </div>
  );
}

export interface SimpleColumn<Row> {
  header: React.ReactNode;
  /** The row's cell; a table whose rows render themselves (`renderRow`) leaves it out. */
  cell?: (row: Row, index: number) => React.ReactNode;
  className?: string;
}

/**
 * A small read-only table without query, sort or pager (a preview, a run's results, the latest
 * entries): column specs, or `renderRow` for rows with state of their own (an editor, a form).
 */
export function SimpleTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  renderRow,
  emptyMessage,
  pinLastColumn,
  phoneCards,
}: {
  label?: string;
  columns: SimpleColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  /** Renders a whole `<TableRow>` in place of the columns' cells. */
  renderRow?: (row: Row) => React.ReactNode;
  /** Shown across the table when there are no rows. */
  emptyMessage?: string;
  /** The last column holds the row's actions: it stays in view (TableScaffold). */
  pinLastColumn?: boolean;
  /** Rows become cards on a phone (TableScaffold); `renderRow` then labels its own cells. */
  phoneCards?: boolean;
}) {
  return (
    <TableScaffold
      label={label}
      pinLastColumn={pinLastColumn}
      phoneCards={phoneCards}
      head={columns.map((column, index) => (
        <TableHead key={index}>{column.header}</TableHead>
      ))}
      columnCount={columns.length}
      emptyMessage={rows.length === 0 ? emptyMessage : undefined}
    >
      {rows.map((row, index) =>
        renderRow ? (
          <Fragment key={rowKey(row, index)}>{renderRow(row)}</Fragment>
        ) : (
          <TableRow key={rowKey(row, index)}>
            {columns.map((column, columnIndex) => (
              <TableCell
                key={columnIndex}
                className={column.className}
                data-label={phoneCards ? cardLabel(column.header) : undefined}
              >
                {column.cell?.(row, index)}
              </TableCell>
            ))}
          </TableRow>
        ),
      )}
    </TableScaffold>
  );
}

/** A card's label for a cell: its column's header, when that is text. */
function cardLabel(header: React.ReactNode): string | undefined {
  return typeof header === "string" ? header : undefined;
}

const rowsCount = (total: number) =>
  `${total.toLocaleString("en-US")} ${total === 1 ? "row" : "rows"}`;

/**
 * Every admin table: the one page of rows the loader read for the URL's query
 * (`app/lib/table-query.ts`). Headers and the pager are links that change the URL and keep its
 * other parameters (a new column sorts ascending first), so it works without JavaScript and a
 * view can be shared. With `selection`, each row gets a checkbox for bulk actions.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  total,
  table,
  query,
  getRowId,
  getRowLabel,
  emptyMessage,
  selection,
  renderRow,
  countLabel = rowsCount,
  phoneCards,
}: {
  label: string;
  columns: DataColumn<Row>[];
  rows: Row[];
  total: number;
  table: AnyTableQueryDefinition;
  query: TableQuery;
  getRowId: (row: Row) => string;
  /** Names the row for its checkbox ("Select BPC-157"); needed with `selection`. */
  getRowLabel?: (row: Row) => string;
  emptyMessage: string;
  selection?: RowSelection;
  /** Replaces a row's cells (the inline editor); return null to render it normally. */
  renderRow?: (row: Row) => React.ReactNode | null;
  /** The count under the table ("12 rows"). */
  countLabel?: (total: number) => string;
  /** Rows become cards of labelled cells on a phone (TableScaffold). */
  phoneCards?: boolean;
}) {
  const { search } = useLocation();
  const ids = rows.map(getRowId);
  const allSelected =
    selection !== undefined && ids.length > 0 && ids.every((id) => selection.selected.has(id));
  const sortHref = (sort: string) => {
    const next = table.toggleSort(query, sort);
    return table.hrefFor(query, { sort: next.sort, dir: next.dir }, search);
  };
  return (
    <div className="space-y-3">
      <TableScaffold
        label={label}
        head={
          <>
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
              const sortable = column.sortKey !== undefined && table.isSort(column.sortKey);
              const sorted = sortable && query.sort === column.sortKey ? query.dir : null;
              return (
                <TableHead
                  key={column.id}
                  aria-sort={
                    sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined
                  }
                >
                  {sortable ? (
                    <Link
                      to={sortHref(column.sortKey!)}
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
          </>
        }
        columnCount={columns.length + (selection ? 1 : 0)}
        emptyMessage={rows.length === 0 ? emptyMessage : undefined}
        pinLastColumn={columns.at(-1)?.id === "actions"}
        phoneCards={phoneCards}
      >
        {rows.map((row) => {
          const id = getRowId(row);
          const custom = renderRow?.(row) ?? null;
          return (
            <TableRow
              key={id}
              // Where the focus returns after the row's inline edit (focus-return.ts).
              data-row-id={id}
              data-state={selection?.selected.has(id) ? "selected" : undefined}
            >
              {selection ? (
                <TableCell className="align-top">
                  <input
                    type="checkbox"
                    className="size-4 accent-[var(--primary)]"
                    aria-label={`Select ${getRowLabel?.(row) ?? id}`}
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
                    data-label={phoneCards ? column.header : undefined}
                  >
                    {column.cell(row)}
                  </TableCell>
                ))}
            </TableRow>
          );
        })}
      </TableScaffold>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          className="text-sm text-muted-foreground tabular-nums"
          aria-live="polite"
          data-testid="table-count"
        >
          {countLabel(total)}
        </p>
        <TablePager label={label} table={table} query={query} total={total} />
      </div>
    </div>
  );
}
