/** The footer page's form: one zod schema shared by the page and its action. */
import { z } from "./zod";

import { TEXT_LIMITS, tooLongMessage } from "~/lib/text-limits";
import { requiredText } from "./fields";

import { FOOTER_SECTIONS } from "~/lib/constants";
import { rowVersionField, type FormValues } from "~/lib/edit-conflict";

export const FOOTER_LIMITS = { title: TEXT_LIMITS.name, content: TEXT_LIMITS.html } as const;

export const footerFormSchema = z.object({
  intent: z.literal("save", { error: "Unknown action" }),
  section: z.enum(FOOTER_SECTIONS, { error: "Unknown footer section" }),
  title: requiredText("Title", FOOTER_LIMITS.title),
  content: z
    .string()
    .max(FOOTER_LIMITS.content, tooLongMessage("Content", FOOTER_LIMITS.content))
    .default(""),
  version: rowVersionField,
});

/** A footer section as its form posts it: what an edit conflict compares. */
export function footerFormValues(section: {
  title: string;
  content: string;
  version: string;
}): FormValues {
  return { title: section.title, content: section.content, version: section.version };
}
