import { Link } from "react-router";

import { DataTable, type DataColumn } from "~/components/admin/data-table";
import { Badge } from "~/components/ui/badge";
import { SCRAPE_LOGS_TABLE } from "~/lib/admin-tables";
import { formatLastScraped } from "~/lib/format";

const NA = "N/A";

interface ScrapeLogRow {
  id: string;
  createdAt: Date | string;
  url: string;
  status: string;
  details: string | null;
}

export interface ScrapingLogsPage {
  rows: ScrapeLogRow[];
  total: number;
  query: ReturnType<typeof SCRAPE_LOGS_TABLE.parse>;
}

const COLUMNS: DataColumn<ScrapeLogRow>[] = [
  {
    id: "date",
    header: "Date",
    className: "align-top whitespace-nowrap tabular-nums",
    cell: (log) => formatLastScraped(log.createdAt),
  },
  {
    id: "url",
    header: "URL",
    className: "align-top",
    cell: (log) => (
      <span title={log.url} className="block max-w-[10rem] truncate sm:max-w-[18rem]">
        {log.url}
      </span>
    ),
  },
  {
    id: "status",
    header: "Status",
    className: "align-top",
    cell: (log) => (
      <Badge variant={LOG_BADGES[log.status]?.variant ?? "destructive"}>
        {LOG_BADGES[log.status]?.label ?? "Error"}
      </Badge>
    ),
  },
  {
    id: "details",
    header: "Details",
    // An error can quote a long URL or token: it wraps inside the column.
    className: "min-w-48 align-top whitespace-normal wrap-anywhere",
    cell: (log) => log.details ?? NA,
  },
];

const LOG_BADGES: Record<
  string,
  { label: string; variant: "success" | "warning" | "destructive" }
> = {
  success: { label: "Success", variant: "success" },
  warning: { label: "Warning", variant: "warning" },
  error: { label: "Error", variant: "destructive" },
};

/** SPEC.md §5's Scraping Logs: one line per source run, newest first, paged by `?logs=`. */
export function ScrapingLogs({ logs }: { logs: ScrapingLogsPage }) {
  return (
    <section aria-labelledby="logs-heading" className="space-y-3">
      <h2 id="logs-heading" className="text-xl font-semibold">
        Scraping Logs
      </h2>
      {logs.query.filters.logsSource ? (
        <p className="text-sm text-muted-foreground">
          One source&apos;s lines.{" "}
          <Link to="?" className="underline underline-offset-4">
            Show every source
          </Link>
        </p>
      ) : null}
      <DataTable
        label="Scraping logs"
        columns={COLUMNS}
        rows={logs.rows}
        total={logs.total}
        table={SCRAPE_LOGS_TABLE}
        query={logs.query}
        getRowId={(log) => log.id}
        emptyMessage="No scraping runs yet."
        phoneCards
      />
    </section>
  );
}
