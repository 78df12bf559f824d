/**
 * Buyers' "worked / didn't work" on a vendor's coupon code (issue 33): one vote per user, code
 * and calendar week (weeks start Monday, UTC), what the code shows beside it, and the
 * reliability score's coupon component (docs/reliability.md).
 */
export const COUPON_FEEDBACK_MESSAGES = {
  worked: "Thanks, you said the code worked.",
  failed: "Thanks, you said the code did not work.",
  alreadyVoted: "You already rated this code this week.",
  loginRequired: "Please log in to rate coupon codes",
  unknownCoupon: "This vendor has no coupon code now",
} as const;

/** The votes counted beside the code and in the score: the reliability score's window. */
export const COUPON_FEEDBACK_WINDOW_DAYS = 90;

/** Monday (UTC) of the week `at` falls in, as 'YYYY-MM-DD': the vote's week. */
export function voteWeek(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - sinceMonday);
  return day.toISOString().slice(0, 10);
}

/** The votes on the vendor's current code. */
export interface CouponFeedbackSummary {
  worked: number;
  failed: number;
  /** When a buyer last said it worked; null when none has. */
  lastConfirmedAt: Date | null;
}

/** The votes beside a code in the offer tables (JSON from the page's query: the date a string). */
export interface CouponVotes {
  worked: number;
  failed: number;
  lastConfirmedAt: string | null;
}

/** "3 worked · 1 didn't · last confirmed Nov 3, 2026"; null before any vote. */
export function couponVotesLine(
  votes: CouponVotes | null | undefined,
  formatDate: (date: string) => string,
): string | null {
  if (!votes || votes.worked + votes.failed === 0) return null;
  const confirmed = votes.lastConfirmedAt
    ? ` · last confirmed ${formatDate(votes.lastConfirmedAt)}`
    : "";
  return `${votes.worked} worked · ${votes.failed} didn't${confirmed}`;
}

/** What the code shows beside it: "Worked for 4 of 5 buyers in 90 days · last confirmed Nov 3, 2026". */
export function describeCouponFeedback(
  summary: CouponFeedbackSummary,
  formatDate: (date: Date) => string,
): string {
  const votes = summary.worked + summary.failed;
  if (votes === 0) return "No buyer has rated this code yet";
  const buyers = votes === 1 ? "1 buyer" : `${votes} buyers`;
  const confirmed = summary.lastConfirmedAt
    ? ` · last confirmed ${formatDate(summary.lastConfirmedAt)}`
    : "";
  return `Worked for ${summary.worked} of ${buyers} in ${COUPON_FEEDBACK_WINDOW_DAYS} days${confirmed}`;
}

/**
 * The reliability score's coupon component: an expired code is 0; otherwise the code on file
 * counts as one "worked" vote joined with the buyers' votes of the score's window, so an
 * unrated code stays 1 (today's rule) and each buyer's vote moves it:
 * (worked + 1) / (votes + 1).
 */
export function couponHonesty(
  coupon: { expired: boolean; worked: number; failed: number } | null,
): number | null {
  if (coupon === null) return null;
  if (coupon.expired) return 0;
  return (coupon.worked + 1) / (coupon.worked + coupon.failed + 1);
}
