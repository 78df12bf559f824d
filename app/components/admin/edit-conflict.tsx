/**
 * Edit conflicts, the one client piece (the pure rules are in ~/lib/edit-conflict): every edit
 * form posts its row's version (RowVersionInput); when the save answers 409, EditConflictNotice
 * shows the other admin's change (the current values that differ from those the form opened
 * with) and "Reload, keep my changes", which takes the current values into every field this
 * admin did not touch and the new version, so the next save goes through with what was typed.
 */
import type * as React from "react";
import { useState } from "react";

import type { ActionResult } from "~/lib/action-result";
import {
  EDIT_CONFLICT_MESSAGE,
  ROW_VERSION_FIELD,
  formValuesOf,
  mergeForReload,
  otherChanges,
  type EditConflict,
  type FormValues,
} from "~/lib/edit-conflict";

import { Button } from "../ui/button";

/**
 * The version of the row the form was opened on. A hidden text input rather than
 * type="hidden": a hidden input's value is its `value` attribute, which React rewrites from
 * defaultValue on every render, so the new version a reload gives it would be put back.
 */
export function RowVersionInput({ version }: { version: string }) {
  return (
    <input
      type="text"
      hidden
      aria-hidden
      tabIndex={-1}
      name={ROW_VERSION_FIELD}
      defaultValue={version}
    />
  );
}

type FormControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Sent to a hidden input whose value a reload replaced: a component that keeps the field's value
 * elsewhere (and mirrors it into the hidden input) takes it from there.
 */
export const FIELD_RELOADED_EVENT = "edit-conflict-reload";

function controlsNamed(form: HTMLFormElement, name: string): FormControl[] {
  return [...form.elements].filter(
    (element): element is FormControl =>
      (element instanceof HTMLInputElement ||
        element instanceof HTMLTextAreaElement ||
        element instanceof HTMLSelectElement) &&
      element.name === name,
  );
}

/** What the admin sees a field called: its label, else its accessible name, else its name. */
function labelOf(form: HTMLFormElement, name: string): string {
  const [control] = controlsNamed(form, name);
  const switchButton = control && switchOf(control);
  const labelled = switchButton ?? control;
  const label = labelled?.id
    ? form.ownerDocument.querySelector(`label[for="${CSS.escape(labelled.id)}"]`)
    : null;
  return (
    label?.textContent?.trim() ||
    labelled?.getAttribute("aria-label") ||
    (name === ROW_VERSION_FIELD ? "" : name)
  );
}

/** A value as the form shows it: a select's option text, a switch's On/Off. */
function displayOf(form: HTMLFormElement, name: string, value: string): string {
  const [control] = controlsNamed(form, name);
  if (control instanceof HTMLInputElement && control.type === "checkbox")
    return value ? "On" : "Off";
  if (control instanceof HTMLSelectElement) {
    const option = [...control.options].find((candidate) => candidate.value === value);
    if (option) return option.text;
  }
  if (!value) return "(empty)";
  return value.length > 160 ? `${value.slice(0, 160)}…` : value;
}

/**
 * A Radix switch or checkbox keeps its state on a button and mirrors it into a hidden checkbox
 * after it.
 */
function switchOf(control: FormControl): HTMLElement | null {
  const previous = control.previousElementSibling;
  const role = previous?.getAttribute("role");
  return previous instanceof HTMLButtonElement && (role === "switch" || role === "checkbox")
    ? previous
    : null;
}

/**
 * Gives a control a value the way typing would (so React's controlled inputs follow): the
 * native setter, then the event React listens to.
 */
function setControlValue(control: FormControl, value: string) {
  if (control instanceof HTMLInputElement && control.type === "file") return;
  if (control instanceof HTMLInputElement && control.type === "checkbox") {
    if (control.checked !== (value !== "")) (switchOf(control) ?? control).click();
    return;
  }
  if (control instanceof HTMLInputElement && (control.type === "hidden" || control.hidden)) {
    control.value = value;
    // A hidden input mirrors an editor of its own (the footer's rich text): it shows the value.
    control.dispatchEvent(new Event(FIELD_RELOADED_EVENT));
    return;
  }
  const prototype = Object.getPrototypeOf(control) as object;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(control, value);
  control.dispatchEvent(
    new Event(control instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }),
  );
}

function applyValues(form: HTMLFormElement, values: FormValues) {
  for (const [name, value] of Object.entries(values)) {
    const controls = controlsNamed(form, name);
    // One control per field; a group (several checkboxes of one name) is shown, not rewritten.
    if (controls.length === 1) setControlValue(controls[0], value);
  }
}

export function EditConflictNotice({
  result,
  formRef,
  opened,
}: {
  result: ActionResult | undefined;
  formRef: React.RefObject<HTMLFormElement | null>;
  /** The values the form was opened with; a reload moves them to the current ones. */
  opened: React.RefObject<FormValues | null>;
}) {
  const conflict: EditConflict | undefined = result && !result.ok ? result.conflict : undefined;
  const [reloaded, setReloaded] = useState<EditConflict | null>(null);
  const form = formRef.current;
  if (!conflict || conflict === reloaded || !form) return null;
  const changed = otherChanges(opened.current ?? {}, conflict.values);

  const reload = () => {
    const typed = formValuesOf(new FormData(form));
    applyValues(form, mergeForReload(opened.current ?? {}, typed, conflict.values));
    opened.current = { ...opened.current, ...conflict.values };
    setReloaded(conflict);
    form.dispatchEvent(new Event("change", { bubbles: true }));
  };

  return (
    <div
      role="alert"
      data-testid="edit-conflict"
      className="grid gap-2 rounded-md border border-amber-500/60 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/30 dark:text-amber-100"
    >
      <p className="font-medium">{EDIT_CONFLICT_MESSAGE}.</p>
      {changed.length > 0 ? (
        <>
          <p>Their change (now saved):</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            {changed.map((name) => (
              <div key={name} className="contents">
                <dt className="font-medium">{labelOf(form, name)}</dt>
                <dd className="wrap-anywhere whitespace-pre-line">
                  {displayOf(form, name, conflict.values[name] ?? "")}
                </dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <p>It was saved again without a visible change (for example a price checked again).</p>
      )}
      <p>Reload to take their change into the fields you did not edit; what you typed stays.</p>
      <div>
        <Button type="button" size="sm" variant="outline" onClick={reload}>
          Reload, keep my changes
        </Button>
      </div>
    </div>
  );
}
