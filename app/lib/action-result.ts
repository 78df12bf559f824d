import { data } from "react-router";

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
    }
  | {
      ok: false;
      title?: string;
      error: string;
      fieldErrors?: Record<string, string[]>;
      /** The admin's session ended before this post arrived: the dialog offers to sign in. */
      sessionExpired?: boolean;
    };

export function actionSuccess(message: string): ActionResult {
  return { ok: true, message };
}

export function actionFailure(
  error: string,
  extra: { title?: string; fieldErrors?: Record<string, string[]>; sessionExpired?: boolean } = {},
): ActionResult {
  return { ok: false, error, ...extra };
}

/** An action's failed answer: SPEC.md's error text (and toast title) with its HTTP status. */
export function failure(message: string, status: number, title?: string) {
  return data(actionFailure(message, title ? { title } : {}), { status });
}
