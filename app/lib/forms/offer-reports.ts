/** A buyer's report of a problem with an offer, and the admin's actions on reports (issue 33). */
import { recordId } from "~/lib/forms/record-ids";
import { z } from "~/lib/forms/zod";
import {
  OFFER_REPORT_DETAIL_MAX,
  OFFER_REPORT_KINDS,
  OFFER_REPORT_MESSAGES,
} from "~/lib/trust/offer-reports";

export const offerReportSchema = z.object({
  kind: z.enum(OFFER_REPORT_KINDS, { error: OFFER_REPORT_MESSAGES.kindRequired }),
  detail: z
    .string()
    .trim()
    .max(OFFER_REPORT_DETAIL_MAX, `Details can be at most ${OFFER_REPORT_DETAIL_MAX} characters`)
    .default(""),
});
export type OfferReportInput = z.infer<typeof offerReportSchema>;

/** The admin's report actions (/admin/reports). */
export const offerReportAdminSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("recheck"), id: recordId("That report no longer exists") }),
    z.object({
      intent: z.literal("resolve"),
      id: recordId("That report no longer exists"),
      outcome: z.enum(["corrected", "no_change", "dismissed"], { error: "Choose an outcome" }),
    }),
  ],
  { error: "Unknown action" },
);
export type OfferReportAdminAction = z.infer<typeof offerReportAdminSchema>;
