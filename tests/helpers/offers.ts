import { eq } from "drizzle-orm";

import { upsertOffer } from "~/.server/data/vendor-peptides.server";
import { peptides, vendorPeptides } from "~/.server/db/schema";
import type { AppContext } from "~/.server/platform/context.server";
import type { PriceProvenance, PriceReadVia } from "~/lib/price-provenance";

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
  return upsertOffer(db, { ...offer, price, currency: "USD", source: "scraped" });
}

/**
 * Two offers of a peptide given how their prices were read (issue 31 Must 10): the first from
 * the shop's feed 2 hours ago, the second entered by hand 3 days ago; the rest keep none.
 */
export async function givePriceProvenance(db: AppContext["db"], peptideSlug: string) {
  const offers = await db
    .select({ id: vendorPeptides.id, peptideId: vendorPeptides.peptideId })
    .from(vendorPeptides)
    .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId))
    .where(eq(peptides.slug, peptideSlug))
    .orderBy(vendorPeptides.id)
    .limit(2);
  const [feed, manual] = offers.map((offer) => offer.id);
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
  const stored = (via: PriceReadVia, readAt: string): PriceProvenance => ({
    via,
    url: via === "feed" ? "https://shop.example/wp-json/wc/store/v1/products?page=1" : null,
    readAt,
    runId: null,
    sourceKind: via === "feed" ? "woocommerce" : null,
    evidence: null,
  });
  await db
    .update(vendorPeptides)
    .set({ priceProvenance: stored("feed", hoursAgo(2.5)) })
    .where(eq(vendorPeptides.id, feed!));
  await db
    .update(vendorPeptides)
    .set({ priceProvenance: stored("manual", hoursAgo(74)) })
    .where(eq(vendorPeptides.id, manual!));
  return { feed: feed!, manual: manual!, peptideId: offers[0]!.peptideId };
}
