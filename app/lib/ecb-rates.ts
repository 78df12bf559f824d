import { CURRENCY_CODE_PATTERN, DEFAULT_DISPLAY_CURRENCY } from "./constants";
import type { ExchangeRates } from "./money";

/** The ECB's daily euro reference rates, turned into units of each currency per US dollar. */
export interface EcbRates {
  /** The reference day the ECB published (YYYY-MM-DD). */
  date: string;
  /** Every listed currency and the euro itself, per dollar; the dollar is left out (always 1). */
  rates: ExchangeRates;
}

export class EcbRatesError extends Error {}

const EURO = "EUR";

// Any namespace prefix (or none) before Cube: the ECB uses the default namespace today.
const CUBE_TAG = /<(?:[A-Za-z_][\w.-]*:)?Cube\b([^>]*)>/g;
const ATTRIBUTE = /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.replace(/^[\w.-]+:/, "");
    attributes.set(name, (match[2] ?? match[3] ?? "").trim());
  }
  return attributes;
}

/**
 * Reads the ECB's `eurofxref-daily.xml` (`<Cube time="…"><Cube currency="USD" rate="1.08"/>…`),
 * whose rates are units per euro, and crosses them through the dollar. A file without a usable
 * USD rate cannot be crossed, so it is refused rather than half-read.
 */
export function parseEcbDailyRates(xml: string): EcbRates {
  let date: string | null = null;
  const perEuro = new Map<string, number>();
  for (const match of xml.matchAll(CUBE_TAG)) {
    const attributes = attributesOf(match[1]!);
    const time = attributes.get("time");
    if (time && date === null) date = time;
    const currency = attributes.get("currency")?.toUpperCase();
    const rate = Number(attributes.get("rate"));
    if (!currency || !CURRENCY_CODE_PATTERN.test(currency)) continue;
    if (!Number.isFinite(rate) || rate <= 0) continue;
    perEuro.set(currency, rate);
  }
  const dollarsPerEuro = perEuro.get(DEFAULT_DISPLAY_CURRENCY);
  if (dollarsPerEuro === undefined) {
    throw new EcbRatesError("The ECB file has no US dollar rate");
  }
  if (date === null || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    throw new EcbRatesError("The ECB file has no reference date");
  }
  const rates: Record<string, number> = { [EURO]: 1 / dollarsPerEuro };
  for (const [currency, rate] of perEuro) {
    if (currency !== DEFAULT_DISPLAY_CURRENCY) rates[currency] = rate / dollarsPerEuro;
  }
  return { date, rates };
}
