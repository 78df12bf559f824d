/**
 * Vendor prices' data access: the admin table, the one price writer and the lookups around it.
 * What only the scraper counts (misses, a vendor's scraped offers) is in scraped-offers.server.ts.
 */
import type { PriceProvenance } from "~/lib/price-provenance";
import {
  and,
  type AnyColumn,
  asc,
  count,
  desc,
  eq,
  inArray,
  min,
  ne,
  sql,
  type SQL,
} from "drizzle-orm";

import { STOCK_STATUSES, type CurrencyCode, type StockStatus } from "~/lib/constants";
import type { FreshnessRule } from "~/lib/freshness";
import type { VENDOR_PRICES_TABLE } from "~/lib/admin-tables";
import type { SortState } from "~/lib/sort";

import type { Database } from "../db/client";
import { peptides, priceHistory, sizeOptions, vendorPeptides, vendors } from "../db/schema";

import { staleOfferSql } from "./freshness.server";
import { priceIsPublic } from "./public-visibility.server";
import { rowVersion, updateIfUnchanged } from "./row-version.server";
import { offerSearch } from "./offer-search.server";

/**
 * When the public prices were last confirmed, for the top bar (issue 30): the median offer's
 * confirmation and the oldest one, not when a scrape last ran. Nulls when there are no prices.
 */
export async function getPriceConfirmation(
  db: Database,
): Promise<{ median: Date | null; oldest: Date | null }> {
  const [row] = await db
    .select({
      median: sql<
        Date | string | null
      >`percentile_disc(0.5) within group (order by ${vendorPeptides.priceCheckedAt})`,
      oldest: min(vendorPeptides.priceCheckedAt),
    })
    .from(vendorPeptides)
    .where(priceIsPublic());
  return {
    median: row?.median == null ? null : new Date(row.median),
    oldest: row?.oldest ?? null,
  };
}

const adminOfferColumns = {
  id: vendorPeptides.id,
  peptideId: vendorPeptides.peptideId,
  peptideName: peptides.name,
  vendorId: vendorPeptides.vendorId,
  vendorName: vendors.name,
  price: vendorPeptides.price,
  currency: vendorPeptides.currency,
  quantity: sizeOptions.quantity,
  unit: sizeOptions.unit,
  unitLabel: sizeOptions.unitLabel,
  vials: vendorPeptides.vials,
  purity: vendorPeptides.purity,
  notes: vendorPeptides.notes,
  url: vendorPeptides.url,
  stockStatus: vendorPeptides.stockStatus,
  source: vendorPeptides.source,
  priceCheckedAt: vendorPeptides.priceCheckedAt,
  missedScrapes: vendorPeptides.missedScrapes,
  active: vendorPeptides.active,
  createdAt: vendorPeptides.createdAt,
  version: rowVersion(vendorPeptides),
};

/** The columns the admin table sorts by (its definition in app/lib/admin-tables.ts). */
export type AdminOfferSort = (typeof VENDOR_PRICES_TABLE.spec.sorts)[number];

export interface AdminOfferQuery {
  /**
   * Text in the peptide's or vendor's name, the link, the notes, or the name the audit log
   * gives the price ("Alpha Labs price for BPC-157"); "" for all.
   */
  search: string;
  peptideId: string | null;
  vendorId: string | null;
  /** "in": in or low stock; "out": out of stock; null: both. */
  stock: "in" | "out" | null;
  /** Only offers stale by the one freshness rule at `now` (~/lib/freshness). */
  stale: { rule: FreshnessRule; now: Date } | null;
  /** true: only active prices; false: only inactive ones; null: all. */
  active: boolean | null;
  sort: SortState<AdminOfferSort>;
  page: number;
  pageSize: number;
}

/** "In stock" as a list the stock index can answer (a `<>` test cannot use it). */
const IN_STOCK = STOCK_STATUSES.filter((status) => status !== "out_of_stock");

/**
 * Each sort's ORDER BY before the id that breaks ties, every part in the sort's direction, so
 * that one index serves both directions (schema.ts): an own column walks its (column, id)
 * index; a joined column walks the peptide's, vendor's or size's index and reaches its prices
 * by their foreign-key index, the joined row's id keeping one row's prices together. Notes and
 * links sort by their first 200 characters, as far as their index reaches.
 */
const ADMIN_PRICE_SORT_KEYS: Record<AdminOfferSort, (AnyColumn | SQL)[]> = {
  peptide: [sql`lower(${peptides.name})`, peptides.name, peptides.id],
  vendor: [sql`lower(${vendors.name})`, vendors.id],
  price: [vendorPeptides.price],
  currency: [vendorPeptides.currency],
  quantity: [sizeOptions.quantity, sizeOptions.id],
  unit: [sizeOptions.unit, sizeOptions.id],
  purity: [vendorPeptides.purity],
  notes: [sql`left(${vendorPeptides.notes}, 200)`],
  link: [sql`left(${vendorPeptides.url}, 200)`],
  stock: [vendorPeptides.stockStatus],
  checked: [vendorPeptides.priceCheckedAt],
};

/** One page of the admin vendor-price table, filtered and sorted, with the total: two queries. */
export async function getAdminOfferPage(db: Database, query: AdminOfferQuery) {
  const conditions: SQL[] = [];
  if (query.search) {
    conditions.push(await offerSearch(db, query.search));
  }
  if (query.peptideId) conditions.push(eq(vendorPeptides.peptideId, query.peptideId));
  if (query.vendorId) conditions.push(eq(vendorPeptides.vendorId, query.vendorId));
  if (query.stock === "out") conditions.push(eq(vendorPeptides.stockStatus, "out_of_stock"));
  if (query.stock === "in") conditions.push(inArray(vendorPeptides.stockStatus, IN_STOCK));
  if (query.stale) conditions.push(staleOfferSql(query.stale.rule, query.stale.now));
  if (query.active !== null) conditions.push(eq(vendorPeptides.active, query.active));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const direction = query.sort.direction === "asc" ? asc : desc;
  const rowsQuery = db
    .select(adminOfferColumns)
    .from(vendorPeptides)
    .innerJoin(peptides, eq(vendorPeptides.peptideId, peptides.id))
    .innerJoin(vendors, eq(vendorPeptides.vendorId, vendors.id))
    .innerJoin(sizeOptions, eq(vendorPeptides.sizeOptionId, sizeOptions.id))
    .where(where)
    .orderBy(...[...ADMIN_PRICE_SORT_KEYS[query.sort.column], vendorPeptides.id].map(direction))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  // Only the search reads the peptide's and vendor's names: without it the count needs no join
  // (every price has both) and is answered from an index of vendor_peptides alone.
  const countQuery = query.search
    ? db
        .select({ total: count() })
        .from(vendorPeptides)
        .innerJoin(peptides, eq(vendorPeptides.peptideId, peptides.id))
        .innerJoin(vendors, eq(vendorPeptides.vendorId, vendors.id))
        .where(where)
    : db.select({ total: count() }).from(vendorPeptides).where(where);
  const [rows, [{ total }]] = await Promise.all([rowsQuery, countQuery]);
  return { rows, total };
}
export type AdminVendorPeptide = Awaited<ReturnType<typeof getAdminOfferPage>>["rows"][number];

/** Vendor prices as the admin table shows them (the audit's before and after): one query. */
export async function getAdminOffersByIds(db: Database, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select(adminOfferColumns)
    .from(vendorPeptides)
    .innerJoin(peptides, eq(vendorPeptides.peptideId, peptides.id))
    .innerJoin(vendors, eq(vendorPeptides.vendorId, vendors.id))
    .innerJoin(sizeOptions, eq(vendorPeptides.sizeOptionId, sizeOptions.id))
    .where(inArray(vendorPeptides.id, [...ids]));
}

/** One offer as the admin table shows it, or null. */
export async function getAdminOffer(db: Database, id: string) {
  const [row] = await getAdminOffersByIds(db, [id]);
  return row ?? null;
}

/**
 * Switches offers on or off for visitors: one statement. Returns the ids it changed
 * (those already in that state are left alone). The price and its "checked" time stay as they are.
 */
export async function setOffersActive(
  db: Database,
  ids: readonly string[],
  active: boolean,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(vendorPeptides)
    .set({ active, updatedAt: new Date() })
    .where(and(inArray(vendorPeptides.id, [...ids]), ne(vendorPeptides.active, active)))
    .returning({ id: vendorPeptides.id });
  return rows.map((row) => row.id);
}

export interface OfferInput {
  peptideId: string;
  vendorId: string;
  sizeOptionId: string;
  /** Vials in the pack (default 1): a vendor has one price per size and pack. */
  vials?: number;
  /** Null keeps the current price (a scraped sold-out listing often shows none); no row is created. */
  price: number | null;
  currency: CurrencyCode;
  source: "manual" | "scraped";
  /** Undefined keeps the current value (the scraper never touches purity or notes). */
  url?: string | null;
  purity?: string | null;
  notes?: string | null;
  /** What a scrape saw; undefined (an admin's entry) leaves the stock as it is. */
  soldOut?: boolean;
  /** An admin's exact stock reading (low stock included); wins over soldOut. */
  stockStatus?: StockStatus;
  /**
   * An admin edit's row version: the existing offer is written only while it still has it
   * (else nothing is written and the result says `stale`).
   */
  version?: string;
  /** How a scraped price was read; an admin's price is said as entered by hand. */
  provenance?: PriceProvenance;
}

export interface OfferResult {
  /** Null when there was no price to create one with. */
  vendorPeptideId: string | null;
  created: boolean;
  /** The price before this entry; null for a new offer. */
  oldPrice: number | null;
  newPrice: number | null;
  /** The price or the stock changed, so price history got a row. */
  changed: boolean;
  /** The offer changed (or went away) since the admin's form was opened: nothing written. */
  stale?: boolean;
}

const UNWRITTEN: OfferResult = {
  vendorPeptideId: null,
  created: false,
  oldPrice: null,
  newPrice: null,
  changed: false,
};

/**
 * The one writer of offers (admin entry, scraper, review approval): a vendor has one
 * price per size and pack, so an existing one is updated (checked now when a price was given). A new price, or a change of
 * price or stock, also writes a price_history row.
 */
/** The provenance a price write stores: the scrape's, or an admin's entry by hand. */
function provenanceOfWrite(input: OfferInput, now: Date): PriceProvenance | null {
  if (input.provenance) return input.provenance;
  if (input.source !== "manual") return null;
  const at = now.toISOString();
  return { via: "manual", url: null, readAt: at, runId: null, sourceKind: null, evidence: null };
}

export async function upsertOffer(db: Database, input: OfferInput): Promise<OfferResult> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [existing] = await tx
      .select({
        id: vendorPeptides.id,
        price: vendorPeptides.price,
        stockStatus: vendorPeptides.stockStatus,
      })
      .from(vendorPeptides)
      .where(
        and(
          eq(vendorPeptides.vendorId, input.vendorId),
          eq(vendorPeptides.sizeOptionId, input.sizeOptionId),
          eq(vendorPeptides.vials, input.vials ?? 1),
        ),
      );
    // Undefined fields are left out of the insert (column default) and the update (kept).
    const fields = {
      currency: input.currency,
      url: input.url,
      purity: input.purity,
      notes: input.notes,
      source: input.source,
    };
    // A price was read: the offer is fresh again. Without one its times stay as they were.
    const freshness =
      input.price === null
        ? { updatedAt: sql`${vendorPeptides.updatedAt}` }
        : {
            missedScrapes: 0,
            priceCheckedAt: now,
            updatedAt: now,
            priceHeldAt: null,
            priceProvenance: provenanceOfWrite(input, now),
          };
    if (!existing) {
      if (input.version !== undefined) return { ...UNWRITTEN, stale: true };
      if (input.price === null) return UNWRITTEN;
      const stockStatus = input.stockStatus ?? (input.soldOut ? "out_of_stock" : "in_stock");
      const inStock = stockStatus !== "out_of_stock";
      const [row] = await tx
        .insert(vendorPeptides)
        .values({
          ...fields,
          peptideId: input.peptideId,
          vendorId: input.vendorId,
          sizeOptionId: input.sizeOptionId,
          vials: input.vials ?? 1,
          price: input.price,
          priceCheckedAt: now,
          priceProvenance: provenanceOfWrite(input, now),
          stockStatus,
        })
        .returning({ id: vendorPeptides.id });
      await tx
        .insert(priceHistory)
        .values({ vendorPeptideId: row.id, price: input.price, inStock, observedAt: now });
      return {
        vendorPeptideId: row.id,
        created: true,
        oldPrice: null,
        newPrice: input.price,
        changed: true,
      };
    }
    const wasInStock = existing.stockStatus !== "out_of_stock";
    const scrapedInStock = input.soldOut === undefined ? wasInStock : !input.soldOut;
    // 'low_stock' is an admin's finer reading of "in stock"; a scrape only knows in or out.
    const stockStatus =
      input.stockStatus ??
      (scrapedInStock === wasInStock
        ? existing.stockStatus
        : scrapedInStock
          ? "in_stock"
          : "out_of_stock");
    const inStock = stockStatus !== "out_of_stock";
    const price = input.price ?? existing.price;
    const changed = price !== existing.price || inStock !== wasInStock;
    const values = { ...fields, ...freshness, price, stockStatus };
    if (input.version === undefined) {
      await tx.update(vendorPeptides).set(values).where(eq(vendorPeptides.id, existing.id));
    } else if (
      (await updateIfUnchanged(tx, vendorPeptides, existing.id, input.version, values)) !==
      "updated"
    ) {
      return { ...UNWRITTEN, oldPrice: existing.price, stale: true };
    }
    if (changed) {
      await tx
        .insert(priceHistory)
        .values({ vendorPeptideId: existing.id, price, inStock, observedAt: now });
    }
    return {
      vendorPeptideId: existing.id,
      created: false,
      oldPrice: existing.price,
      newPrice: price,
      changed,
    };
  });
}

/** Every vendor's offers with their current price: a scrape run compares its listings with them. */
export async function getAllVendorPeptides(db: Database) {
  return db
    .select({
      id: vendorPeptides.id,
      peptideId: vendorPeptides.peptideId,
      sizeOptionId: vendorPeptides.sizeOptionId,
      vendorId: vendorPeptides.vendorId,
      vials: vendorPeptides.vials,
      price: vendorPeptides.price,
      currency: vendorPeptides.currency,
      missedScrapes: vendorPeptides.missedScrapes,
    })
    .from(vendorPeptides);
}

/** The offer an inline edit names: what the one writer needs to find it again. */
export async function getOfferKey(db: Database, id: string) {
  const [row] = await db
    .select({
      peptideId: vendorPeptides.peptideId,
      vendorId: vendorPeptides.vendorId,
      sizeOptionId: vendorPeptides.sizeOptionId,
      vials: vendorPeptides.vials,
      currency: vendorPeptides.currency,
      source: vendorPeptides.source,
    })
    .from(vendorPeptides)
    .where(eq(vendorPeptides.id, id));
  return row ?? null;
}
