/**
 * What the scraper counts on offers beyond writing them (saveOffer): offers it
 * missed, and a vendor's scraped offers for the source-health check.
 */
import { and, count, eq, notInArray, sql } from "drizzle-orm";

import type { Database } from "../db/client";
import { vendorPeptides } from "../db/schema";

/** One more miss towards going stale; the price and its "updated" time stay as they are. */
const ONE_MORE_MISS = {
  missedScrapes: sql`${vendorPeptides.missedScrapes} + 1`,
  updatedAt: sql`${vendorPeptides.updatedAt}`,
};

/**
 * A scrape reached the vendor's offer but read no price: the price and its "updated" and
 * "checked" times stay as they are, and the offer counts one more miss towards going stale.
 */
export async function recordMissedScrape(db: Database, vendorPeptideId: string): Promise<void> {
  await db.update(vendorPeptides).set(ONE_MORE_MISS).where(eq(vendorPeptides.id, vendorPeptideId));
}

/**
 * A scrape read a new price for the offer that waits in review: the stored price is no longer
 * the shop's, so the offer is held ("price being checked", not buyable) from the first such
 * read, and the read is no confirmation of the old price: it counts one more miss towards
 * going stale. The next price written (approval or a later plausible read) clears the hold.
 */
export async function holdScrapedPrice(db: Database, vendorPeptideId: string): Promise<void> {
  await db
    .update(vendorPeptides)
    .set({ ...ONE_MORE_MISS, priceHeldAt: sql`coalesce(${vendorPeptides.priceHeldAt}, now())` })
    .where(eq(vendorPeptides.id, vendorPeptideId));
}

/**
 * A complete run over a vendor's catalogue page did not list these scraped offers at all:
 * each counts one miss, nothing else changes. Returns how many were counted.
 */
export async function recordUnseenScrapedOffers(
  db: Database,
  vendorId: string,
  seenVendorPeptideIds: string[],
): Promise<number> {
  const rows = await db
    .update(vendorPeptides)
    .set(ONE_MORE_MISS)
    .where(
      and(
        eq(vendorPeptides.vendorId, vendorId),
        eq(vendorPeptides.source, "scraped"),
        seenVendorPeptideIds.length > 0
          ? notInArray(vendorPeptides.id, seenVendorPeptideIds)
          : undefined,
      ),
    )
    .returning({ id: vendorPeptides.id });
  return rows.length;
}

/** A vendor's scraped offers, and how many of them were last confirmed before `staleBefore`. */
export async function countScrapedOffersOfVendor(
  db: Database,
  params: { vendorId: string; staleBefore: Date },
): Promise<{ total: number; stale: number }> {
  const [row] = await db
    .select({
      total: count(),
      stale: count(
        sql`case when ${vendorPeptides.priceCheckedAt} < ${params.staleBefore.toISOString()}::timestamptz then 1 end`,
      ),
    })
    .from(vendorPeptides)
    .where(and(eq(vendorPeptides.vendorId, params.vendorId), eq(vendorPeptides.source, "scraped")));
  return { total: row?.total ?? 0, stale: row?.stale ?? 0 };
}
