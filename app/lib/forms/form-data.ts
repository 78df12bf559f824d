import type { z } from "zod";

/**
 * FormData as a plain object of its text fields (files are read separately). NUL characters
 * are dropped: no field means them, and PostgreSQL refuses them in any text value.
 */
export function formFields(formData: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value === "string") fields[key] = value.replaceAll("\u0000", "");
  }
  return fields;
}

/** The first message of a failed parse: the one the toast shows. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Invalid input";
}
