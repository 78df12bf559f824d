/**
 * The home page's read model: the filtered, sorted, paged peptide grid with its cards, the
 * featured slots and the filter choices. A fixed handful of queries whatever the catalogue's
 * size (IN-lists, json_agg, EXISTS), never one per card.
 */
import { and, asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";

import { HOME_PAGE_SIZE } from "~/lib/constants";
import {
  EMPTY_HOME_FILTERS,
  hasRowFilters,
  offerPassesFilters,
  type HomeFilters,
  type HomeSort,
} from "~/lib/home-filters";
import { AMOUNT_TOLERANCE } from "~/lib/money";
import { perMgDelivered } from "~/lib/offer-view";
import type { CardSize, CategoryLink, PeptideCardData } from "~/lib/peptide-card";
import { peptideImageFromJson } from "~/lib/peptide-image";
import { type PricingContext } from "~/lib/pricing";
import { bestOffer, countBuyableVendors } from "~/lib/ranking";
import { formatSize } from "~/lib/units";

import type { Database } from "../../db/client";
import { rowsOf } from "../../db/rows.server";
import { categories, peptides, sizeOptions } from "../../db/schema";
import type { PageCache } from "../../platform/http/page-cache.server";
import { peptideImageSql } from "../offer-images.server";
import { peptideIsPublic, priceIsActive } from "../public-visibility.server";
import { defaultPricingContext, priceRow, selectSizeOffers } from "./offer-rows.server";
import {
  BY_NAME,
  OFFER_JOINS,
  SIZE_LABEL_SQL,
  VIAL_MG_SQL,
  bestCardPriceSql,
  buyableSql,
  cardPriceSql,
  failedLabTestSql,
} from "./pricing-sql.server";

export interface HomePageParams {
  categorySlug: string | null;
  page: number;
  filters: HomeFilters;
  sort?: HomeSort;
  pricing?: PricingContext;
  /**
   * The app's data cache, emptied by every public write: the reads every visitor shares (the
   * category, vendor and size lists, the featured peptides, an unfiltered count) come from it.
   * Without one, everything is read afresh.
   */
  cache?: Pick<PageCache, "get">;
}

export interface HomePageData {
  categories: CategoryLink[];
  filterOptions: { sizes: string[]; vendors: string[] };
  /** Three slots by popular_order; null is an empty slot ('No Peptide'). */
  featured: (PeptideCardData | null)[];
  peptides: PeptideCardData[];
  total: number;
  page: number;
  pageCount: number;
}

/** A peptide as a card or a recommendation names it, before its sizes are priced. */
export type PeptideSummary = Omit<PeptideCardData, "sizes" | "defaultSizeId">;

/** Peptides with their category, as cards and recommendations name them; the caller adds the where. */
export function selectPeptideSummaries(db: Database) {
  return db
    .select({
      id: peptides.id,
      name: peptides.name,
      slug: peptides.slug,
      imageUrl: peptideImageSql(peptides.id, peptides.imageUrl),
      categoryName: categories.name,
      categorySlug: categories.slug,
    })
    .from(peptides)
    .leftJoin(categories, eq(categories.id, peptides.categoryId));
}

/** The offers of the row "peptides" that pass the row filters, as SQL conditions. */
function offerConditions(filters: HomeFilters, pricing: PricingContext): SQL[] {
  const conditions: SQL[] = [sql`vp.peptide_id = ${peptides.id}`, priceIsActive("vp")];
  const price = cardPriceSql(pricing);
  if (filters.sizes.length > 0) {
    conditions.push(
      sql`${SIZE_LABEL_SQL} in (${sql.join(
        filters.sizes.map((size) => sql`${size}`),
        sql`, `,
      )})`,
    );
  }
  if (filters.vendors.length > 0) {
    conditions.push(
      sql`v.name in (${sql.join(
        filters.vendors.map((name) => sql`${name}`),
        sql`, `,
      )})`,
    );
  }
  // With compareAmounts' tolerance: a bound typed as a card's own amount keeps that card,
  // whichever side rounded its last binary digit.
  if (filters.minPrice !== null)
    conditions.push(sql`${price} >= ${filters.minPrice}::numeric - ${AMOUNT_TOLERANCE}::numeric`);
  if (filters.maxPrice !== null)
    conditions.push(sql`${price} <= ${filters.maxPrice}::numeric + ${AMOUNT_TOLERANCE}::numeric`);
  if (filters.minRating !== null) conditions.push(sql`v.rating >= ${filters.minRating}`);
  return conditions;
}

/**
 * SQL twin of mayRank for the row "vp": buyable, and without a failed lab test unless the buyer
 * includes those — the offers a card's Best Price is chosen from.
 */
function mayRankSql(pricing: PricingContext): SQL[] {
  return [
    buyableSql(pricing),
    ...(pricing.includeFailedLabOffers ? [] : [sql`not ${failedLabTestSql(pricing.now)}`]),
  ];
}

/**
 * "Does this peptide have an offer that may rank matching every row filter?" as one
 * EXISTS: the card then always has an offer that passed to show as its price (an offer whose
 * lab test failed is not one, unless the buyer includes those).
 */
function matchingOfferExists(filters: HomeFilters, pricing: PricingContext): SQL {
  const conditions = [...offerConditions(filters, pricing), ...mayRankSql(pricing)];
  return sql`exists (select 1 ${OFFER_JOINS} where ${sql.join(conditions, sql` and `)})`;
}

/**
 * The grid's order (SPEC.md's name order by default). Prices and vendor counts are those of
 * the buyable offers that pass the filters, as the cards show them; peptides without one last.
 */
function homeOrder(sort: HomeSort, filters: HomeFilters, pricing: PricingContext): SQL[] {
  if (sort === "name") return [BY_NAME, asc(peptides.id)];
  const matching = offerConditions(filters, pricing);
  if (sort === "vendors") {
    const where = sql.join(matching, sql` and `);
    return [
      sql`(select count(distinct vp.vendor_id) ${OFFER_JOINS} where ${where}) desc`,
      BY_NAME,
      asc(peptides.id),
    ];
  }
  const where = sql.join([...matching, ...mayRankSql(pricing)], sql` and `);
  // The price the card shows: the Best Price (landed total first, as bestOffer picks it, never
  // an offer whose lab test failed unless the buyer includes those) of its first size that has one, in the card's size order;
  // per mg, that price over the vial's mg (within a size every vial holds the same, so the best
  // per vial is the best per mg).
  const amount = sort === "price" ? sql.raw("best") : sql.raw("best / nullif(mg, 0)");
  return [
    sql`(select ${amount} from (select s.quantity, s.unit, ${VIAL_MG_SQL} as mg,
           ${bestCardPriceSql(pricing)} as best
           ${OFFER_JOINS} where ${where} group by s.id, s.quantity, s.unit) by_size
         where best is not null order by quantity, unit limit 1) asc nulls last`,
    BY_NAME,
    asc(peptides.id),
  ];
}

/** Categories, filter choices and the featured peptides: one round trip. */
async function getHomeMeta(db: Database) {
  const result = await db.execute(sql`
    select
      (select coalesce(json_agg(json_build_object('name', name, 'slug', slug) order by name), '[]'::json)
         from categories) as categories,
      (select coalesce(json_agg(name order by name), '[]'::json) from vendors) as vendors,
      (select coalesce(json_agg(label order by unit, quantity), '[]'::json)
         from (select ${SIZE_LABEL_SQL} as label, min(s.unit) as unit, min(s.quantity) as quantity
                 from size_options s join peptides p on p.id = s.peptide_id
                where ${peptideIsPublic("p")} group by 1) sizes) as sizes,
      (select coalesce(json_agg(json_build_object(
                'id', f.id, 'name', f.name, 'slug', f.slug,
                'imageUrl', ${peptideImageSql(sql`f.id`, sql`f.image_url`)},
                'popularOrder', f.popular_order, 'categoryName', f.category_name,
                'categorySlug', f.category_slug) order by f.popular_order, f.name), '[]'::json)
         from (select p.id, p.name, p.slug, p.image_url, p.popular_order,
                      cat.name as category_name, cat.slug as category_slug
                 from peptides p left join categories cat on cat.id = p.category_id
                where p.is_popular and p.popular_order is not null and ${peptideIsPublic("p")}
                order by p.popular_order, p.name limit 3) f) as featured
  `);
  const [row] = rowsOf(result);
  return {
    categories: row.categories as CategoryLink[],
    vendors: row.vendors as string[],
    sizes: row.sizes as string[],
    featured: (row.featured as (PeptideSummary & { popularOrder: number })[]).map((peptide) => ({
      ...peptide,
      imageUrl: peptideImageFromJson(peptide.imageUrl),
    })),
  };
}

/** Every size of the given peptides with every offer and coupon: one query for a whole page of cards. */
async function getCardSizes(db: Database, peptideIds: string[]) {
  if (peptideIds.length === 0) return [];
  return selectSizeOffers(db, {})
    .where(inArray(sizeOptions.peptideId, peptideIds))
    .orderBy(asc(sizeOptions.quantity), asc(sizeOptions.unit));
}

function buildCards(
  summaries: PeptideSummary[],
  sizeRows: Awaited<ReturnType<typeof getCardSizes>>,
  filters: HomeFilters,
  pricing: PricingContext,
): Map<string, PeptideCardData> {
  const offersBySize = new Map<
    string,
    {
      peptideId: string;
      label: string;
      offers: NonNullable<ReturnType<typeof priceRow>>[];
    }
  >();
  const passes = (offer: NonNullable<ReturnType<typeof priceRow>>) =>
    offerPassesFilters(
      {
        vendorName: offer.vendorName,
        vendorRating: offer.vendorRating,
        displayPrice: offer.display ? (offer.display.totalPerVial ?? offer.display.perVial) : null,
      },
      filters,
    );
  for (const row of sizeRows) {
    let size = offersBySize.get(row.sizeId);
    if (!size) {
      size = {
        peptideId: row.peptideId,
        label: formatSize(row.quantity, row.unit, row.unitLabel),
        offers: [],
      };
      offersBySize.set(row.sizeId, size);
    }
    const offer = priceRow(row, pricing);
    if (offer) size.offers.push(offer);
  }
  const sizesByPeptide = new Map<string, CardSize[]>();
  for (const [id, size] of offersBySize) {
    const best = bestOffer(size.offers.filter(passes), pricing);
    const list = sizesByPeptide.get(size.peptideId) ?? [];
    list.push({
      id,
      label: size.label,
      lowestPrice: best?.display ? (best.display.totalPerVial ?? best.display.perVial) : null,
      shippingStated: best?.display?.totalPerVial != null,
      currency: best?.display?.currency ?? pricing.displayCurrency,
      vials: best?.vials ?? 1,
      convertedFrom: best?.display?.converted
        ? { price: best.priceAfterCoupon / best.vials, currency: best.currency }
        : null,
      perMg: perMgDelivered(best?.display ?? null)?.amount ?? null,
      shipping: best?.display?.shipping ?? null,
      vendorCount: countBuyableVendors(size.offers),
      listed: size.offers.length > 0,
      tested: best?.tested ?? null,
      labWarning: best?.labWarning ?? null,
    });
    sizesByPeptide.set(size.peptideId, list);
  }
  const cards = new Map<string, PeptideCardData>();
  for (const summary of summaries) {
    const sizes = sizesByPeptide.get(summary.id) ?? [];
    const withPrice = sizes.filter((s) => s.lowestPrice !== null);
    const preferred =
      withPrice.find((s) => filters.sizes.includes(s.label)) ??
      sizes.find((s) => filters.sizes.includes(s.label)) ??
      withPrice[0] ??
      sizes[0];
    cards.set(summary.id, { sizes, defaultSizeId: preferred?.id ?? null, ...summary });
  }
  return cards;
}

/** Featured slots by popular_order (order 1 → first slot); a clash moves to the next free slot. */
function featuredSlots<T>(items: (T & { popularOrder: number })[]): (T | null)[] {
  const slots: (T | null)[] = [null, null, null];
  for (const item of items) {
    let index = item.popularOrder - 1;
    if (index < 0 || index > 2 || slots[index] !== null) index = slots.indexOf(null);
    if (index !== -1) slots[index] = item;
  }
  return slots;
}

export async function getHomePageData(
  db: Database,
  {
    categorySlug,
    page,
    filters,
    sort = "name",
    pricing = defaultPricingContext(),
    cache,
  }: HomePageParams,
): Promise<HomePageData> {
  const conditions: SQL[] = [peptideIsPublic()];
  if (categorySlug) conditions.push(eq(categories.slug, categorySlug));
  if (hasRowFilters(filters)) conditions.push(matchingOfferExists(filters, pricing));

  const where = and(...conditions);
  // The count apart from the page: a window count would make every request sort the whole
  // catalogue, while the page alone walks peptides_sort_name_idx and stops after one page.
  const pageQuery = selectPeptideSummaries(db)
    .where(where)
    .orderBy(...homeOrder(sort, filters, pricing))
    .limit(HOME_PAGE_SIZE)
    .offset((page - 1) * HOME_PAGE_SIZE);
  const countQuery = db
    .select({ total: count() })
    .from(peptides)
    .leftJoin(categories, eq(categories.id, peptides.categoryId))
    .where(where);

  const readShared = <T>(key: string, load: () => Promise<T>) =>
    cache ? cache.get(key, load) : load();
  const meta = await readShared("home-meta", () => getHomeMeta(db));
  // Only a real category's count is kept, so visitors' URLs cannot grow the cache.
  const sharedCount =
    !hasRowFilters(filters) &&
    (categorySlug === null || meta.categories.some((c) => c.slug === categorySlug));
  const countTotal = async () => (await countQuery)[0]!.total;
  const featuredSummaries = meta.featured.map(({ popularOrder: _order, ...summary }) => summary);
  /** The page's peptides and the unpriced rows of their and the featured peptides' prices. */
  const readPage = async (pageSummaries: Promise<PeptideSummary[]> = pageQuery) => {
    const summaries = await pageSummaries;
    const ids = [...new Set([...summaries, ...featuredSummaries].map((p) => p.id))];
    return { summaries, sizeRows: await getCardSizes(db, ids) };
  };

  let total: number;
  let rows: Awaited<ReturnType<typeof readPage>>;
  if (sharedCount && sort === "name") {
    // Every visitor of an unfiltered page reads the same rows; prices are still worked out
    // below, per request. Only pages that exist are kept, so the cache stays catalogue-sized.
    total = await readShared(`home-count:${categorySlug ?? ""}`, countTotal);
    rows =
      page <= Math.max(1, Math.ceil(total / HOME_PAGE_SIZE))
        ? await readShared(`home-page:${categorySlug ?? ""}:${page}`, () => readPage())
        : await readPage();
  } else {
    const [summaries, counted] = await Promise.all([
      pageQuery,
      sharedCount ? readShared(`home-count:${categorySlug ?? ""}`, countTotal) : countTotal(),
    ]);
    total = counted;
    rows = await readPage(Promise.resolve(summaries));
  }
  const { summaries } = rows;
  const cards = buildCards(summaries, rows.sizeRows, filters, pricing);
  // The filters change the grid only: Featured shows its peptides' real state (issue 30).
  const featuredCards = buildCards(featuredSummaries, rows.sizeRows, EMPTY_HOME_FILTERS, pricing);

  return {
    categories: meta.categories,
    filterOptions: { sizes: meta.sizes, vendors: meta.vendors },
    featured: featuredSlots(meta.featured).map((slot) =>
      slot ? featuredCards.get(slot.id)! : null,
    ),
    peptides: summaries.map((s) => cards.get(s.id)!),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / HOME_PAGE_SIZE)),
  };
}
