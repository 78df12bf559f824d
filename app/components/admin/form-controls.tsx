import type * as React from "react";
import { useCallback, useEffect, useState } from "react";
import { showError } from "~/hooks/error-toast";

import { Button } from "../ui/button";
import { DialogFooter } from "../ui/dialog";

export { ErrorList, Field } from "../ui/field";

// Public pages use it too (the currency switcher): kept in ui/ so they do not load admin code.
export { NativeSelect } from "../ui/native-select";

/** An add/edit dialog: closed, or open on a row (null = adding); the nonce remounts its form. */
export type DialogState<T> = { open: false } | { open: true; row: T | null; nonce: number };

/**
 * The state of a page's add/edit dialog. Render the dialog with `key={dialog.key}` so each
 * opening starts from a fresh form.
 */
export function useDialogState<T>() {
  const [state, setState] = useState<DialogState<T>>({ open: false });
  // Stable, so table columns that open the dialog need not be rebuilt.
  const open = useCallback(
    (row: T | null = null) => setState({ open: true, row, nonce: Date.now() }),
    [],
  );
  const close = useCallback(() => setState({ open: false }), []);
  return { state, key: state.open ? state.nonce : undefined, open, close };
}

/** An add/edit dialog's Cancel and submit buttons; the submit reads 'Saving...' while busy. */
export function FormDialogFooter({
  busy,
  disabled = false,
  submitLabel,
  onCancel,
}: {
  busy: boolean;
  disabled?: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy || disabled}>
        {busy ? "Saving..." : submitLabel}
      </Button>
    </DialogFooter>
  );
}

/** Toasts SPEC.md's 'Error' once when the loader reports a failed read. */
export function useLoadErrorToast(message: string | null) {
  useEffect(() => {
    if (message) showError("Error", { description: message });
  }, [message]);
}
