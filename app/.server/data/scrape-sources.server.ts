import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  ne,
  not,
  or,
  sql,
  type SQL,
} from "drizzle-orm";

import type { ScrapedDataArrays } from "~/lib/scrape-run";

import type { SOURCES_TABLE } from "~/lib/admin-tables";
import type { ScrapeSourceKind } from "~/lib/constants";
import type { ScrapeSourceFields, SourceStatusFilter } from "~/lib/forms/scraping";

import type { Database } from "../db/client";
import { scrapedData, scrapeSources, vendors } from "../db/schema";

import {
  nextRowVersion,
  rowVersion,
  updateIfUnchanged,
  type CompareAndSetOutcome,
} from "./row-version.server";

/** `currency` left out: unknown; `kind` left out: 'page' (selectors or structured data on the page). */
export type ScrapeSourceInput = Omit<ScrapeSourceFields, "currency"> &
  Partial<Pick<ScrapeSourceFields, "currency">> & { kind?: ScrapeSourceKind };

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
  kind: scrapeSources.kind,
  readCursor: scrapeSources.readCursor,
  readProgress: scrapeSources.readProgress,
  readTotal: scrapeSources.readTotal,
  createdAt: scrapeSources.createdAt,
  /** Moved by admin writes only (~/lib/edit-conflict): a run's status updates leave it. */
  version: rowVersion(scrapeSources),
};

/** `%`, `_` and `\` typed into the search box match themselves. */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const STATUS_FILTERS: Record<SourceStatusFilter, SQL> = {
  active: and(eq(scrapeSources.isActive, true), ne(scrapeSources.status, "error"))!,
  inactive: not(scrapeSources.isActive),
  error: eq(scrapeSources.status, "error"),
};

/** The order of the Status column: what the badge says (inactive, then error, then active). */
const displayStatusOrder = sql`case when not ${scrapeSources.isActive} then 0 when ${scrapeSources.status} = 'error' then 1 else 2 end`;

const SORT_COLUMNS = {
  retailer: sql`lower(${scrapeSources.retailerName})`,
  url: scrapeSources.url,
  status: displayStatusOrder,
} as const;

/**
 * One page of the sources table: search in retailer and URL, a status filter, a sort (else
 * newest first, SPEC.md §7), and the total for 'Page X of Y'. Two queries.
 */
export async function getScrapeSourcesPage(
  db: Database,
  query: ReturnType<typeof SOURCES_TABLE.parse> & { pageSize: number },
) {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(ilike(scrapeSources.retailerName, pattern), ilike(scrapeSources.url, pattern))!,
    );
  }
  if (query.filters.status) conditions.push(STATUS_FILTERS[query.filters.status]);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const direction = query.dir === "desc" ? desc : asc;
  const order =
    query.sort !== "created"
      ? [
          // Never-scraped sources come last in both directions.
          query.sort !== "lastScraped"
            ? direction(SORT_COLUMNS[query.sort])
            : query.dir === "desc"
              ? sql`${scrapeSources.lastScrapedAt} desc nulls last`
              : sql`${scrapeSources.lastScrapedAt} asc nulls last`,
          desc(scrapeSources.createdAt),
          desc(scrapeSources.id),
        ]
      : [direction(scrapeSources.createdAt), direction(scrapeSources.id)];
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(scrapeSources).where(where),
    db
      .select({ ...sourceColumns, vendorName: vendors.name })
      .from(scrapeSources)
      .leftJoin(vendors, eq(scrapeSources.vendorId, vendors.id))
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every scrape source with its vendor's name, newest first (SPEC.md §7). */
export async function getScrapeSources(db: Database) {
  return db
    .select({ ...sourceColumns, vendorName: vendors.name })
    .from(scrapeSources)
    .leftJoin(vendors, eq(scrapeSources.vendorId, vendors.id))
    .orderBy(desc(scrapeSources.createdAt), desc(scrapeSources.id));
}

export type ScrapeSourceRow = Awaited<ReturnType<typeof getScrapeSourcesPage>>["rows"][number];
export type ScrapeSource = Omit<ScrapeSourceRow, "vendorName">;

export async function getScrapeSource(db: Database, id: string): Promise<ScrapeSource | null> {
  const [row] = await db.select(sourceColumns).from(scrapeSources).where(eq(scrapeSources.id, id));
  return row ?? null;
}

/**
 * A vendor's sources, active and page-read ones first: the selectors and currency a single
 * offer's re-check reads its page with (issue 33).
 */
export async function getScrapeSourcesOfVendor(
  db: Database,
  vendorId: string,
): Promise<ScrapeSource[]> {
  return db
    .select(sourceColumns)
    .from(scrapeSources)
    .where(eq(scrapeSources.vendorId, vendorId))
    .orderBy(
      desc(scrapeSources.isActive),
      sql`${scrapeSources.kind} = 'page' desc`,
      scrapeSources.createdAt,
    );
}

/** The sources a run left in error: each with its message, for the run's list of failures. */
export async function getSourceErrorsSince(db: Database, since: Date) {
  return db
    .select({
      id: scrapeSources.id,
      retailerName: scrapeSources.retailerName,
      error: scrapeSources.lastError,
    })
    .from(scrapeSources)
    .where(and(eq(scrapeSources.status, "error"), gte(scrapeSources.lastScrapedAt, since)))
    .orderBy(asc(scrapeSources.retailerName));
}

/** The sources a run over all sources (and the schedule) goes through, oldest first. */
export async function getActiveScrapeSources(db: Database): Promise<ScrapeSource[]> {
  return db
    .select(sourceColumns)
    .from(scrapeSources)
    .where(eq(scrapeSources.isActive, true))
    .orderBy(scrapeSources.createdAt, scrapeSources.id);
}

/** The switched-off sources a run over all sources leaves out, by name. */
export async function getInactiveScrapeSourceNames(db: Database): Promise<string[]> {
  const rows = await db
    .select({ retailerName: scrapeSources.retailerName })
    .from(scrapeSources)
    .where(eq(scrapeSources.isActive, false))
    .orderBy(scrapeSources.retailerName);
  return rows.map((row) => row.retailerName);
}

/** The sources among `ids` (those that still exist), for a bulk action's audit entries. */
export async function getScrapeSourcesByIds(db: Database, ids: string[]): Promise<ScrapeSource[]> {
  if (ids.length === 0) return [];
  return db.select(sourceColumns).from(scrapeSources).where(inArray(scrapeSources.id, ids));
}

/** Switches sources on or off; returns the ids it changed. */
export async function setScrapeSourcesActive(
  db: Database,
  ids: string[],
  isActive: boolean,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(scrapeSources)
    .set({ isActive, updatedAt: nextRowVersion(scrapeSources) })
    .where(inArray(scrapeSources.id, ids))
    .returning({ id: scrapeSources.id });
  return rows.map((row) => row.id);
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

/** Saves the source if it is still at `version` (the one its form was opened on). */
export async function updateScrapeSource(
  db: Database,
  id: string,
  version: string,
  input: ScrapeSourceInput,
): Promise<CompareAndSetOutcome> {
  return updateIfUnchanged(db, scrapeSources, id, version, input);
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

/** A shop source's place for its next run, and what this one read (scrape-only columns). */
export async function recordSourceReadProgress(
  db: Database,
  id: string,
  progress: { cursor: number; total: number | null; text: string | null },
): Promise<void> {
  await db
    .update(scrapeSources)
    .set({ readCursor: progress.cursor, readTotal: progress.total, readProgress: progress.text })
    .where(eq(scrapeSources.id, id));
}

export type { ScrapedDataArrays };

export async function saveScrapedData(
  db: Database,
  sourceId: string,
  data: ScrapedDataArrays,
): Promise<void> {
  await db.insert(scrapedData).values({ sourceId, data });
}

const DEMO_RETAILER_PATH = "/demo-retailer/";

/** Re-points the demo sources (pages of this site's own /demo-retailer/) at `baseUrl`. */
export async function pointDemoSourcesAt(db: Database, baseUrl: string): Promise<void> {
  const prefix = `${baseUrl}${DEMO_RETAILER_PATH}`;
  await db
    .update(scrapeSources)
    .set({
      url: sql`${baseUrl} || substring(${scrapeSources.url} from position(${DEMO_RETAILER_PATH} in ${scrapeSources.url}))`,
    })
    .where(
      and(
        sql`${scrapeSources.url} ~ '^https?://[^/]+/demo-retailer/'`,
        sql`left(${scrapeSources.url}, ${prefix.length}) <> ${prefix}`,
      ),
    );
}
