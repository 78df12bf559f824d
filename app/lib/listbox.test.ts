import { describe, expect, it } from "vitest";

import { comboboxInputProps, isEditableTarget, listboxIds, moveActiveOption } from "./listbox";

function press(key: string, open: boolean, count: number, index: number, firstIndex: 0 | -1) {
  let opened = open;
  let active = index;
  let prevented = false;
  moveActiveOption(
    { key, preventDefault: () => (prevented = true) },
    {
      open,
      setOpen: (value) => (opened = value),
      count,
      setActiveIndex: (update) => (active = update(active)),
      firstIndex,
    },
  );
  return { opened, active, prevented };
}

describe("moveActiveOption", () => {
  it("opens a closed list without moving", () => {
    expect(press("ArrowDown", false, 3, -1, -1)).toEqual({
      opened: true,
      active: -1,
      prevented: true,
    });
  });

  it("wraps past the last option to the first, or to the input where it is a stop", () => {
    expect(press("ArrowDown", true, 3, 2, 0).active).toBe(0);
    expect(press("ArrowDown", true, 3, 2, -1).active).toBe(-1);
    expect(press("ArrowDown", true, 3, -1, -1).active).toBe(0);
  });

  it("wraps before the first stop to the last option", () => {
    expect(press("ArrowUp", true, 3, 0, 0).active).toBe(2);
    expect(press("ArrowUp", true, 3, -1, -1).active).toBe(2);
    expect(press("ArrowUp", true, 3, 0, -1).active).toBe(-1);
  });

  it("leaves an empty list alone", () => {
    expect(press("ArrowDown", true, 0, -1, -1).active).toBe(-1);
  });
});

describe("isEditableTarget", () => {
  it("is false without a DOM element", () => {
    expect(isEditableTarget(null)).toBe(false);
  });
});

describe("comboboxInputProps", () => {
  it("points at the list, and at the active option only while the list shows", () => {
    const { listboxId, optionId } = listboxIds("pick");
    expect(comboboxInputProps("pick", { expanded: true, activeIndex: 2 })).toMatchObject({
      role: "combobox",
      "aria-controls": listboxId,
      "aria-expanded": true,
      "aria-activedescendant": optionId(2),
    });
    expect(
      comboboxInputProps("pick", { expanded: false, activeIndex: 2 })["aria-activedescendant"],
    ).toBeUndefined();
    expect(
      comboboxInputProps("pick", { expanded: true, activeIndex: -1 })["aria-activedescendant"],
    ).toBeUndefined();
  });
});
