import { toast } from "~/components/ui/toast";

import { REQUIRED_FIELDS_MESSAGE } from "~/lib/constants";

/**
 * The error toasts still on screen: a success dismisses them, as the save or retry it reports
 * is what they were about (the admin should not read an old failure beside it).
 */
const openErrorToasts = new Set<string | number>();

/** Closes every error toast on screen. */
export function dismissErrorToasts() {
  for (const open of openErrorToasts) toast.dismiss(open);
  openErrorToasts.clear();
}

/**
 * The one way an error toasts: the newest failure replaces the older ones (they pile up
 * otherwise, each about a past try), whether a form refused before posting or its action did.
 */
export function showError(title: string, data: Parameters<typeof toast.error>[1]) {
  dismissErrorToasts();
  const id = toast.error(title, {
    ...data,
    onDismiss: () => openErrorToasts.delete(id),
    onAutoClose: () => openErrorToasts.delete(id),
  });
  openErrorToasts.add(id);
}

/** "Please fill in all required fields" under every empty field would repeat: each says "Required". */
const REQUIRED_UNDER_FIELD = "Required";

/** How a field error reads under its field (ErrorList). */
export function underFieldText(message: string): string {
  return message === REQUIRED_FIELDS_MESSAGE ? REQUIRED_UNDER_FIELD : message;
}

/**
 * The messages no field on the page shows: an error has one place, under its field, and only
 * what has none (a form-wide refusal, a field the form does not render) is toasted. A field
 * shows its errors when the page has a control of that name (decided from the form, so it holds
 * whether or not the render that puts the errors under it has happened yet) or when an error
 * list (ErrorList marks them) already says the message.
 */
function withoutField(errors: Readonly<Record<string, readonly string[]>>): string[] {
  const shown = new Set(
    [...document.querySelectorAll("[data-field-errors] li")].map((item) => item.textContent),
  );
  return Object.entries(errors).flatMap(([path, messages]) => {
    const field = path.split(".")[0] ?? path;
    if (document.getElementsByName(field).length > 0) return [];
    return messages.filter((message) => !shown.has(underFieldText(message)));
  });
}

/**
 * Toasts the first message that no field shows ("Please fill in all required fields" once for
 * all the empty fields it stands for). When each is under its field nothing toasts, and an
 * older error toast goes too: it was about a past try.
 */
export function toastErrorsWithoutField(
  title: string,
  errors: Readonly<Record<string, readonly string[]>>,
  data: Parameters<typeof toast.error>[1] = {},
  { evenUnderField = false } = {},
) {
  const left = evenUnderField ? Object.values(errors).flat() : withoutField(errors);
  if (left.length === 0) {
    dismissErrorToasts();
    return;
  }
  const description = left.includes(REQUIRED_FIELDS_MESSAGE) ? REQUIRED_FIELDS_MESSAGE : left[0];
  showError(title, { ...data, description });
}
