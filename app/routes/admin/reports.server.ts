/**
 * The /admin/reports page's data and intents: re-check a reported offer (queued: its page is
 * read by a background job), or close the report with an outcome.
 */
import { data } from "react-router";

import { listOfferReportsForReview } from "~/.server/data/offer-reports.server";
import { subjectsWithPendingReads } from "~/.server/data/shop-reads.server";
import type { AppContext } from "~/.server/platform/context.server";
import { endAbandonedShopReads } from "~/.server/jobs/shop-read-job.server";
import type { SessionUser } from "~/.server/services/auth.server";
import { queueRecheck, resolveOfferReport } from "~/.server/services/offer-reports.server";
import { actionSuccess, failure } from "~/lib/action-result";
import type { OfferReportAdminAction } from "~/lib/forms/offer-reports";
import { OFFER_REPORTS_LIST } from "~/lib/trust/review-lists";
import { readTablePage } from "~/lib/table-query";

type ReportsContext = Pick<
  AppContext,
  "db" | "env" | "baseUrl" | "logger" | "mailer" | "cache" | "database"
>;

/** A page of the reports, each with whether a re-check of it is under way. */
export async function loadReports(app: ReportsContext, request: Request) {
  await endAbandonedShopReads(app);
  const query = OFFER_REPORTS_LIST.parse(new URL(request.url).searchParams);
  const { rows, ...page } = await readTablePage(query, (p) =>
    listOfferReportsForReview(app.db, { page: p, pageSize: query.pageSize }),
  );
  const rechecking = await subjectsWithPendingReads(
    app.db,
    "offer-recheck",
    rows.map((report) => report.id),
  );
  return {
    ...page,
    reports: rows.map((report) => ({ ...report, rechecking: rechecking.has(report.id) })),
  };
}

export async function handleOfferReportAction(
  app: ReportsContext,
  admin: Pick<SessionUser, "id" | "email">,
  action: OfferReportAdminAction,
) {
  if (action.intent === "recheck") {
    const queued = await queueRecheck(app, admin, action.id);
    if (!queued.ok) return failure(queued.message, queued.status);
    return data(actionSuccess(queued.message), { status: 202 });
  }
  const result = await resolveOfferReport(app, admin, action.id, action.outcome);
  return result.ok ? actionSuccess(result.message) : failure(result.message, result.status);
}
