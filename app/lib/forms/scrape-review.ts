/**
 * The review queue's forms on the admin scraping page: approve (map to a peptide and size),
 * keep the name as an alias, reject, ignore for good. FormData strings in, typed values out.
 */
import { z } from "./zod";

import { CURRENCY_CODE_PATTERN } from "~/lib/constants";
import { checkbox } from "~/lib/forms/fields";
import { recordId } from "~/lib/forms/record-ids";

export const REVIEW_INTENTS = [
  "approve-review",
  "alias-review",
  "reject-review",
  "ignore-review",
] as const;

const id = recordId();
const peptideId = recordId("Choose a peptide");

const blankToNull = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? null : value;

export const REVIEW_UNITS = ["mg", "IU", "ml"] as const;

/** Characters the size box takes: any size up to the schema's 1,000,000 with decimals. */
export const REVIEW_QUANTITY_MAX_LENGTH = 20;

export const reviewActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("approve-review"),
    id,
    peptide_id: peptideId,
    quantity: z.preprocess(
      blankToNull,
      z.coerce
        .number({ error: "Enter the size as a number" })
        .positive("The size must be more than 0")
        .max(1_000_000, "The size is too large")
        .nullable()
        .default(null),
    ),
    unit: z.preprocess(blankToNull, z.enum(REVIEW_UNITS).nullable().default(null)),
    vials: z.preprocess(
      blankToNull,
      z.coerce
        .number({ error: "Enter the number of vials" })
        .int("Vials must be a whole number")
        .min(1, "At least 1 vial")
        .max(1000, "At most 1000 vials")
        .nullable()
        .default(null),
    ),
    currency: z.preprocess(
      (value) => (typeof value === "string" ? value.trim().toUpperCase() || null : value),
      z
        .string()
        .regex(CURRENCY_CODE_PATTERN, "Enter a three-letter currency code such as USD")
        .nullable()
        .default(null),
    ),
    add_alias: checkbox,
  }),
  z.object({
    intent: z.literal("alias-review"),
    id,
    peptide_id: peptideId,
  }),
  z.object({ intent: z.literal("reject-review"), id }),
  z.object({ intent: z.literal("ignore-review"), id }),
]);
export type ReviewAction = z.infer<typeof reviewActionSchema>;

export function isReviewIntent(intent: unknown): boolean {
  return (REVIEW_INTENTS as readonly unknown[]).includes(intent);
}

/** How the queue explains why a listing waits. */
export const REVIEW_REASON_LABELS: Record<string, string> = {
  blend: "Blend",
  not_vial: "Not a vial",
  look_alike: "Another product than the catalogue's (fragment, DAC or number)",
  unknown_peptide: "Unknown peptide",
  unknown_size: "Size not in the catalogue",
  unknown_currency: "Currency unknown",
  price_outlier: "Price far from other vendors' median",
};
