import {
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";

import { PaginationControls } from "~/components/ui/pagination-controls";
import {
  pageCount as pagesFor,
  type SortDir,
  type TableQuery,
  type TableQueryDefinition,
} from "~/lib/table-query";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";

/**
 * Server-paged mode: `data` is the one page the loader sent; sorting and paging are links that
 * keep the URL's other parameters (search, filters), and the total count is shown. Columns
 * whose id is one of the query's sorts (and that enable sorting) sort on the server.
 */
export interface ServerPaging {
  total: number;
  page: number;
  sort: string;
  dir: SortDir;
  hrefForPage: (page: number) => string;
  /** The link a click on column `id` follows, or null when the server cannot sort by it. */
  hrefForSort: (id: string) => string | null;
}

/** ServerPaging for a table whose state is a table-query definition's query. */
export function serverPaging<Sort extends string>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  definition: TableQueryDefinition<Sort, any>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: TableQuery<Sort, any>,
  total: number,
): ServerPaging {
  return {
    total,
    page: query.page,
    sort: query.sort,
    dir: query.dir,
    hrefForPage: (page) => definition.hrefFor(query, { page }),
    hrefForSort: (id) => {
      if (!definition.isSort(id)) return null;
      const next = definition.toggleSort(query, id);
      return definition.hrefFor(query, { sort: next.sort, dir: next.dir });
    },
  };
}

interface DataTableProps<Row> {
  columns: ColumnDef<Row, unknown>[];
  data: Row[];
  pageSize: number;
  /** Rows, sorting and paging come from the server (see ServerPaging). */
  server?: ServerPaging;
  /** Accessible name of the table and its pagination. */
  label: string;
  emptyMessage: string;
  getRowId: (row: Row) => string;
}

/**
 * An admin table: client-side sorting (columns that enable it; SPEC.md §4's toggle) and
 * paging with Previous / 'Page X of Y' / Next; or, with `server`, the page the loader sent
 * with sorting and paging as links.
 */
export function DataTable<Row>({
  columns,
  data,
  pageSize,
  server,
  label,
  emptyMessage,
  getRowId,
}: DataTableProps<Row>) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize });
  const table = useReactTable({
    data,
    columns,
    getRowId,
    state: { sorting, pagination },
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    getCoreRowModel: getCoreRowModel(),
    ...(server
      ? { manualSorting: true, manualPagination: true }
      : {
          getSortedRowModel: getSortedRowModel(),
          getPaginationRowModel: getPaginationRowModel(),
        }),
    enableSortingRemoval: false,
    // TanStack sorts numbers descending on the first click; SPEC.md: a new column sorts ascending.
    sortDescFirst: false,
    autoResetPageIndex: false,
  });
  const pageCount = server ? pagesFor(server.total, pageSize) : table.getPageCount();
  // After a delete the last page may vanish: show the last page that still exists.
  const page = server ? server.page : Math.min(pagination.pageIndex + 1, Math.max(1, pageCount));
  if (!server && page !== pagination.pageIndex + 1) {
    setPagination((current) => ({ ...current, pageIndex: page - 1 }));
  }

  return (
    <div className="space-y-3">
      <div className="rounded-md border">
        <Table aria-label={label}>
          <TableHeader>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id}>
                {group.headers.map((header) => {
                  const serverSortHref =
                    server && header.column.getCanSort()
                      ? server.hrefForSort(header.column.id)
                      : null;
                  const sorted = server
                    ? server.sort === header.column.id && serverSortHref !== null
                      ? server.dir
                      : false
                    : header.column.getIsSorted();
                  const title = flexRender(header.column.columnDef.header, header.getContext());
                  const sortIcon =
                    sorted === "asc" ? (
                      <ArrowUp className="size-3.5" aria-hidden />
                    ) : sorted === "desc" ? (
                      <ArrowDown className="size-3.5" aria-hidden />
                    ) : (
                      <ArrowUpDown className="size-3.5 opacity-50" aria-hidden />
                    );
                  return (
                    <TableHead
                      key={header.id}
                      aria-sort={
                        sorted === "asc"
                          ? "ascending"
                          : sorted === "desc"
                            ? "descending"
                            : undefined
                      }
                    >
                      {server ? (
                        serverSortHref !== null ? (
                          <Link
                            to={serverSortHref}
                            preventScrollReset
                            className="inline-flex items-center gap-1 rounded-sm font-medium hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                          >
                            {title}
                            {sortIcon}
                          </Link>
                        ) : (
                          title
                        )
                      ) : header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 rounded-sm font-medium hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {title}
                          {sortIcon}
                        </button>
                      ) : (
                        title
                      )}
                    </TableHead>
                  );
                })}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {table.getRowModel().rows.length === 0 ? (
              <TableRow>
                <TableCell
                  colSpan={columns.length}
                  className="h-20 text-center text-muted-foreground"
                >
                  {emptyMessage}
                </TableCell>
              </TableRow>
            ) : (
              table.getRowModel().rows.map((row) => (
                <TableRow key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <TableCell key={cell.id} className="align-top whitespace-normal">
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {server ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {server.total === 1 ? "1 result" : `${server.total.toLocaleString("en-US")} results`}
          </p>
        ) : (
          <span />
        )}
        <PaginationControls
          page={page}
          pageCount={pageCount}
          onPageChange={server ? undefined : (next) => table.setPageIndex(next - 1)}
          hrefForPage={server?.hrefForPage}
          label={`${label} pages`}
        />
      </div>
    </div>
  );
}
