/**
 * The scraping page's run intents and run state. A run goes to the job queue and the action
 * answers at once with the run to follow; the page polls /admin/scraping/runs/:runId.
 */
import { data } from "react-router";

import type { SessionUser } from "~/.server/services/auth.server";
import type { AppContext } from "~/.server/platform/context.server";
import {
  getActiveScrapeRuns,
  getLatestFinishedScrapeRun,
  type ScrapeRun,
} from "~/.server/data/scrape-runs.server";
import {
  getInactiveScrapeSourceNames,
  getScrapeSource,
  getSourceErrorsSince,
} from "~/.server/data/scrape-sources.server";
import { enqueueScrapeRun } from "~/.server/jobs/jobs.server";
import { scrapeSource } from "~/.server/scraper/run.server";
import { actionFailure, failure, type ActionResult } from "~/lib/action-result";
import type { ScrapeRunView } from "~/lib/scrape-run";

export const RUN_STARTED = "Scraping started.";
export const RUN_ALREADY_UNDER_WAY = "This scraping run is already under way.";

/** The action's answer to Run / Start Scraping: the run the page should follow. */
export type RunStartResult = ActionResult & {
  runId?: string;
  /** Start Scraping's note on the inactive sources it left out. */
  skippedNote?: string | null;
};

export function toRunView(run: ScrapeRun): ScrapeRunView {
  return {
    id: run.id,
    status: run.status,
    sourceId: run.sourceId,
    retailerName: run.retailerName,
    sourcesTotal: run.sourcesTotal,
    sourcesDone: run.sourcesDone,
    pagesFetched: run.pagesFetched,
    listingsFound: run.listingsFound,
    matched: run.matched,
    sentToReview: run.sentToReview,
    ok: run.ok,
    message: run.message,
    result: run.result,
  };
}

/** For the page's first render: runs under way (to resume polling) and the last result. */
export async function loadScrapeRunState(db: AppContext["db"]) {
  const [active, latest] = await Promise.all([
    getActiveScrapeRuns(db),
    getLatestFinishedScrapeRun(db),
  ]);
  // A failed run's sources, each on its own line with its log (not one run-on paragraph).
  const failures =
    latest && latest.ok === false
      ? await getSourceErrorsSince(db, latest.startedAt ?? latest.createdAt)
      : [];
  return {
    activeRuns: active.map(toRunView),
    latestRun: latest ? toRunView(latest) : null,
    latestFailures: failures,
  };
}

/** Start Scraping goes through active sources only: it names the ones it leaves out. */
export function skippedSourcesNote(names: string[]): string | null {
  if (names.length === 0) return null;
  const subject = names.length === 1 ? "1 inactive source" : `${names.length} inactive sources`;
  return `Skipped ${subject}: ${names.join(", ")}.`;
}

export async function startRun(
  app: AppContext,
  admin: SessionUser,
  form: { intent: "run-source"; id: string } | { intent: "run-all" },
) {
  let sourceId: string | null = null;
  if (form.intent === "run-source") {
    const source = await getScrapeSource(app.db, form.id);
    if (!source) return failure("Source not found", 404);
    // A shop source reads its platform's feed (no selectors): it always goes to the queue.
    if (source.kind === "page" && (!source.nameSelector.trim() || !source.priceSelector.trim())) {
      // A page source with nothing to fetch: recorded and answered at once, as SPEC.md words it.
      const result = await scrapeSource(app, source);
      return data(actionFailure(result.message), { status: 422 });
    }
    sourceId = source.id;
  }
  const skipped = sourceId ? null : skippedSourcesNote(await getInactiveScrapeSourceNames(app.db));
  const run = await enqueueScrapeRun(
    app,
    { sourceId, requestedBy: admin.email },
    { admin, skipped },
  );
  const body: RunStartResult = {
    ok: true,
    message: [run.created ? RUN_STARTED : RUN_ALREADY_UNDER_WAY, skipped].filter(Boolean).join(" "),
    runId: run.runId,
    skippedNote: skipped,
  };
  return data(body, { status: 202 });
}
