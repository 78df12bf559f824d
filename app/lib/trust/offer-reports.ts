/**
 * "Report a problem" on an offer (issue 33): what a buyer can say is wrong (the form's schema
 * is lib/forms/offer-reports.ts), the outcomes an admin closes a report with, and the vendor
 * page's report figures.
 */
export const OFFER_REPORT_KINDS = ["price", "size", "stock", "coupon", "link", "other"] as const;
export type OfferReportKind = (typeof OFFER_REPORT_KINDS)[number];

export const OFFER_REPORT_KIND_LABELS: Record<OfferReportKind, string> = {
  price: "Wrong price",
  size: "Wrong size or pack",
  stock: "Wrong stock status",
  coupon: "Coupon problem",
  link: "Broken or wrong link",
  other: "Something else",
};

/** Path of an offer's "Report a problem" form. */
export function offerReportPath(offerId: string): string {
  return `/offers/${offerId}/report`;
}

/** One sentence or two: enough to say what the page shows instead. */
export const OFFER_REPORT_DETAIL_MAX = 500;

/** 'open' waits for an admin; the others are outcomes, each told to a signed-in reporter. */
export const OFFER_REPORT_STATUSES = ["open", "corrected", "no_change", "dismissed"] as const;
export type OfferReportStatus = (typeof OFFER_REPORT_STATUSES)[number];
export type OfferReportOutcome = Exclude<OfferReportStatus, "open">;

export const OFFER_REPORT_OUTCOME_LABELS: Record<OfferReportOutcome, string> = {
  corrected: "Corrected",
  no_change: "Checked, no change",
  dismissed: "Dismissed",
};

/** A report counts as "corrected within 24 h" when it was closed as corrected this soon. */
export const CORRECTED_WITHIN_HOURS = 24;
/** The vendor page counts the reports of this many days. */
export const REPORT_STATS_WINDOW_DAYS = 90;

export const OFFER_REPORT_MESSAGES = {
  sent: "Thanks, your report was sent. An admin will check this offer.",
  sentSignedIn:
    "Thanks, your report was sent. An admin will check this offer and we will e-mail you the outcome.",
  tooMany: "Too many reports from your address. Please try again in an hour.",
  unknownOffer: "This offer no longer exists",
  kindRequired: "Choose what is wrong",
} as const;

/** The vendor page's line: "3 reports in 90 days, 2 corrected within 24 h". */
export function describeReportStats(stats: { reports: number; correctedFast: number }): string {
  const reports = stats.reports === 1 ? "1 report" : `${stats.reports} reports`;
  return `${reports} in ${REPORT_STATS_WINDOW_DAYS} days, ${stats.correctedFast} corrected within ${CORRECTED_WITHIN_HOURS} h`;
}
