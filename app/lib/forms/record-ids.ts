/**
 * The fields that say what a post acts on: a row's id, an optional reference to another row, the
 * ids a bulk action ticked. Anything that is not an id names the record as unknown.
 */
import { z } from "./zod";

export const UNKNOWN_RECORD = "Unknown record";
/** An intent no form of the page has (a crafted post). */
export const UNKNOWN_ACTION = "Unknown action";

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
