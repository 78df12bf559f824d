/**
 * Read models of the public pages. Each page costs a fixed handful of queries whatever the
 * catalogue's size: lists come from one query each (IN-lists, joins, json_agg, window
 * functions), never one query per card or row.
 */
import { and, asc, count, desc, eq, gt, inArray, ne, sql, type SQL } from "drizzle-orm";

import { HOME_PAGE_SIZE } from "~/lib/constants";
import { hasRowFilters, type HomeFilters } from "~/lib/home-filters";
import { applyCoupon, couponFromColumns, lowestPrice, type Coupon } from "~/lib/pricing";
import { formatSize, pricePerMg } from "~/lib/units";

import type { Database } from "../db/client";
import {
  categories,
  coupons,
  peptides,
  priceHistory,
  sizeOptions,
  vendorPeptides,
  vendors,
} from "../db/schema";

// ---------------------------------------------------------------- shared shapes

export interface CategoryLink {
  name: string;
  slug: string;
}

export interface CardSize {
  id: string;
  label: string;
  /** Lowest vendor price for this size after coupons; null when no vendor sells it. */
  lowestPrice: number | null;
  currency: string;
  vendorCount: number;
}

export interface PeptideCardData {
  id: string;
  name: string;
  slug: string;
  imageUrl: string | null;
  categoryName: string | null;
  categorySlug: string | null;
  sizes: CardSize[];
  /** The size the card shows first: the first size, or the first one the size filter asks for. */
  defaultSizeId: string | null;
}

export interface Offer {
  id: string;
  vendorId: string;
  vendorName: string;
  vendorWebsite: string | null;
  vendorRating: number | null;
  sizeId: string;
  sizeLabel: string;
  quantity: number;
  unit: string;
  price: number;
  currency: string;
  url: string | null;
  purity: string | null;
  notes: string | null;
  stockStatus: string;
  source: string;
  /** ISO timestamp: when this price was last confirmed. */
  priceCheckedAt: string;
  coupon: Coupon | null;
  priceAfterCoupon: number;
  pricePerMg: number | null;
  /** The lowest price ever recorded in price_history for this vendor price. */
  lowestEverPrice: number | null;
}

export interface SizeChoice {
  id: string;
  label: string;
}

type Row = Record<string, unknown>;

/** `db.execute` answers `{ rows }` on both drivers; its static type does not say so. */
function rowsOf(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

function toIso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

/**
 * SQL twin of formatSize, so a size filter from the URL can be matched inside the database.
 * Expects the size_options row under the alias "s".
 */
const SIZE_LABEL_SQL = sql.raw(
  `case when s.unit = 'other' then btrim(trim_scale(s.quantity)::text || ' ' || coalesce(s.unit_label, '')) else trim_scale(s.quantity)::text || s.unit end`,
);

/**
 * SQL twin of applyCoupon for filtering by price (rows "vp" and "c"); the prices shown are
 * still computed by app/lib/pricing.ts. Calendar days in UTC, as isCouponActive does.
 */
const PRICE_AFTER_COUPON_SQL = sql.raw(
  `round(case when c.vendor_id is not null and (c.expiration_date is null or c.expiration_date >= (now() at time zone 'utc')::date)
    then greatest(0, case when c.discount_type = 'percentage' then vp.price * (1 - c.discount_amount / 100) else vp.price - c.discount_amount end)
    else vp.price end, 2)`,
);

/** Alphabetical regardless of the database's collation (PGlite sorts "MOTS-c" before "Melanotan II"). */
const BY_NAME = sql`lower(${peptides.name}) asc, ${peptides.name} asc`;

// ---------------------------------------------------------------- home

export interface HomePageParams {
  categorySlug: string | null;
  page: number;
  filters: HomeFilters;
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

interface PeptideSummary {
  id: string;
  name: string;
  slug: string;
  imageUrl: string | null;
  categoryName: string | null;
  categorySlug: string | null;
}

/** "Does this peptide have a vendor price matching every row filter?" as one EXISTS. */
function matchingOfferExists(filters: HomeFilters): SQL {
  const conditions: SQL[] = [sql`vp.peptide_id = ${peptides.id}`];
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
  if (filters.minPrice !== null)
    conditions.push(sql`${PRICE_AFTER_COUPON_SQL} >= ${filters.minPrice}`);
  if (filters.maxPrice !== null)
    conditions.push(sql`${PRICE_AFTER_COUPON_SQL} <= ${filters.maxPrice}`);
  if (filters.minRating !== null) conditions.push(sql`v.rating >= ${filters.minRating}`);
  return sql`exists (
    select 1 from vendor_peptides vp
    join size_options s on s.id = vp.size_option_id
    join vendors v on v.id = vp.vendor_id
    left join coupons c on c.vendor_id = vp.vendor_id
    where ${sql.join(conditions, sql` and `)})`;
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
                 from size_options s group by 1) sizes) as sizes,
      (select coalesce(json_agg(json_build_object(
                'id', f.id, 'name', f.name, 'slug', f.slug, 'imageUrl', f.image_url,
                'popularOrder', f.popular_order, 'categoryName', f.category_name,
                'categorySlug', f.category_slug) order by f.popular_order, f.name), '[]'::json)
         from (select p.id, p.name, p.slug, p.image_url, p.popular_order,
                      cat.name as category_name, cat.slug as category_slug
                 from peptides p left join categories cat on cat.id = p.category_id
                where p.is_popular and p.popular_order is not null
                order by p.popular_order, p.name limit 3) f) as featured
  `);
  const [row] = rowsOf(result);
  return {
    categories: row.categories as CategoryLink[],
    vendors: row.vendors as string[],
    sizes: row.sizes as string[],
    featured: row.featured as (PeptideSummary & { popularOrder: number })[],
  };
}

/** Every size of the given peptides with every vendor price and coupon: one query for a whole page of cards. */
async function getCardSizes(db: Database, peptideIds: string[]) {
  if (peptideIds.length === 0) return [];
  return (
    db
      .select({
        peptideId: sizeOptions.peptideId,
        sizeId: sizeOptions.id,
        quantity: sizeOptions.quantity,
        unit: sizeOptions.unit,
        unitLabel: sizeOptions.unitLabel,
        vendorId: vendorPeptides.vendorId,
        price: vendorPeptides.price,
        currency: vendorPeptides.currency,
        couponCode: coupons.code,
        couponAmount: coupons.discountAmount,
        couponType: coupons.discountType,
        couponExpires: coupons.expirationDate,
      })
      .from(sizeOptions)
      // The peptide condition is implied; said, it lets the planner fetch just these peptides'
      // prices by vendor_peptides_peptide_idx instead of hashing the whole price table.
      .leftJoin(
        vendorPeptides,
        and(
          eq(vendorPeptides.sizeOptionId, sizeOptions.id),
          eq(vendorPeptides.peptideId, sizeOptions.peptideId),
        ),
      )
      .leftJoin(coupons, eq(coupons.vendorId, vendorPeptides.vendorId))
      .where(inArray(sizeOptions.peptideId, peptideIds))
      .orderBy(asc(sizeOptions.quantity), asc(sizeOptions.unit))
  );
}

function buildCards(
  summaries: PeptideSummary[],
  sizeRows: Awaited<ReturnType<typeof getCardSizes>>,
  sizeFilter: string[],
  now: Date,
): Map<string, PeptideCardData> {
  const offersBySize = new Map<
    string,
    {
      peptideId: string;
      label: string;
      offers: { vendorId: string; after: number; currency: string }[];
    }
  >();
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
    if (row.vendorId !== null && row.price !== null) {
      size.offers.push({
        vendorId: row.vendorId,
        after: applyCoupon(
          row.price,
          couponFromColumns({
            code: row.couponCode,
            discountAmount: row.couponAmount,
            discountType: row.couponType,
            expirationDate: row.couponExpires,
          }),
          now,
        ),
        currency: row.currency ?? "USD",
      });
    }
  }
  const sizesByPeptide = new Map<string, CardSize[]>();
  for (const [id, size] of offersBySize) {
    const best = lowestPrice(size.offers, (o) => o.after);
    const list = sizesByPeptide.get(size.peptideId) ?? [];
    list.push({
      id,
      label: size.label,
      lowestPrice: best?.after ?? null,
      currency: best?.currency ?? "USD",
      vendorCount: new Set(size.offers.map((o) => o.vendorId)).size,
    });
    sizesByPeptide.set(size.peptideId, list);
  }
  const cards = new Map<string, PeptideCardData>();
  for (const summary of summaries) {
    const sizes = sizesByPeptide.get(summary.id) ?? [];
    const preferred = sizes.find((s) => sizeFilter.includes(s.label)) ?? sizes[0];
    cards.set(summary.id, { ...summary, sizes, defaultSizeId: preferred?.id ?? null });
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
  { categorySlug, page, filters }: HomePageParams,
): Promise<HomePageData> {
  const conditions: SQL[] = [];
  if (categorySlug) conditions.push(eq(categories.slug, categorySlug));
  if (hasRowFilters(filters)) conditions.push(matchingOfferExists(filters));

  const where = conditions.length > 0 ? and(...conditions) : undefined;
  // The count apart from the page: a window count would make every request sort the whole
  // catalogue, while the page alone walks peptides_sort_name_idx and stops after one page.
  const pageQuery = db
    .select({
      id: peptides.id,
      name: peptides.name,
      slug: peptides.slug,
      imageUrl: peptides.imageUrl,
      categoryName: categories.name,
      categorySlug: categories.slug,
    })
    .from(peptides)
    .leftJoin(categories, eq(categories.id, peptides.categoryId))
    .where(where)
    .orderBy(BY_NAME, asc(peptides.id))
    .limit(HOME_PAGE_SIZE)
    .offset((page - 1) * HOME_PAGE_SIZE);
  const countQuery = db
    .select({ total: count() })
    .from(peptides)
    .leftJoin(categories, eq(categories.id, peptides.categoryId))
    .where(where);

  const [meta, summaries, [{ total }]] = await Promise.all([
    getHomeMeta(db),
    pageQuery,
    countQuery,
  ]);
  const featuredSummaries = meta.featured.map(({ popularOrder: _order, ...summary }) => summary);
  const ids = [...new Set([...summaries, ...featuredSummaries].map((p) => p.id))];
  const cards = buildCards(
    [...summaries, ...featuredSummaries],
    await getCardSizes(db, ids),
    filters.sizes,
    new Date(),
  );

  return {
    categories: meta.categories,
    filterOptions: { sizes: meta.sizes, vendors: meta.vendors },
    featured: featuredSlots(meta.featured).map((slot) => (slot ? cards.get(slot.id)! : null)),
    peptides: summaries.map((s) => cards.get(s.id)!),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / HOME_PAGE_SIZE)),
  };
}

// ---------------------------------------------------------------- offers (detail and compare)

/** Every size of one peptide (by slug) with each vendor's price, coupon and lowest price ever. */
async function getOffersBySlug(db: Database, slug: string, now: Date) {
  const rows = await db
    .select({
      sizeId: sizeOptions.id,
      quantity: sizeOptions.quantity,
      unit: sizeOptions.unit,
      unitLabel: sizeOptions.unitLabel,
      id: vendorPeptides.id,
      price: vendorPeptides.price,
      currency: vendorPeptides.currency,
      url: vendorPeptides.url,
      purity: vendorPeptides.purity,
      notes: vendorPeptides.notes,
      stockStatus: vendorPeptides.stockStatus,
      source: vendorPeptides.source,
      priceCheckedAt: vendorPeptides.priceCheckedAt,
      vendorId: vendors.id,
      vendorName: vendors.name,
      vendorWebsite: vendors.website,
      vendorRating: vendors.rating,
      couponCode: coupons.code,
      couponAmount: coupons.discountAmount,
      couponType: coupons.discountType,
      couponExpires: coupons.expirationDate,
      lowestEverPrice: sql<
        number | null
      >`(select min(ph.price) from price_history ph where ph.vendor_peptide_id = ${vendorPeptides.id})`.mapWith(
        Number,
      ),
    })
    .from(sizeOptions)
    .innerJoin(peptides, eq(peptides.id, sizeOptions.peptideId))
    .leftJoin(vendorPeptides, eq(vendorPeptides.sizeOptionId, sizeOptions.id))
    .leftJoin(vendors, eq(vendors.id, vendorPeptides.vendorId))
    .leftJoin(coupons, eq(coupons.vendorId, vendors.id))
    .where(eq(peptides.slug, slug))
    .orderBy(asc(sizeOptions.quantity), asc(sizeOptions.unit), asc(vendorPeptides.price));

  const sizes: SizeChoice[] = [];
  const offers: Offer[] = [];
  for (const row of rows) {
    const label = formatSize(row.quantity, row.unit, row.unitLabel);
    if (!sizes.some((s) => s.id === row.sizeId)) sizes.push({ id: row.sizeId, label });
    if (row.id === null || row.price === null || row.vendorId === null) continue;
    const coupon = couponFromColumns({
      code: row.couponCode,
      discountAmount: row.couponAmount,
      discountType: row.couponType,
      expirationDate: row.couponExpires,
    });
    const priceAfterCoupon = applyCoupon(row.price, coupon, now);
    offers.push({
      id: row.id,
      vendorId: row.vendorId,
      vendorName: row.vendorName ?? "",
      vendorWebsite: row.vendorWebsite,
      vendorRating: row.vendorRating,
      sizeId: row.sizeId,
      sizeLabel: label,
      quantity: row.quantity,
      unit: row.unit,
      price: row.price,
      currency: row.currency ?? "USD",
      url: row.url,
      purity: row.purity,
      notes: row.notes,
      stockStatus: row.stockStatus ?? "in_stock",
      source: row.source ?? "manual",
      priceCheckedAt: toIso(row.priceCheckedAt),
      coupon,
      priceAfterCoupon,
      pricePerMg: pricePerMg(priceAfterCoupon, row.quantity, row.unit),
      lowestEverPrice: row.lowestEverPrice,
    });
  }
  return { sizes, offers };
}

// ---------------------------------------------------------------- detail

export interface HistoryPoint {
  vendorPeptideId: string;
  price: number;
  observedAt: string;
}

export interface PeptidePageData {
  peptide: {
    id: string;
    name: string;
    slug: string;
    description: string | null;
    imageUrl: string | null;
    keyBenefits: string[];
    categoryName: string | null;
    categorySlug: string | null;
    updatedAt: string;
  };
  sizes: SizeChoice[];
  offers: Offer[];
  history: HistoryPoint[];
  recommended: PeptideSummary[];
}

const HISTORY_WINDOW_DAYS = 90;

export async function getPeptidePageData(
  db: Database,
  slug: string,
  now: Date = new Date(),
): Promise<PeptidePageData | null> {
  const peptideQuery = db
    .select({
      id: peptides.id,
      name: peptides.name,
      slug: peptides.slug,
      description: peptides.description,
      imageUrl: peptides.imageUrl,
      keyBenefits: peptides.keyBenefits,
      categoryName: categories.name,
      categorySlug: categories.slug,
      updatedAt: peptides.updatedAt,
    })
    .from(peptides)
    .leftJoin(categories, eq(categories.id, peptides.categoryId))
    .where(eq(peptides.slug, slug))
    .limit(1);

  const historyQuery = db
    .select({
      vendorPeptideId: priceHistory.vendorPeptideId,
      price: priceHistory.price,
      observedAt: priceHistory.observedAt,
    })
    .from(priceHistory)
    .innerJoin(vendorPeptides, eq(vendorPeptides.id, priceHistory.vendorPeptideId))
    .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId))
    .where(
      and(
        eq(peptides.slug, slug),
        gt(priceHistory.observedAt, new Date(now.getTime() - HISTORY_WINDOW_DAYS * 86_400_000)),
      ),
    )
    .orderBy(asc(priceHistory.observedAt));

  // Same category first, then popular ones; the subquery keeps this independent of the first query.
  const sameCategory = sql`${peptides.categoryId} is not distinct from (select category_id from peptides where slug = ${slug}) and ${peptides.categoryId} is not null`;
  const recommendedQuery = db
    .select({
      id: peptides.id,
      name: peptides.name,
      slug: peptides.slug,
      imageUrl: peptides.imageUrl,
      categoryName: categories.name,
      categorySlug: categories.slug,
    })
    .from(peptides)
    .leftJoin(categories, eq(categories.id, peptides.categoryId))
    .where(and(ne(peptides.slug, slug), sql`(${sameCategory} or ${peptides.isPopular})`))
    .orderBy(
      desc(sql`(${sameCategory})`),
      desc(peptides.isPopular),
      sql`${peptides.popularOrder} asc nulls last`,
      asc(peptides.name),
    )
    .limit(4);

  const [[peptide], { sizes, offers }, history, recommended] = await Promise.all([
    peptideQuery,
    getOffersBySlug(db, slug, now),
    historyQuery,
    recommendedQuery,
  ]);
  if (!peptide) return null;
  return {
    peptide: { ...peptide, updatedAt: toIso(peptide.updatedAt) },
    sizes,
    offers,
    history: history.map((h) => ({ ...h, observedAt: toIso(h.observedAt) })),
    recommended,
  };
}

// ---------------------------------------------------------------- compare

export interface ComparePageData {
  peptides: { name: string; slug: string }[];
  selected: { name: string; slug: string } | null;
  sizes: SizeChoice[];
  selectedSizeId: string | null;
  offers: Offer[];
}

export async function getComparePageData(
  db: Database,
  { peptideSlug, sizeId }: { peptideSlug: string | null; sizeId: string | null },
  now: Date = new Date(),
): Promise<ComparePageData> {
  const all = await db
    .select({ name: peptides.name, slug: peptides.slug })
    .from(peptides)
    .orderBy(BY_NAME);
  const selected = all.find((p) => p.slug === peptideSlug) ?? all[0] ?? null;
  if (!selected)
    return { peptides: all, selected: null, sizes: [], selectedSizeId: null, offers: [] };
  const { sizes, offers } = await getOffersBySlug(db, selected.slug, now);
  const selectedSizeId = sizes.find((s) => s.id === sizeId)?.id ?? sizes[0]?.id ?? null;
  return {
    peptides: all,
    selected,
    sizes,
    selectedSizeId,
    offers: offers.filter((o) => o.sizeId === selectedSizeId),
  };
}

// ---------------------------------------------------------------- catalog, sitemap, diagnostics

export interface CatalogSection {
  name: string;
  slug: string | null;
  description: string | null;
  peptides: { name: string; slug: string }[];
}

export async function getCatalog(db: Database): Promise<CatalogSection[]> {
  const [categoryRows, peptideRows] = await Promise.all([
    db
      .select({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        description: categories.description,
      })
      .from(categories)
      .orderBy(asc(categories.name)),
    db
      .select({ name: peptides.name, slug: peptides.slug, categoryId: peptides.categoryId })
      .from(peptides)
      .orderBy(BY_NAME),
  ]);
  const sections: CatalogSection[] = categoryRows.map((c) => ({
    name: c.name,
    slug: c.slug,
    description: c.description,
    peptides: peptideRows
      .filter((p) => p.categoryId === c.id)
      .map(({ name, slug }) => ({ name, slug })),
  }));
  const known = new Set(categoryRows.map((c) => c.id));
  const uncategorised = peptideRows.filter(
    (p) => p.categoryId === null || !known.has(p.categoryId),
  );
  if (uncategorised.length > 0) {
    sections.push({
      name: "Uncategorised",
      slug: null,
      description: null,
      peptides: uncategorised.map(({ name, slug }) => ({ name, slug })),
    });
  }
  return sections;
}

/** Every peptide page with its last change: the later of the peptide's edit and its newest price check. */
export async function getSitemapEntries(
  db: Database,
): Promise<{ slug: string; lastModified: string }[]> {
  const rows = await db
    .select({
      slug: peptides.slug,
      lastModified: sql<string>`greatest(${peptides.updatedAt}, max(${vendorPeptides.priceCheckedAt}))`,
    })
    .from(peptides)
    .leftJoin(vendorPeptides, eq(vendorPeptides.peptideId, peptides.id))
    .groupBy(peptides.id)
    .orderBy(asc(peptides.slug));
  return rows.map((r) => ({ slug: r.slug, lastModified: toIso(r.lastModified) }));
}

export interface Diagnostics {
  peptides: number;
  vendors: number;
  prices: number;
  lastScrapeRun: string | null;
}

export async function getDiagnostics(db: Database): Promise<Diagnostics> {
  const [row] = rowsOf(
    await db.execute(sql`
      select (select count(*) from peptides) as peptides,
             (select count(*) from vendors) as vendors,
             (select count(*) from vendor_peptides) as prices,
             (select max(created_at) from scrape_logs) as last_scrape_run`),
  );
  return {
    peptides: Number(row.peptides),
    vendors: Number(row.vendors),
    prices: Number(row.prices),
    lastScrapeRun: row.last_scrape_run === null ? null : toIso(row.last_scrape_run),
  };
}
