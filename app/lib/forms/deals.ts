import { z } from "./zod";

import { DEAL_TAGS } from "~/lib/constants";

import { formFields } from "./form-data";

export type DealTag = (typeof DEAL_TAGS)[number];

export const DEAL_TAG_LABELS: Record<DealTag, string> = {
  favorite: "Favorite",
  "to-buy": "To buy",
  researching: "Researching",
};

export const NOTES_MAX_LENGTH = 1000;

/** A checkbox or switch posts "on"/"true" when set and nothing (or "false") when not. */
const checkbox = z
  .enum(["on", "true", "false"])
  .optional()
  .transform((value) => value === "on" || value === "true");

/**
 * A deal's tags and note (optional), asked in one step when saving and edited the same way
 * (issue 30): the same fields in the save and the update intents.
 */
const dealDetails = {
  tags: z.array(z.enum(DEAL_TAGS)).default([]),
  notes: z
    .string()
    .trim()
    .max(NOTES_MAX_LENGTH, `Notes can be at most ${NOTES_MAX_LENGTH} characters`)
    .default("")
    .transform((value) => value || null),
};

/** The /deals form: one schema for every intent, used by the buttons and by the action. */
export const dealActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), vendorPeptideId: z.uuid(), ...dealDetails }),
  z.object({ intent: z.literal("unsave"), vendorPeptideId: z.uuid() }),
  z.object({
    intent: z.literal("update"),
    dealId: z.uuid(),
    ...dealDetails,
    alertEnabled: checkbox,
  }),
  z.object({ intent: z.literal("remove"), dealId: z.uuid() }),
]);

/** FormData → plain object, keeping repeated `tags` fields as a list. */
export function dealFormValues(form: FormData): Record<string, unknown> {
  return { ...formFields(form), tags: form.getAll("tags") };
}

export const dealTagFilterSchema = z.enum(DEAL_TAGS).optional().catch(undefined);
