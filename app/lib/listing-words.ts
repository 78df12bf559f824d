/**
 * The words of listing titles that are not sizes: filler around a peptide's name, spellings
 * shops use interchangeably, the words for a product's form, in English and in the languages
 * of European shops (German, French, Spanish, Italian, Dutch, Polish). Titles reach these
 * lower-cased and without accents ("Fläschchen" is "flaschchen").
 */

/** What a listing is sold as. */
export type ListingForm = "vial" | "capsule" | "tablet" | "spray" | "pen" | "other";

/** Words around a peptide's name that say nothing about which peptide it is. */
export const FILLER = new Set([
  "peptide",
  "peptides",
  "vial",
  "vials",
  "lyophilized",
  "lyophilised",
  "lyophilizate",
  "freeze",
  "dried",
  "powder",
  "acetate",
  "tfa",
  "hcl",
  "salt",
  "purity",
  "pure",
  "research",
  "grade",
  "with",
  "the",
  // German: vial, ampoule, powder, purity, "freeze-dried", with, piece, pack.
  "flaschchen",
  "durchstechflasche",
  "durchstechflaschen",
  "ampulle",
  "ampullen",
  "pulver",
  "reinheit",
  "lyophilisiert",
  "mit",
  "stuck",
  "stk",
  "packung",
  // French, Spanish, Italian, Dutch, Polish words for a vial and "with".
  "flacon",
  "flacons",
  "avec",
  "viales",
  "con",
  "fiala",
  "fiale",
  "flaconcino",
  "flesje",
  "flesjes",
  "met",
  "fiolka",
  "fiolki",
]);

/** Spellings shops use interchangeably inside names. */
const SYNONYMS: Record<string, string> = {
  i: "1",
  ii: "2",
  iii: "3",
  frag: "fragment",
  fragments: "fragment",
  copper: "cu",
  without: "no",
  non: "no",
  alfa: "alpha",
  // "without" in German, French, Spanish, Italian, Dutch, Polish.
  ohne: "no",
  sans: "no",
  sin: "no",
  senza: "no",
  zonder: "no",
  bez: "no",
};

/**
 * One spelling of a title's word: a synonym's, and the English INN ending of a peptide name
 * spelled the German way ("Tirzepatid", "Semaglutid", "Peptid") or the Spanish way
 * ("Semaglutida"), so "Tirzepatid" is the catalogue's "Tirzepatide".
 */
export function canonicalWord(word: string): string {
  const synonym = SYNONYMS[word];
  if (synonym) return synonym;
  const inn = /^(\p{L}{4,})ida?$/u.exec(word);
  return inn ? `${inn[1]}ide` : word;
}

/** Water sold alongside ("+ Bac Water", "+ Bakteriostatisches Wasser"): an add-on. */
export const WATER_ADD_ON =
  /(?:\+|&|\bwith\b|\bmit\b|\bw\/)\s*(?:free\s+)?(?:bac(?:teriostatic)?\.?|bakteriostatisch\w*)\s*(?:water|wasser)(?:\s*\d+(?:[.,]\d+)?\s?ml)?/g;

/** A product's form by the words its title uses; a vial when none is named. */
export const FORMS: [ListingForm, RegExp][] = [
  ["capsule", /\b(?:capsules?|caps|softgels?|kapseln?|capsulas?)\b/],
  ["tablet", /\b(?:tablets?|tabs|pills?|lozenges?|troches?|tabletten?|comprimes?|compresse)\b/],
  ["spray", /\b(?:sprays?|nasal|mist|nasensprays?)\b/],
  ["pen", /\b(?:pens?|auto-?injectors?|cartridges?)\b/],
  ["other", /\b(?:oral|cream|serum|gel|lotion|topical|patch(?:es)?|drops|gummies|liquid)\b/],
];
