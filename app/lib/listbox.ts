/** A key press as the combobox helpers need it (a React or DOM keyboard event). */
export interface KeyPress {
  key: string;
  preventDefault: () => void;
}

/**
 * The arrow keys of an ARIA combobox (the site's search box, the admin's catalogue pickers):
 * the first press opens the list, later ones move the active option and wrap around.
 * `firstIndex` is -1 where the input itself is a stop between the last option and the first.
 */
export function moveActiveOption(
  event: KeyPress,
  list: {
    open: boolean;
    setOpen: (open: boolean) => void;
    count: number;
    setActiveIndex: (update: (index: number) => number) => void;
    firstIndex: 0 | -1;
  },
): void {
  event.preventDefault();
  if (!list.open) {
    list.setOpen(true);
    return;
  }
  if (list.count === 0) return;
  const step = event.key === "ArrowDown" ? 1 : -1;
  list.setActiveIndex((index) => {
    const next = index + step;
    if (next >= list.count) return list.firstIndex;
    if (next < list.firstIndex) return list.count - 1;
    return next;
  });
}

/** True when a key press belongs to something being typed into (fields, rich-text editors). */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (typeof HTMLElement === "undefined" || !(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/** The ids of a combobox's list and of its options, derived from one base id. */
export function listboxIds(baseId: string) {
  return {
    listboxId: `${baseId}-listbox`,
    optionId: (index: number) => `${baseId}-option-${index}`,
  };
}

/**
 * The ARIA and typing attributes of a combobox's text input: the list it controls, whether that
 * list shows, and the option the arrow keys made active (announced without moving the focus).
 */
export function comboboxInputProps(
  baseId: string,
  { expanded, activeIndex }: { expanded: boolean; activeIndex: number },
) {
  const { listboxId, optionId } = listboxIds(baseId);
  return {
    role: "combobox",
    "aria-autocomplete": "list",
    "aria-expanded": expanded,
    "aria-controls": listboxId,
    "aria-activedescendant": expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined,
    autoComplete: "off",
    spellCheck: false,
  } as const;
}
