import { data } from "react-router";

import { actionFailure } from "~/lib/action-result";

/** A refusal that belongs to one field: the toast's message, also shown under that field. */
export function fieldFailure(field: string, message: string, status: number, title?: string) {
  return data(
    actionFailure(message, { ...(title ? { title } : {}), fieldErrors: { [field]: [message] } }),
    { status },
  );
}
