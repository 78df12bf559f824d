/**
 * The admin vendor-price table's search box at a real catalogue's size (issue 21): the same
 * rows as "the peptide's or vendor's name, the link, the notes or the price's name contains
 * the text, in any case", found through indexes instead of by reading every price.
 *
 * The names live in the small tables, so they are matched there first, in one query (a
 * trigram index answers the peptides; the vendors are a page). The prices are then reached by
 * those ids through their foreign-key indexes, and by their own link and notes through trigram
 * indexes (schema.ts): the planner ORs the index scans. The ids go to the database as values,
 * so it knows how many prices they reach: a search no vendor name contains is not costed as
 * one vendor's prices, and one that reaches most of the catalogue is read whole.
 */
import { and, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";

import { matchAcrossJoiner } from "~/lib/joined-text-search";
import { likePattern, likePrefixPattern, likeSuffixPattern } from "~/lib/like-pattern";

import type { Database } from "../db/client";
import { peptides, vendorPeptides, vendors } from "../db/schema";

import { containsSearch } from "./table-search.server";

/** Between the vendor's and the peptide's name in a price's name ("Alpha Labs price for BPC-157"). */
const PRICE_NAME_JOINER = " price for ";

/**
 * More peptides or vendors than this matching by name, and the search is broad: their prices
 * are a good part of the table, which is then read whole (the plain condition), rather than
 * sending the database every id to plan with.
 */
const MAX_NAME_MATCHES = 200;

/** The name the admin and the audit log give a price. */
const priceName = sql`${vendors.name} || ${sql.raw(`'${PRICE_NAME_JOINER}'`)} || ${peptides.name}`;

/**
 * The search box's condition on offers joined to their peptide and vendor. The plain
 * condition stays the final word (a Filter after the index scans), so the ids only decide
 * where the database looks, never which rows match.
 */
export async function offerSearch(db: Database, search: string): Promise<SQL> {
  const matches = containsSearch(search, [
    peptides.name,
    vendors.name,
    vendorPeptides.url,
    vendorPeptides.notes,
    priceName,
  ]);
  // A search inside " price for " is in every price's name.
  const across = matchAcrossJoiner(search, PRICE_NAME_JOINER);
  if (across.everyJoined) return matches;

  const pattern = likePattern(search);
  const peptideNames = (...rightStarts: string[]) =>
    or(...rightStarts.map((start) => ilike(peptides.name, likePrefixPattern(start))));
  const vendorNames = (...leftEndings: string[]) =>
    or(...leftEndings.map((ending) => ilike(vendors.name, likeSuffixPattern(ending))));
  const tagged = (tag: number, id: typeof peptides.id | typeof vendors.id) => ({
    tag: sql<number>`${sql.raw(String(tag))}`,
    id,
  });
  // Tag 0: peptides whose name contains the search or starts what follows " price for " in
  // it; 1: vendors whose name contains it or ends what precedes " price for "; 2 + 2k and
  // 3 + 2k: the vendors and peptides of the k-th way the search holds all of " price for ".
  const [peptideIds, vendorIds, ...pairIds] = idsByTag(
    await unionAll(
      db
        .select(tagged(0, peptides.id))
        .from(peptides)
        .where(or(ilike(peptides.name, pattern), peptideNames(...across.rightStarts)))
        .limit(MAX_NAME_MATCHES + 1),
      db
        .select(tagged(1, vendors.id))
        .from(vendors)
        .where(or(ilike(vendors.name, pattern), vendorNames(...across.leftEndings)))
        .limit(MAX_NAME_MATCHES + 1),
      ...across.pairs.flatMap((pair, k) => [
        db
          .select(tagged(2 + 2 * k, vendors.id))
          .from(vendors)
          .where(vendorNames(pair.leftEnding))
          .limit(MAX_NAME_MATCHES + 1),
        db
          .select(tagged(3 + 2 * k, peptides.id))
          .from(peptides)
          .where(peptideNames(pair.rightStart))
          .limit(MAX_NAME_MATCHES + 1),
      ]),
    ),
    2 + 2 * across.pairs.length,
  );

  if ([peptideIds!, vendorIds!, ...pairIds].some((ids) => ids.length > MAX_NAME_MATCHES)) {
    return matches;
  }

  const candidates: SQL[] = [
    ilike(vendorPeptides.url, pattern),
    ilike(vendorPeptides.notes, pattern),
  ];
  if (peptideIds!.length > 0) candidates.push(inArray(vendorPeptides.peptideId, peptideIds!));
  if (vendorIds!.length > 0) candidates.push(inArray(vendorPeptides.vendorId, vendorIds!));
  for (let k = 0; k < across.pairs.length; k += 1) {
    const [pairVendors, pairPeptides] = [pairIds[2 * k]!, pairIds[2 * k + 1]!];
    if (pairVendors.length > 0 && pairPeptides.length > 0) {
      candidates.push(
        and(
          inArray(vendorPeptides.vendorId, pairVendors),
          inArray(vendorPeptides.peptideId, pairPeptides),
        )!,
      );
    }
  }
  return and(or(...candidates), matches)!;
}

/** The ids of each tag, in tag order (`count` lists, some perhaps empty). */
function idsByTag(rows: { tag: number; id: string }[], count: number): string[][] {
  const sets = Array.from({ length: count }, () => [] as string[]);
  for (const row of rows) sets[Number(row.tag)]!.push(row.id);
  return sets;
}
