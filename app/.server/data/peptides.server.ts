import { and, asc, eq, max, ne, sql } from "drizzle-orm";

import { MAX_POPULAR_ORDER } from "~/lib/forms/catalog";

import type { Database } from "../db/client";
import { categories, peptides, peptideSlugHistory } from "../db/schema";

export interface PeptideInput {
  name: string;
  slug: string;
  categoryId: string | null;
  description: string | null;
  imageUrl: string | null;
  keyBenefits: string[];
  /** Other names shops use for it; left out, the stored ones stay. */
  aliases?: string[];
  isPopular: boolean;
  popularOrder: number | null;
}

/** Every peptide with its category name, for the admin table (one query). */
export async function getAdminPeptides(db: Database) {
  return db
    .select({
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
    })
    .from(peptides)
    .leftJoin(categories, eq(peptides.categoryId, categories.id))
    .orderBy(asc(peptides.name));
}
export type AdminPeptide = Awaited<ReturnType<typeof getAdminPeptides>>[number];

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

export async function createPeptide(db: Database, input: PeptideInput): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(peptides).values(input).returning({ id: peptides.id });
    // A live slug wins over a former one: the old redirect would never be reached again.
    await tx.delete(peptideSlugHistory).where(eq(peptideSlugHistory.slug, input.slug));
    return row.id;
  });
}

/** Saves the peptide; a changed slug is kept in its history so old links answer a 301. */
export async function updatePeptide(
  db: Database,
  id: string,
  input: PeptideInput,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ slug: peptides.slug })
      .from(peptides)
      .where(eq(peptides.id, id))
      .for("update");
    if (!before) return false;
    await tx
      .update(peptides)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(peptides.id, id));
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
    return true;
  });
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
    .where(eq(peptides.slug, wanted));
  const former = db
    .select({ slug: peptides.slug, rank: sql<number>`2`.as("rank") })
    .from(peptideSlugHistory)
    .innerJoin(peptides, eq(peptides.id, peptideSlugHistory.peptideId))
    .where(and(eq(peptideSlugHistory.slug, wanted), ne(peptides.slug, wanted)));
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

/** Deletes the peptide; its sizes, vendor prices and price history go with it (foreign keys). */
export async function deletePeptide(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(peptides).where(eq(peptides.id, id)).returning({ id: peptides.id });
  return rows.length > 0;
}

/** SPEC.md §4: the highest existing popular_order plus 1, starting at 1. */
export async function getNextPopularOrder(db: Database): Promise<number> {
  const [row] = await db.select({ highest: max(peptides.popularOrder) }).from(peptides);
  return (row?.highest ?? 0) + 1;
}

export type PromoteResult =
  | { ok: true; popularOrder: number }
  | { ok: false; reason: "not-found" | "already-popular" | "no-free-slot" };

/** Marks a peptide popular with the next order; refuses past the 3 featured slots. */
export async function promotePeptide(db: Database, id: string): Promise<PromoteResult> {
  return db.transaction(async (tx) => {
    const peptide = await getPeptideById(tx, id);
    if (!peptide) return { ok: false, reason: "not-found" };
    if (peptide.isPopular) return { ok: false, reason: "already-popular" };
    const popularOrder = await getNextPopularOrder(tx);
    if (popularOrder > MAX_POPULAR_ORDER) return { ok: false, reason: "no-free-slot" };
    await tx
      .update(peptides)
      .set({ isPopular: true, popularOrder, updatedAt: new Date() })
      .where(eq(peptides.id, id));
    return { ok: true, popularOrder };
  });
}
