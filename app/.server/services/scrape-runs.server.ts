/**
 * An admin's Run / Start Scraping click, as the log keeps it: the run it queued (or the run
 * under way it joined) and its audit entry commit together. The job layer decides whether to
 * join a run and sends the new run's job once this has committed. Runs are admin-only: no
 * cache to empty.
 */
import type { SessionUser } from "./auth.server";
import type { AppContext } from "../platform/context.server";
import { ALL_SOURCES_LOCK, createScrapeRun } from "../data/scrape-runs.server";
import { commitAudited } from "./audited-change.server";

type Admin = Pick<SessionUser, "id" | "email">;

export interface ManualRunRequest {
  sourceId: string | null;
  requestedBy: string | null;
  /** The run under way this click joins instead of queueing its own. */
  joined: string | null;
  /** Start Scraping's note on the inactive sources it left out. */
  skipped: string | null;
}

/** The click's run, created unless it joins one, with its audit entry. */
export async function recordManualRun(
  app: Pick<AppContext, "db">,
  admin: Admin,
  request: ManualRunRequest,
): Promise<{ runId: string; created: boolean }> {
  return commitAudited(app, admin, async (tx, audit) => {
    const run = request.joined
      ? { id: request.joined, created: false }
      : await createScrapeRun(tx, {
          trigger: "manual",
          lockKey: request.sourceId ?? ALL_SOURCES_LOCK,
          sourceId: request.sourceId,
          requestedBy: request.requestedBy,
        });
    audit({
      action: "update",
      entity: "scrape_run",
      entityId: request.sourceId ?? undefined,
      details: {
        runId: run.id,
        queued: run.created,
        ...(request.skipped ? { skipped: request.skipped } : {}),
      },
    });
    return { runId: run.id, created: run.created };
  });
}
