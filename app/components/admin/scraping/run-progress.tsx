import { useEffect, useRef } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";

import { SimpleTable, type SimpleColumn } from "~/components/admin/data-table";
import { formatPrice } from "~/lib/format";
import { describeRunProgress, isRunActive, type ScrapeRunView } from "~/lib/scrape-run";

const POLL_INTERVAL_MS = 1000;
const NA = "N/A";

/**
 * Follows a background scraping run: polls its progress while it is queued or running (no
 * page reload), then reloads the page's data once so statuses, logs and the review queue
 * show what the run did.
 */
type ScrapedResult = NonNullable<ScrapeRunView["result"]>;

export function useScrapeRun(runId: string | null, initial: ScrapeRunView | null) {
  const poll = useFetcher<ScrapeRunView>();
  const { revalidate } = useRevalidator();
  const load = useRef(poll.load);
  load.current = poll.load;
  const run =
    poll.data && poll.data.id === runId ? poll.data : initial?.id === runId ? initial : null;
  const active = runId !== null && (run === null || isRunActive(run));

  useEffect(() => {
    if (!runId || !active) return;
    const refresh = () => void load.current(`/admin/scraping/runs/${runId}`);
    refresh();
    const timer = setInterval(refresh, POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [runId, active]);

  const finishedId = run && !isRunActive(run) && poll.data?.id === run.id ? run.id : null;
  useEffect(() => {
    if (finishedId) void revalidate();
  }, [finishedId, revalidate]);

  return { run, active };
}

/** The live progress line, announced politely to screen readers as the counters move. */
export function RunProgress({ run }: { run: ScrapeRunView }) {
  const total = Math.max(run.sourcesTotal, 1);
  return (
    <div className="space-y-2 rounded-md border p-3 text-sm">
      <p role="status" aria-live="polite" aria-atomic="true">
        {describeRunProgress(run)}
      </p>
      <progress
        className="h-2 w-full"
        aria-label="Sources scraped"
        max={total}
        value={run.status === "queued" ? undefined : Math.min(run.sourcesDone, total)}
      />
    </div>
  );
}

/** A source a finished run left in error, with its message. */
export interface RunFailure {
  id: string;
  retailerName: string;
  error: string | null;
}

/**
 * A finished run's banner (SPEC.md: red when the text contains 'Error', otherwise green). With
 * the sources the run left in error, each is a line of its own with its name, its message and
 * a link to its log lines, instead of one paragraph holding every error.
 */
export function RunBanner({
  message,
  failures = [],
}: {
  message: string;
  failures?: readonly RunFailure[];
}) {
  const failed = failures.length > 0;
  return (
    <div
      role="status"
      className={
        failed || message.includes("Error")
          ? "rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
          : "rounded-md border border-success/50 bg-success/10 p-3 text-sm font-medium text-foreground"
      }
    >
      {failed ? (
        <>
          <p className="font-medium">
            Error: {failures.length} {failures.length === 1 ? "source" : "sources"} failed
          </p>
          <ul className="mt-1 space-y-1">
            {failures.map((failure) => (
              <li key={failure.id} className="[overflow-wrap:anywhere]">
                <span className="font-medium">{failure.retailerName}</span>:{" "}
                {failure.error ?? "Unknown error"}{" "}
                <Link
                  to={`?logsSource=${failure.id}#logs-heading`}
                  className="whitespace-nowrap underline underline-offset-4"
                >
                  View log
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        message
      )}
    </div>
  );
}

/** The results' columns: Link and Sold Out only when the run found any. */
function resultColumns(scraped: ScrapedResult): SimpleColumn<number>[] {
  const columns: SimpleColumn<number>[] = [
    {
      header: "Name",
      className: "min-w-40 whitespace-normal wrap-anywhere",
      cell: (index) => scraped.name[index] || NA,
    },
    {
      header: "Price",
      className: "tabular-nums",
      cell: (index) => {
        const price = scraped.price[index];
        return price === null || price === undefined ? NA : formatPrice(price);
      },
    },
  ];
  if (scraped.link.some(Boolean))
    columns.push({
      header: "Link",
      className: "break-all whitespace-normal",
      cell: (index) => {
        const link = scraped.link[index];
        return link ? (
          <a
            href={link}
            target="_blank"
            rel="noreferrer noopener"
            className="text-primary underline-offset-4 hover:underline"
          >
            {link}
          </a>
        ) : (
          NA
        );
      },
    });
  if (scraped.sold_out.length > 0)
    columns.push({
      header: "Sold Out",
      cell: (index) => {
        const soldOut = scraped.sold_out[index];
        return soldOut === undefined ? NA : soldOut ? "Yes" : "No";
      },
    });
  return columns;
}

function ResultsTable({ scraped }: { scraped: ScrapedResult }) {
  return (
    // Collapsed, a long run's rows do not push the review queue and the logs far down.
    <details className="space-y-2 [&[open]>summary]:mb-2">
      <summary className="cursor-pointer rounded-sm text-lg font-semibold focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
        <h2 className="inline">Results</h2>{" "}
        <span className="text-sm font-normal text-muted-foreground">
          ({scraped.name.length} {scraped.name.length === 1 ? "listing" : "listings"})
        </span>
      </summary>
      <SimpleTable
        label="Scraping results"
        columns={resultColumns(scraped)}
        rows={scraped.name.map((_, index) => index)}
        rowKey={(index) => String(index)}
      />
    </details>
  );
}

/** Progress while the followed run goes on; its banner and results once it has finished. */
export function ScrapeRunPanel({
  run,
  active,
  failures,
}: {
  run: ScrapeRunView | null;
  active: boolean;
  failures?: readonly RunFailure[];
}) {
  if (active && !run) {
    return (
      <p role="status" aria-live="polite" className="rounded-md border p-3 text-sm">
        Scraping started…
      </p>
    );
  }
  if (!run) return null;
  if (active) return <RunProgress run={run} />;
  return (
    <>
      {run.message ? <RunBanner message={run.message} failures={failures} /> : null}
      {run.result && run.result.name.length > 0 ? <ResultsTable scraped={run.result} /> : null}
    </>
  );
}
