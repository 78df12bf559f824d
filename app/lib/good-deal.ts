/** Good Deal against the market (issue 18): which offers of a size earn the badge, and why. */
import { GOOD_DEAL_MARKET_MARGIN, GOOD_DEAL_MIN_MARKET } from "~/lib/constants";
import { quantile } from "~/lib/market-index";
import { compareMoney } from "~/lib/money";
import { type FailedLabChoice } from "~/lib/pricing";
import { groupBy, mayRank } from "~/lib/ranking";

/**
 * Why an offer is a Good Deal (issue 18): its landed price per mg is at least 10% below the
 * median of the other vendors' offers of its size ("below-market"), or it is at its own 90-day
 * low and at or below that median ("own-low").
 */
export type GoodDealReason = "below-market" | "own-low";

export type GoodDealCandidate = {
  id: string;
  vendorId: string;
  buyable: boolean;
  shipsToDestination: boolean | null;
  /** The offer's price before coupon, as its price history records it. */
  price: number;
  /** The lowest price of its history over the last 90 days; null without history. */
  lowestPrice90Days: number | null;
  display: { totalPerMg: number | null } | null;
  /** A failed lab test of its size (~/lib/lab-tests): no Good Deal unless the buyer includes it. */
  labWarning: object | null;
};

/** The landed price per mg of an offer that competes in its market: buyable, shipped, known. */
function marketPerMg(offer: GoodDealCandidate): number | null {
  if (!offer.buyable || offer.shipsToDestination === false) return null;
  return offer.display?.totalPerMg ?? null;
}

/**
 * The Good Deals of one size's offers, with the reason each badge's tooltip gives. An offer
 * needs a known landed price per mg and at least three offers of other vendors to compare
 * with; the dearest offer of the size is never one, nor (Best Price's rule, mayRank) one whose
 * lab test failed unless the buyer includes those. A failed offer's price still counts in the
 * market the others are weighed against: it is what that vendor asks.
 */
export function goodDeals<T extends GoodDealCandidate>(
  offers: T[],
  choice: FailedLabChoice,
): Map<string, GoodDealReason> {
  const deals = new Map<string, GoodDealReason>();
  const competing = offers.filter((offer) => marketPerMg(offer) !== null);
  if (competing.length === 0) return deals;
  const dearestCents = Math.max(...competing.map((o) => Math.round(marketPerMg(o)! * 100)));
  for (const offer of competing) {
    if (!mayRank(offer, choice)) continue;
    const perMg = marketPerMg(offer)!;
    const others = competing
      .filter((other) => other.vendorId !== offer.vendorId)
      .map((other) => marketPerMg(other)!);
    if (others.length < GOOD_DEAL_MIN_MARKET) continue;
    // Cents, so that 9.00 against a median of 10.00 is not lost to floating-point noise.
    const cents = Math.round(perMg * 100);
    if (cents >= dearestCents) continue;
    const marketCents = Math.round(
      quantile(
        [...others].sort((x, y) => x - y),
        0.5,
      ) * 100,
    );
    if (cents <= Math.round(marketCents * (1 - GOOD_DEAL_MARKET_MARGIN))) {
      deals.set(offer.id, "below-market");
    } else if (
      cents <= marketCents &&
      offer.lowestPrice90Days !== null &&
      // The candidate carries no currency: compared to the cent, as the per-mg amounts above.
      compareMoney(offer.price, offer.lowestPrice90Days, "USD") <= 0
    ) {
      deals.set(offer.id, "own-low");
    }
  }
  return deals;
}

/** The Good Deals of offers of several sizes: each offer is weighed against its own size. */
export function goodDealsBySize<T extends GoodDealCandidate>(
  offers: T[],
  groupOf: (offer: T) => string,
  choice: FailedLabChoice,
): Map<string, GoodDealReason> {
  const deals = new Map<string, GoodDealReason>();
  for (const group of groupBy(offers, groupOf)) {
    for (const [id, reason] of goodDeals(group, choice)) deals.set(id, reason);
  }
  return deals;
}

/** The Good Deal badge's tooltip. */
export const GOOD_DEAL_TOOLTIP: Record<GoodDealReason, string> = {
  "below-market": "Landed price per mg at least 10% below the median of other vendors' offers",
  "own-low": "At its lowest price in 90 days and at or below other vendors' median per mg",
};
