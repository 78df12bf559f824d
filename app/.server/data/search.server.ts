import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";

import type { OfferlessRow, OfferRow } from "~/lib/offer-row";
import { bestOffer, type PricingContext } from "~/lib/pricing";
import {
  categoryPath,
  matchedAlias,
  normaliseSearchQuery,
  vendorPath,
  type Suggestion,
} from "~/lib/search";

import type { Database } from "../db/client";
import { categories, coupons, peptides, sizeOptions, vendorPeptides, vendors } from "../db/schema";

import { OFFER_ROW_COLUMNS, toOfferRow } from "./listings/offer-rows.server";
import { peptideIsPublic, priceIsActive } from "./public-visibility.server";

export interface PeptideHit {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  imageUrl: string | null;
  categoryName: string | null;
  categorySlug: string | null;
  /** The alias the query matched, when it did not match the name. */
  matchedAlias: string | null;
}

export interface NamedHit {
  name: string;
  slug: string | null;
}

export interface CatalogSearchResult {
  peptides: PeptideHit[];
  categories: NamedHit[];
  vendors: NamedHit[];
}

const EMPTY: CatalogSearchResult = { peptides: [], categories: [], vendors: [] };

/**
 * Ranking tiers, best first; each outweighs every score within a tier (at most 7). A typo
 * match ranks below every exact one: "beta thymosin" is TB-500's alias word for word before
 * it is a misspelling of "Thymosin Alpha-1".
 */
const TIERS = { name: 30, alias: 20, typo: 10, description: 0 };

/**
 * Peptides (by name, alias or the words of their description), categories and vendors
 * matching a query, best first: two queries, both served by the indexes of
 * drizzle/0007_search_indexes.sql and 0023_description_search_index.sql. A name or alias
 * matches when its letters and digits contain the query's ("bpc157" → BPC-157), when it is
 * within a typo or two (trigram word similarity), or when every word of the query begins a
 * word of it, in any order (full text); a description matches by full text only, from three
 * letters on. Name matches come first, then alias matches, then typo matches, then
 * description matches.
 */
export async function searchCatalog(
  db: Database,
  params: { query: string; limit: number },
): Promise<CatalogSearchResult> {
  const query = normaliseSearchQuery(params.query);
  if (query.key === "") return EMPTY;
  const { key } = query;
  const contains = `%${key}%`;

  const peptideKeys = sql`peptide_search_keys(${peptides.name}, ${peptides.aliases})`;
  const peptideDocument = sql`peptide_search_document(${peptides.name}, ${peptides.aliases})`;
  const nameKey = sql`search_key(${peptides.name})`;
  const tsQuery = sql`to_tsquery('simple', ${query.prefixTsQuery})`;
  const wordPrefix = or(
    sql`${peptideKeys} like ${`${key}%`}`,
    sql`${peptideKeys} like ${`% ${key}%`}`,
  );
  // One or two letters have no trigram of their own to look up: they match word beginnings
  // only, and never a description, where they would begin a word of nearly every one.
  const shortQuery = key.length < 3;
  const nameWords = sql`to_tsvector('simple', ${peptides.name}) @@ ${tsQuery}`;
  const nameExact = shortQuery
    ? or(sql`${nameKey} like ${`${key}%`}`, nameWords)
    : or(sql`${nameKey} like ${contains}`, nameWords);
  const keysExact = shortQuery
    ? wordPrefix
    : or(sql`${peptideKeys} like ${contains}`, sql`${peptideDocument} @@ ${tsQuery}`);
  const keysMatch = shortQuery ? keysExact : or(keysExact, sql`${key} <% ${peptideKeys}`);
  const descriptionMatches = sql`peptide_description_document(${peptides.description}) @@ ${tsQuery}`;
  const peptideMatches = shortQuery ? keysMatch : or(keysMatch, descriptionMatches);
  const tier = (name: keyof typeof TIERS) => sql.raw(String(TIERS[name]));
  const peptideScore = sql<number>`
    (case when ${nameExact} then ${tier("name")} when ${keysExact} then ${tier("alias")}
          when ${keysMatch} then ${tier("typo")} else ${tier("description")} end)
    + (case when ${nameKey} = ${key} then 4 else 0 end)
    + (case when ${wordPrefix} then 2 when ${peptideKeys} like ${contains} then 1 else 0 end)
    + word_similarity(${key}, ${peptideKeys})`;

  const nameScore = (name: typeof categories.name | typeof vendors.name) =>
    sql<number>`(case when search_key(${name}) like ${`${key}%`} then 2
                     when search_key(${name}) like ${contains} then 1 else 0 end)
                + word_similarity(${key}, search_key(${name}))`;
  const namedMatches = (name: typeof categories.name | typeof vendors.name) =>
    or(sql`search_key(${name}) like ${contains}`, sql`${key} <% search_key(${name})`);

  const peptideQuery = db
    .select({
      id: peptides.id,
      name: peptides.name,
      slug: peptides.slug,
      aliases: peptides.aliases,
      description: peptides.description,
      imageUrl: peptides.imageUrl,
      categoryName: categories.name,
      categorySlug: categories.slug,
      score: peptideScore.mapWith(Number).as("score"),
    })
    .from(peptides)
    .leftJoin(categories, eq(categories.id, peptides.categoryId))
    .where(and(peptideIsPublic(), peptideMatches))
    // By the output column: the same expression again would hold new parameters and be computed twice.
    .orderBy(desc(sql`score`), asc(peptides.name))
    .limit(params.limit);

  const categoryHits = db
    .select({
      kind: sql<"category" | "vendor">`'category'`.as("kind"),
      name: categories.name,
      slug: sql<string | null>`${categories.slug}`.as("slug"),
      score: nameScore(categories.name).mapWith(Number).as("score"),
    })
    .from(categories)
    .where(namedMatches(categories.name));
  const vendorHits = db
    .select({
      kind: sql<"category" | "vendor">`'vendor'`.as("kind"),
      name: vendors.name,
      slug: sql<string | null>`null`.as("slug"),
      score: nameScore(vendors.name).mapWith(Number).as("score"),
    })
    .from(vendors)
    .where(namedMatches(vendors.name));
  const nameQuery = categoryHits
    .unionAll(vendorHits)
    .orderBy(desc(sql`score`), asc(sql`name`))
    .limit(params.limit * 2);
  // The `<%` threshold is a session setting of every connection (db/client.ts).
  const [peptideRows, nameRows] = await Promise.all([peptideQuery, nameQuery]);

  const pick = (kind: "category" | "vendor") =>
    nameRows
      .filter((row) => row.kind === kind)
      .slice(0, params.limit)
      .map(({ name, slug }) => ({ name, slug }));
  return {
    peptides: peptideRows.map(({ aliases, score: _score, ...row }) => ({
      ...row,
      matchedAlias: matchedAlias(row.name, aliases, key),
    })),
    categories: pick("category"),
    vendors: pick("vendor"),
  };
}

/** The search page's offer table: one row per peptide result, in the results' order. */
export interface SearchResultRows {
  /**
   * Each result's Best Price (~/lib/pricing's bestOffer: the lowest landed total for the
   * visitor's destination, or the price after coupon where the vendor does not state its
   * shipping), with the alias the query matched and its number of vendors.
   */
  offers: OfferRow[];
  /** The results with no offer to buy right now (none priced, or none in stock and fresh). */
  offerless: OfferlessRow[];
}

/**
 * The offer-table rows of the peptide results: every public price of these peptides with its
 * vendor and coupon in one query, priced as the detail and vendor pages price them (toOfferRow).
 * The header's suggestions do without: they stay one cached, currency-free answer per query.
 */
export async function getSearchResultRows(
  db: Database,
  hits: Pick<PeptideHit, "id" | "name" | "slug" | "matchedAlias">[],
  pricing: PricingContext,
): Promise<SearchResultRows> {
  if (hits.length === 0) return { offers: [], offerless: [] };
  const rows = await db
    .select(OFFER_ROW_COLUMNS)
    .from(vendorPeptides)
    .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId))
    .innerJoin(sizeOptions, eq(sizeOptions.id, vendorPeptides.sizeOptionId))
    .innerJoin(vendors, eq(vendors.id, vendorPeptides.vendorId))
    .leftJoin(coupons, eq(coupons.vendorId, vendorPeptides.vendorId))
    .where(
      and(
        inArray(
          vendorPeptides.peptideId,
          hits.map((hit) => hit.id),
        ),
        priceIsActive(),
      ),
    );

  const byPeptide = new Map<string, { offers: OfferRow[]; vendorIds: Set<string> }>();
  for (const row of rows) {
    const offer = toOfferRow(row, pricing);
    if (!offer) continue;
    const entry = byPeptide.get(row.peptideId) ?? { offers: [], vendorIds: new Set<string>() };
    entry.offers.push(offer);
    entry.vendorIds.add(offer.vendorId);
    byPeptide.set(row.peptideId, entry);
  }
  const result: SearchResultRows = { offers: [], offerless: [] };
  for (const hit of hits) {
    const entry = byPeptide.get(hit.id);
    const vendorCount = entry?.vendorIds.size ?? 0;
    const best = entry ? bestOffer(entry.offers) : undefined;
    if (best) {
      result.offers.push({ ...best, matchedAlias: hit.matchedAlias, vendorCount });
    } else {
      result.offerless.push({
        peptideId: hit.id,
        peptideName: hit.name,
        peptideSlug: hit.slug,
        matchedAlias: hit.matchedAlias,
        vendorCount,
      });
    }
  }
  return result;
}

/** The header's suggestions: the best peptides, then a few categories and vendors. */
export function suggestionsFrom(result: CatalogSearchResult, limit: number): Suggestion[] {
  const named = Math.max(1, Math.floor(limit / 4));
  const peptideSuggestions: Suggestion[] = result.peptides.map((peptide) => ({
    kind: "peptide",
    label: peptide.name,
    detail: peptide.matchedAlias
      ? `Also known as ${peptide.matchedAlias}`
      : (peptide.categoryName ?? null),
    href: `/peptide/${peptide.slug}`,
  }));
  const categorySuggestions: Suggestion[] = result.categories.slice(0, named).map((category) => ({
    kind: "category",
    label: category.name,
    detail: null,
    href: categoryPath(category.slug ?? ""),
  }));
  const vendorSuggestions: Suggestion[] = result.vendors.slice(0, named).map((vendor) => ({
    kind: "vendor",
    label: vendor.name,
    detail: null,
    href: vendorPath(vendor.name),
  }));
  const room = Math.max(0, limit - categorySuggestions.length - vendorSuggestions.length);
  return [...peptideSuggestions.slice(0, room), ...categorySuggestions, ...vendorSuggestions];
}
