/**
 * The second step of a save the server found unusual but allowed (a price far from the other
 * vendors'): the answer carries `needsConfirmation`; this asks, and "Save anyway" posts the same
 * form again with `confirm=1`. Used by FormDialog and the inline price edit.
 */
import type * as React from "react";
import { useState } from "react";
import type { FetcherWithComponents } from "react-router";

import type { ActionResult } from "~/lib/action-result";

import { ConfirmDialog } from "../confirm-dialog";

export const CONFIRM_FIELD = "confirm";

export function ConfirmSaveDialog({
  fetcher,
  formRef,
  encType,
}: {
  fetcher: FetcherWithComponents<ActionResult>;
  formRef: React.RefObject<HTMLFormElement | null>;
  encType?: "multipart/form-data" | "application/x-www-form-urlencoded";
}) {
  const result = fetcher.data;
  const asking = result && !result.ok && result.needsConfirmation ? result : null;
  const [answered, setAnswered] = useState<ActionResult | null>(null);
  const open = asking !== null && asking !== answered && fetcher.state === "idle";
  const saveAnyway = () => {
    const form = formRef.current;
    if (!form) return;
    const formData = new FormData(form);
    formData.set(CONFIRM_FIELD, "1");
    void fetcher.submit(formData, { method: "post", encType: encType ?? (form.enctype as never) });
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => (next ? null : setAnswered(asking))}
      title={asking?.title ?? "Save anyway?"}
      description={asking?.error}
      cancelLabel="Change it"
      focusAfterCancel={() => questionedField(formRef.current, asking ?? answered)?.focus()}
      confirmLabel="Save anyway"
      onConfirm={() => {
        setAnswered(asking);
        saveAnyway();
      }}
    />
  );
}

/**
 * The control "Change it" sends the admin back to: the first one the question names (its
 * fieldErrors, e.g. the price), else the form's first one. The submit button that asked was
 * disabled while the form posted, so the focus it had is gone.
 */
function questionedField(
  form: HTMLFormElement | null,
  result: ActionResult | null,
): HTMLElement | null {
  if (!form) return null;
  const controls = [...form.elements].filter(
    (element): element is HTMLElement =>
      element instanceof HTMLElement && element.getAttribute("type") !== "hidden",
  );
  const named = result && !result.ok ? Object.keys(result.fieldErrors ?? {}) : [];
  return (
    controls.find((control) => named.includes(control.getAttribute("name") ?? "")) ??
    controls[0] ??
    null
  );
}
