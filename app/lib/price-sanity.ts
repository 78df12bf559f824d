/**
 * Is a price plausible? One rule for every price, scraped or typed by an admin (issue 17 Must 8):
 * a price of 0 or less never is; one far from what the other vendors charge per mg (per IU or
 * ml for those sizes) is suspicious: the scraper sends it to review, the admin must confirm it.
 */
import { toMilligrams } from "./units";

/** A price per mg more than this factor away from the other vendors' median is suspicious. */
export const SUSPICIOUS_FACTOR = 3;

export interface MarketSize {
  id: string;
  peptideId: string;
  quantity: number;
  unit: string;
}

export interface MarketOffer {
  peptideId: string;
  sizeOptionId: string;
  vendorId: string;
  vials: number;
  price: number;
  currency: string;
  missedScrapes: number;
}

/** What a price is compared with: the catalogue's sizes and the vendors' current offers. */
export interface Market {
  sizes: MarketSize[];
  offers: MarketOffer[];
  /** Offers with this many missed runs in a row are stale and not compared with. */
  staleAfterMissedRuns: number;
}

export interface CheckedOffer {
  sizeOptionId: string;
  vendorId: string;
  vials: number;
  price: number;
  currency: string;
}

export type PriceSanity =
  | { verdict: "ok" }
  | { verdict: "not_positive" }
  | {
      verdict: "outlier";
      /** This offer's price per unit and the other vendors' median, in `currency` per `unit`. */
      perUnit: number;
      typicalPerUnit: number;
      unit: string;
    };

/** An amount comparable across sizes: milligrams, or the size's own unit for IU and ml. */
export function amountOf(quantity: number, unit: string): { amount: number; unit: string } | null {
  const mg = toMilligrams(quantity, unit);
  if (mg !== null) return mg > 0 ? { amount: mg, unit: "mg" } : null;
  return quantity > 0 && (unit === "IU" || unit === "ml") ? { amount: quantity, unit } : null;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The rule. Far from the others means a likely misread price or a wrong match: compared per
 * vial and per mg over the peptide's sizes, only against other vendors' fresh offers in the same
 * currency; with none to compare, only "0 or less" is refused.
 */
export function priceSanityOf(market: Market, offer: CheckedOffer): PriceSanity {
  if (!(offer.price > 0)) return { verdict: "not_positive" };
  const sizeById = new Map(market.sizes.map((size) => [size.id, size]));
  const size = sizeById.get(offer.sizeOptionId);
  const amount = size && amountOf(size.quantity, size.unit);
  if (!size || !amount) return { verdict: "ok" };
  const others = market.offers.flatMap((other) => {
    const otherSize = sizeById.get(other.sizeOptionId);
    const otherAmount = otherSize && amountOf(otherSize.quantity, otherSize.unit);
    const comparable =
      other.vendorId !== offer.vendorId &&
      other.peptideId === size.peptideId &&
      other.currency === offer.currency &&
      other.missedScrapes < market.staleAfterMissedRuns &&
      other.price > 0 &&
      otherAmount?.unit === amount.unit;
    return comparable ? [other.price / other.vials / otherAmount.amount] : [];
  });
  const typical = median(others);
  if (typical === null || typical <= 0) return { verdict: "ok" };
  const perUnit = offer.price / offer.vials / amount.amount;
  const ratio = perUnit / typical;
  return ratio > SUSPICIOUS_FACTOR || ratio < 1 / SUSPICIOUS_FACTOR
    ? { verdict: "outlier", perUnit, typicalPerUnit: typical, unit: amount.unit }
    : { verdict: "ok" };
}

const perUnitText = (value: number, currency: string, unit: string) =>
  `${value.toLocaleString("en-US", { maximumFractionDigits: value < 1 ? 4 : 2 })} ${currency}/${unit}`;

/** What the admin is asked before a suspicious price is saved. */
export function outlierQuestion(
  sanity: Extract<PriceSanity, { verdict: "outlier" }>,
  currency: string,
): string {
  return `This price is far from what the other vendors charge: ${perUnitText(sanity.perUnit, currency, sanity.unit)} against a typical ${perUnitText(sanity.typicalPerUnit, currency, sanity.unit)}. Save it anyway?`;
}

export const PRICE_NOT_POSITIVE = "Price must be greater than 0";
export const OUTLIER_TITLE = "Unusual price";
