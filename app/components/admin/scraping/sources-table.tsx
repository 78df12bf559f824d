import { ArrowDown, ArrowUp, ArrowUpDown, Loader2, Play, Search } from "lucide-react";
import { useState } from "react";
import { Form, Link, useFetcher, useSearchParams } from "react-router";

import { ConfirmDeleteButton, useFetcherToast } from "~/components/admin/confirm-delete-button";
import { NativeSelect } from "~/components/admin/form-controls";
import { EditButton } from "~/components/admin/row-actions";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { PaginationControls } from "~/components/ui/pagination-controls";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import { TEXT_LIMITS } from "~/lib/forms/fields";
import {
  nextSourcesSort,
  sourceDisplayStatus,
  sourcesQueryHref,
  type SourceSortColumn,
  type SourcesQuery,
} from "~/lib/forms/scraping";
import { formatLastScraped } from "~/lib/format";

import type { EditableSource } from "./source-dialog";

export interface SourceRow extends EditableSource {
  status: string;
  lastError: string | null;
  lastScrapedAt: Date | string | null;
}

const DELETE_KEY = "delete-scrape-source";
const BULK_KEY = "bulk-scrape-sources";

/** SPEC.md §5: active green, inactive grey, error red. */
const STATUS_VARIANT = {
  active: "success",
  inactive: "secondary",
  error: "destructive",
} as const;

export function StatusBadge({
  source,
}: {
  source: Pick<SourceRow, "isActive" | "status" | "lastError">;
}) {
  const status = sourceDisplayStatus(source);
  return (
    <Badge
      variant={STATUS_VARIANT[status]}
      title={source.lastError ?? undefined}
      className="capitalize"
    >
      {status}
    </Badge>
  );
}

const COLUMNS: { key: SourceSortColumn; label: string }[] = [
  { key: "retailer", label: "Retailer" },
  { key: "url", label: "URL" },
  { key: "status", label: "Status" },
  { key: "lastScraped", label: "Last Scraped" },
];

/** Search and the status filter, submitted as the page's URL (GET), so they survive a reload. */
export function SourcesToolbar({ query }: { query: SourcesQuery }) {
  const [params] = useSearchParams();
  const kept = [...params.entries()].filter(
    ([key]) => !["q", "status", "page", "sort", "dir"].includes(key),
  );
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
      {kept.map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
      {query.sort ? <input type="hidden" name="dir" value={query.dir} /> : null}
      <div className="grid gap-1.5">
        <Label htmlFor="sources-search">Search sources</Label>
        <Input
          id="sources-search"
          name="q"
          type="search"
          defaultValue={query.q}
          maxLength={TEXT_LIMITS.name}
          placeholder="Retailer or URL"
          className="w-56"
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="sources-status">Status</Label>
        <NativeSelect id="sources-status" name="status" defaultValue={query.status ?? ""}>
          <option value="">All statuses</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
          <option value="error">Error (last run failed)</option>
        </NativeSelect>
      </div>
      <Button type="submit" variant="outline">
        <Search aria-hidden />
        Apply
      </Button>
    </Form>
  );
}

/** Activate, deactivate or delete the selected rows; deleting asks first. */
function BulkActions({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const fetcher = useFetcher({ key: BULK_KEY });
  const busy = fetcher.state !== "idle";
  const submit = (intent: string) => {
    fetcher.submit({ intent, ids: ids.join(",") }, { method: "post" });
    onDone();
  };
  const count = `${ids.length} source${ids.length === 1 ? "" : "s"}`;
  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 p-2 text-sm"
    >
      <span className="font-medium">{count} selected</span>
      <Button
        size="sm"
        variant="outline"
        disabled={busy}
        onClick={() => submit("activate-sources")}
      >
        Activate
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={busy}
        onClick={() => submit("deactivate-sources")}
      >
        Deactivate
      </Button>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button size="sm" variant="destructive" disabled={busy}>
            Delete
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Are you sure?</AlertDialogTitle>
            <AlertDialogDescription>
              This action cannot be undone. The {count} selected will be permanently deleted.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={() => submit("delete-sources")}>
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

function SortHeader({ column, query }: { column: (typeof COLUMNS)[number]; query: SourcesQuery }) {
  const [params] = useSearchParams();
  const sorted = query.sort === column.key ? query.dir : null;
  const next = nextSourcesSort(query, column.key);
  return (
    <TableHead
      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
    >
      <Link
        to={sourcesQueryHref(params, { sort: next.sort, dir: next.dir })}
        preventScrollReset
        className="inline-flex items-center gap-1 rounded-sm font-medium hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {column.label}
        {sorted === "asc" ? (
          <ArrowUp className="size-3.5" aria-hidden />
        ) : sorted === "desc" ? (
          <ArrowDown className="size-3.5" aria-hidden />
        ) : (
          <ArrowUpDown className="size-3.5 opacity-50" aria-hidden />
        )}
      </Link>
    </TableHead>
  );
}

/**
 * The sources table as the server sends it: one page, searched, filtered and sorted through
 * the URL. Rows can be selected for bulk actions.
 */
export function SourcesTable({
  rows,
  query,
  pageCount,
  running,
  runningSourceId,
  onRun,
  onEdit,
}: {
  rows: SourceRow[];
  query: SourcesQuery;
  pageCount: number;
  running: boolean;
  runningSourceId: unknown;
  onRun: (id: string) => void;
  onEdit: (source: SourceRow) => void;
}) {
  const [params] = useSearchParams();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  useFetcherToast(DELETE_KEY);
  useFetcherToast(BULK_KEY);
  const visible = rows.filter((row) => selected.has(row.id)).map((row) => row.id);
  const allSelected = rows.length > 0 && visible.length === rows.length;
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div className="space-y-3">
      {visible.length > 0 ? (
        <BulkActions ids={visible} onDone={() => setSelected(new Set())} />
      ) : null}
      <div className="rounded-md border">
        <Table aria-label="Scrape sources">
          <TableHeader>
            <TableRow>
              <TableHead className="w-8">
                <Checkbox
                  aria-label="Select all sources on this page"
                  checked={allSelected}
                  disabled={rows.length === 0}
                  onCheckedChange={(on) =>
                    setSelected(on === true ? new Set(rows.map((row) => row.id)) : new Set())
                  }
                />
              </TableHead>
              {COLUMNS.map((column) => (
                <SortHeader key={column.key} column={column} query={query} />
              ))}
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6} className="h-20 text-center text-muted-foreground">
                  {query.q || query.status
                    ? "No scrape source matches this search."
                    : "No scrape sources yet."}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <TableRow key={row.id} data-state={selected.has(row.id) ? "selected" : undefined}>
                  <TableCell className="align-top">
                    <Checkbox
                      aria-label={`Select ${row.retailerName}`}
                      checked={selected.has(row.id)}
                      onCheckedChange={(on) => toggle(row.id, on === true)}
                    />
                  </TableCell>
                  <TableCell className="align-top font-medium whitespace-normal">
                    {row.retailerName}
                  </TableCell>
                  <TableCell className="align-top">
                    <a
                      href={row.url}
                      target="_blank"
                      rel="noreferrer noopener"
                      title={row.url}
                      className="block max-w-[10rem] truncate text-primary underline-offset-4 hover:underline sm:max-w-[18rem]"
                    >
                      {row.url}
                    </a>
                  </TableCell>
                  <TableCell className="align-top">
                    <StatusBadge source={row} />
                  </TableCell>
                  <TableCell className="align-top whitespace-nowrap tabular-nums">
                    {formatLastScraped(row.lastScrapedAt)}
                  </TableCell>
                  <TableCell className="align-top">
                    <div className="flex items-center gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Run scraper for ${row.retailerName}`}
                        disabled={running}
                        onClick={() => onRun(row.id)}
                      >
                        {runningSourceId === row.id ? (
                          <Loader2 className="size-4 animate-spin" aria-hidden />
                        ) : (
                          <Play className="size-4" aria-hidden />
                        )}
                      </Button>
                      <EditButton
                        label={`Edit ${row.retailerName}`}
                        disabled={running}
                        onClick={() => onEdit(row)}
                      />
                      <ConfirmDeleteButton
                        fetcherKey={DELETE_KEY}
                        fields={{ intent: "delete-source", id: row.id }}
                        itemName={row.retailerName}
                        description={`This action cannot be undone. The scrape source for ${row.retailerName} will be permanently deleted.`}
                      />
                    </div>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      <PaginationControls
        page={query.page}
        pageCount={pageCount}
        hrefForPage={(page) => sourcesQueryHref(params, { page: String(page) })}
        label="Scrape sources pages"
      />
    </div>
  );
}
