/** Vial sizes: display, conversion to milligrams, and reading them out of scraped product titles. */

export type SizeUnit = "mg" | "mcg" | "ml" | "IU";
export type ParsedSize = { quantity: number; unit: SizeUnit };

// Units written straight after the number ("10mg"); anything else is free text and gets a space.
const ATTACHED_UNITS = new Set(["mg", "mcg", "ml", "IU"]);

/** Numeric columns come back as strings such as "10.000"; the padding is noise on a size label. */
function formatQuantity(quantity: number | string): string {
  const n = typeof quantity === "number" ? quantity : Number(quantity.trim());
  if (typeof quantity === "string" && (quantity.trim() === "" || !Number.isFinite(n))) {
    return quantity.trim();
  }
  // toFixed trims binary artefacts such as 0.30000000000000004 before Number drops trailing zeros.
  return String(Number(n.toFixed(6)));
}

export function formatSize(
  quantity: number | string,
  unit: string,
  unitLabel?: string | null,
): string {
  const amount = formatQuantity(quantity);
  if (ATTACHED_UNITS.has(unit)) return `${amount}${unit}`;
  const label = (unit === "other" ? unitLabel : unit)?.trim();
  return label ? `${amount} ${label}` : amount;
}

export function toMilligrams(quantity: number, unit: string): number | null {
  if (!Number.isFinite(quantity)) return null;
  if (unit === "mg") return quantity;
  if (unit === "mcg") return quantity / 1000;
  // Millilitres and IU depend on concentration and potency, so they have no milligram equivalent.
  return null;
}

export function pricePerMg(price: number, quantity: number, unit: string): number | null {
  if (!Number.isFinite(price) || !(quantity > 0)) return null;
  const mg = toMilligrams(quantity, unit);
  return mg === null ? null : price / mg;
}

/*
 * A size is a number directly followed by its unit, optionally after one space. Requiring the
 * unit keeps the digits of names such as "BPC-157" or "Melanotan 2" out of it; the lookbehind
 * stops a match from starting inside a longer number.
 */
const SIZE_SOURCE = String.raw`(?<![\d.,])(\d+(?:[.,]\d+)?)\s?(mcg|[µμu]g|mg|ml|iu)(?![a-z])`;

function unitOf(raw: string): SizeUnit {
  const unit = raw.toLowerCase();
  if (unit === "iu") return "IU";
  // The micro sign lower-cases to the Greek mu, so both spellings are accepted.
  if (/^[µμu]g$/.test(unit)) return "mcg";
  return unit as SizeUnit;
}

function quantityOf(raw: string): number {
  // "5,000IU" groups thousands; "2,5mg" is a European decimal comma.
  return Number(/,\d{3}$/.test(raw) ? raw.replace(",", "") : raw.replace(",", "."));
}

/** The first size mentioned, which in titles such as "BPC-157 10mg (2 x 5mg)" is the headline one. */
export function parseSizeFromText(text: string): ParsedSize | null {
  const match = new RegExp(SIZE_SOURCE, "iu").exec(text);
  if (!match) return null;
  return { quantity: quantityOf(match[1]), unit: unitOf(match[2]) };
}

// Words vendors add around a peptide's name that say nothing about which peptide it is.
const FILLER_WORDS = /\b(?:peptides?|vials?|research|lyophili[sz]ed|powder)\b/g;

export function normalizeProductName(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(new RegExp(SIZE_SOURCE, "giu"), " ")
      .replace(/[^\p{L}\p{N}-]+/gu, " ")
      .replace(FILLER_WORDS, " ")
      // Hyphens left dangling once a size or filler word is gone: "BPC-157 - 10mg".
      .replace(/(^|\s)-+|-+(?=\s|$)/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** Vendors spell the same peptide "BPC-157", "BPC 157" and "BPC157"; separators are ignored. */
export function namesMatch(a: string, b: string): boolean {
  const key = (name: string) => normalizeProductName(name).replace(/[\s-]+/g, "");
  const left = key(a);
  return left !== "" && left === key(b);
}
