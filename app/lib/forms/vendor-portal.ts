/**
 * The vendor's own pages (issue 33 Must 4): the claim page and the manage page. Shipping terms
 * and the coupon reuse the admin vendor form's fields, so a vendor and an admin are held to the
 * same bounds; the name, website and affiliate terms stay the admin's.
 */
import { z } from "./zod";

import { TEXT_LIMITS, tooLongMessage } from "~/lib/text-limits";
import {
  DEFAULT_REQUESTS_PER_MINUTE,
  plainReplyText,
  VENDOR_API_SCOPES,
} from "~/lib/vendor-accounts";

import { checkbox } from "./fields";
import { measurementFields } from "./lab-tests";
import { amountsFitCurrency, COUPON_INCOMPLETE, couponIsComplete, vendorFields } from "./vendors";
import { optionalRecordId, recordId, UNKNOWN_ACTION } from "./record-ids";

export const REPLY_MAX_LENGTH = 2000;

/**
 * A vendor's reply, to a lab result or a review: plain text (control characters and markup-like
 * tags removed, blank lines collapsed), at most REPLY_MAX_LENGTH characters.
 */
const replyBody = z
  .string()
  .transform(plainReplyText)
  .pipe(
    z
      .string()
      .min(1, "Write a reply")
      .max(REPLY_MAX_LENGTH, tooLongMessage("Reply", REPLY_MAX_LENGTH)),
  );

/**
 * A lab report the vendor uploads (the file is the form's `report`): the admin dialog's
 * fields for what the report measured, the vendor being the page's own.
 */
const labReportFields = {
  peptideId: recordId("Choose a peptide"),
  sizeOptionId: optionalRecordId("Unknown size"),
  coversAllSizes: checkbox,
  labName: measurementFields.labName,
  testedOn: measurementFields.testedOn,
  batch: measurementFields.batch,
  claimedMassMg: measurementFields.claimedMassMg,
  measuredMassMg: measurementFields.measuredMassMg,
  purityPercent: measurementFields.purityPercent,
};

export const vendorClaimSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("verify-meta") }),
    z.object({ intent: z.literal("verify-file") }),
    z.object({
      intent: z.literal("mail-link"),
      email: z
        .string()
        .trim()
        .max(320, tooLongMessage("E-mail", 320))
        .pipe(z.email("Enter an e-mail address at the shop's domain")),
    }),
  ],
  { error: UNKNOWN_ACTION },
);

export const vendorManageSchema = z.discriminatedUnion(
  "intent",
  [
    z
      .object({
        intent: z.literal("update-terms"),
        shippingCost: vendorFields.shippingCost,
        currency: vendorFields.currency,
        shippingFee: vendorFields.shippingFee,
        freeShippingThreshold: vendorFields.freeShippingThreshold,
        shipsTo: vendorFields.shipsTo,
        couponCode: vendorFields.couponCode,
        discountAmount: vendorFields.discountAmount,
        discountType: vendorFields.discountType,
        expirationDate: vendorFields.expirationDate,
      })
      .refine(couponIsComplete, COUPON_INCOMPLETE)
      .superRefine(amountsFitCurrency),
    z.object({
      intent: z.literal("create-key"),
      name: z
        .string()
        .trim()
        .min(1, "Name the key")
        .max(TEXT_LIMITS.name, tooLongMessage("Name", TEXT_LIMITS.name)),
      scopes: z
        .array(z.enum(VENDOR_API_SCOPES, "Unknown scope"))
        .min(1, "Choose at least one scope")
        .max(VENDOR_API_SCOPES.length),
      requestsPerMinute: z.coerce
        .number("Enter requests per minute as a number")
        .int("Enter a whole number")
        .min(1, "At least 1 request a minute")
        .max(600, "At most 600 requests a minute")
        .default(DEFAULT_REQUESTS_PER_MINUTE),
    }),
    z.object({ intent: z.literal("revoke-key"), id: recordId() }),
    z.object({
      intent: z.literal("set-feed"),
      feedUrl: z
        .string()
        .trim()
        .max(TEXT_LIMITS.url, tooLongMessage("Feed URL", TEXT_LIMITS.url))
        .pipe(z.url({ protocol: /^https?$/, error: "Enter the feed's http(s) address" })),
    }),
    z.object({ intent: z.literal("reply-lab-test"), id: recordId(), body: replyBody }),
    z.object({ intent: z.literal("reply-review"), id: recordId(), body: replyBody }),
    z.object({ intent: z.literal("submit-lab-report"), ...labReportFields }),
  ],
  { error: UNKNOWN_ACTION },
);
export type VendorManageForm = z.infer<typeof vendorManageSchema>;
export type LabReportForm = Extract<VendorManageForm, { intent: "submit-lab-report" }>;
