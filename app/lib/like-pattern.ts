/** `%`, `_` and `\` typed into a search box mean those characters, not wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A LIKE pattern matching `text` anywhere (PostgreSQL's default escape character is the
 * backslash).
 */
export function likePattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** A LIKE pattern matching what starts with `text`: a btree index can answer it. */
export function likePrefixPattern(text: string): string {
  return `${escapeLike(text)}%`;
}

/** A LIKE pattern matching what ends with `text`. */
export function likeSuffixPattern(text: string): string {
  return `%${escapeLike(text)}`;
}
