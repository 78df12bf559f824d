/**
 * usePageForm: what FormDialog gives a dialog, for a form that is the page itself (hero, footer,
 * settings). While its values differ from those it loaded or last saved, leaving the page asks
 * "Discard changes?"; a save refused because the session ended shows a sign-in link that returns
 * to this page, so the typed text stays here to be saved again.
 *
 * ```tsx
 * const fetcher = useFetcher<ActionResult>();
 * const pageForm = usePageForm(fetcher.data);
 * useActionToast(fetcher.data, pageForm.markSaved);
 * <fetcher.Form ref={pageForm.ref} onInput={pageForm.onEdit} onChange={pageForm.onEdit} …>
 *   {pageForm.notices}
 * ```
 */
import { useCallback, useEffect, useRef, useState } from "react";

import type { ActionResult } from "~/lib/action-result";

import { LeaveGuard, SessionExpiredNotice, serializeForm } from "./form-dialog";

export function usePageForm(result: ActionResult | undefined) {
  const formRef = useRef<HTMLFormElement | null>(null);
  const savedValues = useRef<string | null>(null);
  const [edits, setEdits] = useState(0);
  const [dirty, setDirty] = useState(false);

  const isDirty = useCallback(() => {
    const form = formRef.current;
    return form !== null && savedValues.current !== null
      ? serializeForm(form) !== savedValues.current
      : false;
  }, []);

  const ref = useCallback((form: HTMLFormElement | null) => {
    formRef.current = form;
    if (form && savedValues.current === null) savedValues.current = serializeForm(form);
  }, []);

  // Compared after the edit has rendered: an editor that mirrors its text into a hidden input
  // (the footer's) updates that input in the same render, not during the event.
  const onEdit = useCallback(() => setEdits((count) => count + 1), []);
  useEffect(() => {
    setDirty(isDirty());
  }, [edits, isDirty]);

  const markSaved = useCallback(() => {
    if (formRef.current) savedValues.current = serializeForm(formRef.current);
    setDirty(false);
  }, []);

  const sessionExpired = result !== undefined && !result.ok && result.sessionExpired === true;
  const notices = (
    <>
      {/* Only while dirty: a dialog opened on the same page brings its own guard. */}
      {dirty ? <LeaveGuard isDirty={isDirty} /> : null}
      {sessionExpired ? <SessionExpiredNotice /> : null}
    </>
  );
  return { ref, onEdit, markSaved, notices };
}
