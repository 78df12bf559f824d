import { data } from "react-router";
import type { z } from "zod";

import { actionFailure } from "~/lib/action-result";

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

/** The first message per field, for showing beside the inputs. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** A form that failed its schema: the first message for the toast, every field's for the inputs. */
export function invalidForm(error: z.ZodError, title?: string) {
  return data(
    actionFailure(firstIssueMessage(error), {
      ...(title ? { title } : {}),
      fieldErrors: fieldErrorsOf(error),
    }),
    { status: 400 },
  );
}
