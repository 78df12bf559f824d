import { asc, eq, max, sql } from "drizzle-orm";

import { MAX_POPULAR_ORDER } from "~/lib/forms/catalog";

import type { Database } from "../db/client";
import { categories, peptides } from "../db/schema";

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
  const [row] = await db.insert(peptides).values(input).returning({ id: peptides.id });
  return row.id;
}

export async function updatePeptide(
  db: Database,
  id: string,
  input: PeptideInput,
): Promise<boolean> {
  const rows = await db
    .update(peptides)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(peptides.id, id))
    .returning({ id: peptides.id });
  return rows.length > 0;
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
