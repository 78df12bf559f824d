import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";

import type { OfferlessRow, OfferRow } from "~/lib/offer-row";
import { type PricingContext } from "~/lib/pricing";
import { bestOffer, countBuyableVendors } from "~/lib/ranking";
import {
  categoryPath,
  matchedAlias,
  peptidePath,
  vendorPath,
  type NormalisedQuery,
  type Suggestion,
} from "~/lib/search";
import { parseSearchQuery, type SearchedSize } from "~/lib/search-query";
import { formatSize } from "~/lib/units";

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
  /** The size the query asked for (?size= of the detail page); null when none or not sold in it. */
  sizeLabel: string | null;
}

export interface NamedHit {
  name: string;
  slug: string | null;
}

export interface CatalogueSearchResult {
  peptides: PeptideHit[];
  categories: NamedHit[];
  vendors: NamedHit[];
}

const EMPTY: CatalogueSearchResult = { peptides: [], categories: [], vendors: [] };

/**
 * Ranking tiers, best first; each outweighs every score within a tier (at most 7). A typo
 * match ranks below every exact one: "beta thymosin" is TB-500's alias word for word before
 * it is a misspelling of "Thymosin Alpha-1". A category word ("healing") lists every peptide
 * of the category, after the peptides named by it.
 */
const TIERS = { name: 40, alias: 30, category: 20, typo: 10, description: 0 };

/** Whether a category's or vendor's name matches: contains the key, or is within a typo. */
const namedMatches = (name: typeof categories.name | typeof vendors.name, key: string) =>
  or(sql`search_key(${name}) like ${`%${key}%`}`, sql`${key} <% search_key(${name})`);

/** How a peptide matches one reading of the query, and its score for it. */
function peptideMatch(query: NormalisedQuery) {
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
  // The peptide's category (joined) by the rule that lists the category itself.
  const categoryMatches = shortQuery
    ? sql`search_key(${categories.name}) like ${`${key}%`}`
    : namedMatches(categories.name, key);
  const descriptionMatches = sql`peptide_description_document(${peptides.description}) @@ ${tsQuery}`;
  const matches = shortQuery
    ? or(keysMatch, categoryMatches)
    : or(keysMatch, categoryMatches, descriptionMatches);
  const tier = (name: keyof typeof TIERS) => sql.raw(String(TIERS[name]));
  const score = sql<number>`
    ((case when ${nameExact} then ${tier("name")} when ${keysExact} then ${tier("alias")}
           when ${categoryMatches} then ${tier("category")} when ${keysMatch} then ${tier("typo")}
           else ${tier("description")} end)
     + (case when ${nameKey} = ${key} then 4 else 0 end)
     + (case when ${wordPrefix} then 2 when ${peptideKeys} like ${contains} then 1 else 0 end)
     + word_similarity(${key}, ${peptideKeys}))`;
  return { matches: matches!, score };
}

/** A size in numeric(12, 3) as SQL compares it: no binary artefacts ("0.30000000000000004"). */
const asNumeric = (quantity: number) => sql`${String(Number(quantity.toFixed(3)))}::numeric`;

/**
 * The peptide's size the query asks for, as JSON (quantity, unit, unitLabel), or null: the
 * same amount in milligrams (mg or mcg), IU or ml; a bare number is an amount in any unit,
 * milligrams first.
 */
function askedSizeOf(size: SearchedSize) {
  const amount =
    size.unit === "mg"
      ? sql`(${sizeOptions.unit} = 'mg' and ${sizeOptions.quantity} = ${asNumeric(size.quantity)}
          or ${sizeOptions.unit} = 'mcg' and ${sizeOptions.quantity} = ${asNumeric(size.quantity * 1000)})`
      : size.unit === null
        ? sql`${sizeOptions.quantity} = ${asNumeric(size.quantity)}`
        : sql`(${sizeOptions.unit} = ${size.unit} and ${sizeOptions.quantity} = ${asNumeric(size.quantity)})`;
  return sql`(select json_build_object('quantity', ${sizeOptions.quantity}, 'unit', ${sizeOptions.unit},
                                       'unitLabel', ${sizeOptions.unitLabel})
                from ${sizeOptions}
               where ${sizeOptions.peptideId} = ${peptides.id} and ${amount}
               order by ${sizeOptions.unit} = 'mg' desc limit 1)`;
}

interface AskedSize {
  quantity: number | string;
  unit: string;
  unitLabel: string | null;
}

/**
 * Peptides (by name, alias, category or the words of their description), categories and
 * vendors matching a query, best first: two queries, both served by the indexes of
 * drizzle/0007_search_indexes.sql and 0023_description_search_index.sql. A name or alias
 * matches when its letters and digits contain the query's ("bpc157" → BPC-157), when it is
 * within a typo or two (trigram word similarity), or when every word of the query begins a
 * word of it, in any order (full text); a category word lists every peptide of the category;
 * a description matches by full text only, from three letters on. Name matches come first,
 * then alias matches, then category, typo and description matches.
 *
 * A size in the query ("semaglutide 5mg", ~/lib/search-query) is left out of the words and
 * comes back as the hit's `sizeLabel` when the peptide has it. A bare number ("semaglutide 5")
 * is read both ways: as part of the name ("bpc 157") and, for a peptide with a size of that
 * amount, as the size.
 */
export async function searchCatalogue(
  db: Database,
  params: { query: string; limit: number },
): Promise<CatalogueSearchResult> {
  const { whole, size } = parseSearchQuery(params.query);
  if (whole.key === "") return EMPTY;

  let where: SQL;
  let score: SQL<number>;
  let askedSize: SQL | null = null;
  if (size === null) {
    ({ matches: where, score } = peptideMatch(whole));
  } else if (size.unit !== null) {
    ({ matches: where, score } = peptideMatch(size.words));
    askedSize = askedSizeOf(size);
  } else {
    const asWritten = peptideMatch(whole);
    const withSize = peptideMatch(size.words);
    const hasSize = sql`${askedSizeOf(size)} is not null`;
    const bySize = and(withSize.matches, hasSize)!;
    where = or(asWritten.matches, bySize)!;
    score = sql<number>`(case when ${bySize} then greatest(${asWritten.score}, ${withSize.score})
                              else ${asWritten.score} end)`;
    askedSize = sql`(case when ${bySize} then ${askedSizeOf(size)} end)`;
  }
  // Categories and vendors by the words that name them, without a size the query states.
  const key = size?.unit ? size.words.key : whole.key;

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
      askedSize: (askedSize ?? sql`null`).mapWith((value) => value as AskedSize | null),
      score: score.mapWith(Number).as("score"),
    })
    .from(peptides)
    .leftJoin(categories, eq(categories.id, peptides.categoryId))
    .where(and(peptideIsPublic(), where))
    // By the output column: the same expression again would hold new parameters and be computed twice.
    .orderBy(desc(sql`score`), asc(peptides.name))
    .limit(params.limit);

  const nameScore = (name: typeof categories.name | typeof vendors.name) =>
    sql<number>`(case when search_key(${name}) like ${`${key}%`} then 2
                     when search_key(${name}) like ${`%${key}%`} then 1 else 0 end)
                + word_similarity(${key}, search_key(${name}))`;
  const categoryHits = db
    .select({
      kind: sql<"category" | "vendor">`'category'`.as("kind"),
      name: categories.name,
      slug: sql<string | null>`${categories.slug}`.as("slug"),
      score: nameScore(categories.name).mapWith(Number).as("score"),
    })
    .from(categories)
    .where(namedMatches(categories.name, key));
  const vendorHits = db
    .select({
      kind: sql<"category" | "vendor">`'vendor'`.as("kind"),
      name: vendors.name,
      slug: sql<string | null>`null`.as("slug"),
      score: nameScore(vendors.name).mapWith(Number).as("score"),
    })
    .from(vendors)
    .where(namedMatches(vendors.name, key));
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
    peptides: peptideRows.map(({ aliases, askedSize: asked, score: _score, ...row }) => ({
      ...row,
      // The words that found it: without the size when the size was read as one.
      matchedAlias: matchedAlias(
        row.name,
        aliases,
        size && (size.unit || asked) ? size.words.key : whole.key,
      ),
      sizeLabel: asked ? formatSize(asked.quantity, asked.unit, asked.unitLabel) : null,
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
  hits: Pick<PeptideHit, "id" | "name" | "slug" | "matchedAlias" | "sizeLabel">[],
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

  const offersByPeptide = new Map<string, OfferRow[]>();
  for (const row of rows) {
    const offer = toOfferRow(row, pricing);
    if (!offer) continue;
    const offers = offersByPeptide.get(row.peptideId);
    if (offers) offers.push(offer);
    else offersByPeptide.set(row.peptideId, [offer]);
  }
  const result: SearchResultRows = { offers: [], offerless: [] };
  for (const hit of hits) {
    // A size the query asked for makes the row that size's: its best offer, its vendors.
    const offers = (offersByPeptide.get(hit.id) ?? []).filter(
      (offer) => hit.sizeLabel === null || offer.sizeLabel === hit.sizeLabel,
    );
    const best = bestOffer(offers, pricing);
    // As the home card counts (issue 30): vendors with a buyable offer of the row's size; a row
    // with nothing to buy names every vendor that lists the peptide.
    const vendorCount = best
      ? countBuyableVendors(offers.filter((offer) => offer.sizeId === best.sizeId))
      : new Set(offers.map((offer) => offer.vendorId)).size;
    const asked = { matchedAlias: hit.matchedAlias, askedSize: hit.sizeLabel, vendorCount };
    if (best) {
      result.offers.push({ ...best, ...asked });
    } else {
      result.offerless.push({
        peptideId: hit.id,
        peptideName: hit.name,
        peptideSlug: hit.slug,
        ...asked,
      });
    }
  }
  return result;
}

/** The header's suggestions: the best peptides, then a few categories and vendors. */
export function suggestionsFrom(result: CatalogueSearchResult, limit: number): Suggestion[] {
  const named = Math.max(1, Math.floor(limit / 4));
  const peptideSuggestions: Suggestion[] = result.peptides.map((peptide) => ({
    kind: "peptide",
    label: peptide.name,
    // The size asked for first: the suggestion opens the page at it.
    detail:
      [
        peptide.sizeLabel,
        peptide.matchedAlias ? `Also known as ${peptide.matchedAlias}` : peptide.categoryName,
      ]
        .filter(Boolean)
        .join(" · ") || null,
    href: peptidePath(peptide.slug, peptide.sizeLabel),
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
