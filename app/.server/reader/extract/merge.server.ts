import { type Candidate, normalizeName, type StructuredMethod } from "./candidate.server";

/** On a tie, the source that names each variant's attribute wins. */
const PRIORITY: StructuredMethod[] = [
  "shopify",
  "woocommerce",
  "json-ld",
  "microdata",
  "rdfa",
  "meta",
];

/** A product-level summary (an AggregateOffer's low price) stands for variants, not for itself. */
const isProductSummary = (candidate: Candidate) =>
  candidate.summary && candidate.variantLabel === null;

const offerCount = (candidates: Candidate[]) =>
  new Set(candidates.filter((c) => !isProductSummary(c)).map((c) => normalizeName(c.name))).size +
  (candidates.some(isProductSummary) ? 0.5 : 0);

function variantLink(link: string | null): string | null {
  if (!link) return null;
  const url = new URL(link);
  if (url.search === "") return null;
  url.searchParams.sort();
  url.hash = "";
  return url.href;
}

/**
 * The base's offer for the same variant as `offer`, by the surest sign first: the variant id,
 * the variant's own SKU (a summary may carry the parent's, which variations without their own
 * inherit), the name, a link that picks the variant.
 */
function sameVariant(base: Candidate[], offer: Candidate): Candidate | undefined {
  const link = variantLink(offer.link);
  const tests: ((candidate: Candidate) => boolean)[] = [
    (c) => offer.variantId !== null && c.variantId === offer.variantId,
    (c) => offer.sku !== null && c.sku === offer.sku && !c.summary && !offer.summary,
    (c) => normalizeName(c.name) === normalizeName(offer.name),
    (c) => link !== null && variantLink(c.link) === link,
  ];
  for (const test of tests) {
    const matches = base.filter(test);
    if (matches.length === 1) return matches[0];
  }
  return undefined;
}

/** What another source adds to a variant: the currency, a missing price, the stock it alone knows. */
function enrich(target: Candidate, other: Candidate): void {
  target.currency ??= other.currency;
  if (target.price === null && !other.summary) target.price = other.price;
  if (!target.stockKnown && other.stockKnown) {
    target.soldOut = other.soldOut;
    target.stockKnown = true;
  }
}

export interface Merged {
  method: StructuredMethod;
  candidates: Candidate[];
}

/**
 * One offer per sellable variant from every structured source: the source with the most
 * variants is the base, the others' offers of the same variant are folded into it (adding what
 * it lacks), and a product-level summary (an AggregateOffer's low price) gives way to the
 * variants it summarises.
 */
export function mergeSources(
  sources: Map<StructuredMethod, Candidate[]>,
  pageTitles: string[],
): Merged | null {
  const titles = pageTitles.map(normalizeName).filter(Boolean);
  const isMainProduct = (candidate: Candidate) => {
    const name = normalizeName(candidate.productName);
    return titles.some((title) => title.includes(name) || name.includes(title));
  };
  const usable = new Map(
    [...sources].map(([method, candidates]) => {
      const offered = candidates.filter((c) => c.price !== null || c.soldOut);
      // On a product page, products whose names the page's title does not carry are the
      // related products around it, not its offers.
      const main = offered.filter(isMainProduct);
      return [method, main.length > 0 ? main : offered];
    }),
  );
  const describesMain = (method: StructuredMethod) => usable.get(method)!.some(isMainProduct);
  const ranked = PRIORITY.filter((method) => (usable.get(method)?.length ?? 0) > 0).sort(
    (a, b) =>
      Number(describesMain(b)) - Number(describesMain(a)) ||
      offerCount(usable.get(b)!) - offerCount(usable.get(a)!),
  );
  const method = ranked[0];
  if (!method) return null;
  const variantNames = new Set(
    usable
      .get(method)!
      .filter((c) => c.variantLabel !== null)
      .map((c) => normalizeName(c.productName)),
  );
  const base = usable
    .get(method)!
    .filter((c) => !(isProductSummary(c) && variantNames.has(normalizeName(c.productName))))
    .map((c) => ({ ...c }));

  for (const other of ranked.slice(1)) {
    const offers = sources.get(other)!;
    for (const offer of offers) {
      const same = sameVariant(base, offer);
      if (same) {
        enrich(same, offer);
      } else if (variantNames.has(normalizeName(offer.productName)) || base.length === 1) {
        // The product's own summary, or the single product of the page named another way.
        for (const candidate of base) {
          if (
            base.length === 1 ||
            normalizeName(candidate.productName) === normalizeName(offer.productName)
          ) {
            if (offers.length === 1) enrich(candidate, offer);
            else candidate.currency ??= offer.currency;
          }
        }
      }
    }
  }
  return { method, candidates: base };
}
