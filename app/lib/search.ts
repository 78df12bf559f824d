/** Longer queries are typing accidents or abuse; no peptide name comes close. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
/** Words beyond this add nothing to a catalogue search but cost the full-text match. */
const MAX_WORDS = 8;
export const SUGGESTION_LIMIT = 8;
export const RESULTS_LIMIT = 48;

export interface NormalisedQuery {
  /** What the visitor typed, trimmed. */
  text: string;
  /** Letters and digits only, lower-cased: "BPC 157" and "bpc-157" both give "bpc157". */
  key: string;
  /** A full-text query matching every word as a prefix ("thym:* & beta:*"); "" when no words. */
  prefixTsQuery: string;
}

const WORD = /[\p{L}\p{N}]+/gu;

export function searchKey(text: string): string {
  return (text.toLowerCase().match(WORD) ?? []).join("");
}

/**
 * The forms of a query the search needs. The tsquery is built from letters and digits only,
 * so nothing a visitor types can reach the tsquery syntax.
 */
export function normaliseSearchQuery(raw: string): NormalisedQuery {
  const text = raw.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
  const words = (text.toLowerCase().match(WORD) ?? []).slice(0, MAX_WORDS);
  return {
    text,
    key: searchKey(text),
    prefixTsQuery: words.map((word) => `${word}:*`).join(" & "),
  };
}

/** The alias that made a peptide match, to say "also known as …"; null when the name did. */
export function matchedAlias(name: string, aliases: string[], key: string): string | null {
  if (key === "" || searchKey(name).includes(key)) return null;
  return aliases.find((alias) => searchKey(alias).includes(key)) ?? null;
}

export type SuggestionKind = "peptide" | "category" | "vendor";

export interface Suggestion {
  kind: SuggestionKind;
  label: string;
  /** A second line: the size asked for, then the alias that matched or the peptide's category. */
  detail: string | null;
  href: string;
}

export function searchPath(query: string): string {
  return `/search?${new URLSearchParams({ q: query })}`;
}

export function categoryPath(slug: string): string {
  return `/?${new URLSearchParams({ category: slug })}`;
}

/** A vendor has no page of its own: its link filters the home grid to its offers. */
export function vendorPath(name: string): string {
  return `/?${new URLSearchParams({ vendor: name })}`;
}

/** A peptide's page, open at the size a search asked for (the detail page's ?size=). */
export function peptidePath(slug: string, sizeLabel: string | null = null): string {
  return sizeLabel === null
    ? `/peptide/${slug}`
    : `/peptide/${slug}?${new URLSearchParams({ size: sizeLabel })}`;
}
