import { and, count, desc, eq } from "drizzle-orm";

import type { Database } from "../db/client";
import { scrapedData, scrapeSources, vendors } from "../db/schema";

export interface ScrapeSourceInput {
  retailerName: string;
  url: string;
  pageType: "single" | "category";
  productSelector: string;
  priceSelector: string;
  nameSelector: string;
  linkSelector: string | null;
  soldOutSelector: string | null;
  paginationSelector: string | null;
  nextPageSelector: string | null;
  vendorId: string | null;
  isActive: boolean;
  /** ISO 4217 code for prices the page prints without one; null or left out: unknown. */
  currency?: string | null;
}

const sourceColumns = {
  id: scrapeSources.id,
  retailerName: scrapeSources.retailerName,
  url: scrapeSources.url,
  status: scrapeSources.status,
  lastError: scrapeSources.lastError,
  lastScrapedAt: scrapeSources.lastScrapedAt,
  pageType: scrapeSources.pageType,
  productSelector: scrapeSources.productSelector,
  priceSelector: scrapeSources.priceSelector,
  nameSelector: scrapeSources.nameSelector,
  linkSelector: scrapeSources.linkSelector,
  soldOutSelector: scrapeSources.soldOutSelector,
  paginationSelector: scrapeSources.paginationSelector,
  nextPageSelector: scrapeSources.nextPageSelector,
  vendorId: scrapeSources.vendorId,
  isActive: scrapeSources.isActive,
  currency: scrapeSources.currency,
  createdAt: scrapeSources.createdAt,
};

/** Every scrape source with its vendor's name, newest first (SPEC.md §7). */
export async function getScrapeSources(db: Database) {
  return db
    .select({ ...sourceColumns, vendorName: vendors.name })
    .from(scrapeSources)
    .leftJoin(vendors, eq(scrapeSources.vendorId, vendors.id))
    .orderBy(desc(scrapeSources.createdAt), desc(scrapeSources.id));
}
export type ScrapeSourceRow = Awaited<ReturnType<typeof getScrapeSources>>[number];
export type ScrapeSource = Omit<ScrapeSourceRow, "vendorName">;

export async function getScrapeSource(db: Database, id: string): Promise<ScrapeSource | null> {
  const [row] = await db.select(sourceColumns).from(scrapeSources).where(eq(scrapeSources.id, id));
  return row ?? null;
}

/** The sources a run over all sources (and the schedule) goes through, oldest first. */
export async function getActiveScrapeSources(db: Database): Promise<ScrapeSource[]> {
  return db
    .select(sourceColumns)
    .from(scrapeSources)
    .where(eq(scrapeSources.isActive, true))
    .orderBy(scrapeSources.createdAt, scrapeSources.id);
}

/** How many active sources feed this vendor's prices. */
export async function countActiveSourcesOfVendor(db: Database, vendorId: string): Promise<number> {
  const [row] = await db
    .select({ sources: count() })
    .from(scrapeSources)
    .where(and(eq(scrapeSources.vendorId, vendorId), eq(scrapeSources.isActive, true)));
  return row?.sources ?? 0;
}

export async function createScrapeSource(db: Database, input: ScrapeSourceInput): Promise<string> {
  const [row] = await db.insert(scrapeSources).values(input).returning({ id: scrapeSources.id });
  return row.id;
}

export async function updateScrapeSource(
  db: Database,
  id: string,
  input: ScrapeSourceInput,
): Promise<boolean> {
  const rows = await db
    .update(scrapeSources)
    .set(input)
    .where(eq(scrapeSources.id, id))
    .returning({ id: scrapeSources.id });
  return rows.length > 0;
}

export async function deleteScrapeSource(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .delete(scrapeSources)
    .where(eq(scrapeSources.id, id))
    .returning({ id: scrapeSources.id });
  return rows.length > 0;
}

/** PRODUCT.md §1: a run sets the status (active or error, with the error text) and the time. */
export async function recordScrapeOutcome(
  db: Database,
  id: string,
  outcome: { ok: boolean; error: string | null; at: Date },
): Promise<void> {
  await db
    .update(scrapeSources)
    .set({
      status: outcome.ok ? "active" : "error",
      lastError: outcome.error,
      lastScrapedAt: outcome.at,
    })
    .where(eq(scrapeSources.id, id));
}

export interface ScrapedDataArrays {
  name: string[];
  price: (number | null)[];
  link: (string | null)[];
  sold_out: boolean[];
}

export async function saveScrapedData(
  db: Database,
  sourceId: string,
  data: ScrapedDataArrays,
): Promise<void> {
  await db.insert(scrapedData).values({ sourceId, data });
}
