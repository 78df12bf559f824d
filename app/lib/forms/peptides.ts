/**
 * The peptides page's form: one zod schema shared by the dialog and the route action. Values
 * arrive as FormData strings; every text field is bounded.
 */
import { z } from "zod";

import { type FormValues } from "~/lib/edit-conflict";
import { rowVersionField } from "~/lib/forms/row-version";
import { TEXT_LIMITS, tooLongMessage } from "~/lib/text-limits";

import { bulkActionSchema, BULK_OPERATIONS } from "./bulk";
import { checkbox, optionalNumber, optionalText, requiredText } from "./fields";
import { optionalLink } from "./link-fields";
import { optionalRecordId, recordId, UNKNOWN_ACTION } from "./record-ids";

const POPULAR_ORDER_RANGE = "Popular order must be a number from 1 to 3";
export const MAX_POPULAR_ORDER = 3;
export const MAX_KEY_BENEFITS = 20;
export const MAX_ALIASES = 50;
export const MAX_ALIAS_LENGTH = 100;

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
   * Other names shops and buyers use (brand names, misspellings), one per line or
   * comma-separated; the scraper and the search match them (the one alias table). Left out
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
  /** Public before it has prices; off, it goes public with its first price. */
  published: checkbox,
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
    bulkActionSchema("bulk-peptides", BULK_OPERATIONS),
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
  /** Public even without prices (public-visibility.server.ts). */
  published: boolean;
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
    published: peptide.published ? "on" : "",
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
