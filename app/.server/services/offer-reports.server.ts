/**
 * The report loop (issue 33): a buyer's report on an offer, the admin's "re-check now" and
 * outcome, and the mail that tells a signed-in reporter what came of it. Every admin step is
 * in the audit log.
 */
import { formatPrice } from "~/lib/format";
import {
  OFFER_REPORT_KIND_LABELS,
  OFFER_REPORT_MESSAGES,
  OFFER_REPORT_OUTCOME_LABELS,
  type OfferReportKind,
  type OfferReportOutcome,
} from "~/lib/trust/offer-reports";
import { type OfferReportInput } from "~/lib/forms/offer-reports";

import type { AppContext } from "../platform/context.server";
import { consumeAddressLimit } from "./address-limits.server";
import {
  closeOfferReport,
  getOfferById,
  getOfferReport,
  insertOfferReport,
  recordRecheck,
  type ReportedOffer,
} from "../data/offer-reports.server";
import { subjectsWithPendingReads } from "../data/shop-reads.server";
import { enqueueShopRead } from "./shop-read-queue.server";
import type { RecheckResult } from "../scraper/recheck-offer.server";
import type { SessionUser } from "./auth.server";
import { commitAudited, commitPublicChange } from "./audited-change.server";

type ReportContext = Pick<AppContext, "db" | "env" | "baseUrl" | "logger" | "mailer" | "cache">;
type Admin = Pick<SessionUser, "id" | "email">;

export type ReportOutcome =
  { ok: true; message: string } | { ok: false; status: number; message: string };

/** A report from a visitor or user, counted against the address's hourly limit. */
export async function submitOfferReport(
  app: ReportContext,
  request: Request,
  offer: ReportedOffer,
  input: OfferReportInput,
  reporter: Pick<SessionUser, "id"> | null,
): Promise<ReportOutcome> {
  if (!(await consumeAddressLimit(app, request, "offer-report"))) {
    return { ok: false, status: 429, message: OFFER_REPORT_MESSAGES.tooMany };
  }
  await insertOfferReport(app.db, offer, input, reporter?.id ?? null);
  return {
    ok: true,
    message: reporter ? OFFER_REPORT_MESSAGES.sentSignedIn : OFFER_REPORT_MESSAGES.sent,
  };
}

const UNKNOWN_REPORT: ReportOutcome = {
  ok: false,
  status: 404,
  message: "That report no longer exists",
};

/** Reads one offer's page and applies it: the scraper's recheckOffer, handed in by the job. */
export type OfferReader = (app: ReportContext, offerId: string) => Promise<RecheckResult>;

/**
 * Reads the offer's page (in the re-check job). A read that changes the offer closes the report as corrected
 * (and tells the reporter); otherwise the report stays open for the admin's outcome.
 */
export async function recheckReportedOffer(
  app: ReportContext,
  admin: Admin,
  reportId: string,
  readOffer: OfferReader,
  now: Date = new Date(),
): Promise<ReportOutcome> {
  const report = await getOfferReport(app.db, reportId);
  if (!report) return UNKNOWN_REPORT;
  const result = await readOffer(app, report.offerId);
  await commitAudited(app, admin, async (tx, audit) => {
    await recordRecheck(tx, reportId, result.message.slice(0, 500), now);
    audit({
      action: "update",
      entity: "offer_report",
      entityId: reportId,
      name: `Re-check of offer ${report.offerId}`,
      details: { recheck: result.message, changed: result.changed },
    });
  });
  if (result.changed && report.status === "open") {
    await resolveOfferReport(app, admin, reportId, "corrected", now);
    return { ok: true, message: `${result.message} The report is closed as corrected.` };
  }
  return result.read
    ? { ok: true, message: result.message }
    : { ok: false, status: 422, message: result.message };
}

/** What the background re-check of a report takes (shop-read-job.server.ts). */
export interface RecheckInput {
  reportId: string;
  admin: Admin;
}

/**
 * "Re-check now": queues the read of the offer's page and answers at once (issue 37 Must 2:
 * no shop is read inside the admin's request); the reports page shows the outcome when it is in.
 */
export async function queueRecheck(
  app: ReportContext & Pick<AppContext, "database">,
  admin: Admin,
  reportId: string,
): Promise<ReportOutcome> {
  const report = await getOfferReport(app.db, reportId);
  if (!report) return UNKNOWN_REPORT;
  if ((await subjectsWithPendingReads(app.db, "offer-recheck", [reportId])).size > 0) {
    return { ok: true, message: RECHECK_UNDERWAY };
  }
  const input: RecheckInput = { reportId, admin: { id: admin.id, email: admin.email } };
  await enqueueShopRead(app, { kind: "offer-recheck", subject: reportId, input });
  return { ok: true, message: RECHECK_UNDERWAY };
}

export const RECHECK_UNDERWAY = "Re-check under way: the offer's page is being read.";

/** The job: the re-check itself, its outcome stored on the report. */
export async function runQueuedRecheck(
  app: ReportContext,
  input: RecheckInput,
  readOffer: OfferReader,
): Promise<{ ok: boolean; message: string }> {
  const outcome = await recheckReportedOffer(app, input.admin, input.reportId, readOffer);
  return { ok: outcome.ok, message: outcome.message };
}

/** A re-check whose read will not finish says so on the report. */
export async function recordAbandonedRecheck(
  app: Pick<AppContext, "db">,
  input: RecheckInput,
  reason: string,
): Promise<void> {
  await recordRecheck(app.db, input.reportId, reason.slice(0, 500), new Date());
}

/** Closes an open report with its outcome, and mails a signed-in reporter. */
export async function resolveOfferReport(
  app: ReportContext,
  admin: Admin,
  reportId: string,
  outcome: OfferReportOutcome,
  now: Date = new Date(),
): Promise<ReportOutcome> {
  const report = await getOfferReport(app.db, reportId);
  if (!report) return UNKNOWN_REPORT;
  const closed = await commitPublicChange(app, admin, async (tx, audit) => {
    if (!(await closeOfferReport(tx, reportId, outcome, admin.id, now))) return false;
    audit({
      action: "update",
      entity: "offer_report",
      entityId: reportId,
      name: `Report on offer ${report.offerId}`,
      details: { outcome },
    });
    return true;
  });
  if (!closed) return { ok: false, status: 409, message: "That report is already closed" };
  const offer = await getOfferById(app.db, report.offerId);
  if (report.reporterEmail && offer) {
    try {
      await app.mailer.send(
        outcomeMail(
          app.baseUrl,
          report.reporterEmail,
          report.kind as OfferReportKind,
          outcome,
          offer,
        ),
      );
    } catch (error) {
      // The outcome stands; a mail server that is down must not undo the admin's decision.
      app.logger.error({ err: error, reportId }, "report outcome mail not sent");
    }
  }
  return { ok: true, message: `Report closed: ${OFFER_REPORT_OUTCOME_LABELS[outcome]}` };
}

const OUTCOME_SENTENCES: Record<OfferReportOutcome, (offer: ReportedOffer) => string> = {
  corrected: (offer) =>
    `We re-read the vendor's page and corrected the offer. It now shows ${formatPrice(offer.price, offer.currency)}, ${offer.stockStatus.replaceAll("_", " ")}.`,
  no_change: (offer) =>
    `We checked the vendor's page and it says what we show: ${formatPrice(offer.price, offer.currency)}, ${offer.stockStatus.replaceAll("_", " ")}. If the vendor's page says otherwise, please report it again with what it shows.`,
  dismissed: () => "We looked at your report and closed it without a change to the offer.",
};

function outcomeMail(
  baseUrl: string,
  to: string,
  kind: OfferReportKind,
  outcome: OfferReportOutcome,
  offer: ReportedOffer,
) {
  const what = `${offer.peptideName} ${offer.pack} at ${offer.vendorName}`;
  const link = new URL(`/peptide/${offer.peptideSlug}`, baseUrl).href;
  return {
    to,
    subject: `Your report on ${what}: ${OFFER_REPORT_OUTCOME_LABELS[outcome]}`,
    text: [
      `Thanks for reporting a problem with ${what} (${OFFER_REPORT_KIND_LABELS[kind].toLowerCase()}).`,
      "",
      OUTCOME_SENTENCES[outcome](offer),
      "",
      `See the offer: ${link}`,
    ].join("\n"),
  };
}
