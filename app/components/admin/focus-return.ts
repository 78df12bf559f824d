/**
 * Where the keyboard focus goes when what held it is gone (a deleted row's button, a bulk bar
 * that closes with the selection, the Undo toast): the page's heading, which names the table,
 * rather than the page's body, from which the next Tab starts at the top.
 */
export function focusPageHeading() {
  const heading = document.querySelector<HTMLElement>("main h1");
  if (!heading) return;
  if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
  heading.focus();
}

/** The row's Edit button (DataTable marks each row with its id), or the heading when it is gone. */
export function focusRowEdit(rowId: string) {
  const button = document.querySelector<HTMLElement>(
    `main tr[data-row-id="${CSS.escape(rowId)}"] button[aria-label^="Edit "]`,
  );
  if (button) button.focus();
  else focusPageHeading();
}
