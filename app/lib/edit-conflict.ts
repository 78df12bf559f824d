/**
 * Edit conflicts, the pure half (the server half is app/.server/data/row-version.server.ts; the
 * fields' schemas are lib/forms/row-version.ts): the version field every edit form posts, the
 * 409 answer's message, and how the form shows the other admin's change and reloads without
 * losing what was typed.
 *
 * Values are compared as the form posts them: one string per field name (a field with several
 * inputs joins their values with a newline; a file input is left out).
 */
export const EDIT_CONFLICT_MESSAGE = "Changed by someone else since you opened it";
export const EDIT_CONFLICT_TITLE = "Not saved";
export const MISSING_VERSION_MESSAGE = "This form is out of date; reload the page and try again";

/**
 * The version a page form posts while its row is not stored yet (it shows SPEC.md's defaults):
 * the first save stores it, unless someone else stored it meanwhile.
 */
export const UNSTORED_ROW_VERSION = "0";

/** The name of the field every edit form posts its row's version in. */
export const ROW_VERSION_FIELD = "version";

/** The "id:version" pairs a bulk action posts for the rows it was given. */
export function bulkVersionsValue(
  ids: Iterable<string>,
  versionOf: ReadonlyMap<string, string>,
): string {
  return [...ids]
    .flatMap((id) => {
      const version = versionOf.get(id);
      return version ? [`${id}:${version}`] : [];
    })
    .join(",");
}

export type FormValues = Record<string, string>;

/** The 409 answer's payload: the row's current version and values, as its form posts them. */
export interface EditConflict {
  version: string;
  values: FormValues;
}

/** A form's values by field name; files are not compared. */
export function formValuesOf(formData: FormData): FormValues {
  const values: Record<string, string[]> = {};
  for (const [name, value] of formData) {
    if (typeof value !== "string") continue;
    (values[name] ??= []).push(value);
  }
  return Object.fromEntries(Object.entries(values).map(([name, list]) => [name, list.join("\n")]));
}

const same = (a: string | undefined, b: string | undefined) => (a ?? "") === (b ?? "");

/**
 * The other admin's change: the fields whose current value differs from the one this form was
 * opened with (the version itself is not a change anyone typed).
 */
export function otherChanges(opened: FormValues, current: FormValues): string[] {
  return Object.keys(current).filter(
    (name) => name !== ROW_VERSION_FIELD && !same(opened[name], current[name]),
  );
}

/**
 * The form after "Reload": what this admin typed (a field that differs from what it opened
 * with) stays; every other field takes the current value.
 */
export function mergeForReload(
  opened: FormValues,
  typed: FormValues,
  current: FormValues,
): FormValues {
  const merged: FormValues = { ...typed };
  for (const [name, value] of Object.entries(current)) {
    if (name === ROW_VERSION_FIELD || same(typed[name], opened[name])) merged[name] = value;
  }
  return merged;
}

/**
 * The names of a bulk action's rows whose version is no longer the one the page showed; rows
 * the page sent no version for are not checked.
 */
export function rowsChangedSince(
  rows: readonly { id: string; name: string; version: string }[],
  expected: ReadonlyMap<string, string>,
): string[] {
  return rows
    .filter((row) => expected.has(row.id) && expected.get(row.id) !== row.version)
    .map((row) => row.name);
}

/** The rows of a bulk action that changed meanwhile, as the refusal says it. */
export function changedRowsMessage(names: string[], noun: string): string {
  const listed = names.slice(0, 5).join(", ");
  const more = names.length > 5 ? ` and ${names.length - 5} more` : "";
  return `${names.length} of the selected ${noun} changed since you opened the page (${listed}${more}); nothing was changed. Reload the page and select again.`;
}
