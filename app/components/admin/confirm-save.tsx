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
      confirmLabel="Save anyway"
      onConfirm={() => {
        setAnswered(asking);
        saveAnyway();
      }}
    />
  );
}
