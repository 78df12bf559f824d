import { eq, inArray } from "drizzle-orm";

import { type PriceProvenance } from "~/lib/price-provenance";
import { parsePriceProvenance } from "~/lib/price-provenance-schema";

import type { Database } from "../db/client";
import { scrapeReviewItems, vendorPeptides } from "../db/schema";

/**
 * How offers' and review items' prices were read (issue 31 Must 10), for any page that says
 * it: the admin's offer and review item, the public row's Details.
 */

/** Each offer's provenance by its id; offers without one (written before it was kept) are absent. */
export async function getOffersProvenance(
  db: Database,
  vendorPeptideIds: readonly string[],
): Promise<Map<string, PriceProvenance>> {
  if (vendorPeptideIds.length === 0) return new Map();
  const rows = await db
    .select({ id: vendorPeptides.id, provenance: vendorPeptides.priceProvenance })
    .from(vendorPeptides)
    .where(inArray(vendorPeptides.id, [...vendorPeptideIds]));
  const byId = new Map<string, PriceProvenance>();
  for (const row of rows) {
    const provenance = parsePriceProvenance(row.provenance);
    if (provenance) byId.set(row.id, provenance);
  }
  return byId;
}

/** One offer's provenance, or null. */
export async function getOfferProvenance(
  db: Database,
  vendorPeptideId: string,
): Promise<PriceProvenance | null> {
  return (await getOffersProvenance(db, [vendorPeptideId])).get(vendorPeptideId) ?? null;
}

/** How a review item's price was read, or null. */
export async function getReviewItemProvenance(
  db: Database,
  reviewItemId: string,
): Promise<PriceProvenance | null> {
  const [row] = await db
    .select({ provenance: scrapeReviewItems.provenance })
    .from(scrapeReviewItems)
    .where(eq(scrapeReviewItems.id, reviewItemId));
  return parsePriceProvenance(row?.provenance);
}
