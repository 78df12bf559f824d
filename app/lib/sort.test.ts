import { describe, expect, it } from "vitest";

import { compareValues, nextSort, sortBy, type SortState } from "~/lib/sort";

type Column = "price" | "vendor";

describe("nextSort", () => {
  it("starts a new column ascending", () => {
    expect(nextSort<Column>(null, "price")).toEqual({ column: "price", direction: "asc" });
    expect(nextSort<Column>({ column: "vendor", direction: "desc" }, "price")).toEqual({
      column: "price",
      direction: "asc",
    });
  });

  it("toggles the direction of the same column", () => {
    const asc: SortState<Column> = { column: "price", direction: "asc" };
    const desc = nextSort(asc, "price");
    expect(desc).toEqual({ column: "price", direction: "desc" });
    expect(nextSort(desc, "price")).toEqual(asc);
  });
});

describe("compareValues", () => {
  it("compares numbers numerically", () => {
    expect(compareValues(9, 10)).toBeLessThan(0);
    expect(compareValues(10, 9)).toBeGreaterThan(0);
    expect(compareValues(5, 5)).toBe(0);
  });

  it("compares strings naturally and ignoring case", () => {
    expect(compareValues("vial 9", "vial 10")).toBeLessThan(0);
    expect(compareValues("apex", "Beta")).toBeLessThan(0);
    expect(compareValues("Peptide", "peptide")).toBe(0);
  });

  it("puts missing values last", () => {
    expect(compareValues(null, 1)).toBeGreaterThan(0);
    expect(compareValues(1, undefined)).toBeLessThan(0);
    expect(compareValues(null, undefined)).toBe(0);
  });
});

describe("sortBy", () => {
  const rows = [
    { id: 1, vendor: "Beta", price: 30 },
    { id: 2, vendor: "alpha", price: null },
    { id: 3, vendor: "Gamma", price: 10 },
    { id: 4, vendor: "delta", price: 30 },
  ];
  const valueOf = (row: (typeof rows)[number], column: Column) => row[column];

  it("sorts ascending and descending with missing values last", () => {
    expect(sortBy(rows, { column: "price", direction: "asc" }, valueOf).map((r) => r.id)).toEqual([
      3, 1, 4, 2,
    ]);
    expect(sortBy(rows, { column: "price", direction: "desc" }, valueOf).map((r) => r.id)).toEqual([
      1, 4, 3, 2,
    ]);
  });

  it("sorts strings case-insensitively", () => {
    expect(sortBy(rows, { column: "vendor", direction: "asc" }, valueOf).map((r) => r.id)).toEqual([
      2, 1, 4, 3,
    ]);
  });

  it("keeps equal rows in their original order", () => {
    const sorted = sortBy(rows, { column: "price", direction: "desc" }, valueOf);
    expect(sorted.filter((r) => r.price === 30).map((r) => r.id)).toEqual([1, 4]);
  });

  it("returns a new array and leaves the input untouched", () => {
    const before = rows.map((r) => r.id);
    const sorted = sortBy(rows, { column: "price", direction: "asc" }, valueOf);
    expect(sorted).not.toBe(rows);
    expect(rows.map((r) => r.id)).toEqual(before);
    const unsorted = sortBy(rows, null, valueOf);
    expect(unsorted).not.toBe(rows);
    expect(unsorted).toEqual(rows);
  });
});
