/**
 * The zod field helpers every form schema builds on. Values arrive as FormData strings, so each
 * helper reads a string and converts it; every text field is bounded, and the message names the
 * limit (the database holds the same limits as CHECK constraints).
 */
import { z } from "./zod";

import { isSameSitePath, isWebUrl } from "~/lib/site-path";

/** Maximum lengths, in characters, shared by schemas, inputs' maxLength and database CHECKs. */
export const TEXT_LIMITS = {
  /** Names and titles: peptides, vendors, categories, filters, ads, sources. */
  name: 200,
  slug: 200,
  /** Codes: coupons, currencies, short labels. */
  code: 64,
  /** One-line values: purity, unit labels, CSS selectors, colours. */
  short: 500,
  url: 2048,
  /** Descriptions, notes, key benefits. */
  long: 10_000,
  /** Admin-authored rich text (sanitized before it renders). */
  html: 100_000,
} as const;

export const UNKNOWN_RECORD = "Unknown record";

export function tooLongMessage(label: string, max: number): string {
  return `${label} can be at most ${max.toLocaleString("en-US")} characters`;
}

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

/** A row's id from a hidden field; anything else names the record as unknown. */
export function recordId(message = UNKNOWN_RECORD) {
  return z.string({ error: message }).trim().pipe(z.guid(message));
}

/** An optional reference to another row (a select whose empty option means "none"). */
export function optionalRecordId(message = UNKNOWN_RECORD) {
  return z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || z.guid().safeParse(value).success, message);
}

const WEB_URL_MESSAGE = "Enter a full URL starting with http:// or https://";

/** An optional http(s) URL. */
export function optionalWebUrl(label: string, message = WEB_URL_MESSAGE) {
  return optionalText(label, TEXT_LIMITS.url).refine(
    (value) => value === null || (/^https?:\/\/\S+$/i.test(value) && isWebUrl(value)),
    message,
  );
}

/** An optional http(s) URL or a path on this site (uploaded images are served from our origin). */
export function optionalLink(label: string) {
  return optionalText(label, TEXT_LIMITS.url).refine(
    (value) =>
      value === null || (/^https?:\/\//i.test(value) && isWebUrl(value)) || isSameSitePath(value),
    "Enter a full URL (https://…) or a path starting with /",
  );
}

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

/** The ids of one comma-separated hidden field (FormData keeps them all), trimmed, each once. */
export function distinctIds(value: string): string[] {
  return [
    ...new Set(
      value
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
}
