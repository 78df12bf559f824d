import type * as React from "react";
import { useState } from "react";
import { toast } from "~/components/ui/toast";
import type { z } from "zod";

import type { ActionResult } from "~/lib/action-result";
import { fieldErrorsOf, formFields } from "~/lib/forms/form-data";
import { REQUIRED_FIELDS_MESSAGE } from "~/lib/forms/fields";
import { oversizedUploads } from "~/lib/upload-limits";

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
 * A form's errors per field: its own zod schema's (the one its action parses) and a chosen file
 * over the upload limit, checked before posting (the post is then held back and the first
 * invalid field takes the focus), else those of the action's last answer. The form keeps what
 * was typed either way. Each error is said under its field, and SPEC.md's toast says the first
 * (one toast at a time; "Please fill in all required fields" once, its fields marked "Required").
 */
export function useFieldErrors(
  schema: z.ZodType,
  submission: FormSubmission,
  { values = formFields }: FieldErrorsOptions = {},
) {
  const [clientErrors, setClientErrors] = useState<Record<string, string[]> | null>(null);
  // The answer is in as soon as the post is no longer in flight: while the page revalidates
  // ("loading") its errors already show, with the toast that says the first of them.
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
    // SPEC.md words each form's refusal as a toast ("Please enter a category name"): the first
    // message, or its "Please fill in all required fields" once for all the empty fields.
    const messages = Object.values(errors).flat();
    const message = messages.includes(REQUIRED_FIELDS_MESSAGE)
      ? REQUIRED_FIELDS_MESSAGE
      : messages[0];
    toast.error("Error", { id: VALIDATION_TOAST_ID, description: message });
  };
  const errors = byField(clientErrors ?? serverErrors ?? {});
  return { errors, onSubmit };
}

/** One validation toast at a time: a new refusal replaces the last rather than piling up. */
const VALIDATION_TOAST_ID = "form-validation";

/** "Please fill in all required fields" under every empty field would repeat: each says "Required". */
const REQUIRED_UNDER_FIELD = "Required";

/** "keyBenefits.0" (one line of a list) is shown under its field, keyBenefits. */
function byField(errors: Record<string, string[]>): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(errors)) {
    const field = path.split(".")[0] ?? path;
    const underField = messages.map((message) =>
      message === REQUIRED_FIELDS_MESSAGE ? REQUIRED_UNDER_FIELD : message,
    );
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
