import type * as React from "react";
import { useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";

import type { ActionResult } from "~/lib/action-result";
import { fieldErrorsOf, firstIssueMessage, formFields } from "~/lib/forms/form-data";

/**
 * A form's errors per field: its own zod schema's, checked before posting (the post is then
 * held back), else those of the action's last answer. The form keeps what was typed either way.
 */
export function useFieldErrors(schema: z.ZodType, fetcher: FetcherWithComponents<ActionResult>) {
  const [clientErrors, setClientErrors] = useState<Record<string, string[]> | null>(null);
  const serverErrors =
    fetcher.data && !fetcher.data.ok && fetcher.state === "idle" ? fetcher.data.fieldErrors : null;
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const result = schema.safeParse(formFields(new FormData(event.currentTarget)));
    if (result.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(fieldErrorsOf(result.error));
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
