/**
 * Vendor reviews (issue 33): written by users with a confirmed e-mail, one per vendor every 90
 * days, published only after a moderator approves it; anyone may report a published one. A
 * moderator's decisions commit with their audit entries, and a rejection's reason reaches the
 * author (on the vendor page and by mail).
 */
import {
  REVIEW_MESSAGES,
  REVIEW_RULES_PATH,
  type ReviewModeration,
  type VendorReviewInput,
} from "~/lib/trust/vendor-reviews";

import type { AppContext } from "../platform/context.server";
import { consumeAddressLimit } from "./address-limits.server";
import {
  clearReviewReports,
  getReview,
  hasRecentReview,
  insertReview,
  insertReviewReport,
  isEmailConfirmed,
  setReviewStatus,
} from "../data/vendor-reviews.server";
import type { SessionUser } from "./auth.server";
import { commitPublicChange } from "./audited-change.server";

export type ReviewOutcome =
  { ok: true; message: string } | { ok: false; status: number; message: string };

const refuse = (status: number, message: string): ReviewOutcome => ({ ok: false, status, message });

export async function submitReview(
  app: Pick<AppContext, "db">,
  author: Pick<SessionUser, "id">,
  vendorId: string,
  input: VendorReviewInput,
  now: Date = new Date(),
): Promise<ReviewOutcome> {
  if (!(await isEmailConfirmed(app.db, author.id))) return refuse(403, REVIEW_MESSAGES.unconfirmed);
  if (await hasRecentReview(app.db, author.id, vendorId, now)) {
    return refuse(409, REVIEW_MESSAGES.tooSoon);
  }
  await insertReview(app.db, { ...input, vendorId, userId: author.id });
  return { ok: true, message: REVIEW_MESSAGES.submitted };
}

/** Anyone's report of a published review, counted against the address's hourly limit. */
export async function reportReview(
  app: Pick<AppContext, "db">,
  request: Request,
  reporter: Pick<SessionUser, "id"> | null,
  report: { reviewId: string; vendorId: string; reason: string },
): Promise<ReviewOutcome> {
  const review = await getReview(app.db, report.reviewId);
  // Only a published review, and only from its own vendor's page.
  if (!review || review.status !== "approved" || review.vendorId !== report.vendorId) {
    return refuse(404, REVIEW_MESSAGES.unknownReview);
  }
  if (!(await consumeAddressLimit(app, request, "review-report"))) {
    return refuse(429, REVIEW_MESSAGES.tooManyReports);
  }
  await insertReviewReport(app.db, {
    reviewId: report.reviewId,
    reason: report.reason,
    reporterUserId: reporter?.id ?? null,
  });
  return { ok: true, message: REVIEW_MESSAGES.reported };
}

export async function moderateReview(
  app: Pick<AppContext, "db" | "cache" | "mailer" | "logger" | "baseUrl">,
  admin: Pick<SessionUser, "id" | "email">,
  action: ReviewModeration,
  now: Date = new Date(),
): Promise<ReviewOutcome> {
  const review = await getReview(app.db, action.id);
  if (!review) return refuse(404, REVIEW_MESSAGES.unknownReview);
  const entry = {
    entity: "vendor_review",
    entityId: review.id,
    name: `Review of ${review.vendorName}`,
  };
  if (action.intent === "clear-reports") {
    await commitPublicChange(app, admin, async (tx, audit) => {
      await clearReviewReports(tx, review.id, now);
      audit({ ...entry, action: "update", details: { reports: "dismissed" } });
    });
    return { ok: true, message: REVIEW_MESSAGES.reportsCleared };
  }
  const status = action.intent === "approve" ? "approved" : "rejected";
  const reason = action.intent === "reject" ? action.reason : null;
  await commitPublicChange(app, admin, async (tx, audit) => {
    await setReviewStatus(tx, review.id, { status, reason, by: admin.id, at: now });
    audit({
      ...entry,
      action: "update",
      before: { status: review.status },
      after: { status, ...(reason ? { reason } : {}) },
    });
  });
  if (reason) await mailRejection(app, review, reason);
  return {
    ok: true,
    message: status === "approved" ? REVIEW_MESSAGES.approved : REVIEW_MESSAGES.rejected,
  };
}

async function mailRejection(
  app: Pick<AppContext, "mailer" | "logger" | "baseUrl">,
  review: { id: string; authorEmail: string; vendorName: string; vendorSlug: string },
  reason: string,
) {
  try {
    await app.mailer.send({
      to: review.authorEmail,
      subject: `Your review of ${review.vendorName} was not published`,
      text: [
        `A moderator did not publish your review of ${review.vendorName}.`,
        "",
        `Reason: ${reason}`,
        "",
        `The rules reviews follow: ${new URL(REVIEW_RULES_PATH, app.baseUrl).href}`,
        `You can write a new review on ${new URL(`/vendor/${review.vendorSlug}`, app.baseUrl).href}`,
      ].join("\n"),
    });
  } catch (error) {
    app.logger.error({ err: error, reviewId: review.id }, "review rejection mail not sent");
  }
}
