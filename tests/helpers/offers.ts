import { eq } from "drizzle-orm";

import { upsertVendorPrice } from "~/.server/data/vendor-peptides.server";
import { peptides, vendorPeptides } from "~/.server/db/schema";
import type { AppContext } from "~/.server/infra/context.server";

/** One offer of a peptide, by the peptide's slug: its id, peptide, vendor and size. */
export async function anOfferOf(db: AppContext["db"], peptideSlug: string) {
  const [offer] = await db
    .select({
      id: vendorPeptides.id,
      peptideId: vendorPeptides.peptideId,
      vendorId: vendorPeptides.vendorId,
      sizeOptionId: vendorPeptides.sizeOptionId,
    })
    .from(vendorPeptides)
    .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId))
    .where(eq(peptides.slug, peptideSlug))
    .limit(1);
  return offer!;
}

/** Writes a scraped USD price for the offer's vendor and size, as a scrape run does. */
export function writeScrapedPrice(
  db: AppContext["db"],
  offer: { peptideId: string; vendorId: string; sizeOptionId: string },
  price: number,
) {
  return upsertVendorPrice(db, { ...offer, price, currency: "USD", source: "scraped" });
}
