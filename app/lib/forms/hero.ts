/** The hero page's form: one zod schema shared by the page and its action. */
import { z } from "./zod";

import { type FormValues } from "~/lib/edit-conflict";
import { rowVersionField } from "~/lib/forms/row-version";
import { TEXT_LIMITS } from "~/lib/text-limits";

import { optionalText, requiredText } from "./fields";

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
    heroFormSchema.extend({ intent: z.literal("save"), version: rowVersionField }),
    // The editor posts the page's version with an image too (its text form then takes the new
    // one); a post without it replaces the image whatever changed meanwhile.
    z.object({ intent: z.literal("upload-image"), version: rowVersionField.optional() }),
    z.object({ intent: z.literal("remove-image"), version: rowVersionField.optional() }),
  ],
  { error: "Unknown action" },
);

/** The hero's texts as its form posts them: what an edit conflict compares. */
export function heroFormValues(hero: {
  title: string;
  subtitle: string | null;
  description: string | null;
  primaryButtonText: string | null;
  secondaryButtonText: string | null;
  version: string;
}): FormValues {
  return {
    subtitle: hero.subtitle ?? "",
    title: hero.title,
    primaryButtonText: hero.primaryButtonText ?? "",
    secondaryButtonText: hero.secondaryButtonText ?? "",
    description: hero.description ?? "",
    version: hero.version,
  };
}
