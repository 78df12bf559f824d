import { useSearchParams } from "react-router";

import { Badge } from "~/components/ui/badge";
import { PaginationControls } from "~/components/ui/pagination-controls";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import { formatLastScraped } from "~/lib/format";

const NA = "N/A";

export interface ScrapingLogsPage {
  rows: {
    id: string;
    createdAt: Date | string;
    url: string;
    status: string;
    details: string | null;
  }[];
  page: number;
  pageCount: number;
}

/** SPEC.md §5's Scraping Logs: one line per source run, newest first, paged by `?logs=`. */
export function ScrapingLogs({ logs }: { logs: ScrapingLogsPage }) {
  const [params] = useSearchParams();
  const hrefForPage = (page: number) => {
    const next = new URLSearchParams(params);
    next.set("logs", String(page));
    return `?${next.toString()}`;
  };
  return (
    <section aria-labelledby="logs-heading" className="space-y-3">
      <h2 id="logs-heading" className="text-xl font-semibold">
        Scraping Logs
      </h2>
      <div className="rounded-md border">
        <Table aria-label="Scraping logs">
          <TableHeader>
            <TableRow>
              <TableHead>Date</TableHead>
              <TableHead>URL</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Details</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {logs.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4} className="h-16 text-center text-muted-foreground">
                  No scraping runs yet.
                </TableCell>
              </TableRow>
            ) : (
              logs.rows.map((log) => (
                <TableRow key={log.id}>
                  <TableCell className="whitespace-nowrap tabular-nums">
                    {formatLastScraped(log.createdAt)}
                  </TableCell>
                  <TableCell>
                    <span title={log.url} className="block max-w-[10rem] truncate sm:max-w-[18rem]">
                      {log.url}
                    </span>
                  </TableCell>
                  <TableCell>
                    <Badge variant={log.status === "success" ? "success" : "destructive"}>
                      {log.status === "success" ? "Success" : "Error"}
                    </Badge>
                  </TableCell>
                  <TableCell className="whitespace-normal">{log.details ?? NA}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      <PaginationControls
        page={logs.page}
        pageCount={logs.pageCount}
        hrefForPage={hrefForPage}
        label="Scraping logs pages"
      />
    </section>
  );
}
