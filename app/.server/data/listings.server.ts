/**
 * Read models of the public pages. Each page costs a fixed handful of queries whatever the
 * catalogue's size: lists come from one query each (IN-lists, joins, json_agg, window
 * functions), never one query per card or row.
 *
 * Over 400 lines: one module serves home, detail, compare, vendor and catalog read models;
 * splitting it per page is issue 22's next step.
 */
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";

import {
  DEFAULT_DISPLAY_CURRENCY,
  DEFAULT_SETTINGS,
  GOOD_DEAL_LOW_DAYS,
  HOME_PAGE_SIZE,
} from "~/lib/constants";
import {
  hasRowFilters,
  offerPassesFilters,
  type HomeFilters,
  type HomeSort,
} from "~/lib/home-filters";
import { bestOffer, couponFromColumns, priceOffer, type PricingContext } from "~/lib/pricing";
import { withTestedBadges, type PublicLabTest } from "~/lib/lab-tests";
import type { OfferRow } from "~/lib/offer-row";
import { DEFAULT_HISTORY_RANGE, type HistoryRange } from "~/lib/price-history";
import { formatSize, pricePerMg, toMilligrams } from "~/lib/units";

import type { Database } from "../db/client";
import type { PageCache } from "../http/page-cache.server";
import { categories, coupons, peptides, sizeOptions, vendorPeptides, vendors } from "../db/schema";
import { getPageLabTests } from "./lab-tests.server";
import { getPriceHistory, type PeptideHistory } from "./price-history.server";
import { peptideIsPublic, priceIsActive, priceIsPublic } from "./public-visibility.server";
import type { CardSize, CategoryLink, PeptideCardData } from "~/lib/peptide-card";

// ---------------------------------------------------------------- shared shapes

/** One vendor price of the detail and compare pages (the offer tables' row type). */
export type Offer = OfferRow;

/** Prices as a visitor sees them when nothing else is known: dollars, default staleness. */
export function defaultPricingContext(now: Date = new Date()): PricingContext {
  return {
    displayCurrency: DEFAULT_DISPLAY_CURRENCY,
    rates: {},
    staleAfterMissedRuns: DEFAULT_SETTINGS.staleAfterMissedRuns,
    now,
    shipTo: null,
  };
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

/** Units of a currency per US dollar from the rates the page was given; null without a rate. */
function rateSql(currency: SQL, rates: PricingContext["rates"]): SQL {
  return sql`(case when ${currency} = ${DEFAULT_DISPLAY_CURRENCY} then 1::numeric else (${JSON.stringify(rates)}::jsonb ->> ${currency})::numeric end)`;
}

/** SQL twin of priceOffer's price after coupon, in the offer's own currency (rows "vp", "v", "c"). */
function priceAfterCouponSql(pricing: PricingContext): SQL {
  const offerRate = rateSql(sql.raw("vp.currency"), pricing.rates);
  const vendorRate = rateSql(sql.raw("v.currency"), pricing.rates);
  return sql`round(case when c.vendor_id is not null and (c.expiration_date is null or c.expiration_date >= (now() at time zone 'utc')::date)
    then greatest(0, case when c.discount_type = 'percentage' then vp.price * (1 - c.discount_amount / 100)
      else vp.price - coalesce(c.discount_amount / ${vendorRate} * ${offerRate}, 0) end)
    else vp.price end, 2)`;
}

/**
 * SQL twin of priceOffer's display price per vial, for filtering and sorting by price as the
 * cards show it; the prices shown are still computed by app/lib/pricing.ts. Calendar days in
 * UTC, as isCouponActive does; a fixed coupon is in the vendor's currency. Null without a rate.
 */
function displayPricePerVialSql(pricing: PricingContext): SQL {
  const offerRate = rateSql(sql.raw("vp.currency"), pricing.rates);
  const displayRate = rateSql(sql`${pricing.displayCurrency}`, pricing.rates);
  return sql`(${priceAfterCouponSql(pricing)} / ${offerRate} * ${displayRate} / vp.vials)`;
}

/** SQL twin of shipsToDestination for the row "v": true, false, or null when not stated. */
function shipsToDestinationSql(pricing: PricingContext): SQL {
  if (pricing.shipTo === null) return sql`true`;
  return sql`(case when cardinality(v.ships_to) = 0 then null else ${pricing.shipTo} = any(v.ships_to) end)`;
}

/**
 * SQL twin of priceOffer's landed total per vial (display currency): price after coupon plus
 * the vendor's shipping to the destination (free from the threshold, applied after coupon).
 * Null when shipping is not known or the vendor does not ship there.
 */
function landedTotalPerVialSql(pricing: PricingContext): SQL {
  const offerRate = rateSql(sql.raw("vp.currency"), pricing.rates);
  const vendorRate = rateSql(sql.raw("v.currency"), pricing.rates);
  const displayRate = rateSql(sql`${pricing.displayCurrency}`, pricing.rates);
  const subtotal = sql`(${priceAfterCouponSql(pricing)} / ${offerRate} * ${vendorRate})`;
  const shipping = sql`(case when ${shipsToDestinationSql(pricing)} is not true then null
    when v.free_shipping_threshold is not null and ${subtotal} >= v.free_shipping_threshold then 0
    else v.shipping_fee end)`;
  return sql`(${displayPricePerVialSql(pricing)} + ${shipping} / ${vendorRate} * ${displayRate} / vp.vials)`;
}

/**
 * What a card's price is, per offer, as bestOffer ranks it: the landed total per vial, or the
 * price per vial when shipping is not stated.
 */
function cardPriceSql(pricing: PricingContext): SQL {
  return sql`coalesce(${landedTotalPerVialSql(pricing)}, ${displayPricePerVialSql(pricing)})`;
}

/**
 * SQL twin of bestOffer over the rows an aggregate sees: the lowest known landed total per
 * vial, else (no total known) the lowest price per vial of the unknown-shipping offers.
 */
function bestCardPriceSql(pricing: PricingContext): SQL {
  const landed = landedTotalPerVialSql(pricing);
  return sql`coalesce(min(${landed}), min(${displayPricePerVialSql(pricing)}))`;
}

/**
 * SQL twin of isBuyable for the row "vp" (in stock, low stock counts, and not stale), and of
 * bestOffer's other conditions: a rate, and a vendor that does not refuse the destination.
 */
function buyableSql(pricing: PricingContext): SQL {
  return sql`(vp.stock_status <> 'out_of_stock' and vp.missed_scrapes < ${pricing.staleAfterMissedRuns} and ${shipsToDestinationSql(pricing)} is not false)`;
}

/** SQL twin of toMilligrams for the row "s": milligrams in one vial. */
const VIAL_MG_SQL = sql.raw(
  `(case s.unit when 'mg' then s.quantity when 'mcg' then s.quantity / 1000 end)`,
);

/** Alphabetical regardless of the database's collation (PGlite sorts "MOTS-c" before "Melanotan II"). */
export const BY_NAME = sql`lower(${peptides.name}) asc, ${peptides.name} asc`;

// ---------------------------------------------------------------- home

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

interface PeptideSummary {
  id: string;
  name: string;
  slug: string;
  imageUrl: string | null;
  categoryName: string | null;
  categorySlug: string | null;
}

/** The vendor prices of the row "peptides" that pass the row filters, as SQL conditions. */
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
  if (filters.minPrice !== null) conditions.push(sql`${price} >= ${filters.minPrice}`);
  if (filters.maxPrice !== null) conditions.push(sql`${price} <= ${filters.maxPrice}`);
  if (filters.minRating !== null) conditions.push(sql`v.rating >= ${filters.minRating}`);
  return conditions;
}

const OFFER_JOINS = sql.raw(`from vendor_peptides vp
    join size_options s on s.id = vp.size_option_id
    join vendors v on v.id = vp.vendor_id
    left join coupons c on c.vendor_id = vp.vendor_id`);

/**
 * "Does this peptide have a buyable vendor price matching every row filter?" as one EXISTS:
 * the card then always has an offer that passed to show.
 */
function matchingOfferExists(filters: HomeFilters, pricing: PricingContext): SQL {
  const conditions = [...offerConditions(filters, pricing), buyableSql(pricing)];
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
  const where = sql.join([...matching, buyableSql(pricing)], sql` and `);
  // The price the card shows: the Best Price (landed total first, as bestOffer picks it) of its
  // first size that has one, in the card's size order; per mg, that price over the vial's mg
  // (within a size every vial holds the same, so the best per vial is the best per mg).
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
                'id', f.id, 'name', f.name, 'slug', f.slug, 'imageUrl', f.image_url,
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
        ...OFFER_COLUMNS,
      })
      .from(sizeOptions)
      // The peptide condition is implied; said, it lets the planner fetch just these peptides'
      // prices by vendor_peptides_peptide_idx instead of hashing the whole price table.
      .leftJoin(
        vendorPeptides,
        and(
          eq(vendorPeptides.sizeOptionId, sizeOptions.id),
          eq(vendorPeptides.peptideId, sizeOptions.peptideId),
          priceIsActive(),
        ),
      )
      .leftJoin(vendors, eq(vendors.id, vendorPeptides.vendorId))
      .leftJoin(coupons, eq(coupons.vendorId, vendorPeptides.vendorId))
      .where(inArray(sizeOptions.peptideId, peptideIds))
      .orderBy(asc(sizeOptions.quantity), asc(sizeOptions.unit))
  );
}

/** The columns of a vendor price, its vendor and coupon that pricing needs (left-joined). */
export const OFFER_COLUMNS = {
  id: vendorPeptides.id,
  price: vendorPeptides.price,
  currency: vendorPeptides.currency,
  vials: vendorPeptides.vials,
  stockStatus: vendorPeptides.stockStatus,
  missedScrapes: vendorPeptides.missedScrapes,
  vendorId: vendors.id,
  vendorName: vendors.name,
  vendorSlug: vendors.slug,
  vendorRating: vendors.rating,
  vendorCurrency: vendors.currency,
  vendorShippingFee: vendors.shippingFee,
  vendorFreeShippingThreshold: vendors.freeShippingThreshold,
  vendorShipsTo: vendors.shipsTo,
  couponCode: coupons.code,
  couponAmount: coupons.discountAmount,
  couponType: coupons.discountType,
  couponExpires: coupons.expirationDate,
};

export type OfferColumns = {
  [K in keyof typeof OFFER_COLUMNS]: (typeof OFFER_COLUMNS)[K]["_"]["data"] | null;
};

/** Prices one joined row; null when the size has no vendor price in it. */
export function priceRow(
  row: OfferColumns & { quantity: number; unit: string },
  pricing: PricingContext,
) {
  if (row.id === null || row.price === null || row.vendorId === null) return null;
  const coupon = couponFromColumns({
    code: row.couponCode,
    discountAmount: row.couponAmount,
    discountType: row.couponType,
    expirationDate: row.couponExpires,
  });
  const currency = row.currency ?? DEFAULT_DISPLAY_CURRENCY;
  const vendorCurrency = row.vendorCurrency ?? currency;
  const priced = priceOffer(
    {
      price: row.price,
      currency,
      vials: row.vials ?? 1,
      mgPerVial: toMilligrams(row.quantity, row.unit),
      coupon,
      stockStatus: row.stockStatus ?? "in_stock",
      missedScrapes: row.missedScrapes ?? 0,
      vendor: {
        currency: vendorCurrency,
        shippingFee: row.vendorShippingFee,
        freeShippingThreshold: row.vendorFreeShippingThreshold,
        shipsTo: row.vendorShipsTo ?? [],
      },
    },
    pricing,
  );
  // Spreads go last in this file's per-row objects: V8 builds `{ ...priced, id, … }` on a slow
  // path (about 20 µs an object, most of a home page's pricing), `{ id, …, ...priced }` fast.
  // The keys never overlap, so the order changes nothing else.
  return {
    id: row.id,
    vendorId: row.vendorId,
    vendorName: row.vendorName ?? "",
    vendorSlug: row.vendorSlug ?? "",
    vendorRating: row.vendorRating,
    vendorCurrency,
    price: row.price,
    currency,
    vials: row.vials ?? 1,
    stockStatus: row.stockStatus ?? "in_stock",
    coupon,
    ...priced,
  };
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
    const best = bestOffer(size.offers.filter(passes));
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
      perMg: best?.display ? (best.display.totalPerMg ?? best.display.perMg) : null,
      shipping: best?.display?.shipping ?? null,
      vendorCount: new Set(size.offers.map((o) => o.vendorId)).size,
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
  const cards = buildCards([...summaries, ...featuredSummaries], rows.sizeRows, filters, pricing);

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
/** The columns of one offer-table row: pricing's, and what the tables show beside prices. */
export const OFFER_ROW_COLUMNS = {
  ...OFFER_COLUMNS,
  peptideId: peptides.id,
  peptideName: peptides.name,
  peptideSlug: peptides.slug,
  sizeId: sizeOptions.id,
  quantity: sizeOptions.quantity,
  unit: sizeOptions.unit,
  unitLabel: sizeOptions.unitLabel,
  url: vendorPeptides.url,
  purity: vendorPeptides.purity,
  notes: vendorPeptides.notes,
  source: vendorPeptides.source,
  priceCheckedAt: vendorPeptides.priceCheckedAt,
  vendorShippingNote: vendors.shippingCost,
};

type OfferRowColumns = OfferColumns & {
  peptideId: string;
  peptideName: string;
  peptideSlug: string;
  sizeId: string;
  quantity: number;
  unit: string;
  unitLabel: string | null;
  url: string | null;
  purity: string | null;
  notes: string | null;
  source: string | null;
  priceCheckedAt: Date | string | null;
  vendorShippingNote: string | null;
};

/** One joined row as an offer table's row; null when the size has no vendor price in it. */
export function toOfferRow(
  row: OfferRowColumns,
  pricing: PricingContext,
  lowestPrice90Days: number | null = null,
): OfferRow | null {
  const priced = priceRow(row, pricing);
  if (!priced) return null;
  return {
    peptideId: row.peptideId,
    peptideName: row.peptideName,
    peptideSlug: row.peptideSlug,
    vendorShippingNote: row.vendorShippingNote,
    sizeId: row.sizeId,
    sizeLabel: formatSize(row.quantity, row.unit, row.unitLabel),
    quantity: row.quantity,
    unit: row.unit,
    url: row.url,
    purity: row.purity,
    notes: row.notes,
    source: row.source ?? "manual",
    priceCheckedAt: toIso(row.priceCheckedAt),
    pricePerMg: pricePerMg(priced.priceAfterCoupon, row.quantity * priced.vials, row.unit),
    lowestPrice90Days,
    // Filled in by the page that reads the lab tests (withTestedBadges).
    tested: null,
    ...priced,
  };
}

/** Every size of one peptide (by slug) with each vendor's price, coupon and 90-day low. */
async function getOffersBySlug(db: Database, slug: string, pricing: PricingContext) {
  const lowSince = new Date(pricing.now.getTime() - GOOD_DEAL_LOW_DAYS * 86_400_000);
  const rows = await db
    .select({
      ...OFFER_ROW_COLUMNS,
      lowestPrice90Days: sql<
        number | null
      >`(select min(ph.price) from price_history ph where ph.vendor_peptide_id = ${vendorPeptides.id} and ph.observed_at >= ${lowSince.toISOString()}::timestamptz)`.mapWith(
        Number,
      ),
    })
    .from(sizeOptions)
    .innerJoin(peptides, eq(peptides.id, sizeOptions.peptideId))
    .leftJoin(vendorPeptides, and(eq(vendorPeptides.sizeOptionId, sizeOptions.id), priceIsActive()))
    .leftJoin(vendors, eq(vendors.id, vendorPeptides.vendorId))
    .leftJoin(coupons, eq(coupons.vendorId, vendors.id))
    .where(and(eq(peptides.slug, slug), peptideIsPublic()))
    .orderBy(
      asc(sizeOptions.quantity),
      asc(sizeOptions.unit),
      asc(vendorPeptides.price),
      asc(vendorPeptides.vials),
    );

  const sizes: SizeChoice[] = [];
  const offers: Offer[] = [];
  for (const row of rows) {
    if (!sizes.some((s) => s.id === row.sizeId)) {
      sizes.push({ id: row.sizeId, label: formatSize(row.quantity, row.unit, row.unitLabel) });
    }
    const offer = toOfferRow(row, pricing, row.lowestPrice90Days);
    if (offer) offers.push(offer);
  }
  return { sizes, offers };
}

// ---------------------------------------------------------------- detail

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
  /** The price history of every vendor price of the peptide over the range asked for. */
  history: PeptideHistory;
  recommended: PeptideSummary[];
  /** The "Lab tests" section: the latest test of each vendor and size (issue 23). */
  labTests: PublicLabTest[];
}

export async function getPeptidePageData(
  db: Database,
  slug: string,
  pricing: PricingContext = defaultPricingContext(),
  historyRange: HistoryRange = DEFAULT_HISTORY_RANGE,
): Promise<PeptidePageData | null> {
  const { now } = pricing;
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
    .where(and(eq(peptides.slug, slug), peptideIsPublic()))
    .limit(1);

  const historyQuery = getPriceHistory(db, slug, historyRange, now);

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
    .where(
      and(
        ne(peptides.slug, slug),
        peptideIsPublic(),
        sql`(${sameCategory} or ${peptides.isPopular})`,
      ),
    )
    .orderBy(
      desc(sql`(${sameCategory})`),
      desc(peptides.isPopular),
      sql`${peptides.popularOrder} asc nulls last`,
      asc(peptides.name),
    )
    .limit(4);

  const [[peptide], { sizes, offers }, history, recommended, labTests] = await Promise.all([
    peptideQuery,
    getOffersBySlug(db, slug, pricing),
    historyQuery,
    recommendedQuery,
    getPageLabTests(db, { peptideSlug: slug }, now),
  ]);
  if (!peptide) return null;
  return {
    peptide: { ...peptide, updatedAt: toIso(peptide.updatedAt) },
    sizes,
    offers: withTestedBadges(offers, labTests.tested),
    history,
    recommended,
    labTests: labTests.tests,
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
  pricing: PricingContext = defaultPricingContext(),
): Promise<ComparePageData> {
  const all = await db
    .select({ name: peptides.name, slug: peptides.slug })
    .from(peptides)
    .where(peptideIsPublic())
    .orderBy(BY_NAME);
  const selected = all.find((p) => p.slug === peptideSlug) ?? all[0] ?? null;
  if (!selected)
    return { peptides: all, selected: null, sizes: [], selectedSizeId: null, offers: [] };
  const [{ sizes, offers }, labTests] = await Promise.all([
    getOffersBySlug(db, selected.slug, pricing),
    getPageLabTests(db, { peptideSlug: selected.slug }, pricing.now),
  ]);
  const selectedSizeId = sizes.find((s) => s.id === sizeId)?.id ?? sizes[0]?.id ?? null;
  return {
    peptides: all,
    selected,
    sizes,
    selectedSizeId,
    offers: withTestedBadges(
      offers.filter((o) => o.sizeId === selectedSizeId),
      labTests.tested,
    ),
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
      .where(peptideIsPublic())
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
    .leftJoin(vendorPeptides, and(eq(vendorPeptides.peptideId, peptides.id), priceIsActive()))
    .where(peptideIsPublic())
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
      select (select count(*) from peptides p where ${peptideIsPublic("p")}) as peptides,
             (select count(*) from vendors) as vendors,
             (select count(*) from vendor_peptides vp where ${priceIsPublic("vp")}) as prices,
             (select max(created_at) from scrape_logs) as last_scrape_run`),
  );
  return {
    peptides: Number(row.peptides),
    vendors: Number(row.vendors),
    prices: Number(row.prices),
    lastScrapeRun: row.last_scrape_run === null ? null : toIso(row.last_scrape_run),
  };
}
