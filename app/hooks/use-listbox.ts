import { useState } from "react";

import { moveActiveOption, type KeyPress } from "~/lib/listbox";

/**
 * A combobox's list state: whether it is open, which option is active (-1: none) and the arrow
 * keys' move through `count` options. `firstIndex` is -1 where the input itself is a stop
 * between the last option and the first (the site's search box), 0 where it is not.
 */
export function useListbox(firstIndex: 0 | -1) {
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const moveActive = (event: KeyPress, count: number) =>
    moveActiveOption(event, { open, setOpen, count, setActiveIndex, firstIndex });
  return { open, setOpen, activeIndex, setActiveIndex, moveActive };
}
