/**
 * Buyers' reviews of a vendor (issue 33): who may write one and how often, the text's limits,
 * moderation, the published rules, and the vendor page's star distribution. Kept apart from the
 * reliability score: reviews are opinions, the score is measured from the site's own data.
 */
import { z } from "~/lib/forms/zod";
import { recordId } from "~/lib/forms/record-ids";

/** One review per user and vendor in this many days (a rejected one does not count). */
export const REVIEW_INTERVAL_DAYS = 90;
export const REVIEW_TEXT_MIN = 30;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REJECTION_MAX = 300;
export const REVIEW_REPORT_MAX = 300;

export const REVIEW_STATUSES = ["pending", "approved", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_RULES_PATH = "/reviews/rules";

/** The published rules (/reviews/rules); moderators reject a review that breaks one. */
export const REVIEW_RULES = [
  "You bought from this vendor yourself and write about your own experience.",
  "You are not the vendor's owner, staff or affiliate, and not a competitor's.",
  "You were not paid, given products, discounts or anything else for the review.",
  "No personal data: no names, addresses, phone numbers, order numbers or e-mail addresses, yours or anyone's.",
  "No medical claims or dosing advice, no insults, no links.",
  `One review per vendor every ${REVIEW_INTERVAL_DAYS} days; reviews are published after a moderator checks them.`,
] as const;

export const REVIEW_MESSAGES = {
  submitted: "Thanks, your review was sent. It is published once a moderator has checked it.",
  loginRequired: "Please log in to review vendors",
  unconfirmed: "Please confirm your e-mail address before you review vendors",
  tooSoon: `You already reviewed this vendor in the last ${REVIEW_INTERVAL_DAYS} days`,
  reported: "Thanks, the review was reported to the moderators.",
  tooManyReports: "Too many reports from your address. Please try again in an hour.",
  unknownReview: "That review no longer exists",
  approved: "Review published",
  rejected: "Review rejected",
  reportsCleared: "Reports dismissed",
} as const;

export const vendorReviewSchema = z.object({
  intent: z.literal("review", { error: "Unknown action" }),
  stars: z.coerce
    .number({ error: "Choose 1 to 5 stars" })
    .int("Choose 1 to 5 stars")
    .min(1, "Choose 1 to 5 stars")
    .max(5, "Choose 1 to 5 stars"),
  text: z
    .string()
    .trim()
    .min(REVIEW_TEXT_MIN, `Write at least ${REVIEW_TEXT_MIN} characters`)
    .max(REVIEW_TEXT_MAX, `Your review can be at most ${REVIEW_TEXT_MAX} characters`),
});
export type VendorReviewInput = z.infer<typeof vendorReviewSchema>;

export const reviewReportSchema = z.object({
  intent: z.literal("report-review", { error: "Unknown action" }),
  reviewId: recordId(REVIEW_MESSAGES.unknownReview),
  reason: z
    .string()
    .trim()
    .min(1, "Say what is wrong with the review")
    .max(REVIEW_REPORT_MAX, `The reason can be at most ${REVIEW_REPORT_MAX} characters`),
});

export const reviewModerationSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("approve"), id: recordId(REVIEW_MESSAGES.unknownReview) }),
    z.object({
      intent: z.literal("reject"),
      id: recordId(REVIEW_MESSAGES.unknownReview),
      reason: z
        .string()
        .trim()
        .min(1, "Give the author a reason")
        .max(REVIEW_REJECTION_MAX, `The reason can be at most ${REVIEW_REJECTION_MAX} characters`),
    }),
    z.object({ intent: z.literal("clear-reports"), id: recordId(REVIEW_MESSAGES.unknownReview) }),
  ],
  { error: "Unknown action" },
);
export type ReviewModeration = z.infer<typeof reviewModerationSchema>;

/** Published reviews per star (index 0: one star), their count and mean. */
export interface ReviewDistribution {
  counts: [number, number, number, number, number];
  total: number;
  average: number | null;
}

export function reviewDistribution(stars: readonly number[]): ReviewDistribution {
  const counts: ReviewDistribution["counts"] = [0, 0, 0, 0, 0];
  for (const star of stars) counts[star - 1] += 1;
  const total = stars.length;
  const average = total === 0 ? null : stars.reduce((sum, s) => sum + s, 0) / total;
  return { counts, total, average: average === null ? null : Math.round(average * 10) / 10 };
}
