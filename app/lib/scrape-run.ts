export type ScrapeRunStatus = "queued" | "running" | "succeeded" | "failed";

/** What a run has done so far; the background job copies it into scrape_runs. */
export interface ScrapeRunCounters {
  sourcesTotal: number;
  sourcesDone: number;
  pagesFetched: number;
  listingsFound: number;
  matched: number;
  sentToReview: number;
}

/** The listings a scrape read, column by column, as scraped_data and scrape_runs keep them. */
export interface ScrapedDataArrays {
  name: string[];
  price: (number | null)[];
  link: (string | null)[];
  sold_out: boolean[];
}

/**
 * A scraping run as the admin page shows it while it polls: the counters of a background run
 * and, once it has finished, its result. Shared by the progress resource route and the page.
 */
export interface ScrapeRunView extends ScrapeRunCounters {
  id: string;
  status: ScrapeRunStatus;
  /** The single source run, or null for a run over every active source. */
  sourceId: string | null;
  retailerName: string | null;
  ok: boolean | null;
  message: string | null;
  result: ScrapedDataArrays | null;
}

export const isRunActive = (run: Pick<ScrapeRunView, "status">) =>
  run.status === "queued" || run.status === "running";

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** One sentence for the live region: where the run is and what it has found so far. */
export function describeRunProgress(run: ScrapeRunView): string {
  const subject = run.retailerName ? `Scraping ${run.retailerName}` : "Scraping";
  if (run.status === "queued") return `${subject}: queued, waiting for a worker…`;
  const position =
    run.sourcesTotal > 0
      ? `source ${Math.min(run.sourcesDone + 1, run.sourcesTotal)} of ${run.sourcesTotal}`
      : "starting";
  const counts = [
    plural(run.pagesFetched, "page") + " fetched",
    plural(run.listingsFound, "listing") + " found",
    `${run.matched} matched`,
    `${run.sentToReview} sent to review`,
  ].join(", ");
  return run.status === "running"
    ? `${subject}: ${position}; ${counts}.`
    : `${subject} finished: ${counts}.`;
}
