import { ilike, or, type Column, type SQL } from "drizzle-orm";

import { likePattern } from "~/lib/like-pattern";

/**
 * An admin table's search box: the rows where any of these texts (columns or SQL expressions)
 * contains the search, in any case. `alsoMatching` adds conditions on the same LIKE pattern
 * that are not a plain text, such as any entry of an alias array.
 */
export function containsSearch(
  search: string,
  texts: (Column | SQL)[],
  alsoMatching: (pattern: string) => SQL[] = () => [],
): SQL {
  const pattern = likePattern(search);
  return or(...texts.map((text) => ilike(text, pattern)), ...alsoMatching(pattern))!;
}
