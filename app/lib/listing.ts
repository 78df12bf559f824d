/**
 * Reading a shop's listing title: which catalogue peptide it sells, the size of one vial, how
 * many vials the offer holds, and whether it is a blend or not a vial at all. Pure, so the
 * scraper, the review queue and the tests share one reading.
 *
 * Over 400 lines, kept whole: the tokeniser, the name keys, the candidate search and the
 * look-alike rules all work on the same private Token and NameKey types; split, those
 * internals would have to be exported for modules nothing else reads (the size reading,
 * which stands alone, is already in listing-size.ts).
 */

import { readPack, SIZE, UNIT_SOURCE, type ListingUnit } from "./listing-size";
import { canonicalWord, FILLER, FORMS, WATER_ADD_ON, type ListingForm } from "./listing-words";

export type { ListingForm, ListingUnit };

export interface CataloguePeptide {
  id: string;
  name: string;
  aliases?: readonly string[] | null;
}

export interface ListingMatch {
  peptideId: string | null;
  /** The amount in one vial (or capsule …), masses in mg. */
  quantity: number | null;
  unit: ListingUnit | null;
  /** Vials in the offer: 5 for "x 5 vials", "5-pack" or "10mg x 5". */
  vials: number;
  blend: boolean;
  form: ListingForm;
  /**
   * The catalogue peptide the title names with a qualifier that makes it another product
   * ("TB-500 Fragment 17-23", "Melanotan 1" against Melanotan II, "with DAC" where the
   * catalogue's entry does not say): peptideId is then null, and the listing waits for review.
   */
  lookAlikeOf: string | null;
}

interface Token {
  /** Canonical spelling: "frag" reads "fragment", "II" reads "2", "w/o" reads "no". */
  text: string;
  start: number;
  end: number;
  inBrackets: boolean;
}

/**
 * One spelling for every title: lower case, one kind of dash and multiplication sign, Greek
 * letters spelled out, purity figures ("99%+") dropped, and "w/o" / "w/" read as words so the
 * slash does not read as a blend.
 */
function normalise(text: string): string {
  return (
    text
      .normalize("NFKC")
      .toLowerCase()
      // "Sémaglutide", "Fläschchen": the same words without their accents.
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .replace(/[\u2010-\u2015\u2212]/g, "-")
      .replace(/[×✕]/g, "x")
      .replace(/α/g, " alpha ")
      .replace(/β/g, " beta ")
      .replace(/\d+(?:[.,]\d+)?\s*%\+?/g, " ")
      // Water sold alongside ("+ Bac Water") is an add-on, not a second peptide.
      .replace(WATER_ADD_ON, " ")
      .replace(/\bw\/o\b/g, " no ")
      .replace(/\bw\/(?=\s|[a-z])/g, " with ")
  );
}

function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  let depth = 0;
  let last = 0;
  for (const match of text.matchAll(/\p{L}+|\d+(?:[.,]\d+)?/gu)) {
    const start = match.index;
    for (const char of text.slice(last, start)) {
      if ("([{".includes(char)) depth += 1;
      else if (")]}".includes(char)) depth = Math.max(0, depth - 1);
    }
    last = start;
    const word = canonicalWord(match[0]);
    if (FILLER.has(word)) continue;
    tokens.push({
      text: word,
      start,
      end: start + match[0].length,
      inBrackets: depth > 0,
    });
  }
  return tokens;
}

/** "with DAC" and "no DAC" are different peptides; null when the text does not say. */
function dacState(tokens: Token[]): "with" | "no" | null {
  const index = tokens.findIndex((token) => token.text === "dac");
  if (index < 0) return null;
  return tokens[index - 1]?.text === "no" ? "no" : "with";
}

interface NameKey {
  peptideId: string;
  key: string;
  dac: "with" | "no" | null;
  /** The catalogue name itself is a blend ("BPC-157 / TB-500 Blend"). */
  blend: boolean;
  /** A shortened spelling: it loses to a full name of the same length. */
  weak: boolean;
}

const joinTokens = (tokens: Token[]) => tokens.map((token) => token.text).join("");

/** The name without its DAC qualifier: "CJC-1295 no DAC" read as plain "CJC-1295". */
function withoutDac(tokens: Token[]): Token[] {
  return tokens.filter(
    (token, index) =>
      token.text !== "dac" && !(token.text === "no" && tokens[index + 1]?.text === "dac"),
  );
}

/**
 * Every way a catalogue entry can be written: its name and aliases, and, as weak spellings,
 * each without its bracketed part or its DAC qualifier ("CJC-1295 (no DAC)" is still the one
 * CJC-1295 when a title says no more, but a tie when the catalogue also has it with DAC).
 */
function nameKeys(catalogue: readonly CataloguePeptide[]): NameKey[] {
  const keys: NameKey[] = [];
  for (const peptide of catalogue) {
    for (const name of [peptide.name, ...(peptide.aliases ?? [])]) {
      const full = normalise(name);
      const tokens = tokenise(full);
      const entry = { peptideId: peptide.id, dac: dacState(tokens), blend: hasBlendMarker(full) };
      const fullKey = joinTokens(tokens);
      const weakKeys = new Set([
        joinTokens(tokenise(full.replace(/[([{][^)\]}]*[)\]}]/g, " "))),
        joinTokens(withoutDac(tokens)),
      ]);
      if (fullKey !== "") keys.push({ ...entry, key: fullKey, weak: false });
      for (const key of weakKeys) {
        if (key !== "" && key !== fullKey) keys.push({ ...entry, key, weak: true });
      }
    }
  }
  return keys;
}

interface Candidate {
  peptideId: string;
  key: string;
  first: number;
  last: number;
  length: number;
  inBrackets: boolean;
  blend: boolean;
  weak: boolean;
}

/** Occurrences of each name in the title, aligned on whole tokens ("BPC157" = "BPC 157"). */
function findCandidates(tokens: Token[], keys: NameKey[], ignoreDac = false): Candidate[] {
  const offsets: number[] = [];
  let compact = "";
  for (const token of tokens) {
    offsets.push(compact.length);
    compact += token.text;
  }
  const startIndex = new Map(offsets.map((offset, index) => [offset, index]));
  const endIndex = new Map(
    tokens.map((token, index) => [offsets[index] + token.text.length, index]),
  );
  const titleDac = dacState(tokens);
  const candidates: Candidate[] = [];
  for (const name of keys) {
    if (!ignoreDac && name.dac !== null && titleDac !== null && name.dac !== titleDac) continue;
    for (let at = compact.indexOf(name.key); at >= 0; at = compact.indexOf(name.key, at + 1)) {
      const first = startIndex.get(at);
      const last = endIndex.get(at + name.key.length);
      if (first === undefined || last === undefined) continue;
      candidates.push({
        peptideId: name.peptideId,
        key: name.key,
        first,
        last,
        length: name.key.length,
        inBrackets: tokens.slice(first, last + 1).every((token) => token.inBrackets),
        blend: name.blend,
        weak: name.weak,
      });
    }
  }
  return candidates;
}

interface Identification {
  peptideIds: string[];
  ambiguous: boolean;
  catalogueBlend: boolean;
  spans: Candidate[];
}

/**
 * The longest name wins where names overlap ("IGF-1 LR3" over "IGF-1"), a full name over a
 * shortened one of the same length; two different peptides fitting the same words equally
 * well are a tie. Bracketed names only count when nothing
 * outside brackets matched: "TB-500 (Thymosin Beta-4)" names one peptide twice.
 */
function identify(candidates: Candidate[]): Identification {
  const outside = candidates.filter((candidate) => !candidate.inBrackets);
  const pool = (outside.length > 0 ? outside : candidates).sort(
    (a, b) => b.length - a.length || Number(a.weak) - Number(b.weak),
  );
  const picked: (Candidate & { tied: boolean })[] = [];
  for (const candidate of pool) {
    const overlapping = picked.filter(
      (other) => candidate.first <= other.last && other.first <= candidate.last,
    );
    if (overlapping.length === 0) {
      picked.push({ ...candidate, tied: false });
      continue;
    }
    for (const other of overlapping) {
      if (
        other.length === candidate.length &&
        other.weak === candidate.weak &&
        other.peptideId !== candidate.peptideId
      )
        other.tied = true;
    }
  }
  return {
    peptideIds: [...new Set(picked.map((candidate) => candidate.peptideId))],
    ambiguous: picked.some((candidate) => candidate.tied),
    catalogueBlend: picked.some((candidate) => candidate.blend),
    spans: candidates,
  };
}

/**
 * "+", "/", "&", "blend", "stack" or "combo" outside the catalogue names. A "+" stuck to the
 * end of a word and followed by a space is part of the name (NAD+); "mg/ml", "/vial" and
 * "5mg/10mg" or "1/2" are not blends either.
 */
function hasBlendMarker(text: string): boolean {
  if (/\b(?:blend|stack|combo)s?\b/.test(text)) return true;
  // Signs inside brackets explain ("GLP-1/GIP agonist"); they do not combine peptides.
  const outside = text.replace(/[([{][^)\]}]*[)\]}]/g, " ");
  if (/&/.test(outside)) return true;
  if (/(?:^|[^\s+])\+(?=[\p{L}\d(#])|\s\+(?=\s*[\p{L}\d(#])/u.test(outside)) return true;
  const slashes = outside
    // A slash after a size is a concentration or a list of sizes ("10mg/ml", "5mg/10mg").
    .replace(/\d\s?(?:mcg|µg|μg|ug|mg|iu|ml|g)\s*\//g, " ")
    .replace(/\/\s*(?:vial|kit|box|pack|bottle|each|unit|pcs?|piece)s?\b/g, " ")
    .replace(/\d\s*\/\s*\d/g, " ");
  return /[\p{L}\d)#]\s*\/\s*[\p{L}\d(#]/u.test(slashes);
}

function readForm(text: string): ListingForm {
  return FORMS.find(([, pattern]) => pattern.test(text))?.[0] ?? "vial";
}

/**
 * Blanks out the characters of the matched names, so their digits and signs are not read. The
 * mask is not a space: "NAD+ 5mg" must keep its "+" stuck to a word.
 */
const NAME_MASK = "#";

function maskNames(text: string, tokens: Token[], spans: Candidate[]): string {
  let masked = text;
  for (const span of spans) {
    const start = tokens[span.first].start;
    const end = tokens[span.last].end;
    masked = masked.slice(0, start) + NAME_MASK.repeat(end - start) + masked.slice(end);
  }
  return masked;
}

/**
 * Words that turn a peptide into another product: "TB-500 Fragment" is not TB-500, "PEG-MGF"
 * not MGF, "IGF-1 DES" or "LR3" not IGF-1, "Mod GRF" not GRF. They count where the catalogue
 * name (or an alias) that matched does not itself contain them.
 */
const QUALIFIERS = new Set([
  "fragment",
  "dac",
  "des",
  "lr",
  "peg",
  "pegylated",
  "mod",
  "modified",
  "analog",
  "analogue",
]);

// A number after a name that is a size or a count, not part of the name ("BPC-157 5 mg").
const SIZE_OR_COUNT_AFTER = new RegExp(
  String.raw`^(?:[.,]\d+)?\s?(?:${UNIT_SOURCE.slice(1, -1)}|[x*]|vials?|pcs|pieces|packs?|%)(?![a-z])`,
);

/** The number right after the tokens first..last when it is not a size: "Melanotan 1 10mg". */
function numberAfter(text: string, tokens: Token[], last: number): string | null {
  const next = tokens[last + 1];
  if (!next || !/^\d+$/.test(next.text)) return null;
  if (!/^[\s-]*$/.test(text.slice(tokens[last].end, next.start))) return null;
  const after = text.slice(next.end);
  // A range ("Fragment 17-23") names residues of the same product, not another number.
  return SIZE_OR_COUNT_AFTER.test(after) || /^\s*-\s*\d/.test(after) ? null : next.text;
}

/**
 * The look-alike of one identified peptide: a qualifier word outside every catalogue name of
 * it that matched, a DAC state its name does not state (unless another entry is the one with
 * the other state, so this one is the plain one), or a number after a name that has none.
 */
function qualifiedLookAlike(
  text: string,
  tokens: Token[],
  keys: NameKey[],
  found: Identification,
): boolean {
  const peptideId = found.peptideIds[0];
  const own = found.spans.filter((span) => span.peptideId === peptideId);
  const covered = new Set(
    own.flatMap((span) =>
      Array.from({ length: span.last - span.first + 1 }, (_, i) => span.first + i),
    ),
  );
  const titleDac = dacState(tokens);
  const longest = own.reduce((best, span) => (span.length > best.length ? span : best));
  const ownDac = keys.find((key) => key.peptideId === peptideId && key.key === longest.key)?.dac;
  const otherHasDacState = keys.some(
    (key) =>
      key.peptideId !== peptideId &&
      key.dac !== null &&
      key.dac !== titleDac &&
      key.key === longest.key,
  );
  return (
    tokens.some((token, index) => {
      if (covered.has(index) || !QUALIFIERS.has(token.text)) return false;
      if (token.text === "dac") return !ownDac && !otherHasDacState;
      return true;
    }) ||
    (numberAfter(text, tokens, longest.last) !== null && !/\d$/.test(longest.key))
  );
}

/**
 * A title naming no catalogue peptide as written, but one of them with another number
 * ("Melanotan 1" where the catalogue has only Melanotan II) or the other DAC state.
 */
function nearMiss(text: string, tokens: Token[], keys: NameKey[]): string | null {
  const withOtherDac = identify(findCandidates(tokens, keys, true));
  if (withOtherDac.peptideIds.length === 1 && !withOtherDac.ambiguous)
    return withOtherDac.peptideIds[0];
  const numbered = keys.flatMap((key) => {
    const base = /^(.*\D)\d+$/.exec(key.key)?.[1];
    return base ? [{ ...key, key: base }] : [];
  });
  const peptideIds = new Set(
    findCandidates(tokens, numbered, true)
      .filter((span) => numberAfter(text, tokens, span.last) !== null)
      .map((span) => span.peptideId),
  );
  return peptideIds.size === 1 ? [...peptideIds][0] : null;
}

export function matchListing(name: string, catalogue: readonly CataloguePeptide[]): ListingMatch {
  const text = normalise(name);
  const tokens = tokenise(text);
  const keys = nameKeys(catalogue);
  const found = identify(findCandidates(tokens, keys));
  const rest = maskNames(text, tokens, found.spans);
  const blend = found.peptideIds.length > 1 || found.catalogueBlend || hasBlendMarker(rest);
  const single =
    found.peptideIds.length === 1 && !found.ambiguous && (!blend || found.catalogueBlend);
  const form = readForm(rest);
  const pack = readPack(rest, blend);
  const lookAlikeOf = blend
    ? null
    : single
      ? qualifiedLookAlike(text, tokens, keys, found)
        ? found.peptideIds[0]
        : null
      : found.peptideIds.length === 0
        ? nearMiss(text, tokens, keys)
        : null;
  return {
    peptideId: single && !lookAlikeOf ? found.peptideIds[0] : null,
    quantity: pack.quantity,
    unit: pack.unit,
    // "500mcg x 60" capsules counts capsules, not vials.
    vials: form === "capsule" || form === "tablet" ? 1 : pack.vials,
    blend,
    form,
    lookAlikeOf,
  };
}

/**
 * The peptide part of a listing title, to keep as an alias: "Epithalon 10mg - 99% purity"
 * gives "Epithalon". Sizes, counts, bracketed notes, forms and filler are left out.
 */
export function listingNameAlias(name: string): string {
  return name
    .normalize("NFKC")
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/[([{][^)\]}]*[)\]}]/g, " ")
    .replace(/\d+(?:[.,]\d+)?\s*%\+?/g, " ")
    .replace(new RegExp(SIZE.source, "gi"), " ")
    .replace(/\/\s*(?:ml|vials?)\b/gi, " ")
    .replace(
      /(?<![\p{L}\d-])\d+\s*-?\s*(?:vials?|packs?|pcs|pieces|bottles?|stück|stk\.?)(?!\p{L})|(?<![\p{L}\d-])\d+\s*[x*×](?=\s|$)|(?<!\S)[x*×]\s*\d+\b/giu,
      " ",
    )
    .replace(
      /(?<!\p{L})(?:peptides?|vials?|lyophili[sz]ed|powder|acetate|purity|research|grade|kits?|packs?|capsules?|caps|tablets?|nasal|spray|pens?|ct|count|fläschchen|durchstechflaschen?|ampullen?|stück|stk\.?|pulver|flacons?|viales|fiale?|flesjes?|fiolk[ai])(?!\p{L})/giu,
      " ",
    )
    .replace(/(^|\s)[-,:|/+]+(?=\s|$)/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
