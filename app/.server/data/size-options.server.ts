import { and, asc, count, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";

import type { SIZES_TABLE } from "~/lib/admin-tables";
import type { Unit } from "~/lib/constants";
import type { CatalogueOption } from "~/lib/catalogue-options";
import { likePattern } from "~/lib/like-pattern";
import { formatSize } from "~/lib/units";

import type { Database } from "../db/client";
import { peptides, sizeOptions, vendorPeptides } from "../db/schema";

export interface SizeInput {
  peptideId: string;
  quantity: number;
  unit: Unit;
  /** Only for unit 'other'. */
  unitLabel: string | null;
}

/** The peptide's size of this quantity and unit, created on the fly when it does not exist yet. */
export async function findOrCreateSizeOption(
  db: Database,
  input: SizeInput,
): Promise<{ id: string; created: boolean }> {
  const unitLabel = input.unit === "other" ? input.unitLabel : null;
  const [existing] = await db
    .select({ id: sizeOptions.id })
    .from(sizeOptions)
    .where(
      and(
        eq(sizeOptions.peptideId, input.peptideId),
        eq(sizeOptions.quantity, input.quantity),
        eq(sizeOptions.unit, input.unit),
        unitLabel === null ? isNull(sizeOptions.unitLabel) : eq(sizeOptions.unitLabel, unitLabel),
      ),
    );
  if (existing) return { id: existing.id, created: false };
  const [row] = await db
    .insert(sizeOptions)
    .values({ ...input, unitLabel })
    .returning({ id: sizeOptions.id });
  return { id: row.id, created: true };
}

/** Sizes as numbers, of one peptide or (undefined) of every peptide. */
async function readSizeOptions(db: Database, peptideId?: string) {
  const rows = await db
    .select({
      id: sizeOptions.id,
      peptideId: sizeOptions.peptideId,
      quantity: sizeOptions.quantity,
      unit: sizeOptions.unit,
    })
    .from(sizeOptions)
    .where(peptideId === undefined ? undefined : eq(sizeOptions.peptideId, peptideId));
  return rows.map((row) => ({ ...row, quantity: Number(row.quantity) }));
}

/** Every peptide's sizes, as numbers: a scrape run matches its listings against them all. */
export const getAllSizeOptions = (db: Database) => readSizeOptions(db);

/** The sizes of one peptide, as numbers. */
export const getPeptideSizeOptions = (db: Database, peptideId: string) =>
  readSizeOptions(db, peptideId);

/**
 * One peptide's sizes for the admin's size picker, smallest first; a typed text narrows them
 * by their label ("10" finds 10mg).
 */
export async function findSizeOptions(
  db: Database,
  { peptideId, search, limit }: { peptideId: string; search: string; limit: number },
): Promise<CatalogueOption[]> {
  const rows = await db
    .select({
      id: sizeOptions.id,
      quantity: sizeOptions.quantity,
      unit: sizeOptions.unit,
      unitLabel: sizeOptions.unitLabel,
    })
    .from(sizeOptions)
    .where(eq(sizeOptions.peptideId, peptideId))
    .orderBy(asc(sizeOptions.quantity), asc(sizeOptions.unit));
  const wanted = search.replace(/\s+/g, "").toLowerCase();
  return rows
    .map((row) => ({ id: row.id, label: formatSize(row.quantity, row.unit, row.unitLabel) }))
    .filter((option) => option.label.replace(/\s+/g, "").toLowerCase().includes(wanted))
    .slice(0, limit);
}

/** The columns the Sizes table sorts by (its definition in app/lib/admin-tables.ts). */
export type AdminSizeSort = (typeof SIZES_TABLE.spec.sorts)[number];

/**
 * One page of the admin's Sizes table: each size with its peptide and how many offers
 * use it, sorted, with the total. Two queries.
 */
export async function getAdminSizeOptionPage(
  db: Database,
  query: { q?: string; sort: AdminSizeSort; dir: "asc" | "desc"; page: number; pageSize: number },
) {
  const direction = query.dir === "desc" ? desc : asc;
  // "bpc", "10 mg", "BPC-157 10mg": the peptide's name, or its size as the table shows it.
  const matches = query.q
    ? or(
        ilike(peptides.name, likePattern(query.q)),
        sql`(trim_scale(${sizeOptions.quantity}) || ' ' || coalesce(${sizeOptions.unitLabel}, ${sizeOptions.unit}::text)) ilike ${likePattern(query.q)}`,
        sql`(trim_scale(${sizeOptions.quantity}) || coalesce(${sizeOptions.unitLabel}, ${sizeOptions.unit}::text)) ilike ${likePattern(query.q.replace(/\s+/g, ""))}`,
        sql`(${peptides.name} || ' ' || trim_scale(${sizeOptions.quantity}) || coalesce(${sizeOptions.unitLabel}, ${sizeOptions.unit}::text)) ilike ${likePattern(query.q)}`,
      )
    : undefined;
  // Counted per size through vendor_peptides_size_price_idx, not by grouping every price.
  const priceCount =
    sql<number>`(select count(*) from ${vendorPeptides} where ${vendorPeptides.sizeOptionId} = ${sizeOptions.id})`.mapWith(
      Number,
    );
  const first =
    query.sort === "prices"
      ? direction(priceCount)
      : query.sort === "unit"
        ? direction(sql`coalesce(${sizeOptions.unitLabel}, ${sizeOptions.unit}::text)`)
        : direction(peptides.name);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: sizeOptions.id,
        peptideId: sizeOptions.peptideId,
        peptideName: peptides.name,
        quantity: sizeOptions.quantity,
        unit: sizeOptions.unit,
        unitLabel: sizeOptions.unitLabel,
        priceCount,
      })
      .from(sizeOptions)
      .innerJoin(peptides, eq(peptides.id, sizeOptions.peptideId))
      .where(matches)
      .orderBy(
        first,
        asc(peptides.name),
        asc(sizeOptions.unit),
        asc(sizeOptions.quantity),
        asc(sizeOptions.id),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(sizeOptions)
      .innerJoin(peptides, eq(peptides.id, sizeOptions.peptideId))
      .where(matches),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, quantity: Number(row.quantity) })),
    total: totalRow?.n ?? 0,
  };
}

export type AdminSizeOption = Awaited<ReturnType<typeof getAdminSizeOptionPage>>["rows"][number];

/** One size and how many offers use it; null when it does not exist. */
export async function getSizeOptionUsage(db: Database, id: string) {
  const [row] = await db
    .select({
      id: sizeOptions.id,
      quantity: sizeOptions.quantity,
      unit: sizeOptions.unit,
      unitLabel: sizeOptions.unitLabel,
      priceCount: count(vendorPeptides.id),
    })
    .from(sizeOptions)
    .leftJoin(vendorPeptides, eq(vendorPeptides.sizeOptionId, sizeOptions.id))
    .where(eq(sizeOptions.id, id))
    .groupBy(sizeOptions.id);
  return row ?? null;
}
