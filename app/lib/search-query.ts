/**
 * What a search query asks for: the words that name a peptide (or a category) and, when the
 * buyer typed one, the size ("semaglutide 5mg", "semaglutide 5 mg", "SEMAGLUTIDE 5MG",
 * "semaglutide 5"). Sizes are read by the scraper's own size reader (listing-size.ts), so a
 * query and a shop's title spell sizes alike. Server-only in practice: kept apart from
 * ~/lib/search, which the header's search box loads on every page.
 */
import type { ListingUnit } from "./listing";
import { findSizes } from "./listing-size";
import { normaliseSearchQuery, type NormalisedQuery } from "./search";

export interface SearchedSize {
  /** The amount of one vial: in milligrams for mg, mcg and g, else in `unit`. */
  quantity: number;
  /**
   * "mg", "IU" or "ml" when the query states the unit. Null for a bare number after the words
   * ("semaglutide 5"): it may as well belong to a name ("bpc 157", "melanotan 2"), so it is a
   * size only for a peptide that has a size of that amount.
   */
  unit: ListingUnit | null;
  /** The query without the size: what names the peptide. */
  words: NormalisedQuery;
}

export interface SearchQuery {
  /** The whole query as typed. */
  whole: NormalisedQuery;
  /** The size the query asks for; null when it names none, or is nothing but a size. */
  size: SearchedSize | null;
}

// A number standing alone at the end, after a space: "semaglutide 5", not "bpc-157".
const TRAILING_NUMBER = /(?:^|\s)(\d+(?:[.,]\d+)?)\s*$/u;

function withoutSpan(text: string, start: number, end: number): string {
  return `${text.slice(0, start)} ${text.slice(end)}`;
}

export function parseSearchQuery(raw: string): SearchQuery {
  const whole = normaliseSearchQuery(raw);
  const lower = whole.text.toLowerCase();
  // The last size written is the one asked for: names come first ("bpc-157 10mg").
  const stated = findSizes(lower).at(-1);
  if (stated) {
    const words = normaliseSearchQuery(withoutSpan(lower, stated.start, stated.end));
    return {
      whole,
      size: words.key === "" ? null : { quantity: stated.quantity, unit: stated.unit, words },
    };
  }
  const bare = TRAILING_NUMBER.exec(lower);
  if (bare) {
    const words = normaliseSearchQuery(lower.slice(0, bare.index));
    const quantity = Number(bare[1].replace(",", "."));
    if (words.key !== "" && quantity > 0) {
      return { whole, size: { quantity, unit: null, words } };
    }
  }
  return { whole, size: null };
}
