/** The footer page's form: one zod schema shared by the page and its action. */
import { z } from "./zod";

import { TEXT_LIMITS, tooLongMessage } from "~/lib/text-limits";
import { requiredText } from "./fields";

import { FOOTER_SECTIONS } from "~/lib/constants";
import { type FormValues } from "~/lib/edit-conflict";
import { rowVersionField } from "~/lib/forms/row-version";

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

export const FOOTER_LINK_MESSAGE = "Links must start with https://, http:// or mailto:";

/** A link the footer editor adds: http(s) or mailto only (the server's allowlist keeps no other). */
export const footerLinkSchema = z
  .string()
  .trim()
  .min(1, "Enter the link's address")
  .max(TEXT_LIMITS.url, tooLongMessage("Link", TEXT_LIMITS.url))
  .regex(/^(https?:\/\/|mailto:)\S+$/i, FOOTER_LINK_MESSAGE);
