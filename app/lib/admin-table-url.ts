/**
 * A server-side admin table's state in the URL (?q=…&sort=name&dir=desc&page=2 plus filters),
 * read by the loader and written by the page's links: a table view can be shared and reloaded.
 */
import type { SortDirection, SortState } from "./sort";

/** Longest search text the URL may carry; more is cut, never an error. */
export const MAX_SEARCH_LENGTH = 200;

export function parseSearch(params: URLSearchParams, name = "q"): string {
  return (params.get(name) ?? "")
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, MAX_SEARCH_LENGTH);
}

export function parseTablePage(params: URLSearchParams): number {
  const n = Number(params.get("page"));
  return Number.isSafeInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
}

/** The sort the URL names when the column is one of `columns`; otherwise `fallback`. */
export function parseTableSort<K extends string>(
  params: URLSearchParams,
  columns: readonly K[],
  fallback: SortState<K>,
): SortState<K> {
  const column = columns.find((candidate) => candidate === params.get("sort"));
  if (!column) return fallback;
  const direction: SortDirection = params.get("dir") === "desc" ? "desc" : "asc";
  return { column, direction };
}

/** An id-like filter value from the URL (a uuid), else null. */
export function parseIdParam(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim() ?? "";
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
    ? value.toLowerCase()
    : null;
}

/** The Status filter (?status=active|inactive): true, false, or null for both. */
export function parseStatusParam(params: URLSearchParams, name = "status"): boolean | null {
  const value = params.get(name);
  return value === "active" ? true : value === "inactive" ? false : null;
}

/**
 * The current search with some parameters changed (null removes one). Any change other than
 * the page itself goes back to page 1, since the old page may not exist in the new view.
 */
export function tableHref(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === "") params.delete(name);
    else params.set(name, value);
  }
  if (!("page" in changes)) params.delete("page");
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/** The link a column header points at: a new column sorts ascending, the same one flips. */
export function sortHref<K extends string>(
  search: string,
  current: SortState<K>,
  column: K,
): string {
  const direction = current.column === column && current.direction === "asc" ? "desc" : "asc";
  return tableHref(search, { sort: column, dir: direction === "asc" ? null : "desc" });
}

export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
