/** URL slugs for peptides, categories and vendors. */

const MAX_LENGTH = 80;

// Letters that Unicode decomposition leaves whole; Greek ones occur in peptide names (α-MSH).
const TRANSLITERATIONS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  ø: "o",
  œ: "oe",
  đ: "d",
  ł: "l",
  þ: "th",
  α: "alpha",
  β: "beta",
  γ: "gamma",
  δ: "delta",
  ω: "omega",
};

export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæøœđłþαβγδω]/g, (letter) => TRANSLITERATIONS[letter] ?? letter)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_LENGTH)
    .replace(/-+$/, "");
}
