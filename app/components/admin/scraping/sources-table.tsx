import { Loader2, Play, Search } from "lucide-react";
import { Form, useFetcher } from "react-router";

import { BulkBar, useRowSelection } from "~/components/admin/bulk-actions";
import { ConfirmDeleteButton, useFetcherToast } from "~/components/admin/confirm-delete-button";
import { DataTable, type DataColumn } from "~/components/admin/data-table";
import { NativeSelect } from "~/components/admin/form-controls";
import { EditButton } from "~/components/edit-button";
import { TableStateInputs } from "~/components/admin/table-filter-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { SOURCES_TABLE } from "~/lib/admin-tables";
import { bulkFormFields, type BulkOperation } from "~/lib/forms/bulk";
import { SHOP_KIND_LABELS, type ScrapeSourceKind } from "~/lib/constants";
import { formatLastScraped } from "~/lib/format";
import { sourceDisplayStatus } from "~/lib/forms/scraping";
import { TABLE_QUERY_MAX } from "~/lib/table-query";

import type { EditableSource } from "~/lib/forms/scraping";

export interface SourceRow extends EditableSource {
  status: string;
  lastError: string | null;
  lastScrapedAt: Date | string | null;
  /** 'page', or the shop platform whose whole feed the source reads. */
  kind: ScrapeSourceKind;
  /** A shop read in turns: "read 49 of 82 products this run, full pass every 2 runs". */
  readProgress?: string | null;
}

export type SourcesTableQuery = ReturnType<typeof SOURCES_TABLE.parse>;

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

/** Search and the status filter, submitted as the page's URL (GET), so they survive a reload. */
export function SourcesToolbar({ query }: { query: SourcesTableQuery }) {
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
      <TableStateInputs table={SOURCES_TABLE} query={query} />
      <div className="grid gap-1.5">
        <Label htmlFor="sources-search">Search sources</Label>
        <Input
          id="sources-search"
          name="q"
          type="search"
          defaultValue={query.q}
          maxLength={TABLE_QUERY_MAX}
          placeholder="Retailer or URL"
          className="w-56"
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="sources-status">Status</Label>
        <NativeSelect id="sources-status" name="status" defaultValue={query.filters.status ?? ""}>
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

/** The shared bulk bar on the ticked sources; the answer's toast comes from useFetcherToast. */
function SourcesBulkBar({
  ids,
  rows,
  onDone,
}: {
  ids: string[];
  /** The page's rows with the version each was shown at: rows changed meanwhile are refused. */
  rows: readonly { id: string; version: string }[];
  onDone: () => void;
}) {
  const fetcher = useFetcher({ key: BULK_KEY });
  const submit = (operation: BulkOperation) => {
    const versionOf = new Map(rows.map((row) => [row.id, row.version]));
    fetcher.submit(bulkFormFields("bulk-sources", operation, ids, versionOf), { method: "post" });
    onDone();
  };
  return (
    <BulkBar
      count={ids.length}
      noun={{ one: "source", other: "sources" }}
      busy={fetcher.state !== "idle"}
      onActivate={() => submit("activate")}
      onDeactivate={() => submit("deactivate")}
      onDelete={() => submit("delete")}
      onClear={onDone}
    />
  );
}

/**
 * The sources table as the server sends it: one page, searched, filtered and sorted through
 * the URL. Rows can be selected for bulk actions.
 */
export function SourcesTable({
  rows,
  total,
  query,
  running,
  runningSourceId,
  onRun,
  onEdit,
}: {
  rows: SourceRow[];
  total: number;
  query: SourcesTableQuery;
  running: boolean;
  runningSourceId: unknown;
  onRun: (id: string) => void;
  onEdit: (source: SourceRow) => void;
}) {
  const selection = useRowSelection(rows.map((row) => row.id));
  useFetcherToast(DELETE_KEY);
  useFetcherToast(BULK_KEY);
  const visible = rows.filter((row) => selection.selected.has(row.id)).map((row) => row.id);
  const columns: DataColumn<SourceRow>[] = [
    {
      id: "retailer",
      header: "Retailer",
      sortKey: "retailer",
      cell: (row) => row.retailerName,
      className: "align-top font-medium whitespace-normal",
    },
    {
      id: "url",
      header: "URL",
      sortKey: "url",
      className: "align-top",
      cell: (row) => (
        <>
          <a
            href={row.url}
            target="_blank"
            rel="noreferrer noopener"
            title={row.url}
            className="block max-w-[10rem] truncate text-primary underline-offset-4 hover:underline sm:max-w-[18rem]"
          >
            {row.url}
          </a>
          {row.kind !== "page" ? (
            <span className="text-xs text-muted-foreground">{SHOP_KIND_LABELS[row.kind]}</span>
          ) : null}
        </>
      ),
    },
    {
      id: "status",
      header: "Status",
      sortKey: "status",
      className: "align-top",
      cell: (row) =>
        row.readProgress ? (
          <div className="flex flex-col items-start gap-1">
            <StatusBadge source={row} />
            <span className="text-xs text-muted-foreground" data-testid="source-read-progress">
              {row.readProgress}
            </span>
          </div>
        ) : (
          <StatusBadge source={row} />
        ),
    },
    {
      id: "lastScraped",
      header: "Last Scraped",
      sortKey: "lastScraped",
      className: "align-top whitespace-nowrap tabular-nums",
      cell: (row) => formatLastScraped(row.lastScrapedAt),
    },
    {
      id: "actions",
      header: "Actions",
      className: "align-top",
      cell: (row) => (
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
            description={`The scrape source for ${row.retailerName} will be permanently deleted.`}
          />
        </div>
      ),
    },
  ];

  return (
    <div className="space-y-3">
      {visible.length > 0 ? (
        <SourcesBulkBar ids={visible} rows={rows} onDone={selection.clear} />
      ) : null}
      <DataTable
        label="Scrape sources"
        columns={columns}
        rows={rows}
        total={total}
        table={SOURCES_TABLE}
        query={query}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.retailerName}
        selection={selection}
        emptyMessage={
          query.q || query.filters.status
            ? "No scrape source matches this search."
            : "No scrape sources yet."
        }
      />
    </div>
  );
}
