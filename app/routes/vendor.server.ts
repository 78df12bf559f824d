/**
 * The vendor page's trust section (issue 33): its report figures, the coupon's votes, the
 * published reviews and, for a signed-in user, their own; and the page's forms: coupon feedback,
 * writing a review, reporting one.
 */
import { data } from "react-router";

import { getCouponFeedbackSummary } from "~/.server/data/coupon-feedback.server";
import { getVendorReportStats } from "~/.server/data/offer-reports.server";
import {
  findVendorIdBySlug,
  getOwnReviews,
  getPublishedReviews,
  hasRecentReview,
  isEmailConfirmed,
} from "~/.server/data/vendor-reviews.server";
import type { AppContext } from "~/.server/platform/context.server";
import { getSessionUser } from "~/.server/services/auth.server";
import { voteOnCoupon } from "~/.server/services/coupon-feedback.server";
import { reportReview, submitReview } from "~/.server/services/vendor-reviews.server";
import { actionFailure, actionSuccess } from "~/lib/action-result";
import { fieldErrorsOf, firstIssueMessage, formFields } from "~/lib/forms/form-data";
import { couponFeedbackSchema } from "~/lib/forms/coupon-feedback";
import { COUPON_FEEDBACK_MESSAGES } from "~/lib/trust/coupon-feedback";
import {
  REVIEW_MESSAGES,
  reviewDistribution,
  reviewReportSchema,
  vendorReviewSchema,
} from "~/lib/trust/vendor-reviews";

type App = Pick<AppContext, "db" | "auth" | "cache">;

/** Who reads the reviews: signed out (null), or what the signed-in user may do. */
type ReviewViewer = "confirmed" | "unconfirmed" | "reviewed" | null;

export async function loadVendorTrust(app: App, request: Request, vendorId: string, now: Date) {
  const user = await getSessionUser(app, request);
  const [reportStats, couponFeedback, published, own, confirmed, reviewed] = await Promise.all([
    getVendorReportStats(app.db, vendorId, now),
    getCouponFeedbackSummary(app.db, vendorId, now),
    getPublishedReviews(app.db, vendorId),
    user ? getOwnReviews(app.db, user.id, vendorId) : [],
    user ? isEmailConfirmed(app.db, user.id) : false,
    user ? hasRecentReview(app.db, user.id, vendorId, now) : false,
  ]);
  const viewer: ReviewViewer = !user
    ? null
    : !confirmed
      ? "unconfirmed"
      : reviewed
        ? "reviewed"
        : "confirmed";
  return {
    reportStats,
    couponFeedback: {
      ...couponFeedback,
      lastConfirmedAt: couponFeedback.lastConfirmedAt?.toISOString() ?? null,
    },
    reviews: {
      distribution: reviewDistribution(published.stars),
      newest: published.newest.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      own: own.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      viewer,
    },
  };
}

function answer(
  outcome: { ok: true; message: string } | { ok: false; status: number; message: string },
) {
  return outcome.ok
    ? actionSuccess(outcome.message)
    : data(actionFailure(outcome.message), { status: outcome.status });
}

/** The vendor page's forms, told apart by `intent`. */
export async function handleVendorAction(app: App, request: Request, slug: string) {
  const vendorId = await findVendorIdBySlug(app.db, slug);
  if (!vendorId) return data(actionFailure("Vendor not found"), { status: 404 });
  const fields = formFields(await request.formData());
  const user = await getSessionUser(app, request);
  switch (fields.intent) {
    case "coupon-feedback": {
      if (!user)
        return data(actionFailure(COUPON_FEEDBACK_MESSAGES.loginRequired), { status: 401 });
      const parsed = couponFeedbackSchema.safeParse(fields);
      if (!parsed.success)
        return data(actionFailure(firstIssueMessage(parsed.error)), { status: 400 });
      return answer(
        await voteOnCoupon(app, user.id, { vendorId, worked: parsed.data.worked === "yes" }),
      );
    }
    case "review": {
      if (!user) return data(actionFailure(REVIEW_MESSAGES.loginRequired), { status: 401 });
      const parsed = vendorReviewSchema.safeParse(fields);
      if (!parsed.success) {
        return data(
          actionFailure(firstIssueMessage(parsed.error), {
            fieldErrors: fieldErrorsOf(parsed.error),
          }),
          { status: 400 },
        );
      }
      return answer(await submitReview(app, user, vendorId, parsed.data));
    }
    case "report-review": {
      const parsed = reviewReportSchema.safeParse(fields);
      if (!parsed.success)
        return data(actionFailure(firstIssueMessage(parsed.error)), { status: 400 });
      return answer(await reportReview(app, request, user, { ...parsed.data, vendorId }));
    }
    default:
      return data(actionFailure("Unknown action"), { status: 400 });
  }
}
