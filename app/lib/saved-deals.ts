/**
 * A saved deal as the Saved Deals page shows it (components/deals): a watchlist card priced by
 * the one offer view (priceOffer through priceRow), so its delivered total and per mg are the
 * offer table's to the cent (issue 30).
 */
import { formatPrice } from "~/lib/format";
import type { LabWarning } from "~/lib/lab-tests";
import { compareMoney, roundMoney } from "~/lib/money";
import { SHIPPING_NOT_STATED } from "~/lib/offer-view";
import { type FailedLabChoice, type OfferPricing } from "~/lib/pricing";
import { bestOffer, landedRank } from "~/lib/ranking";

/** Another vendor's offer of the same size that is lower now: "cheaper elsewhere now: X at $Y". */
export interface CheaperElsewhere {
  vendorName: string;
  /** Its delivered total (its price after coupon when its shipping is not stated). */
  amount: number;
  currency: string;
  shippingStated: boolean;
}

export interface SavedDealRow {
  id: string;
  vendorPeptideId: string | null;
  /** The saved offer's size (what a back-in-stock alert watches); null once the price is gone. */
  sizeOptionId: string | null;
  peptideName: string;
  peptideSlug: string | null;
  vendorName: string;
  /** The vendor page's slug; null once the offer is gone. */
  vendorSlug: string | null;
  /** The vendor's id (its Buy link's rel and "Affiliate link"); null once the offer is gone. */
  vendorId: string | null;
  quantity: number | null;
  unit: string | null;
  purity: string | null;
  currency: string;
  /** The price after coupon when saved, in the offer's currency. */
  priceAtSave: number;
  /** The delivered total when saved, in `totalCurrencyAtSave`; null when it was not known. */
  totalAtSave: number | null;
  totalCurrencyAtSave: string | null;
  /** The coupon code the price was saved with; null when the vendor had none then. */
  couponCode: string | null;
  /** The live offer as every screen prices it; null once the price is gone. */
  now: (OfferPricing & { vials: number; labWarning: LabWarning | null }) | null;
  /** What changed since saved (negative: cheaper); null once the price is gone. */
  changeSinceSaved: SavedChange | null;
  /** The offer's last 30 days of prices, for the card's sparkline; null without history. */
  history: DealHistory | null;
  cheaperElsewhere: CheaperElsewhere | null;
  /** When the live price was last confirmed (the "as of" beside it); null once the price is gone. */
  priceCheckedAt: Date | null;
  url: string | null;
  tags: string[];
  notes: string | null;
  alertEnabled: boolean;
  createdAt: Date;
}

/**
 * The change since saved (issue 30 Must 5): on the delivered total, like for like in the
 * currency it was saved in (`delivered` true). A deal saved without a known delivered total
 * (shipping not stated then, or saved before totals were kept), or whose shipping is not stated
 * now, falls back to the price after coupon in the offer's currency, and says so.
 */
export interface SavedChange {
  amount: number;
  currency: string;
  delivered: boolean;
}

export function changeSinceSaved(
  saved: Pick<SavedDealRow, "priceAtSave" | "currency" | "totalAtSave" | "totalCurrencyAtSave">,
  now: Pick<OfferPricing, "priceAfterCoupon"> | null,
  /** The delivered total now in `saved.totalCurrencyAtSave`; null when not known. */
  totalNow: number | null,
): SavedChange | null {
  if (now === null) return null;
  if (saved.totalAtSave !== null && saved.totalCurrencyAtSave !== null && totalNow !== null) {
    const currency = saved.totalCurrencyAtSave;
    return {
      amount: roundMoney(totalNow - saved.totalAtSave, currency),
      currency,
      delivered: true,
    };
  }
  return {
    amount: roundMoney(now.priceAfterCoupon - saved.priceAtSave, saved.currency),
    currency: saved.currency,
    delivered: false,
  };
}

/** A saved offer's recent prices (after today's coupon, display currency), oldest first. */
export interface DealHistory {
  currency: string;
  days: number;
  points: { t: number; price: number }[];
}

/** How many days of history a saved deal's card draws. */
export const DEAL_HISTORY_DAYS = 30;

/**
 * The sparkline's accessible words: "lowest $X, highest $Y over 30 days", or "one price so far:
 * $X" when only one was recorded (a single dot has no range to speak of).
 */
export function dealHistoryText(history: DealHistory): string {
  const prices = history.points.map((point) => point.price);
  if (prices.length === 1) return `one price so far: ${formatPrice(prices[0], history.currency)}`;
  const lowest = formatPrice(Math.min(...prices), history.currency);
  const highest = formatPrice(Math.max(...prices), history.currency);
  return `lowest ${lowest}, highest ${highest} over ${history.days} days`;
}

/**
 * The sparkline's polyline points in a width × height box: time across (from `from` to `to`),
 * price up (lowest at the bottom); a flat history is a line through the middle, each price
 * held until the next (steps), as prices are.
 */
export function sparklinePoints(
  history: DealHistory,
  box: { width: number; height: number; from: number; to: number },
): string {
  const { points } = history;
  if (points.length === 0) return "";
  const prices = points.map((point) => point.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const span = Math.max(1, box.to - box.from);
  const x = (t: number) =>
    ((Math.min(Math.max(t, box.from), box.to) - box.from) / span) * box.width;
  const y = (price: number) =>
    high === low ? box.height / 2 : box.height - ((price - low) / (high - low)) * box.height;
  const round = (value: number) => Math.round(value * 10) / 10;
  const coordinates: string[] = [];
  points.forEach((point, index) => {
    if (index > 0) coordinates.push(`${round(x(point.t))},${round(y(points[index - 1]!.price))}`);
    coordinates.push(`${round(x(point.t))},${round(y(point.price))}`);
  });
  coordinates.push(`${round(box.width)},${round(y(points.at(-1)!.price))}`);
  return coordinates.join(" ");
}

type RankedOffer = Pick<OfferPricing, "buyable" | "shipsToDestination" | "display"> & {
  /** A failed lab test of its size: never named as cheaper (Best Price's rule). */
  labWarning: object | null;
  vendorId: string;
  vendorName: string;
  vials: number;
};

/**
 * The offer a saved deal's card names as "cheaper elsewhere now": the Best Price of the other
 * vendors' offers of the same size and pack, when its landed rank (the delivered total, as
 * Best Price compares it) is below the saved offer's by at least a cent. A saved offer one
 * cannot buy or rank (no rate, not shipped to the destination) yields to any buyable one.
 */
export function findCheaperElsewhere(
  saved: Omit<RankedOffer, "vendorName">,
  sameSize: readonly RankedOffer[],
  choice: FailedLabChoice,
): CheaperElsewhere | null {
  const other = bestOffer(
    sameSize.filter((offer) => offer.vendorId !== saved.vendorId && offer.vials === saved.vials),
    choice,
  );
  const otherRank = other ? landedRank(other) : null;
  if (!other?.display || otherRank === null) return null;
  const savedRank = saved.buyable ? landedRank(saved) : null;
  if (savedRank !== null) {
    const order = compareMoney(otherRank.amount, savedRank.amount, other.display.currency);
    const lower =
      order < 0 ||
      // A known total never loses to an unknown one of the same amount.
      (order === 0 && otherRank.known && !savedRank.known);
    if (!lower) return null;
  }
  return {
    vendorName: other.vendorName,
    amount: other.display.total ?? other.display.priceAfterCoupon,
    currency: other.display.currency,
    shippingStated: other.display.total !== null,
  };
}

/** The card's words (issue 30): "cheaper elsewhere now: X at $Y". */
export function cheaperElsewhereText(cheaper: CheaperElsewhere): string {
  const amount = formatPrice(cheaper.amount, cheaper.currency);
  return `cheaper elsewhere now: ${cheaper.vendorName} at ${amount}${cheaper.shippingStated ? "" : ` ${SHIPPING_NOT_STATED}`}`;
}
