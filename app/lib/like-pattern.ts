/**
 * A LIKE pattern matching `text` anywhere: `%`, `_` and `\` typed into a search box mean those
 * characters, not wildcards (PostgreSQL's default escape character is the backslash).
 */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
