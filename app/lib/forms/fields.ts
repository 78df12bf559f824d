/**
 * The zod field helpers every form schema builds on. Values arrive as FormData strings, so each
 * helper reads a string and converts it; every text field is bounded, and the message names the
 * limit (the database holds the same limits as CHECK constraints).
 */
import { z } from "./zod";

import { tooLongMessage } from "~/lib/text-limits";

/** Trimmed text that must not be empty. */
export function requiredText(label: string, max: number, requiredMessage = `${label} is required`) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, tooLongMessage(label, max));
}

/** Trimmed text; empty or missing becomes null, so optional columns store null rather than "". */
export function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, tooLongMessage(label, max))
    .optional()
    .transform((value) => (value ? value : null));
}

/** A checkbox or switch: present ("on") means true. */
export const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");

export function wholeNumberMessage(label: string, min: number, max: number): string {
  return `${label} must be a whole number from ${min.toLocaleString("en-US")} to ${max.toLocaleString("en-US")}`;
}

/** A required whole number within bounds; the message names both bounds. */
export function integerField(label: string, min: number, max: number) {
  const message = wholeNumberMessage(label, min, max);
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(20, message)
    .pipe(
      z.coerce.number<string>({ error: message }).int(message).min(min, message).max(max, message),
    );
}

/** A number typed into a form field; empty means "not given" (null). */
export function optionalNumber(schema: z.ZodNumber) {
  return z
    .string()
    .trim()
    .max(40, "Enter a shorter number")
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
