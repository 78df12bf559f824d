/**
 * The market price index of one peptide size, priced the way the pages price an offer: each
 * day's price (the last one recorded) goes through `priceRow` with the coupon as it stood that
 * day, shipping for the destination and today's exchange rates (past rates are not kept); an
 * offer counts on a day only when it was in stock, fresh (~/lib/freshness: from the day its last
 * confirmation is older than the window it is left out) and its landed total is known.
 */
import {
  computeMarketIndex,
  indexDays,
  marketIndexCsvPath,
  marketIndexDaysFor,
  utcDay,
  type MarketIndexPoint,
} from "~/lib/market-index";
import type { HistoryRange } from "~/lib/price-history";
import type { PricingContext } from "~/lib/pricing";
import { toMilligrams } from "~/lib/units";

import type { Database } from "../db/client";
import { priceRow } from "../data/listings/offer-rows.server";
import {
  listMarketIndexOffers,
  listSizeHistorySince,
  type HistoryObservation,
  type MarketIndexOffer,
} from "../data/market-index.server";

const DAY_MS = 86_400_000;

export interface MarketIndex {
  /** The size's label ("10mg"); null when the peptide has no offers at all. */
  size: string | null;
  points: MarketIndexPoint[];
  /** The offers today's point counts (none when no offer could be bought today). */
  todayOfferIds: string[];
}

/** A size label as a visitor may type it: "10 MG" finds "10mg". */
function normalizeSizeLabel(label: string): string {
  return label.replace(/\s+/g, "").toLowerCase();
}

/** The requested size's offers, or those of the size most vendors sell (the smaller on a tie). */
function offersOfSize(
  offers: MarketIndexOffer[],
  requested: string | undefined,
): MarketIndexOffer[] | null {
  const bySize = new Map<string, MarketIndexOffer[]>();
  for (const offer of offers)
    bySize.set(offer.sizeId, [...(bySize.get(offer.sizeId) ?? []), offer]);
  const sizes = [...bySize.values()];
  if (requested !== undefined) {
    const wanted = normalizeSizeLabel(requested);
    return sizes.find((size) => normalizeSizeLabel(size[0].sizeLabel) === wanted) ?? null;
  }
  return sizes.reduce<MarketIndexOffer[] | null>(
    (most, size) => (most === null || size.length > most.length ? size : most),
    null,
  );
}

function landedPerMg(
  offer: MarketIndexOffer,
  price: number,
  inStock: boolean,
  missedScrapes: number,
  pricing: PricingContext,
): number | null {
  const mgPerVial = toMilligrams(offer.quantity, offer.unit);
  const priced = priceRow(
    {
      ...offer,
      price,
      stockStatus: inStock ? "in_stock" : "out_of_stock",
      missedScrapes,
    },
    pricing,
  );
  const total = priced?.display?.total ?? null;
  if (!priced?.buyable || total === null || mgPerVial === null || mgPerVial <= 0) return null;
  return total / (mgPerVial * priced.vials);
}

export type MarketIndexResult =
  { ok: true; index: MarketIndex } | { ok: false; reason: "unknown_size" | "no_milligrams" };

/** Three queries: the peptide's offers, then the chosen size's history over the window. */
export async function getMarketIndex(
  db: Database,
  peptideId: string,
  { size, days }: { size?: string; days: number },
  pricing: PricingContext,
): Promise<MarketIndexResult> {
  const offers = offersOfSize(await listMarketIndexOffers(db, peptideId), size);
  if (offers === null) {
    return size === undefined
      ? { ok: true, index: { size: null, points: [], todayOfferIds: [] } }
      : { ok: false, reason: "unknown_size" };
  }
  const first = offers[0];
  if (toMilligrams(first.quantity, first.unit) === null)
    return { ok: false, reason: "no_milligrams" };

  const window = indexDays(pricing.now, days);
  const history = await listSizeHistorySince(db, first.sizeId, new Date(`${window[0]}T00:00:00Z`));
  const offerById = new Map(offers.map((offer) => [offer.id, offer]));
  const observations = new Map<string, (HistoryObservation & { day: string })[]>();
  for (const row of history) {
    if (!offerById.has(row.vendorPeptideId)) continue;
    const list = observations.get(row.vendorPeptideId) ?? [];
    list.push({ ...row, day: utcDay(row.observedAt) });
    observations.set(row.vendorPeptideId, list);
  }
  const today = window[window.length - 1];
  const todayOfferIds: string[] = [];
  const points = computeMarketIndex([...observations.values()], window, (row, day) => {
    const offer = offerById.get(row.vendorPeptideId)!;
    // Missed runs are known only as they stand now, so they count on today's point alone.
    const value = landedPerMg(
      offer,
      row.price,
      row.inStock,
      day === today ? (offer.missedScrapes ?? 0) : 0,
      {
        ...pricing,
        // A coupon counts on the days it works, and freshness as it stood, judged at the day's
        // last moment (today: now).
        now: new Date(Math.min(Date.parse(`${day}T00:00:00Z`) + DAY_MS - 1, pricing.now.getTime())),
      },
    );
    if (day === today && value !== null) todayOfferIds.push(row.vendorPeptideId);
    return value;
  });
  return { ok: true, index: { size: first.sizeLabel, points, todayOfferIds } };
}

/** What the detail page's market chart shows: one size's index over the history's range. */
export interface MarketChart {
  /** The size's label; null when the peptide has no sizes. */
  size: string | null;
  days: number;
  points: MarketIndexPoint[];
  /** The size is counted in units without a milligram equivalent (IU), so has no price per mg. */
  noMilligrams: boolean;
  /** The API's CSV of the same index; null when the API has none (no offers, no mg). */
  csvPath: string | null;
  /**
   * Today's point, when there is one, and the offers it counts: its tooltip lists their price
   * per verified mg from the page's own offers. Past days have none, as lab tests and prices
   * are known only as they stand now.
   */
  today: { date: string; offerIds: string[] } | null;
}

/** The market chart of the size the history chart shows, priced for the visitor. */
export async function getMarketChart(
  db: Database,
  peptide: { id: string; slug: string },
  size: string | null,
  range: HistoryRange,
  pricing: PricingContext,
): Promise<MarketChart> {
  const days = marketIndexDaysFor(range);
  if (size === null)
    return { size, days, points: [], noMilligrams: false, csvPath: null, today: null };
  const result = await getMarketIndex(db, peptide.id, { size, days }, pricing);
  const todayDate = utcDay(pricing.now);
  return {
    size,
    days,
    points: result.ok ? result.index.points : [],
    noMilligrams: !result.ok && result.reason === "no_milligrams",
    csvPath: result.ok
      ? marketIndexCsvPath(peptide.slug, {
          size,
          days,
          currency: pricing.displayCurrency,
          shipTo: pricing.shipTo,
        })
      : null,
    today:
      result.ok && result.index.points.at(-1)?.date === todayDate
        ? { date: todayDate, offerIds: result.index.todayOfferIds }
        : null,
  };
}
