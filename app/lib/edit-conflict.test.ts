import { describe, expect, it } from "vitest";

import {
  bulkVersionsValue,
  changedRowsMessage,
  formValuesOf,
  mergeForReload,
  otherChanges,
  rowsChangedSince,
} from "./edit-conflict";
import { bulkVersionsField, rowVersionField } from "./forms/row-version";

describe("edit conflicts", () => {
  it("reads a form's text values by name, joining repeated names and leaving files out", () => {
    const form = new FormData();
    form.append("name", "BPC-157");
    form.append("shipsTo", "US");
    form.append("shipsTo", "DE");
    form.append("image", new File(["x"], "a.png"));
    expect(formValuesOf(form)).toEqual({ name: "BPC-157", shipsTo: "US\nDE" });
  });

  it("names the fields another admin changed, not the version", () => {
    const opened = { name: "A", description: "old", version: "1" };
    const current = { name: "B", description: "old", version: "2" };
    expect(otherChanges(opened, current)).toEqual(["name"]);
  });

  it("counts a field missing on one side as empty", () => {
    expect(otherChanges({ imageUrl: "" }, { imageUrl: "", notes: "" })).toEqual([]);
    expect(otherChanges({}, { isPopular: "on" })).toEqual(["isPopular"]);
  });

  it("keeps what was typed on reload and takes the current value of untouched fields", () => {
    const opened = { name: "A", description: "old", version: "1" };
    const typed = { name: "A", description: "mine", version: "1" };
    const current = { name: "B", description: "old", version: "2" };
    expect(mergeForReload(opened, typed, current)).toEqual({
      name: "B",
      description: "mine",
      version: "2",
    });
  });

  it("checks the version field and reads bulk versions", () => {
    expect(rowVersionField.safeParse("1732460000123456").success).toBe(true);
    expect(rowVersionField.safeParse("").success).toBe(false);
    expect(rowVersionField.safeParse("2026-01-01").success).toBe(false);
    const versions = bulkVersionsField.parse("a:1, b:2 ,c:x,d");
    expect([...versions]).toEqual([
      ["a", "1"],
      ["b", "2"],
    ]);
    expect(bulkVersionsField.parse(undefined).size).toBe(0);
    expect(
      bulkVersionsValue(
        ["a", "b", "c"],
        new Map([
          ["a", "1"],
          ["c", "3"],
        ]),
      ),
    ).toBe("a:1,c:3");
  });

  it("finds the selected rows saved since the page showed them", () => {
    const rows = [
      { id: "a", name: "A", version: "1" },
      { id: "b", name: "B", version: "5" },
      { id: "c", name: "C", version: "7" },
    ];
    const expected = new Map([
      ["a", "1"],
      ["b", "2"],
    ]);
    expect(rowsChangedSince(rows, expected)).toEqual(["B"]);
  });

  it("says which selected rows changed, at most five by name", () => {
    expect(changedRowsMessage(["A", "B"], "peptides")).toBe(
      "2 of the selected peptides changed since you opened the page (A, B); nothing was changed. Reload the page and select again.",
    );
    expect(changedRowsMessage(["1", "2", "3", "4", "5", "6", "7"], "peptides")).toContain(
      "(1, 2, 3, 4, 5 and 2 more)",
    );
  });
});
