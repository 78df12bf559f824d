/**
 * The size part of a listing title: the amount in one vial and how many vials the offer holds
 * ("10mg x 5", "5 x 10mg", "5-pack"). Pure; `matchListing` reads it after masking the names.
 */

/** The unit a listing's size is read in. */
export type ListingUnit = "mg" | "IU" | "ml";

// Spelled out too, in English and German ("5 Milligramm", "100 Mikrogramm", "5.000 I.E.").
export const UNIT_SOURCE = String.raw`(milligramm?e?s?|mikrogramm|microgramm?e?s?|gramm?e?s?|mcg|µg|μg|ug|mg|g|ml|iu|i\.u\.|i\.e\.|ie)`;
export const SIZE = new RegExp(
  String.raw`(?<![\d.,a-wyz])(\d+(?:[.,]\d+)?)\s?${UNIT_SOURCE}(?![a-z])`,
  "g",
);
// A bare count after "x" that is not itself a size: "10mg x 3", "5mg x 10 vials".
const TIMES_COUNT = new RegExp(
  String.raw`^\s*[x*]\s*(\d+)(?![\d.,])(?!\s?${UNIT_SOURCE}(?![a-z]))`,
);
const COUNT_TIMES = /(?<![\d.,])(\d+)\s*(?:vials?\s*)?[x*]\s*$/;
const PACK_PATTERNS = [
  /(?<![\d.,])(\d+)\s*-?\s*(?:vials?|bottles?|pcs|pieces|ampoules?|amps|units)\b/,
  // German, French, Spanish, Italian, Dutch and Polish words for pieces and vials.
  /(?<![\d.,])(\d+)\s*(?:stuck|stk|flaschchen|durchstechflaschen|ampullen|flacons|viales|fiale|flesjes|fiolki)\b/,
  /(?<![\d.,])(\d+)\s*-?\s*(?:packs?|pk|kits?|boxe?s?)\b/,
  /(?<![\d.,])(\d+)er[\s-]*(?:pack|packung|set|box)\b/,
  /\b(?:pack|box|set|kit|case|lot|bundle)\s+of\s+(\d+)\b/,
  /\bpackung\s+mit\s+(\d+)\b/,
  /(?:^|\s)(\d+)\s*x(?=\s|$)/,
];

export interface Size {
  quantity: number;
  unit: ListingUnit;
  start: number;
  end: number;
  inBrackets: boolean;
  /** A count written against this size: "5 x 10mg", "10mg x 5". */
  count: number | null;
}

const isUnits = (unit: string) => ["iu", "ie"].includes(unit.replace(/\./g, ""));

function toNumber(raw: string, unit: string): number {
  // "5,000IU" groups thousands; "2,5mg" is a European decimal comma; "5.000 I.E." is the
  // German grouping of thousands (units come whole, never to a thousandth).
  if (/,\d{3}$/.test(raw)) return Number(raw.replace(",", ""));
  if (isUnits(unit) && /^\d{1,3}\.\d{3}$/.test(raw)) return Number(raw.replace(".", ""));
  return Number(raw.replace(",", "."));
}

function toSize(quantity: number, rawUnit: string): { quantity: number; unit: ListingUnit } {
  const unit = rawUnit.replace(/\./g, "");
  const round = (value: number) => Number(value.toFixed(6));
  if (isUnits(unit)) return { quantity, unit: "IU" };
  if (unit === "ml") return { quantity, unit: "ml" };
  if (unit === "g" || unit.startsWith("gram"))
    return { quantity: round(quantity * 1000), unit: "mg" };
  if (unit === "mg" || unit.startsWith("milli")) return { quantity, unit: "mg" };
  return { quantity: round(quantity / 1000), unit: "mg" };
}

function bracketDepthAt(text: string, index: number): number {
  let depth = 0;
  for (const char of text.slice(0, index)) {
    if ("([{".includes(char)) depth += 1;
    else if (")]}".includes(char)) depth = Math.max(0, depth - 1);
  }
  return depth;
}

function readCount(raw: string): number | null {
  const count = Number(raw);
  return Number.isInteger(count) && count >= 1 && count <= 1000 ? count : null;
}

/** Every size written in a lower-cased text, where it stands, in milligrams, IU or ml. */
export function findSizes(text: string): Size[] {
  return [...text.matchAll(SIZE)].map((match) => {
    const start = match.index;
    const end = start + match[0].length;
    const before = COUNT_TIMES.exec(text.slice(0, start));
    const after = TIMES_COUNT.exec(text.slice(end));
    return {
      ...toSize(toNumber(match[1], match[2]), match[2]),
      start,
      end,
      inBrackets: bracketDepthAt(text, start) > 0,
      count: readCount(before?.[1] ?? after?.[1] ?? ""),
    };
  });
}

/**
 * The size of one vial and the vial count. A count written against a size ("5 x 10mg")
 * names the vial size, also inside brackets when it adds up to the headline
 * ("10mg (2 x 5mg)"); otherwise the first size outside brackets is the headline.
 */
export function readPack(
  text: string,
  blend: boolean,
): { quantity: number | null; unit: ListingUnit | null; vials: number } {
  const sizes = findSizes(text);
  const outside = sizes.filter((size) => !size.inBrackets);
  const headline = outside[0] ?? sizes[0];
  const counted = sizes.find(
    (size) =>
      size.count !== null &&
      (!size.inBrackets ||
        outside.length === 0 ||
        (headline.unit === size.unit &&
          Math.abs(headline.quantity - size.quantity * size.count) < 1e-6)),
  );
  if (counted) return { quantity: counted.quantity, unit: counted.unit, vials: counted.count! };
  const masked = sizes.reduce(
    (rest, size) =>
      rest.slice(0, size.start) + " ".repeat(size.end - size.start) + rest.slice(size.end),
    text,
  );
  let vials = 1;
  for (const pattern of PACK_PATTERNS) {
    const count = readCount(pattern.exec(masked)?.[1] ?? "");
    if (count !== null) {
      vials = count;
      break;
    }
  }
  if (!headline) return { quantity: null, unit: null, vials };
  const sameUnit = outside.filter((size) => size.unit === headline.unit);
  const quantity =
    blend && sameUnit.length > 1
      ? Number(sameUnit.reduce((sum, size) => sum + size.quantity, 0).toFixed(6))
      : headline.quantity;
  return { quantity, unit: headline.unit, vials };
}
