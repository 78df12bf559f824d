import { CURRENCY_CODE_PATTERN, type CurrencyCode } from "~/lib/constants";
import type { CataloguePeptide, ListingMatch } from "~/lib/listing";
import { amountOf, type MarketOffer } from "~/lib/price-sanity";

import type { AppContext } from "../platform/context.server";
import { getAllPeptideNames } from "../data/peptides.server";
import { getSettings } from "../data/settings.server";
import { getAllSizeOptions } from "../data/size-options.server";
import { getAllVendorPeptides } from "../data/vendor-peptides.server";

/**
 * How a scraped listing fits the catalogue: its currency and the catalogue size it names.
 * Whether its price is plausible is `priceSanityOf` (app/lib/price-sanity.ts), the one rule for
 * scraped and manual prices.
 */

export interface CatalogueSize {
  id: string;
  peptideId: string;
  quantity: number;
  unit: string;
}

interface CatalogueOffer extends MarketOffer {
  id: string;
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
