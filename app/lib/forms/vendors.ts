/**
 * The vendors page's form (vendor and its coupon): one zod schema shared by the dialog and the
 * route action. Values arrive as FormData strings; every text field is bounded.
 */
import { z } from "zod";

import { CURRENCY_CODE_PATTERN, DISCOUNT_TYPES } from "~/lib/constants";
import { type FormValues } from "~/lib/edit-conflict";
import { rowVersionField } from "~/lib/forms/row-version";
import { TEXT_LIMITS, tooLongMessage } from "~/lib/text-limits";

import { affiliateTemplateHost, parseAffiliateTemplate } from "~/lib/affiliate";

import {
  checkbox,
  optionalMoney,
  optionalNumber,
  optionalText,
  refineMinorUnits,
  requiredText,
} from "./fields";
import { optionalLink, optionalWebUrl } from "./link-fields";
import { recordId, UNKNOWN_ACTION } from "./record-ids";
import { bulkActionSchema } from "./bulk";

const VENDOR_NAME_REQUIRED = "Vendor name is required";
const MAX_COUNTRIES = 250;

export const vendorFields = {
  name: requiredText("Vendor name", TEXT_LIMITS.name, VENDOR_NAME_REQUIRED),
  website: optionalWebUrl("Website"),
  logoUrl: optionalLink("Logo URL"),
  isPreferred: checkbox,
  shippingCost: optionalText("Shipping cost", TEXT_LIMITS.short),
  /** The currency of the shipping fee, the free-shipping threshold and a fixed coupon. */
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .max(3, "Enter a three-letter currency code")
    .optional()
    .transform((value) => value || "USD")
    .refine((value) => CURRENCY_CODE_PATTERN.test(value), "Enter a three-letter currency code"),
  shippingFee: optionalMoney(
    {
      label: "Shipping fee",
      notANumber: "Enter the shipping fee as a number",
      negative: "Shipping fee cannot be negative",
      tooLarge: "Shipping fee is too large",
    },
    1_000_000,
  ),
  freeShippingThreshold: optionalMoney(
    {
      label: "Free-shipping threshold",
      notANumber: "Enter the free-shipping threshold as a number",
      negative: "Free-shipping threshold cannot be negative",
      tooLarge: "Free-shipping threshold is too large",
    },
    1_000_000,
  ),
  /** Country codes separated by commas or spaces ("US, CA, GB"). */
  shipsTo: z
    .string()
    .max(TEXT_LIMITS.long, tooLongMessage("Ships to", TEXT_LIMITS.long))
    .optional()
    .transform((value) => [
      ...new Set(
        (value ?? "")
          .split(/[\s,;]+/)
          .map((code) => code.trim().toUpperCase())
          .filter(Boolean),
      ),
    ])
    .refine(
      (codes) => codes.every((code) => /^[A-Z]{2}$/.test(code)),
      "Enter two-letter country codes separated by commas (US, CA, GB)",
    )
    .refine((codes) => codes.length <= MAX_COUNTRIES, `At most ${MAX_COUNTRIES} countries`),
  rating: optionalNumber(
    z
      .number("Rating must be from 0 to 5")
      .min(0, "Rating must be from 0 to 5")
      .max(5, "Rating must be from 0 to 5"),
  ),
  /** How the vendor's Buy links earn (issue 34, ~/lib/affiliate.ts); empty: not affiliated. */
  affiliateTemplate: optionalText("Affiliate template", TEXT_LIMITS.url).refine(
    (value) => value === null || parseAffiliateTemplate(value) !== null,
    'Enter parameters to add ("ref=peptideprices") or an http(s) address containing {url}',
  ),
  /** The admin's yes to a {url} template sending visitors through another host than the shop's. */
  affiliateOtherHost: checkbox,
  /** Entering a code upserts the vendor's coupon; clearing it deletes the coupon (SPEC.md §4). */
  couponCode: optionalText("Coupon code", TEXT_LIMITS.code),
  /** A percentage or, for a fixed coupon, an amount of the vendor's currency. */
  discountAmount: optionalMoney(
    {
      label: "Discount amount",
      notANumber: "Enter the discount amount as a number",
      negative: "Discount amount cannot be negative",
      tooLarge: "Discount amount is too large",
    },
    1_000_000,
  ),
  discountType: z.enum(DISCOUNT_TYPES, "Choose percentage or fixed").default("percentage"),
  expirationDate: optionalText("Expiration date", 10).refine(
    (value) => value === null || isCalendarDate(value),
    "Enter the expiration date as YYYY-MM-DD",
  ),
};

/** A real day written YYYY-MM-DD (2026-02-30 is refused, as PostgreSQL would). */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function couponIsComplete(value: {
  couponCode: string | null;
  discountAmount: number | null;
  discountType: string;
}) {
  if (value.couponCode === null) return true;
  if (value.discountAmount === null) return false;
  return value.discountType !== "percentage" || value.discountAmount <= 100;
}
/**
 * A {url} template sends every click through its host first: one that is not the shop's own
 * (a tracking network's) needs the admin's confirmation.
 */
function affiliateHostIsConfirmed(value: {
  website: string | null;
  affiliateTemplate: string | null;
  affiliateOtherHost: boolean;
}) {
  const template = parseAffiliateTemplate(value.affiliateTemplate);
  const host = template ? affiliateTemplateHost(template) : null;
  if (host === null || value.affiliateOtherHost) return true;
  const shopHost = value.website ? hostOf(value.website) : null;
  return shopHost !== null && sameSite(host, shopHost);
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

/** shop.test, www.shop.test and go.shop.test are one shop's hosts. */
function sameSite(a: string, b: string): boolean {
  const bare = (host: string) => host.replace(/^www\./, "");
  const [x, y] = [bare(a), bare(b)];
  return x === y || x.endsWith(`.${y}`) || y.endsWith(`.${x}`);
}

const AFFILIATE_HOST_UNCONFIRMED = {
  message:
    "This template sends visitors to another host than the shop's website: tick the box to confirm it",
  path: ["affiliateTemplate"],
};

export const COUPON_INCOMPLETE = {
  message: "A coupon needs a discount amount (at most 100 for a percentage)",
  path: ["discountAmount"],
};

const shippingFitsCurrency = refineMinorUnits({
  shippingFee: "Shipping fee",
  freeShippingThreshold: "Free-shipping threshold",
});
const fixedDiscountFitsCurrency = refineMinorUnits({ discountAmount: "Discount amount" });

/** The vendor's amounts are whole units of its currency (a percentage is not an amount). */
export function amountsFitCurrency(
  value: {
    currency: string;
    shippingFee: number | null;
    freeShippingThreshold: number | null;
    discountAmount: number | null;
    discountType: string;
  },
  ctx: z.RefinementCtx,
) {
  shippingFitsCurrency(value, ctx);
  if (value.discountType === "fixed") fixedDiscountFitsCurrency(value, ctx);
}

export const vendorPageSchema = z.discriminatedUnion(
  "intent",
  [
    z
      .object({ intent: z.literal("create-vendor"), ...vendorFields })
      .refine(couponIsComplete, COUPON_INCOMPLETE)
      .superRefine(amountsFitCurrency)
      .refine(affiliateHostIsConfirmed, AFFILIATE_HOST_UNCONFIRMED),
    z
      .object({
        intent: z.literal("update-vendor"),
        id: recordId(),
        version: rowVersionField,
        ...vendorFields,
      })
      .refine(couponIsComplete, COUPON_INCOMPLETE)
      .superRefine(amountsFitCurrency)
      .refine(affiliateHostIsConfirmed, AFFILIATE_HOST_UNCONFIRMED),
    z.object({ intent: z.literal("delete-vendor"), id: recordId() }),
    // The bulk bar: vendors have no public on/off switch, so only the trash.
    bulkActionSchema("bulk-vendors", ["delete"]),
  ],
  { error: UNKNOWN_ACTION },
);
export type VendorPageForm = z.infer<typeof vendorPageSchema>;

/** A coupon whose expiry day is before `today` (both YYYY-MM-DD, UTC). */
export function couponHasExpired(expirationDate: string | null, today: string): boolean {
  return expirationDate !== null && expirationDate < today;
}

export const PAST_EXPIRY_WARNING = "This date has passed: the coupon will show as expired.";

const numberText = (value: number | null) => (value === null ? "" : String(value));

/** A vendor's own fields as the admin saves them (VendorInput on the server). */
export interface VendorFields {
  name: string;
  website: string | null;
  logoUrl: string | null;
  isPreferred: boolean;
  shippingCost: string | null;
  currency: string;
  shippingFee: number | null;
  freeShippingThreshold: number | null;
  shipsTo: string[];
  rating: number | null;
  /** Left out by writers that do not set it (the Add-shop wizard): unchanged, none for a new vendor. */
  affiliateTemplate?: string | null;
}

/** A vendor and its coupon as the edit dialog shows them. */
export interface EditableVendor extends VendorFields {
  id: string;
  couponCode: string | null;
  discountAmount: number | null;
  discountType: string | null;
  expirationDate: string | null;
  /** The row's version: a save after someone else's answers 409 (~/lib/edit-conflict). */
  version: string;
}

/** A vendor and its coupon as the edit dialog posts them: what an edit conflict compares. */
export function vendorFormValues(vendor: Omit<EditableVendor, "id">): FormValues {
  return {
    name: vendor.name,
    website: vendor.website ?? "",
    logoUrl: vendor.logoUrl ?? "",
    isPreferred: vendor.isPreferred ? "on" : "",
    shippingCost: vendor.shippingCost ?? "",
    currency: vendor.currency,
    shippingFee: numberText(vendor.shippingFee),
    freeShippingThreshold: numberText(vendor.freeShippingThreshold),
    shipsTo: vendor.shipsTo.join(", "),
    rating: numberText(vendor.rating),
    affiliateTemplate: vendor.affiliateTemplate ?? "",
    couponCode: vendor.couponCode ?? "",
    discountAmount: numberText(vendor.discountAmount),
    discountType: vendor.discountType ?? "percentage",
    expirationDate: vendor.expirationDate ?? "",
    version: vendor.version,
  };
}
