import type { PriceProvenance } from "~/lib/price-provenance";
import { and, desc, eq } from "drizzle-orm";

import type { Database } from "../db/client";
import {
  peptides,
  scrapeReviewItems,
  scrapeSources,
  sizeOptions,
  vendors,
  type LISTING_FORMS,
  type SCRAPE_REVIEW_REASONS,
} from "../db/schema";

export type ReviewReason = (typeof SCRAPE_REVIEW_REASONS)[number];
export type ListingFormValue = (typeof LISTING_FORMS)[number];

export interface ReviewItemInput {
  /** How the listing's price was read (~/lib/price-provenance). */
  provenance?: PriceProvenance | null;
  sourceId: string | null;
  vendorId: string;
  name: string;
  price: number | null;
  /** Null: neither the listing nor its source says which currency the price is in. */
  currency: string | null;
  link: string | null;
  soldOut: boolean;
  reason: ReviewReason;
  quantity: number | null;
  unit: string | null;
  vials: number;
  form: ListingFormValue;
  suggestedPeptideId: string | null;
  suggestedSizeOptionId: string | null;
}

/**
 * Queues a listing for review. The same listing seen again on the next run refreshes its
 * pending item instead of piling up; one the admin rejected at this price stays rejected.
 */
export async function queueReviewItem(
  db: Database,
  input: ReviewItemInput,
): Promise<"queued" | "refreshed" | "rejected-before"> {
  const sameListing = and(
    eq(scrapeReviewItems.vendorId, input.vendorId),
    input.sourceId === null ? undefined : eq(scrapeReviewItems.sourceId, input.sourceId),
    eq(scrapeReviewItems.name, input.name),
  );
  const previous = await db
    .select({
      id: scrapeReviewItems.id,
      status: scrapeReviewItems.status,
      price: scrapeReviewItems.price,
    })
    .from(scrapeReviewItems)
    .where(sameListing)
    .orderBy(desc(scrapeReviewItems.createdAt));
  if (previous.some((item) => item.status === "rejected" && item.price === input.price))
    return "rejected-before";
  const pending = previous.find((item) => item.status === "pending");
  if (pending) {
    await db
      .update(scrapeReviewItems)
      .set({ ...input, createdAt: new Date() })
      .where(eq(scrapeReviewItems.id, pending.id));
    return "refreshed";
  }
  await db.insert(scrapeReviewItems).values(input);
  return "queued";
}

/** The listing names of a vendor an admin chose to ignore for good: later runs skip them. */
export async function getIgnoredListingNames(db: Database, vendorId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ name: scrapeReviewItems.name })
    .from(scrapeReviewItems)
    .where(and(eq(scrapeReviewItems.vendorId, vendorId), eq(scrapeReviewItems.status, "ignored")));
  return new Set(rows.map((row) => row.name));
}

/** A review item's listing and what was read from it, as the queue and the approval read it. */
const REVIEW_ITEM_COLUMNS = {
  id: scrapeReviewItems.id,
  name: scrapeReviewItems.name,
  price: scrapeReviewItems.price,
  currency: scrapeReviewItems.currency,
  link: scrapeReviewItems.link,
  soldOut: scrapeReviewItems.soldOut,
  reason: scrapeReviewItems.reason,
  quantity: scrapeReviewItems.quantity,
  unit: scrapeReviewItems.unit,
  vials: scrapeReviewItems.vials,
  vendorId: scrapeReviewItems.vendorId,
  provenance: scrapeReviewItems.provenance,
};

/** Pending review items with their source, vendor and suggested peptide and size, newest first. */
export async function getPendingReviewItems(db: Database) {
  return db
    .select({
      ...REVIEW_ITEM_COLUMNS,
      form: scrapeReviewItems.form,
      vendorName: vendors.name,
      retailerName: scrapeSources.retailerName,
      suggestedPeptideId: scrapeReviewItems.suggestedPeptideId,
      suggestedPeptideName: peptides.name,
      suggestedSizeOptionId: scrapeReviewItems.suggestedSizeOptionId,
      suggestedQuantity: sizeOptions.quantity,
      suggestedUnit: sizeOptions.unit,
      createdAt: scrapeReviewItems.createdAt,
    })
    .from(scrapeReviewItems)
    .leftJoin(vendors, eq(scrapeReviewItems.vendorId, vendors.id))
    .leftJoin(scrapeSources, eq(scrapeReviewItems.sourceId, scrapeSources.id))
    .leftJoin(peptides, eq(scrapeReviewItems.suggestedPeptideId, peptides.id))
    .leftJoin(sizeOptions, eq(scrapeReviewItems.suggestedSizeOptionId, sizeOptions.id))
    .where(eq(scrapeReviewItems.status, "pending"))
    .orderBy(desc(scrapeReviewItems.createdAt))
    .limit(200);
}
export type PendingReviewItem = Awaited<ReturnType<typeof getPendingReviewItems>>[number];

export async function getReviewItem(db: Database, id: string) {
  const [row] = await db
    .select({
      ...REVIEW_ITEM_COLUMNS,
      status: scrapeReviewItems.status,
      suggestedPeptideId: scrapeReviewItems.suggestedPeptideId,
      suggestedSizeOptionId: scrapeReviewItems.suggestedSizeOptionId,
    })
    .from(scrapeReviewItems)
    .where(eq(scrapeReviewItems.id, id));
  return row ?? null;
}
export type ReviewItem = NonNullable<Awaited<ReturnType<typeof getReviewItem>>>;

/** Settles a pending item; false when it was no longer pending (another admin got there first). */
export async function setReviewItemStatus(
  db: Database,
  id: string,
  status: "approved" | "rejected" | "ignored",
): Promise<boolean> {
  const rows = await db
    .update(scrapeReviewItems)
    .set({ status })
    .where(and(eq(scrapeReviewItems.id, id), eq(scrapeReviewItems.status, "pending")))
    .returning({ id: scrapeReviewItems.id });
  return rows.length > 0;
}

/** Ignoring a listing also settles every other pending item of that vendor with that name. */
export async function ignoreReviewListing(
  db: Database,
  item: { vendorId: string | null; name: string },
): Promise<void> {
  await db
    .update(scrapeReviewItems)
    .set({ status: "ignored" })
    .where(
      and(
        item.vendorId === null ? undefined : eq(scrapeReviewItems.vendorId, item.vendorId),
        eq(scrapeReviewItems.name, item.name),
        eq(scrapeReviewItems.status, "pending"),
      ),
    );
}
