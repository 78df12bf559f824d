/**
 * usePageForm: what FormDialog gives a dialog, for a form that is the page itself (hero, footer,
 * settings). While its values differ from those it loaded or last saved, leaving the page asks
 * "Discard changes?"; a save refused because the session ended shows a sign-in link that returns
 * to this page, so the typed text stays here to be saved again.
 *
 * A form that edits a stored row declares its version (`{ version }`): `notices` then posts it
 * (RowVersionInput) and shows an edit conflict (EditConflictNotice, as FormDialog does). The form
 * stays open after a save, so it takes the saved row's new version from the save's answer
 * (`version` of a success); `adopt` does the same for another fetcher's write to the same row
 * (the hero's image), and `currentVersion` is what such a write posts.
 *
 * ```tsx
 * const fetcher = useFetcher<ActionResult>();
 * const pageForm = usePageForm(fetcher.data, { version: row.version });
 * useActionToast(fetcher.data, pageForm.markSaved);
 * <fetcher.Form ref={pageForm.ref} onInput={pageForm.onEdit} onChange={pageForm.onEdit} …>
 *   {pageForm.notices}
 * ```
 */
import { Loader2 } from "lucide-react";
import type * as React from "react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";
import { formValuesOf, ROW_VERSION_FIELD, type FormValues } from "~/lib/edit-conflict";

import { EditConflictNotice, RowVersionInput } from "./edit-conflict";
import { LeaveGuard, SessionExpiredNotice, serializeForm } from "./form-dialog";

export function usePageForm(
  result: ActionResult | undefined,
  { version }: { version?: string } = {},
) {
  const formRef = useRef<HTMLFormElement | null>(null);
  const savedValues = useRef<string | null>(null);
  // By field, for an edit conflict's "what changed" and its reload (~/lib/edit-conflict).
  const openedValues = useRef<FormValues | null>(null);
  const [edits, setEdits] = useState(0);
  const [dirty, setDirty] = useState(false);
  // The version the form was opened on: the page's data after another fetcher's post may bring
  // a newer one, which must not reach the field unless the form's values come with it (a save,
  // a reload: `adopt`, EditConflictNotice).
  const [openedVersion] = useState(version);

  const isDirty = useCallback(() => {
    const form = formRef.current;
    return form !== null && savedValues.current !== null
      ? serializeForm(form) !== savedValues.current
      : false;
  }, []);

  const ref = useCallback((form: HTMLFormElement | null) => {
    formRef.current = form;
    if (form && savedValues.current === null) {
      savedValues.current = serializeForm(form);
      openedValues.current = formValuesOf(new FormData(form));
    }
  }, []);

  // Compared after the edit has rendered: an editor that mirrors its text into a hidden input
  // (the footer's) updates that input in the same render, not during the event.
  const onEdit = useCallback(() => setEdits((count) => count + 1), []);
  useEffect(() => {
    setDirty(isDirty());
  }, [edits, isDirty]);

  const versionInput = useCallback(
    () => formRef.current?.elements.namedItem(ROW_VERSION_FIELD) as HTMLInputElement | null,
    [],
  );

  /** This admin's own write moved the row to `next`: the form posts that from now on. */
  const adopt = useCallback(
    (next: string | undefined) => {
      const input = versionInput();
      if (!next || !input) return;
      input.value = next;
      if (openedValues.current) openedValues.current[ROW_VERSION_FIELD] = next;
    },
    [versionInput],
  );

  const currentVersion = useCallback(
    () => versionInput()?.value ?? openedVersion,
    [versionInput, openedVersion],
  );

  // The saved values are what the form now shows: the next conflict is compared with them.
  useEffect(() => {
    if (!result?.ok || !formRef.current) return;
    adopt(result.version);
    openedValues.current = formValuesOf(new FormData(formRef.current));
  }, [result, adopt]);

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
      {openedVersion === undefined ? null : (
        <>
          <RowVersionInput version={openedVersion} />
          <EditConflictNotice result={result} formRef={formRef} opened={openedValues} />
        </>
      )}
    </>
  );
  return { ref, onEdit, markSaved, adopt, currentVersion, notices };
}

/**
 * A page form's save: its fetcher, usePageForm on its answers, the answer toasted (a success
 * also runs `onSaved`), and the refused fields' messages.
 */
export function useSavingPageForm({
  version,
  onSaved,
}: { version?: string; onSaved?: () => void } = {}) {
  const fetcher = useFetcher<ActionResult>();
  const pageForm = usePageForm(fetcher.data, { version });
  useActionToast(fetcher.data, () => {
    pageForm.markSaved();
    onSaved?.();
  });
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  return { fetcher, pageForm, errors };
}

/**
 * The form of a page form (useSavingPageForm): posts `intent`, tracks its edits, shows its
 * notices, and ends with the submit button, spinning while the save is under way.
 */
export function PageForm({
  form: { fetcher, pageForm },
  label,
  intent,
  submitLabel,
  children,
}: {
  form: Pick<ReturnType<typeof useSavingPageForm>, "fetcher" | "pageForm">;
  label: string;
  intent: string;
  submitLabel: string;
  children: React.ReactNode;
}) {
  const saving = fetcher.state !== "idle";
  return (
    <fetcher.Form
      ref={pageForm.ref}
      method="post"
      className="grid gap-4"
      aria-label={label}
      onInput={pageForm.onEdit}
      onChange={pageForm.onEdit}
    >
      {pageForm.notices}
      <input type="hidden" name="intent" value={intent} />
      {children}
      <Button type="submit" disabled={saving} className="w-fit">
        {saving ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
        {submitLabel}
      </Button>
    </fetcher.Form>
  );
}
