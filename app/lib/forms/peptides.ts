/**
 * The peptides and vendor-prices pages' forms: one zod schema per page, shared by the dialogs
 * and the route actions. Values arrive as FormData strings; every text field is bounded.
 */
import { z } from "zod";

import { CURRENCIES, STOCK_STATUSES, UNITS } from "~/lib/constants";
import { bulkVersionsField, rowVersionField, type FormValues } from "~/lib/edit-conflict";
import { PRICE_NOT_POSITIVE } from "~/lib/price-sanity";

import {
  checkbox,
  distinctIds,
  optionalNumber,
  optionalRecordId,
  optionalText,
  optionalLink,
  optionalWebUrl,
  recordId,
  requiredText,
  TEXT_LIMITS,
  tooLongMessage,
} from "./fields";

/** An intent no form of the page has (a crafted post). */
export const UNKNOWN_ACTION = "Unknown action";
export const REQUIRED_FIELDS_MESSAGE = "Please fill in all required fields";
const POPULAR_ORDER_RANGE = "Popular order must be a number from 1 to 3";
export const MAX_POPULAR_ORDER = 3;
/** Rows one bulk action may touch: a page of the largest table, with room to spare. */
export const MAX_BULK_IDS = 200;
/** What the bulk bar does to the ticked rows: to the trash, or shown or hidden on the public side. */
export const BULK_OPERATIONS = ["delete", "activate", "deactivate"] as const;
export type BulkOperation = (typeof BULK_OPERATIONS)[number];
export const MAX_KEY_BENEFITS = 20;
export const MAX_ALIASES = 50;
export const MAX_ALIAS_LENGTH = 100;

/** Selected rows' ids, comma-separated (one hidden field, so FormData keeps them all). */
export const bulkIds = z
  .string({ error: "Select at least one row" })
  .max(MAX_BULK_IDS * 40, `At most ${MAX_BULK_IDS} rows at once`)
  .transform(distinctIds)
  .pipe(
    z
      .array(z.guid("Unknown record"))
      .min(1, "Select at least one row")
      .max(MAX_BULK_IDS, `At most ${MAX_BULK_IDS} rows at once`),
  );

const bulkOperation = z.enum(BULK_OPERATIONS, "Choose what to do with the selected rows");

// ---------------------------------------------------------------- peptides

export const peptideFields = {
  name: requiredText("Peptide name", TEXT_LIMITS.name, "Peptide name is required"),
  /** Editable; derived from the name when left empty. */
  slug: optionalText("Slug", TEXT_LIMITS.slug),
  categoryId: optionalRecordId("Unknown category"),
  description: optionalText("Description", TEXT_LIMITS.long),
  imageUrl: optionalLink("Image URL"),
  /** One benefit per line. */
  keyBenefits: z
    .string()
    .max(TEXT_LIMITS.long, tooLongMessage("Key benefits", TEXT_LIMITS.long))
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z.string().max(TEXT_LIMITS.short, tooLongMessage("A key benefit", TEXT_LIMITS.short)),
        )
        .max(MAX_KEY_BENEFITS, `At most ${MAX_KEY_BENEFITS} key benefits`),
    ),
  /**
   * Other names shops use, one per line or comma-separated; the scraper matches them. Left out
   * of the form, the stored aliases stay.
   */
  aliases: z
    .string()
    .max(TEXT_LIMITS.long, tooLongMessage("Aliases", TEXT_LIMITS.long))
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
        .array(z.string().max(MAX_ALIAS_LENGTH, tooLongMessage("An alias", MAX_ALIAS_LENGTH)))
        .max(MAX_ALIASES, `At most ${MAX_ALIASES} aliases`)
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

export const peptideFormSchema = z.object({
  intent: z.enum(["create-peptide", "update-peptide"]),
  id: z.string().optional(),
  ...peptideFields,
});

export const peptidePageSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("create-peptide"), ...peptideFields }),
    z.object({
      intent: z.literal("update-peptide"),
      id: recordId(),
      version: rowVersionField,
      ...peptideFields,
    }),
    z.object({ intent: z.literal("delete-peptide"), id: recordId() }),
    z.object({ intent: z.literal("promote-peptide"), id: recordId() }),
    z.object({
      intent: z.literal("bulk-peptides"),
      operation: bulkOperation,
      ids: bulkIds,
      versions: bulkVersionsField,
    }),
  ],
  { error: UNKNOWN_ACTION },
);
export type PeptidePageForm = z.infer<typeof peptidePageSchema>;

/** A peptide as the admin saves it (PeptideInput on the server). */
export interface PeptideFields {
  name: string;
  slug: string;
  categoryId: string | null;
  description: string | null;
  imageUrl: string | null;
  keyBenefits: string[];
  aliases: string[];
  isPopular: boolean;
  popularOrder: number | null;
}

/** A peptide as its edit dialog shows it. */
export interface EditablePeptide extends PeptideFields {
  id: string;
  /** The row's version: a save after someone else's answers 409 (~/lib/edit-conflict). */
  version: string;
}

/** A peptide as its edit dialog posts it: what an edit conflict compares. */
export function peptideFormValues(peptide: Omit<EditablePeptide, "id">): FormValues {
  return {
    name: peptide.name,
    slug: peptide.slug,
    categoryId: peptide.categoryId ?? "",
    description: peptide.description ?? "",
    imageUrl: peptide.imageUrl ?? "",
    keyBenefits: peptide.keyBenefits.join("\n"),
    aliases: peptide.aliases.join("\n"),
    isPopular: peptide.isPopular ? "on" : "",
    popularOrder: peptide.popularOrder === null ? "" : String(peptide.popularOrder),
    version: peptide.version,
  };
}

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

// ---------------------------------------------------------------- vendor prices

const priceAmount = z.coerce
  .number<string>({ error: "Enter the price as a number" })
  .nonnegative("Price cannot be negative")
  .refine((value) => value !== 0, PRICE_NOT_POSITIVE)
  .max(1_000_000_000, "Price is too large");
const price = requiredText("Price", 40, REQUIRED_FIELDS_MESSAGE).pipe(priceAmount);
/** The inline edit shows its message under the one field it has, so it names the field. */
export const INLINE_PRICE_REQUIRED = "Enter a price";
const inlinePrice = requiredText("Price", 40, INLINE_PRICE_REQUIRED).pipe(priceAmount);

/** "1": the admin confirmed a price the sanity rule found unusual (ConfirmSaveDialog). */
const confirmed = z
  .string()
  .optional()
  .transform((value) => value === "1");

/** Manual vendor price entry (SPEC.md §5). */
const vendorPriceFields = {
  peptideId: z
    .string({ error: REQUIRED_FIELDS_MESSAGE })
    .trim()
    .pipe(z.guid(REQUIRED_FIELDS_MESSAGE)),
  vendorId: z
    .string({ error: REQUIRED_FIELDS_MESSAGE })
    .trim()
    .pipe(z.guid(REQUIRED_FIELDS_MESSAGE)),
  price,
  currency: z.enum(CURRENCIES, "Choose USD, EUR or GBP").default("USD"),
  quantity: requiredText("Quantity", 40, REQUIRED_FIELDS_MESSAGE).pipe(
    z.coerce
      .number<string>({ error: "Enter the quantity as a number" })
      .positive("Quantity must be greater than 0")
      .max(1_000_000_000, "Quantity is too large"),
  ),
  unit: z.enum(UNITS, REQUIRED_FIELDS_MESSAGE),
  /** Free-text unit, required only when unit is 'other'. */
  unitLabel: optionalText("Custom unit", TEXT_LIMITS.code),
  purity: optionalText("Purity", TEXT_LIMITS.code),
  notes: optionalText("Notes", TEXT_LIMITS.long),
  url: optionalWebUrl("Link"),
  confirm: confirmed,
};

export const vendorPriceFormSchema = z
  .object({ intent: z.literal("create-vendor-price"), ...vendorPriceFields })
  .refine((value) => value.unit !== "other" || value.unitLabel !== null, {
    message: REQUIRED_FIELDS_MESSAGE,
    path: ["unitLabel"],
  });

/** The inline edit of a price's row: price, stock and link (Enter saves). */
export const vendorPriceRowSchema = z.object({
  intent: z.literal("update-vendor-price"),
  id: recordId("Vendor price not found"),
  version: rowVersionField,
  price: inlinePrice,
  stockStatus: z.enum(STOCK_STATUSES, "Choose in stock, low stock or out of stock"),
  url: optionalWebUrl("Link"),
  confirm: confirmed,
});

/** A vendor price as its inline edit posts it: what an edit conflict compares. */
export function vendorPriceRowFormValues(row: {
  price: number;
  stockStatus: string;
  url: string | null;
  version: string;
}): FormValues {
  return {
    price: String(row.price),
    stockStatus: row.stockStatus,
    url: row.url ?? "",
    version: row.version,
  };
}

export const vendorPricePageSchema = z.discriminatedUnion(
  "intent",
  [
    vendorPriceFormSchema,
    vendorPriceRowSchema,
    z.object({ intent: z.literal("delete-vendor-price"), id: recordId() }),
    z.object({
      intent: z.literal("bulk-vendor-prices"),
      operation: bulkOperation,
      ids: bulkIds,
      versions: bulkVersionsField,
    }),
  ],
  { error: UNKNOWN_ACTION },
);
export type VendorPricePageForm = z.infer<typeof vendorPricePageSchema>;
