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

/**
 * A whole number as en-US writes it ("10,000"). Not `toLocaleString`: every schema module
 * builds its messages when it loads, and each call made V8 set up an ICU number format; on the
 * detail page that was the largest single cost of loading its scripts (40 ms on a quiet
 * desktop core, four times that on Lighthouse's phone).
 */
export function groupThousands(value: number): string {
  const digits = String(Math.abs(Math.trunc(value))).replace(/\B(?=(\d{3})+$)/g, ",");
  return value < 0 ? `-${digits}` : digits;
}

export function tooLongMessage(label: string, max: number): string {
  return `${label} can be at most ${groupThousands(max)} characters`;
}
