/**
 * Offers ranked against each other by landed total (issues 18 and 30): the order of every offer
 * table, who may be ranked at all (`mayRank`), Best Price per size, and the buyable-vendor
 * count. Each offer's own figures come from pricing.ts (`priceOffer`); every screen ranks
 * through here, so home, detail, compare, search, saved deals and the API agree.
 */
import { lowestPrice, type FailedLabChoice } from "./pricing";

type Rankable = {
  buyable: boolean;
  shipsToDestination: boolean | null;
  display: { perVial: number; totalPerVial: number | null } | null;
  /** A failed lab test of this vendor, peptide and size (~/lib/lab-tests offerLabState). */
  labWarning: object | null;
};

/**
 * What an offer is ranked by (issue 18): its landed total per vial when shipping is known,
 * else its price per vial with `known: false`, so it comes after known totals of the same
 * amount. Null for an offer that cannot be ranked: no exchange rate, or the vendor does not
 * ship to the destination.
 */
export function landedRank(
  offer: Pick<Rankable, "shipsToDestination" | "display">,
): { amount: number; known: boolean } | null {
  if (offer.display === null || offer.shipsToDestination === false) return null;
  const { totalPerVial, perVial } = offer.display;
  return totalPerVial === null
    ? { amount: perVial, known: false }
    : { amount: totalPerVial, known: true };
}

/**
 * Orders offers by landed total: known totals by amount, an unknown-shipping offer after the
 * known totals of the same amount; offers that cannot be ranked last. For sorting tables.
 */
export function compareLanded(
  a: Pick<Rankable, "shipsToDestination" | "display">,
  b: Pick<Rankable, "shipsToDestination" | "display">,
): number {
  const ra = landedRank(a);
  const rb = landedRank(b);
  if (ra === null || rb === null) return ra === rb ? 0 : ra === null ? 1 : -1;
  const byCents = Math.round(ra.amount * 100) - Math.round(rb.amount * 100);
  if (byCents !== 0) return byCents;
  return Number(!ra.known) - Number(!rb.known);
}

/**
 * Whether an offer may be ranked (Best Price, Good Deal, the stack's split): buyable, and
 * without a failed lab test of its size unless the buyer includes those (FailedLabChoice).
 * The one rule every ranking screen applies, each with the visitor's pricing context.
 */
export function mayRank(
  offer: Pick<Rankable, "buyable" | "labWarning">,
  choice: FailedLabChoice,
): boolean {
  return offer.buyable && (offer.labWarning === null || choice.includeFailedLabOffers === true);
}

/**
 * The offer to mark Best Price: among buyable offers the vendor ships to the destination, the
 * lowest known landed total per vial; an offer whose shipping is not stated only when no offer
 * has a known total (then by price per vial). Never one without an exchange rate, one the
 * vendor does not ship to the destination, or — unless the buyer includes them (`choice`, the
 * pricing context) — one whose lab test of its size failed (issue 30): every screen's Best
 * Price comes from here, so home, detail, compare, search, saved deals and the API agree.
 */
export function bestOffer<T extends Rankable>(offers: T[], choice: FailedLabChoice): T | undefined {
  const ranked = offers.filter((offer) => mayRank(offer, choice) && landedRank(offer) !== null);
  const known = ranked.filter((offer) => landedRank(offer)!.known);
  return lowestPrice(known.length > 0 ? known : ranked, (offer) => landedRank(offer)!.amount);
}

/** Offers grouped by a key (a size), each group in the offers' order. */
export function groupBy<T>(offers: T[], groupOf: (offer: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const offer of offers) {
    const key = groupOf(offer);
    const group = groups.get(key);
    if (group) group.push(offer);
    else groups.set(key, [offer]);
  }
  return [...groups.values()];
}

/** The Best Price of each group (size): an offer only competes with offers of its own size. */
export function bestOfferIds<T extends Rankable & { id: string }>(
  offers: T[],
  groupOf: (offer: T) => string,
  choice: FailedLabChoice,
): Set<string> {
  const ids = new Set<string>();
  for (const group of groupBy(offers, groupOf)) {
    const best = bestOffer(group, choice);
    if (best) ids.add(best.id);
  }
  return ids;
}

/**
 * "N vendors" wherever offers are summed up (issue 30: the home card and search said 4 and 7 of
 * the same peptide): the distinct vendors with a buyable offer among these.
 */
export function countBuyableVendors(
  offers: readonly { vendorId: string; buyable: boolean }[],
): number {
  return new Set(offers.filter((offer) => offer.buyable).map((offer) => offer.vendorId)).size;
}

/** Buyable offers first, the rest (out of stock, stale) after them; each part keeps its order. */
export function buyableFirst<T extends { buyable: boolean }>(offers: T[]): T[] {
  return [...offers.filter((o) => o.buyable), ...offers.filter((o) => !o.buyable)];
}
