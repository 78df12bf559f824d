/**
 * FormDialog: every admin add/edit dialog (over 400 lines with its usage guide and the
 * discard guard; FormPanel, the tabbed variant, is the seam to split along).
 *
 * ```tsx
 * const fetcher = useFetcher<ActionResult>();
 * <FormDialog
 *   open={state.open}
 *   onClose={close}                 // closes the dialog (after a success, or a confirmed discard)
 *   fetcher={fetcher}               // posts the form; its result is toasted
 *   title="Edit Category"
 *   description="Categories group peptides on the home page."
 *   submitLabel="Save Changes"
 *   formProps={{ onSubmit, encType: "multipart/form-data" }} // onSubmit from useFieldErrors
 * >
 *   <input type="hidden" name="intent" value="update-category" />
 *   <Field id="category-name" label="Name" errors={errorsOf(fetcher).name}>…</Field>
 * </FormDialog>
 * ```
 *
 * - It renders the `<fetcher.Form method="post">` itself, with FormDialogFooter (Cancel + submit).
 * - Dirty = the form's current values (FormData, files by name and size) differ from those it
 *   opened with; input and change events keep `data-dirty` on the form up to date.
 * - While dirty, Escape, the overlay, the close button and Cancel ask "Discard changes?"
 *   ("Keep editing" / "Discard"); so does leaving the page: a link or back navigation
 *   (React Router's useBlocker) and a reload or tab close (beforeunload).
 * - Each action result is toasted (useActionToast); a success calls `onSaved` (default
 *   `onClose`); a failure keeps the dialog open with what was typed.
 * - FormPanel is the same form without the dialog, for a form that lives in the page (a tab).
 * - An edit form declares its row's version (`version`, from the row's loader data); the form
 *   posts it (RowVersionInput), and a result with `conflict` (409: the row changed since the
 *   form opened) shows the other change and a reload that keeps what was typed
 *   (EditConflictNotice). One with `needsConfirmation` asks before posting again with
 *   `confirm=1` (ConfirmSaveDialog).
 * - A result with `sessionExpired` (the admin guard's answer to a post after the session
 *   ended) shows "Your session has expired — sign in again" with a sign-in link that opens in a
 *   new tab and returns to this page, so the typed text stays here to be saved again.
 */
import type * as React from "react";
import { useCallback, useEffect, useImperativeHandle, useRef, useState } from "react";
import { useBlocker, useLocation, type FetcherWithComponents } from "react-router";

import { useActionToast } from "~/hooks/use-action-toast";
import type { ActionResult } from "~/lib/action-result";
import { adminLoginPathFor, SESSION_EXPIRED_MESSAGE } from "~/lib/admin-session";
import { formValuesOf, ROW_VERSION_FIELD, type FormValues } from "~/lib/edit-conflict";
import { cn } from "~/lib/utils";

import { ConfirmDialog } from "../confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../ui/dialog";
import { ConfirmSaveDialog } from "./confirm-save";
import { EditConflictNotice, RowVersionInput } from "./edit-conflict";
import { FormDialogFooter } from "./form-controls";

type FormProps = Omit<
  React.ComponentProps<"form">,
  "method" | "action" | "children" | "ref" | "encType"
> & { encType?: "multipart/form-data" | "application/x-www-form-urlencoded" };

export interface FormDialogProps {
  open: boolean;
  /** Closes the dialog: called once closing is allowed (clean form, or "Discard"). */
  onClose: () => void;
  /** Called after a successful save; defaults to onClose. */
  onSaved?: () => void;
  fetcher: FetcherWithComponents<ActionResult>;
  title: string;
  description?: React.ReactNode;
  submitLabel: string;
  /** Keeps the submit button disabled (e.g. until a required field has a value). */
  submitDisabled?: boolean;
  formProps?: FormProps;
  /** Extra classes for the dialog's content box (e.g. a wider `sm:max-w-2xl`). */
  contentClassName?: string;
  /**
   * The edited row's version (an add form has none): posted with the form, so a save after
   * someone else's answers 409 with their change (~/lib/edit-conflict).
   */
  version?: string;
  children: React.ReactNode;
}

/**
 * The form's values as one comparable string; files count by name and size. The row version is
 * left out: it is not typed, and it moves on a save or a reload without making the form dirty.
 */
export function serializeForm(form: HTMLFormElement): string {
  const entries: string[] = [];
  for (const [name, value] of new FormData(form)) {
    if (name === ROW_VERSION_FIELD) continue;
    const text =
      typeof value === "string" ? value : value.size ? `${value.name}:${value.size}` : "";
    entries.push(`${name}=${text}`);
  }
  return JSON.stringify(entries);
}

/**
 * The dirty tracking, discard confirmation and result toasts FormDialog and FormPanel share.
 * `requestClose(then)` runs `then` (default: onClose) at once when the form is unchanged,
 * else after "Discard".
 */
function useGuardedForm({
  fetcher,
  onClose,
  onSaved,
}: Pick<FormDialogProps, "fetcher" | "onClose" | "onSaved">) {
  const formRef = useRef<HTMLFormElement | null>(null);
  const initialValues = useRef<string | null>(null);
  // By field, for an edit conflict's "what changed" and its reload (~/lib/edit-conflict).
  const openedValues = useRef<FormValues | null>(null);
  const [dirty, setDirty] = useState(false);
  const [pendingClose, setPendingClose] = useState<{ then: () => void } | null>(null);
  useActionToast(fetcher.data, onSaved ?? onClose);

  const isDirty = useCallback(() => {
    const form = formRef.current;
    return form !== null && initialValues.current !== null
      ? serializeForm(form) !== initialValues.current
      : false;
  }, []);

  // The first time the form is in the DOM its values are the ones it opened with.
  const attachForm = useCallback((form: HTMLFormElement | null) => {
    formRef.current = form;
    if (form && initialValues.current === null) {
      initialValues.current = serializeForm(form);
      openedValues.current = formValuesOf(new FormData(form));
    }
  }, []);

  const requestClose = (then: () => void = onClose) => {
    if (isDirty()) setPendingClose({ then });
    else then();
  };

  return {
    isDirty,
    attachForm,
    formRef,
    openedValues,
    dirty,
    setDirty,
    requestClose,
    pendingClose,
    setPendingClose,
  };
}

type GuardedForm = ReturnType<typeof useGuardedForm>;

/** The form itself, its Cancel and submit buttons, and the questions before it is left. */
function GuardedFormBody({
  guard,
  fetcher,
  submitLabel,
  submitDisabled,
  formProps,
  version,
  children,
}: Pick<
  FormDialogProps,
  "fetcher" | "submitLabel" | "submitDisabled" | "formProps" | "version" | "children"
> & { guard: GuardedForm }) {
  const result = fetcher.data;
  const sessionExpired = result && !result.ok && result.sessionExpired === true;
  const busy = fetcher.state !== "idle";
  const { pendingClose, setPendingClose, setDirty, isDirty } = guard;
  return (
    <>
      {sessionExpired ? <SessionExpiredNotice /> : null}
      <EditConflictNotice result={result} formRef={guard.formRef} opened={guard.openedValues} />
      <fetcher.Form
        {...formProps}
        ref={guard.attachForm}
        method="post"
        data-dirty={guard.dirty}
        className={cn("grid gap-4", formProps?.className)}
        onInput={(event) => {
          setDirty(isDirty());
          formProps?.onInput?.(event);
        }}
        onChange={(event) => {
          setDirty(isDirty());
          formProps?.onChange?.(event);
        }}
      >
        {version === undefined ? null : <RowVersionInput version={version} />}
        {children}
        <FormDialogFooter
          busy={busy}
          disabled={submitDisabled}
          submitLabel={submitLabel}
          onCancel={() => guard.requestClose()}
        />
      </fetcher.Form>
      <ConfirmSaveDialog fetcher={fetcher} formRef={guard.formRef} encType={formProps?.encType} />
      <LeaveGuard isDirty={isDirty} />
      <DiscardChangesDialog
        open={pendingClose !== null}
        onKeepEditing={() => setPendingClose(null)}
        onDiscard={() => {
          setPendingClose(null);
          pendingClose?.then();
        }}
      />
    </>
  );
}

/**
 * Escape in a picker (components/admin/catalogue-combobox.tsx) with its list open or a search
 * typed closes that list or puts the name back: the dialog, which hears the key first, stays.
 */
function keepOpenForListbox(event: KeyboardEvent) {
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && focused.dataset.ownsEscape !== undefined) {
    event.preventDefault();
  }
}

export function FormDialog({
  open,
  onClose,
  onSaved,
  title,
  description,
  contentClassName,
  ...body
}: FormDialogProps) {
  const guard = useGuardedForm({ fetcher: body.fetcher, onClose, onSaved });
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? null : guard.requestClose())}>
      <DialogContent className={contentClassName} onEscapeKeyDown={keepOpenForListbox}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        <GuardedFormBody guard={guard} {...body} />
      </DialogContent>
    </Dialog>
  );
}

/** What a page holding a FormPanel can ask of it. */
export interface FormPanelHandle {
  /** Runs `then` at once when the form is unchanged, else after the admin chose "Discard". */
  requestClose: (then: () => void) => void;
}

/**
 * FormDialog's form in the page instead of a dialog (the ads page's Create New and Edit Ad
 * tabs, SPEC.md §2): the same Cancel and submit, the same "Discard changes?" on Cancel,
 * Escape, leaving the page, or, through `ref`, leaving its tab; a failed save keeps what was
 * typed.
 */
export function FormPanel({
  ref,
  onClose,
  onSaved,
  formProps,
  ...body
}: Omit<FormDialogProps, "open" | "title" | "description" | "contentClassName"> & {
  ref?: React.Ref<FormPanelHandle>;
}) {
  const guard = useGuardedForm({ fetcher: body.fetcher, onClose, onSaved });
  const { requestClose } = guard;
  useImperativeHandle(ref, () => ({ requestClose }), [requestClose]);
  return (
    <GuardedFormBody
      guard={guard}
      {...body}
      formProps={{
        ...formProps,
        onKeyDown: (event) => {
          formProps?.onKeyDown?.(event);
          // As a dialog's Escape: leave the form, asking first when something was typed.
          if (event.key === "Escape" && !event.defaultPrevented) {
            event.preventDefault();
            requestClose(onClose);
          }
        },
      }}
    />
  );
}

export function SessionExpiredNotice() {
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive/50 p-3 text-sm text-destructive"
    >
      {SESSION_EXPIRED_MESSAGE}:{" "}
      <a
        href={adminLoginPathFor(returnTo)}
        target="_blank"
        rel="noopener"
        className="font-medium underline underline-offset-4"
      >
        Sign in (opens a new tab)
      </a>
      , then save again.
    </p>
  );
}

/**
 * Asks before the page is left while the form is dirty. Rendered only while the dialog is
 * open (a page form: only while dirty): a router allows one blocker at a time, and a page keeps
 * several closed dialogs.
 */
export function LeaveGuard({ isDirty }: { isDirty: () => boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search) &&
      isDirty(),
  );

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!isDirty()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [isDirty]);

  return (
    <DiscardChangesDialog
      open={blocker.state === "blocked"}
      onKeepEditing={() => blocker.reset?.()}
      onDiscard={() => blocker.proceed?.()}
    />
  );
}

function DiscardChangesDialog({
  open,
  onKeepEditing,
  onDiscard,
}: {
  open: boolean;
  onKeepEditing: () => void;
  onDiscard: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => (next ? null : onKeepEditing())}
      title="Discard changes?"
      description="What you typed in this form has not been saved."
      cancelLabel="Keep editing"
      confirmLabel="Discard"
      confirmVariant="destructive"
      onConfirm={onDiscard}
    />
  );
}
