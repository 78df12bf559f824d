/** The hero page's form: one zod schema shared by the page and its action. */
import { z } from "./zod";

import { optionalText, requiredText, TEXT_LIMITS } from "./fields";

/** Each hero text field's maximum length (inputs' maxLength and the database's CHECKs). */
export const HERO_LIMITS = {
  title: TEXT_LIMITS.name,
  subtitle: TEXT_LIMITS.short,
  description: TEXT_LIMITS.long,
  primaryButtonText: TEXT_LIMITS.code,
  secondaryButtonText: TEXT_LIMITS.code,
} as const;

const heroFormSchema = z.object({
  title: requiredText("Title", HERO_LIMITS.title),
  subtitle: optionalText("Subtitle", HERO_LIMITS.subtitle),
  description: optionalText("Description", HERO_LIMITS.description),
  primaryButtonText: optionalText("Primary button text", HERO_LIMITS.primaryButtonText),
  secondaryButtonText: optionalText("Secondary button text", HERO_LIMITS.secondaryButtonText),
});

export const heroActionSchema = z.discriminatedUnion(
  "intent",
  [
    heroFormSchema.extend({ intent: z.literal("save") }),
    z.object({ intent: z.literal("upload-image") }),
    z.object({ intent: z.literal("remove-image") }),
  ],
  { error: "Unknown action" },
);
