/**
 * The admin catalogue's forms (peptides, vendor prices, categories, filters, vendors): one zod
 * schema per form, shared by the dialog and the route action. Values arrive as FormData strings,
 * so every schema reads strings and converts them itself.
 */
import { z } from "zod";

import {
  CURRENCIES,
  CURRENCY_CODE_PATTERN,
  DISCOUNT_TYPES,
  FILTER_FIELDS,
  FILTER_TYPES,
  UNITS,
} from "~/lib/constants";
import { isSameSitePath, isWebUrl } from "~/lib/site-path";

const REQUIRED_FIELDS_MESSAGE = "Please fill in all required fields";
const PEPTIDE_NAME_REQUIRED = "Peptide name is required";
const CATEGORY_NAME_REQUIRED_ON_ADD = "Please enter a category name";
const CATEGORY_NAME_REQUIRED_ON_EDIT = "Category name is required";
const FILTER_NAME_REQUIRED = "Filter name is required";
const VENDOR_NAME_REQUIRED = "Vendor name is required";
const POPULAR_ORDER_RANGE = "Popular order must be a number from 1 to 3";
export const MAX_POPULAR_ORDER = 3;

const id = z.string().uuid("Unknown record");

/** Empty or missing text becomes null, so optional columns store null rather than "". */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : null));

/** A checkbox or switch: present ("on") means true. */
const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");

/** An http(s) URL or a path on this site (uploaded images are served from our own origin). */
const optionalLink = optionalText.refine(
  (value) =>
    value === null || (/^https?:\/\//i.test(value) && isWebUrl(value)) || isSameSitePath(value),
  "Enter a full URL (https://…) or a path starting with /",
);

const optionalWebUrl = optionalText.refine(
  (value) => value === null || /^https?:\/\/\S+$/i.test(value),
  "Enter a full URL starting with http:// or https://",
);

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

/** A number typed into a form field; empty means "not given". */
function optionalNumber(schema: z.ZodNumber) {
  return z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const parsed = schema.safeParse(Number(value));
      if (!parsed.success) {
        ctx.addIssue({
          code: "custom",
          message: parsed.error.issues[0]?.message ?? "Invalid number",
        });
        return z.NEVER;
      }
      return parsed.data;
    });
}

// ---------------------------------------------------------------- peptides page

const peptideFields = {
  name: requiredText(PEPTIDE_NAME_REQUIRED),
  /** Editable; derived from the name when left empty. */
  slug: optionalText,
  categoryId: optionalText.refine(
    (value) => value === null || z.string().uuid().safeParse(value).success,
    "Unknown category",
  ),
  description: optionalText,
  imageUrl: optionalLink,
  /** One benefit per line. */
  keyBenefits: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  /**
   * Other names shops use, one per line or comma-separated; the scraper matches them. Left out
   * of the form, the stored aliases stay.
   */
  aliases: z
    .string()
    .optional()
    .transform((value) =>
      value === undefined
        ? undefined
        : [
            ...new Map(
              value
                .split(/[\r\n,]+/)
                .map((alias) => alias.trim().replace(/\s+/g, " "))
                .filter(Boolean)
                .map((alias) => [alias.toLowerCase(), alias] as const),
            ).values(),
          ],
    )
    .pipe(
      z
        .array(z.string().max(100, "An alias can be at most 100 characters"))
        .max(50, "At most 50 aliases")
        .optional(),
    ),
  isPopular: checkbox,
  popularOrder: optionalNumber(
    z
      .number(POPULAR_ORDER_RANGE)
      .int(POPULAR_ORDER_RANGE)
      .min(1, POPULAR_ORDER_RANGE)
      .max(MAX_POPULAR_ORDER, POPULAR_ORDER_RANGE),
  ),
};

/** Manual vendor price entry (SPEC.md §5). */
const vendorPriceFields = {
  peptideId: z.string({ error: REQUIRED_FIELDS_MESSAGE }).trim().uuid(REQUIRED_FIELDS_MESSAGE),
  vendorId: z.string({ error: REQUIRED_FIELDS_MESSAGE }).trim().uuid(REQUIRED_FIELDS_MESSAGE),
  price: requiredText(REQUIRED_FIELDS_MESSAGE).pipe(
    z.coerce
      .number<string>()
      .nonnegative("Price cannot be negative")
      .max(1_000_000_000, "Price is too large"),
  ),
  currency: z.enum(CURRENCIES, "Choose USD, EUR or GBP").default("USD"),
  quantity: requiredText(REQUIRED_FIELDS_MESSAGE).pipe(
    z.coerce
      .number<string>()
      .positive("Quantity must be greater than 0")
      .max(1_000_000_000, "Quantity is too large"),
  ),
  unit: z.enum(UNITS, REQUIRED_FIELDS_MESSAGE),
  /** Free-text unit, required only when unit is 'other'. */
  unitLabel: optionalText,
  purity: optionalText,
  notes: optionalText,
  url: optionalWebUrl,
};

export const peptidePageSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create-peptide"), ...peptideFields }),
  z.object({ intent: z.literal("update-peptide"), id, ...peptideFields }),
  z.object({ intent: z.literal("delete-peptide"), id }),
  z.object({ intent: z.literal("promote-peptide"), id }),
  z
    .object({ intent: z.literal("create-vendor-price"), ...vendorPriceFields })
    .refine((value) => value.unit !== "other" || value.unitLabel !== null, {
      message: REQUIRED_FIELDS_MESSAGE,
      path: ["unitLabel"],
    }),
  z.object({ intent: z.literal("delete-vendor-price"), id }),
]);

/**
 * SPEC.md §4: un-popularising clears the order; popular without an order takes order 1.
 */
export function resolvePopularOrder(
  isPopular: boolean,
  popularOrder: number | null,
): number | null {
  if (!isPopular) return null;
  return popularOrder ?? 1;
}

// ---------------------------------------------------------------- categories page

const filterFields = {
  name: requiredText(FILTER_NAME_REQUIRED),
  type: z.enum(FILTER_TYPES, "Choose checkbox, range slider or radio button"),
  field: z.enum(FILTER_FIELDS, "Choose what the filter narrows"),
  position: optionalNumber(z.number().int("Position must be a whole number").min(0).max(1000)),
  enabled: checkbox,
};

export const categoryPageSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("create-category"),
    name: requiredText(CATEGORY_NAME_REQUIRED_ON_ADD),
    description: optionalText,
  }),
  z.object({
    intent: z.literal("update-category"),
    id,
    name: requiredText(CATEGORY_NAME_REQUIRED_ON_EDIT),
    description: optionalText,
  }),
  z.object({ intent: z.literal("delete-category"), id }),
  z.object({ intent: z.literal("create-filter"), ...filterFields }),
  z.object({ intent: z.literal("update-filter"), id, ...filterFields }),
  z.object({ intent: z.literal("delete-filter"), id }),
]);

// ---------------------------------------------------------------- vendors page

const vendorFields = {
  name: requiredText(VENDOR_NAME_REQUIRED),
  website: optionalWebUrl,
  logoUrl: optionalLink,
  isPreferred: checkbox,
  shippingCost: optionalText,
  /** The currency of the shipping fee, the free-shipping threshold and a fixed coupon. */
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .optional()
    .transform((value) => value || "USD")
    .refine((value) => CURRENCY_CODE_PATTERN.test(value), "Enter a three-letter currency code"),
  shippingFee: optionalNumber(
    z
      .number()
      .nonnegative("Shipping fee cannot be negative")
      .max(1_000_000, "Shipping fee is too large"),
  ),
  freeShippingThreshold: optionalNumber(
    z
      .number()
      .nonnegative("Free-shipping threshold cannot be negative")
      .max(1_000_000, "Free-shipping threshold is too large"),
  ),
  /** Country codes separated by commas or spaces ("US, CA, GB"). */
  shipsTo: z
    .string()
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
    ),
  rating: optionalNumber(
    z.number().min(0, "Rating must be from 0 to 5").max(5, "Rating must be from 0 to 5"),
  ),
  /** Entering a code upserts the vendor's coupon; clearing it deletes the coupon (SPEC.md §4). */
  couponCode: optionalText,
  discountAmount: optionalNumber(
    z
      .number()
      .nonnegative("Discount amount cannot be negative")
      .max(1_000_000, "Discount amount is too large"),
  ),
  discountType: z.enum(DISCOUNT_TYPES, "Choose percentage or fixed").default("percentage"),
  expirationDate: optionalText.refine(
    (value) => value === null || /^\d{4}-\d{2}-\d{2}$/.test(value),
    "Enter the expiration date as YYYY-MM-DD",
  ),
};

function couponIsComplete(value: {
  couponCode: string | null;
  discountAmount: number | null;
  discountType: string;
}) {
  if (value.couponCode === null) return true;
  if (value.discountAmount === null) return false;
  return value.discountType !== "percentage" || value.discountAmount <= 100;
}
const COUPON_INCOMPLETE = {
  message: "A coupon needs a discount amount (at most 100 for a percentage)",
  path: ["discountAmount"],
};

export const vendorPageSchema = z.discriminatedUnion("intent", [
  z
    .object({ intent: z.literal("create-vendor"), ...vendorFields })
    .refine(couponIsComplete, COUPON_INCOMPLETE),
  z
    .object({ intent: z.literal("update-vendor"), id, ...vendorFields })
    .refine(couponIsComplete, COUPON_INCOMPLETE),
  z.object({ intent: z.literal("delete-vendor"), id }),
]);
