import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";

import type { PEPTIDES_TABLE } from "~/lib/admin-tables";
import type { CatalogueOption } from "~/lib/catalogue-options";
import type { SortState } from "~/lib/sort";
import { MAX_POPULAR_ORDER, type PeptideFields } from "~/lib/forms/peptides";
import { likePattern } from "~/lib/like-pattern";

import type { Database } from "../db/client";
import { categories, peptides, peptideSlugHistory } from "../db/schema";

import { containsSearch } from "./table-search.server";
import { peptideIsPublic } from "./public-visibility.server";
import {
  rowVersion,
  StaleRowError,
  updateIfUnchanged,
  type CompareAndSetOutcome,
} from "./row-version.server";

/**
 * Left out, `aliases` (other names shops use for it) keeps the stored ones, and `published`
 * too (a new peptide is then published: the scripts and the add-shop flow give it prices).
 */
export type PeptideInput = Omit<PeptideFields, "aliases" | "published"> &
  Partial<Pick<PeptideFields, "aliases" | "published">>;

const adminPeptideColumns = {
  id: peptides.id,
  name: peptides.name,
  slug: peptides.slug,
  description: peptides.description,
  imageUrl: peptides.imageUrl,
  categoryId: peptides.categoryId,
  categoryName: categories.name,
  keyBenefits: peptides.keyBenefits,
  aliases: peptides.aliases,
  isPopular: peptides.isPopular,
  popularOrder: peptides.popularOrder,
  published: peptides.published,
  active: peptides.active,
  version: rowVersion(peptides),
};

/** The columns the admin table sorts by (its definition in app/lib/admin-tables.ts). */
export type AdminPeptideSort = (typeof PEPTIDES_TABLE.spec.sorts)[number];

export interface AdminPeptideQuery {
  /** Part of the name, slug or an alias, any case. */
  search: string;
  categoryId: string | null;
  /** true: only popular ones; false: only the others; null: all. */
  popular: boolean | null;
  /** true: only active ones; false: only inactive ones; null: all. */
  active: boolean | null;
  sort: SortState<AdminPeptideSort>;
  page: number;
  pageSize: number;
}

/** A peptide whose name, slug or one of its aliases holds the search, in any case. */
function peptideMatches(search: string): SQL {
  return containsSearch(search, [peptides.name, peptides.slug], (pattern) => [
    sql`exists (select 1 from unnest(${peptides.aliases}) as alias where alias ilike ${pattern})`,
  ]);
}

/** One page of the admin peptide table, searched, filtered and sorted, with the total: two queries. */
export async function getAdminPeptidePage(db: Database, query: AdminPeptideQuery) {
  const conditions: SQL[] = [];
  if (query.search) {
    conditions.push(peptideMatches(query.search));
  }
  if (query.categoryId) conditions.push(eq(peptides.categoryId, query.categoryId));
  if (query.popular !== null) conditions.push(eq(peptides.isPopular, query.popular));
  if (query.active !== null) conditions.push(eq(peptides.active, query.active));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const direction = query.sort.direction === "asc" ? asc : desc;
  const order = {
    name: [direction(sql`lower(${peptides.name})`)],
    category: [direction(sql`lower(${categories.name})`)],
    // Popular ones first by their slot, then the rest.
    popular: [direction(sql`coalesce(${peptides.popularOrder}, ${MAX_POPULAR_ORDER + 1})`)],
  }[query.sort.column];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(adminPeptideColumns)
      .from(peptides)
      .leftJoin(categories, eq(peptides.categoryId, categories.id))
      .where(where)
      .orderBy(...order, asc(peptides.name), asc(peptides.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(peptides).where(where),
  ]);
  return { rows, total };
}
export type AdminPeptide = Awaited<ReturnType<typeof getAdminPeptidePage>>["rows"][number];

/**
 * The admin's peptide picker: up to `limit` peptides whose name, slug or an alias holds
 * `search`, those whose name starts with it first, then by name.
 */
export async function findPeptideOptions(
  db: Database,
  { search, limit }: { search: string; limit: number },
): Promise<CatalogueOption[]> {
  // The pattern without its leading %: a name that starts with the text.
  const startsWith = likePattern(search).slice(1);
  return db
    .select({ id: peptides.id, label: peptides.name })
    .from(peptides)
    .where(search ? peptideMatches(search) : undefined)
    .orderBy(
      sql`${peptides.name} ilike ${startsWith} desc`,
      asc(sql`lower(${peptides.name})`),
      asc(peptides.id),
    )
    .limit(limit);
}

/** The picker's current peptide (its label on the first render), or null when it is gone. */
export async function getPeptideOption(db: Database, id: string): Promise<CatalogueOption | null> {
  const [row] = await db
    .select({ id: peptides.id, label: peptides.name })
    .from(peptides)
    .where(eq(peptides.id, id));
  return row ?? null;
}

/** Every peptide's name and aliases: what a scraped listing's name is matched against. */
export async function getAllPeptideNames(db: Database) {
  return db
    .select({ id: peptides.id, name: peptides.name, aliases: peptides.aliases })
    .from(peptides);
}

/** The peptides as the admin edits them (the audit's before and after): one query. */
export async function getAdminPeptidesByIds(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select(adminPeptideColumns)
    .from(peptides)
    .leftJoin(categories, eq(peptides.categoryId, categories.id))
    .where(inArray(peptides.id, ids));
}

/**
 * Switches the peptides on or off for visitors: one statement. Returns the ones it changed
 * (those already in that state are left alone, so they need no audit entry).
 */
export async function setPeptidesActive(
  db: Database,
  ids: readonly string[],
  active: boolean,
): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  return db
    .update(peptides)
    .set({ active, updatedAt: new Date() })
    .where(and(inArray(peptides.id, [...ids]), ne(peptides.active, active)))
    .returning({ id: peptides.id, name: peptides.name });
}

export async function getAdminPeptide(db: Database, id: string) {
  const [row] = await getAdminPeptidesByIds(db, [id]);
  return row ?? null;
}

export async function getPeptideById(db: Database, id: string) {
  const [row] = await db
    .select({
      id: peptides.id,
      name: peptides.name,
      slug: peptides.slug,
      isPopular: peptides.isPopular,
      popularOrder: peptides.popularOrder,
    })
    .from(peptides)
    .where(eq(peptides.id, id));
  return row ?? null;
}

/** The id of the peptide holding a slug, to refuse a duplicate with a clear message. */
export async function getPeptideIdBySlug(db: Database, slug: string): Promise<string | null> {
  const [row] = await db.select({ id: peptides.id }).from(peptides).where(eq(peptides.slug, slug));
  return row?.id ?? null;
}

/** A peptide that left the featured slots because another took its place. */
export interface DisplacedPeptide {
  id: string;
  name: string;
  popularOrder: number;
}

// Any fixed number: the key of the advisory lock every change to the featured slots takes.
const POPULAR_SLOTS_LOCK = 7_301_003;

/**
 * Serialises changes to the featured slots across connections and instances, so two saves at
 * once cannot both see a slot free (the unique index on popular_order is the last word).
 */
async function lockPopularSlots(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${POPULAR_SLOTS_LOCK})`);
}

/**
 * Gives slot `order` to `peptideId`: whichever other peptide holds it leaves the featured
 * slots (SPEC.md §4's 1–3 stays at most three peptides, never two in one slot).
 */
async function claimPopularSlot(
  tx: Database,
  peptideId: string | null,
  order: number,
): Promise<DisplacedPeptide | null> {
  const [displaced] = await tx
    .update(peptides)
    .set({ isPopular: false, popularOrder: null, updatedAt: new Date() })
    .where(
      and(eq(peptides.popularOrder, order), peptideId ? ne(peptides.id, peptideId) : undefined),
    )
    .returning({ id: peptides.id, name: peptides.name });
  return displaced ? { ...displaced, popularOrder: order } : null;
}

export interface SavePeptideResult {
  id: string;
  displaced: DisplacedPeptide | null;
}

export async function createPeptide(db: Database, input: PeptideInput): Promise<SavePeptideResult> {
  return db.transaction(async (tx) => {
    await lockPopularSlots(tx);
    const displaced =
      input.isPopular && input.popularOrder !== null
        ? await claimPopularSlot(tx, null, input.popularOrder)
        : null;
    const [row] = await tx.insert(peptides).values(input).returning({ id: peptides.id });
    // A live slug wins over a former one: the old redirect would never be reached again.
    await tx.delete(peptideSlugHistory).where(eq(peptideSlugHistory.slug, input.slug));
    return { id: row.id, displaced };
  });
}

/**
 * Saves the peptide if it is still at `version` (the one its form was opened on); a changed
 * slug is kept in its history so old links answer a 301. "changed"/"missing": nothing written.
 */
export async function updatePeptide(
  db: Database,
  id: string,
  version: string,
  input: PeptideInput,
): Promise<SavePeptideResult | Exclude<CompareAndSetOutcome, "updated">> {
  try {
    return await db.transaction(async (tx) => {
      await lockPopularSlots(tx);
      const [before] = await tx
        .select({ slug: peptides.slug })
        .from(peptides)
        .where(eq(peptides.id, id))
        .for("update");
      if (!before) throw new StaleRowError("missing");
      const displaced =
        input.isPopular && input.popularOrder !== null
          ? await claimPopularSlot(tx, id, input.popularOrder)
          : null;
      const outcome = await updateIfUnchanged(tx, peptides, id, version, input);
      // Rolls back the slot handed over above: a stale save changes nothing.
      if (outcome !== "updated") throw new StaleRowError(outcome);
      if (before.slug !== input.slug) {
        await tx.delete(peptideSlugHistory).where(eq(peptideSlugHistory.slug, input.slug));
        await tx
          .insert(peptideSlugHistory)
          .values({ slug: before.slug, peptideId: id })
          .onConflictDoUpdate({
            target: peptideSlugHistory.slug,
            set: { peptideId: id, createdAt: new Date() },
          });
      }
      return { id, displaced };
    });
  } catch (error) {
    if (error instanceof StaleRowError) return error.outcome;
    throw error;
  }
}

/**
 * Where a /peptide/{slug} address should point instead: the current slug of a peptide when the
 * address holds a former slug of it or the right slug in other letter case; null when the slug
 * is live as it is (or unknown, which the page answers with its 404). One query.
 */
export async function findPeptideSlugRedirect(db: Database, slug: string): Promise<string | null> {
  const wanted = slug.toLowerCase();
  const live = db
    .select({ slug: peptides.slug, rank: sql<number>`1`.as("rank") })
    .from(peptides)
    .where(and(eq(peptides.slug, wanted), peptideIsPublic()));
  const former = db
    .select({ slug: peptides.slug, rank: sql<number>`2`.as("rank") })
    .from(peptideSlugHistory)
    .innerJoin(peptides, eq(peptides.id, peptideSlugHistory.peptideId))
    .where(and(eq(peptideSlugHistory.slug, wanted), ne(peptides.slug, wanted), peptideIsPublic()));
  const [target] = await live
    .unionAll(former)
    .orderBy(sql`rank`)
    .limit(1);
  return target && target.slug !== slug ? target.slug : null;
}

/** Appends an alias unless the peptide already has it (in any letter case). */
export async function addPeptideAlias(db: Database, id: string, alias: string): Promise<void> {
  await db
    .update(peptides)
    .set({ aliases: sql`array_append(${peptides.aliases}, ${alias}::text)`, updatedAt: new Date() })
    .where(
      sql`${peptides.id} = ${id} and not exists (select 1 from unnest(${peptides.aliases}) as existing where lower(existing) = lower(${alias}))`,
    );
}

/**
 * SPEC.md §4: the highest existing popular_order plus 1, starting at 1; past the last slot, a
 * slot left free below it (orders 1 and 3 taken: 2). Past 3 when all are taken.
 */
export async function getNextPopularOrder(db: Database): Promise<number> {
  const taken = await db
    .select({ order: peptides.popularOrder })
    .from(peptides)
    .where(sql`${peptides.popularOrder} is not null`);
  const orders = new Set(taken.map((row) => Number(row.order)));
  const next = Math.max(0, ...orders) + 1;
  if (next <= MAX_POPULAR_ORDER) return next;
  for (let order = 1; order <= MAX_POPULAR_ORDER; order += 1) if (!orders.has(order)) return order;
  return next;
}

export type PromoteResult =
  | { ok: true; popularOrder: number; name: string }
  | { ok: false; reason: "not-found" | "already-popular" | "no-free-slot" };

/** Marks a peptide popular with the next order; refuses past the 3 featured slots. */
export async function promotePeptide(db: Database, id: string): Promise<PromoteResult> {
  return db.transaction(async (tx) => {
    await lockPopularSlots(tx);
    const peptide = await getPeptideById(tx, id);
    if (!peptide) return { ok: false, reason: "not-found" };
    if (peptide.isPopular) return { ok: false, reason: "already-popular" };
    const popularOrder = await getNextPopularOrder(tx);
    if (popularOrder > MAX_POPULAR_ORDER) return { ok: false, reason: "no-free-slot" };
    await tx
      .update(peptides)
      .set({ isPopular: true, popularOrder, updatedAt: new Date() })
      .where(eq(peptides.id, id));
    return { ok: true, popularOrder, name: peptide.name };
  });
}
