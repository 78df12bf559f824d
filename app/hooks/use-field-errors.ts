import type * as React from "react";
import { useState } from "react";
import { toast } from "sonner";
import type { z } from "zod";

import type { ActionResult } from "~/lib/action-result";
import { fieldErrorsOf, firstIssueMessage, formFields } from "~/lib/forms/form-data";

/** Where a form's post goes and comes back: a fetcher, or a page form's navigation and action data. */
export interface FormSubmission {
  data?: ActionResult | null;
  state: "idle" | "loading" | "submitting";
}

export interface FieldErrorsOptions {
  /** FormData → the object the action parses (forms with repeated fields keep them as lists). */
  values?: (form: FormData) => unknown;
}

/**
 * A form's errors per field: its own zod schema's (the one its action parses), checked before
 * posting (the post is then held back and the first invalid field takes the focus), else those
 * of the action's last answer. The form keeps what was typed either way.
 */
export function useFieldErrors(
  schema: z.ZodType,
  submission: FormSubmission,
  { values = formFields }: FieldErrorsOptions = {},
) {
  const [clientErrors, setClientErrors] = useState<Record<string, string[]> | null>(null);
  const answer = submission.state === "idle" ? submission.data : null;
  const serverErrors = answer && !answer.ok ? (answer.fieldErrors ?? null) : null;
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const result = schema.safeParse(values(new FormData(form)));
    if (result.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const errors = fieldErrorsOf(result.error);
    setClientErrors(errors);
    focusFirstInvalid(form, byField(errors));
    toast.error("Error", { description: firstIssueMessage(result.error) });
  };
  const errors = byField(clientErrors ?? serverErrors ?? {});
  return { errors, onSubmit };
}

/** "keyBenefits.0" (one line of a list) is shown under its field, keyBenefits. */
function byField(errors: Record<string, string[]>): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(errors)) {
    const field = path.split(".")[0] ?? path;
    fields[field] = [...(fields[field] ?? []), ...messages];
  }
  return fields;
}

/** The form's first control (in page order) that has an error and can take the focus. */
function focusFirstInvalid(form: HTMLFormElement, errors: Record<string, string[]>) {
  for (const element of form.elements) {
    const name = element.getAttribute("name");
    if (
      name &&
      Object.hasOwn(errors, name) &&
      element instanceof HTMLElement &&
      element.getAttribute("type") !== "hidden" &&
      !element.hasAttribute("disabled")
    ) {
      element.focus();
      return;
    }
  }
}
