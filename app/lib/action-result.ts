import { data } from "react-router";

import {
  EDIT_CONFLICT_MESSAGE,
  EDIT_CONFLICT_TITLE,
  type EditConflict,
  type FormValues,
} from "./edit-conflict";

/**
 * What every form action answers, so one hook can turn it into a toast:
 * success with SPEC.md's success text, or failure with its error text (and field errors).
 */
export type ActionResult =
  | {
      ok: true;
      message: string;
      /** A deletion's trash batch: the toast offers "Undo", which restores it. */
      trashBatchId?: string;
      /**
       * A saved row's new version: a form that stays open after its save (a page form) posts it
       * next time (~/lib/edit-conflict).
       */
      version?: string;
    }
  | {
      ok: false;
      title?: string;
      error: string;
      fieldErrors?: Record<string, string[]>;
      /** The admin's session ended before this post arrived: the dialog offers to sign in. */
      sessionExpired?: boolean;
      /** The row changed since the form was opened: its current version and values. */
      conflict?: EditConflict;
      /**
       * The value is allowed but unusual (a price far from the other vendors'): the form asks,
       * and posts again with `confirm=1` when the admin confirms.
       */
      needsConfirmation?: boolean;
    };

export function actionSuccess(message: string, extra: { version?: string } = {}): ActionResult {
  return { ok: true, message, ...extra };
}

export function actionFailure(
  error: string,
  extra: Omit<Extract<ActionResult, { ok: false }>, "ok" | "error"> = {},
): ActionResult {
  return { ok: false, error, ...extra };
}

/** An action's failed answer: SPEC.md's error text (and toast title) with its HTTP status. */
export function failure(message: string, status: number, title?: string) {
  return data(actionFailure(message, title ? { title } : {}), { status });
}

/**
 * 409: the row changed since the form was opened; nothing was written. The form shows the
 * current values that differ from those it was opened with and offers a reload.
 */
export function editConflict(values: FormValues, version: string) {
  return data(
    actionFailure(EDIT_CONFLICT_MESSAGE, {
      title: EDIT_CONFLICT_TITLE,
      conflict: { version, values },
    }),
    { status: 409 },
  );
}
