import { XMLParser, XMLValidator } from "fast-xml-parser";

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

/**
 * A real XML parser, namespace prefixes dropped (the ECB uses the default namespace today, a
 * prefix must not matter), every attribute kept as text, and no entity expansion: the file has
 * none, and expanding a hostile one's could blow up.
 */
const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  removeNSPrefix: true,
  parseAttributeValue: false,
  parseTagValue: false,
  processEntities: false,
});

type XmlNode = Record<string, unknown>;

/** Every `Cube` element's attributes, in document order, at any depth. */
function cubesOf(node: unknown, found: XmlNode[] = []): XmlNode[] {
  if (Array.isArray(node)) {
    for (const item of node) cubesOf(item, found);
    return found;
  }
  if (node === null || typeof node !== "object") return found;
  for (const [name, child] of Object.entries(node as XmlNode)) {
    if (name !== "Cube") {
      cubesOf(child, found);
      continue;
    }
    for (const cube of Array.isArray(child) ? child : [child]) {
      if (cube !== null && typeof cube === "object") found.push(cube as XmlNode);
      cubesOf(cube, found);
    }
  }
  return found;
}

function attribute(cube: XmlNode, name: string): string | undefined {
  const value = cube[name];
  return typeof value === "string" ? value.trim() : undefined;
}

function parseXml(xml: string): unknown {
  if (XMLValidator.validate(xml) !== true) throw new EcbRatesError("The ECB file is not valid XML");
  return xmlParser.parse(xml);
}

/**
 * Reads the ECB's `eurofxref-daily.xml` (`<Cube time="…"><Cube currency="USD" rate="1.08"/>…`),
 * whose rates are units per euro, and crosses them through the dollar. A file without a usable
 * USD rate cannot be crossed, so it is refused rather than half-read.
 */
export function parseEcbDailyRates(xml: string): EcbRates {
  let date: string | null = null;
  const perEuro = new Map<string, number>();
  for (const cube of cubesOf(parseXml(xml))) {
    const time = attribute(cube, "time");
    if (time && date === null) date = time;
    const currency = attribute(cube, "currency")?.toUpperCase();
    const rate = Number(attribute(cube, "rate"));
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
