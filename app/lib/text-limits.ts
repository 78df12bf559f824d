import { groupThousands } from "./money";

/**
 * Maximum lengths of text, in characters: one table for the zod schemas, the inputs' maxLength
 * and the database's CHECK constraints, so the three never disagree.
 */
export const TEXT_LIMITS = {
  /** Names and titles: peptides, vendors, categories, filters, ads, sources. */
  name: 200,
  slug: 200,
  /** Codes: coupons, currencies, short labels. */
  code: 64,
  /** One-line values: purity, unit labels, CSS selectors, colours. */
  short: 500,
  url: 2048,
  /** Descriptions, notes, key benefits. */
  long: 10_000,
  /** Admin-authored rich text (sanitized before it renders). */
  html: 100_000,
} as const;

export function tooLongMessage(label: string, max: number): string {
  return `${label} can be at most ${groupThousands(max)} characters`;
}
