import { ListChecks, Loader2, Play, Plus, Store } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";

import { adminOf } from "~/.server/http/admin-guard.server";
import { ReviewQueue } from "~/components/admin/scraping/review-queue";
import { RunBanner, ScrapeRunPanel, useScrapeRun } from "~/components/admin/scraping/run-progress";
import { ScrapingLogs } from "~/components/admin/scraping/scraping-logs";
import { ShopSourceDialog } from "~/components/admin/scraping/shop-source-dialog";
import { SourceDialog } from "~/components/admin/scraping/source-dialog";
import {
  SourcesTable,
  SourcesToolbar,
  type SourceRow,
} from "~/components/admin/scraping/sources-table";
import { useLoadErrorToast } from "~/components/admin/form-controls";
import { Button } from "~/components/ui/button";
import { failure } from "~/lib/action-result";
import { firstIssueMessage, formFields } from "~/lib/forms/form-data";
import { isReviewIntent } from "~/lib/forms/scrape-review";
import { scrapingActionSchema } from "~/lib/forms/scraping";

import type { Route } from "./+types/scraping";
import {
  bulkUpdateSources,
  deleteSource,
  loadScrapingPage,
  runSelectorTest,
  saveSource,
} from "./scraping.server";
import { handleReviewAction } from "./scraping.review.server";
import { startRun, type RunStartResult } from "./scraping.runs.server";
import { appOf } from "~/.server/platform/context.server";

const RUN_KEY = "scrape-run";

export function meta() {
  return [{ title: "Scraping · Admin · PeptidePrices" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadScrapingPage(appOf(context), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const app = appOf(context);
  const fields = formFields(await request.formData());
  if (isReviewIntent(fields.intent)) return handleReviewAction(app, admin, fields);
  const parsed = scrapingActionSchema.safeParse(fields);
  if (!parsed.success) return failure(firstIssueMessage(parsed.error), 400);
  const form = parsed.data;

  switch (form.intent) {
    case "create-source":
      return saveSource(app, admin, null, fields);
    case "update-source":
      return saveSource(app, admin, { id: form.id, version: form.version }, fields);
    case "delete-source":
      return deleteSource(app, admin, form.id);
    case "bulk-sources":
      return bulkUpdateSources(app, admin, form);
    case "run-source":
    case "run-all":
      return startRun(app, admin, form);
    case "test-selectors":
      return runSelectorTest(app, fields);
  }
}

// ---------------------------------------------------------------- page

export default function AdminScraping({ loaderData }: Route.ComponentProps) {
  const { loadError, sources, query, review, reviewOpen, logs, runs } = loaderData;
  const runFetcher = useFetcher<RunStartResult>({ key: RUN_KEY });
  const followedRunId = runFetcher.data?.runId ?? runs.activeRuns[0]?.id ?? null;
  const followed = useScrapeRun(
    followedRunId,
    runs.activeRuns.find((run) => run.id === followedRunId) ??
      (runs.latestRun?.id === followedRunId ? runs.latestRun : null),
  );
  const [dialog, setDialog] = useState<{ open: boolean; source: SourceRow | null; nonce: number }>({
    open: false,
    source: null,
    nonce: 0,
  });
  const openDialog = (source: SourceRow | null) =>
    setDialog({ open: true, source, nonce: Date.now() });
  const closeDialog = () => setDialog((current) => ({ ...current, open: false }));
  useLoadErrorToast(loadError);
  const running = runFetcher.state !== "idle" || followed.active;
  const runningSourceId =
    runFetcher.state !== "idle" ? runFetcher.formData?.get("id") : followed.run?.sourceId;

  // The dashboard's "review pending" link lands on the queue itself.
  const reviewRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!reviewOpen || !reviewRef.current) return;
    reviewRef.current.scrollIntoView({ block: "start" });
    reviewRef.current.querySelector<HTMLElement>("h2")?.focus();
  }, [reviewOpen]);

  const refused = runFetcher.state === "idle" && runFetcher.data?.ok === false;
  const skippedNote = runFetcher.data?.ok ? runFetcher.data.skippedNote : null;
  const panelRun = followed.run ?? (followedRunId ? null : runs.latestRun);

  return (
    <div className="space-y-8">
      <section aria-labelledby="sources-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 id="sources-heading" className="text-2xl font-semibold">
            Scrape Sources
          </h1>
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={running}
              onClick={() => runFetcher.submit({ intent: "run-all" }, { method: "post" })}
            >
              {running ? <Loader2 className="animate-spin" aria-hidden /> : <Play aria-hidden />}
              {running ? "Scraping..." : "Start Scraping"}
            </Button>
            <Button variant="outline" disabled={running} onClick={() => openDialog(null)}>
              <Plus aria-hidden />
              Add Source
            </Button>
            <Button variant="outline" asChild>
              <a href="#review-queue">
                <ListChecks aria-hidden />
                Review queue ({review.items.length})
              </a>
            </Button>
            <Button variant="outline" asChild>
              <Link to="/admin/scraping/add-shop">
                <Store aria-hidden />
                Add Shop
              </Link>
            </Button>
          </div>
        </div>

        {refused && runFetcher.data && !runFetcher.data.ok ? (
          <RunBanner message={runFetcher.data.error} />
        ) : (
          <>
            {skippedNote ? (
              <p role="status" className="text-sm text-muted-foreground">
                {skippedNote}
              </p>
            ) : null}
            <ScrapeRunPanel
              run={panelRun}
              active={followed.active}
              failures={panelRun?.id === runs.latestRun?.id ? runs.latestFailures : undefined}
            />
          </>
        )}

        <SourcesToolbar key={`${query.q}|${query.filters.status ?? ""}`} query={query} />
        <SourcesTable
          key={`${query.q}|${query.filters.status}|${query.sort}|${query.dir}|${query.page}`}
          rows={sources.rows}
          total={sources.total}
          query={query}
          running={running}
          runningSourceId={runningSourceId}
          onRun={(id) => runFetcher.submit({ intent: "run-source", id }, { method: "post" })}
          onEdit={openDialog}
        />
      </section>

      <div ref={reviewRef} id="review-queue" className="scroll-mt-4">
        <ReviewQueue items={review.items} />
      </div>

      <ScrapingLogs logs={logs} />

      {dialog.source && dialog.source.kind !== "page" ? (
        <ShopSourceDialog
          key={dialog.source.id}
          open={dialog.open}
          source={{ ...dialog.source, kind: dialog.source.kind }}
          onClose={closeDialog}
        />
      ) : (
        <SourceDialog
          key={dialog.source?.id ?? `new-${dialog.nonce}`}
          open={dialog.open}
          source={dialog.source}
          onClose={closeDialog}
        />
      )}
    </div>
  );
}
