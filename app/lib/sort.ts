/** Table sorting of SPEC.md §4: one column at a time, clicking it again flips the direction. */

import { onFirstUse } from "~/lib/on-first-use";

export type SortDirection = "asc" | "desc";
export type SortState<K extends string> = { column: K; direction: SortDirection };

export function nextSort<K extends string>(current: SortState<K> | null, column: K): SortState<K> {
  if (current && current.column === column) {
    return { column, direction: current.direction === "asc" ? "desc" : "asc" };
  }
  return { column, direction: "asc" };
}

// A fixed locale so server-rendered and hydrated tables order rows the same way.
const collator = onFirstUse(() => new Intl.Collator("en", { numeric: true, sensitivity: "base" }));

function isMissing(value: unknown): boolean {
  return (
    value === null || value === undefined || (typeof value === "number" && Number.isNaN(value))
  );
}

/** Ascending order; missing values (null, undefined, NaN) come after everything else. */
export function compareValues(a: unknown, b: unknown): number {
  const aMissing = isMissing(a);
  const bMissing = isMissing(b);
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  return collator().compare(String(a), String(b));
}

/**
 * Returns a sorted copy. Missing values stay at the bottom in both directions, since a
 * row without a price is never the one a visitor sorting by price is looking for.
 */
export function sortBy<T, K extends string>(
  rows: T[],
  sort: SortState<K> | null,
  valueOf: (row: T, column: K) => unknown,
): T[] {
  const copy = [...rows];
  if (!sort) return copy;
  const sign = sort.direction === "asc" ? 1 : -1;
  // Array.prototype.sort is stable, so rows that compare equal keep their order.
  return copy.sort((x, y) => {
    const a = valueOf(x, sort.column);
    const b = valueOf(y, sort.column);
    if (isMissing(a) || isMissing(b)) return compareValues(a, b);
    return sign * compareValues(a, b);
  });
}
