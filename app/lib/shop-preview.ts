import { listingNameAlias, matchListing, type CataloguePeptide, type ListingUnit } from "./listing";

/**
 * What the Add-shop preview says of one offer, before anything is saved: the same reading
 * `matchListing` gives a scheduled run, put in the words an operator acts on.
 */
export const PREVIEW_OUTCOMES = [
  "matched",
  "missing_size",
  "blend",
  "other_form",
  "look_alike",
  "unknown",
] as const;
export type PreviewOutcome = (typeof PREVIEW_OUTCOMES)[number];

export const PREVIEW_OUTCOME_LABELS: Record<PreviewOutcome, string> = {
  matched: "Matched",
  missing_size: "Size not in catalogue",
  blend: "Blend",
  other_form: "Other form",
  look_alike: "Look-alike",
  unknown: "Unknown",
};

export interface PreviewSize {
  peptideId: string;
  quantity: number;
  unit: string;
}

export interface PreviewMatch {
  outcome: PreviewOutcome;
  peptideId: string | null;
  quantity: number | null;
  unit: ListingUnit | null;
  vials: number;
  /** For a look-alike: the catalogue peptide its name resembles. */
  resembles: string | null;
}

const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** Levenshtein distance, cut off above `max` (names are short). */
function within(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1)
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length] <= max;
}

/**
 * A name one or two letters from a catalogue peptide's ("BPC-175", "Epitalone"): close enough
 * to be a typo or a different compound, so it is shown apart from names nothing resembles.
 */
export function resembledPeptide(
  name: string,
  catalogue: readonly CataloguePeptide[],
): CataloguePeptide | null {
  const key = letters(listingNameAlias(name));
  if (key.length < 3) return null;
  return (
    catalogue.find((peptide) =>
      [peptide.name, ...(peptide.aliases ?? [])].some((known) => {
        const other = letters(known);
        return other.length >= 3 && within(key, other, other.length > 5 ? 2 : 1);
      }),
    ) ?? null
  );
}

const sameAmount = (size: PreviewSize, quantity: number, unit: string) =>
  size.unit === unit && Math.abs(size.quantity - quantity) < 1e-6;

export function previewMatch(
  name: string,
  catalogue: readonly CataloguePeptide[],
  sizes: readonly PreviewSize[],
): PreviewMatch {
  const match = matchListing(name, catalogue);
  const base = {
    peptideId: match.blend ? null : match.peptideId,
    quantity: match.quantity,
    unit: match.unit,
    vials: match.vials,
    resembles: null,
  };
  if (match.blend) return { ...base, outcome: "blend" };
  if (match.form !== "vial") return { ...base, outcome: "other_form" };
  if (match.peptideId) {
    const known =
      match.quantity !== null &&
      match.unit !== null &&
      sizes.some(
        (s) => s.peptideId === match.peptideId && sameAmount(s, match.quantity!, match.unit!),
      );
    return { ...base, outcome: known ? "matched" : "missing_size" };
  }
  // A catalogue name with a qualifier that makes it another product ("TB-500 Fragment").
  const qualified = catalogue.find((peptide) => peptide.id === match.lookAlikeOf);
  if (qualified) return { ...base, outcome: "look_alike", resembles: qualified.name };
  const resembles = resembledPeptide(name, catalogue);
  return resembles
    ? { ...base, outcome: "look_alike", resembles: resembles.name }
    : { ...base, outcome: "unknown" };
}

/**
 * The alias to keep when an operator maps a listing to a peptide: the longest run of the
 * listing's name words (from the start) that makes the listing itself match that peptide.
 * "Tirzepatid 10 mg Fläschchen" keeps "Tirzepatid", not "Tirzepatid Fläschchen", which the
 * listing, its size between the words, would never match. Null when no run of words does.
 */
export function stickingAlias(
  listing: string,
  peptideId: string,
  catalogue: readonly CataloguePeptide[],
): string | null {
  const words = listingNameAlias(listing).split(" ").filter(Boolean);
  for (let count = words.length; count > 0; count -= 1) {
    const alias = words.slice(0, count).join(" ");
    const trial = catalogue.map((peptide) =>
      peptide.id === peptideId
        ? { ...peptide, aliases: [...(peptide.aliases ?? []), alias] }
        : peptide,
    );
    if (matchListing(listing, trial).peptideId === peptideId) return alias;
  }
  return null;
}
