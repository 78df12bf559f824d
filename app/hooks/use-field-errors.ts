import type * as React from "react";
import { useEffect, useState } from "react";
import type { z } from "zod";

import type { ActionResult } from "~/lib/action-result";
import { fieldErrorsOf, formFields } from "~/lib/forms/form-data";
import { oversizedUploads } from "~/lib/upload-limits";

import { toastErrorsWithoutField, underFieldText } from "./error-toast";

/** Where a form's post goes and comes back: a fetcher, or a page form's navigation and action data. */
export interface FormSubmission {
  data?: ActionResult | null;
  state: "idle" | "loading" | "submitting";
}

export interface FieldErrorsOptions {
  /** FormData → the object the action parses (forms with repeated fields keep them as lists). */
  values?: (form: FormData) => unknown;
  /**
   * Toast the first error as well as showing it under its field: SPEC.md §8's sign-in and
   * sign-up forms say their messages ("Please enter both email and password") as a toast.
   */
  toastFieldErrors?: boolean;
}

/**
 * A form's errors per field: its own zod schema's (the one its action parses) and a chosen file
 * over the upload limit, checked before posting (the post is then held back and the first
 * invalid field takes the focus), else those of the action's last answer. The form keeps what
 * was typed either way. Each error is said under its field, and only there: a toast says the
 * first one that no field shows (toastErrorsWithoutField), as useActionToast does for the answer.
 */
export function useFieldErrors(
  schema: z.ZodType,
  submission: FormSubmission,
  { values = formFields, toastFieldErrors = false }: FieldErrorsOptions = {},
) {
  const [clientErrors, setClientErrors] = useState<Record<string, string[]> | null>(null);
  // The answer is in as soon as the post is no longer in flight: while the page revalidates
  // ("loading") its errors already show under their fields.
  const answer = submission.state === "submitting" ? null : submission.data;
  const serverErrors = answer && !answer.ok ? (answer.fieldErrors ?? null) : null;
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const result = schema.safeParse(values(new FormData(form)));
    const uploads = oversizedUploads(form);
    if (result.success && Object.keys(uploads).length === 0) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const errors = { ...(result.success ? {} : fieldErrorsOf(result.error)), ...uploads };
    setClientErrors(errors);
    focusFirstInvalid(form, byField(errors));
  };
  // After the render that put the errors under their fields: each refusal (a new object) toasts
  // what none of them shows.
  useEffect(() => {
    if (clientErrors) {
      toastErrorsWithoutField("Error", clientErrors, undefined, {
        evenUnderField: toastFieldErrors,
      });
    }
  }, [clientErrors, toastFieldErrors]);
  const errors = byField(clientErrors ?? serverErrors ?? {});
  return { errors, onSubmit };
}

/** "keyBenefits.0" (one line of a list) is shown under its field, keyBenefits. */
function byField(errors: Record<string, string[]>): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(errors)) {
    const field = path.split(".")[0] ?? path;
    const underField = messages.map(underFieldText);
    fields[field] = [...new Set([...(fields[field] ?? []), ...underField])];
  }
  return fields;
}

/** Focuses the form's first control (in page order) that has an error and can take the focus. */
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
