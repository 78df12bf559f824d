import { CURRENCY_CODE_PATTERN, type CurrencyCode } from "~/lib/constants";
import type { CataloguePeptide, ListingMatch } from "~/lib/listing";
import { toMilligrams } from "~/lib/units";

import type { AppContext } from "../context.server";
import { getAllPeptideNames } from "../data/peptides.server";
import { getSettings } from "../data/settings.server";
import { getAllSizeOptions } from "../data/size-options.server";
import { getAllVendorPeptides } from "../data/vendor-peptides.server";

/**
 * How a scraped listing fits the catalogue: its currency, the catalogue size it names, and
 * whether its price is plausible next to the other vendors'.
 */

/** A price per mg more than this factor away from the other vendors' median waits for review. */
const SUSPICIOUS_FACTOR = 3;

export interface CatalogueSize {
  id: string;
  peptideId: string;
  quantity: number;
  unit: string;
}

interface CatalogueOffer {
  id: string;
  peptideId: string;
  sizeOptionId: string;
  vendorId: string;
  vials: number;
  price: number;
  currency: string;
  missedScrapes: number;
}

export interface Catalogue {
  peptides: CataloguePeptide[];
  sizes: CatalogueSize[];
  offers: CatalogueOffer[];
  staleAfterMissedRuns: number;
}

export async function loadCatalogue(app: Pick<AppContext, "db">): Promise<Catalogue> {
  const [peptides, sizes, offers, settings] = await Promise.all([
    getAllPeptideNames(app.db),
    getAllSizeOptions(app.db),
    getAllVendorPeptides(app.db),
    getSettings(app.db),
  ]);
  return {
    peptides,
    sizes,
    offers,
    staleAfterMissedRuns: settings.staleAfterMissedRuns,
  };
}

/**
 * The listing's own ISO 4217 code; a bare symbol such as "$" names several currencies, so it
 * says nothing and the source's setting (or the review queue) decides.
 */
export function listingCurrency(raw: string | null): CurrencyCode | null {
  const code = raw?.trim().toUpperCase() ?? "";
  return CURRENCY_CODE_PATTERN.test(code) ? code : null;
}

/** An amount comparable across sizes: milligrams, or the size's own unit for IU and ml. */
function amountOf(quantity: number, unit: string): { amount: number; unit: string } | null {
  const mg = toMilligrams(quantity, unit);
  if (mg !== null) return mg > 0 ? { amount: mg, unit: "mg" } : null;
  return quantity > 0 && (unit === "IU" || unit === "ml") ? { amount: quantity, unit } : null;
}

/** The catalogue size the listing names: same peptide, same amount (500 mcg is 0.5 mg). */
export function findListingSize(
  sizes: CatalogueSize[],
  peptideId: string,
  match: Pick<ListingMatch, "quantity" | "unit">,
): CatalogueSize | null {
  if (match.quantity === null || match.unit === null) return null;
  const wanted = amountOf(match.quantity, match.unit);
  if (!wanted) return null;
  return (
    sizes.find((size) => {
      if (size.peptideId !== peptideId) return false;
      const amount = amountOf(size.quantity, size.unit);
      return (
        amount !== null &&
        amount.unit === wanted.unit &&
        Math.abs(amount.amount - wanted.amount) < 1e-6
      );
    }) ?? null
  );
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Far from what the other vendors charge: likely a misread price or a wrong match. Compared
 * per vial and per mg (per IU or ml for those sizes) over the peptide's sizes, only against
 * fresh offers in the same currency; with none to compare, nothing is suspicious.
 */
export function isSuspiciousPrice(
  catalogue: Catalogue,
  offer: { sizeOptionId: string; vendorId: string; vials: number; price: number; currency: string },
): boolean {
  const sizeById = new Map(catalogue.sizes.map((size) => [size.id, size]));
  const size = sizeById.get(offer.sizeOptionId);
  const amount = size && amountOf(size.quantity, size.unit);
  if (!size || !amount) return false;
  const others = catalogue.offers.flatMap((other) => {
    const otherSize = sizeById.get(other.sizeOptionId);
    const otherAmount = otherSize && amountOf(otherSize.quantity, otherSize.unit);
    const comparable =
      other.vendorId !== offer.vendorId &&
      other.peptideId === size.peptideId &&
      other.currency === offer.currency &&
      other.missedScrapes < catalogue.staleAfterMissedRuns &&
      other.price > 0 &&
      otherAmount?.unit === amount.unit;
    return comparable ? [other.price / other.vials / otherAmount.amount] : [];
  });
  const typical = median(others);
  if (typical === null || typical <= 0) return false;
  const ratio = offer.price / offer.vials / amount.amount / typical;
  return ratio > SUSPICIOUS_FACTOR || ratio < 1 / SUSPICIOUS_FACTOR;
}
