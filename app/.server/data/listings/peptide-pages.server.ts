/**
 * The read models of the peptide detail and compare pages: one peptide's sizes and offer-table
 * rows (with their 90-day lows and lab-test badges), its history and recommendations.
 */
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";

import { GOOD_DEAL_LOW_DAYS } from "~/lib/constants";
import type { PublicLabTest } from "~/lib/lab-tests";
import { DEFAULT_HISTORY_RANGE, type HistoryRange } from "~/lib/price-history";
import type { PricingContext } from "~/lib/pricing";
import { formatSize } from "~/lib/units";

import type { Database } from "../../db/client";
import { toIso } from "../../db/rows.server";
import {
  categories,
  coupons,
  peptides,
  sizeOptions,
  vendorPeptides,
  vendors,
} from "../../db/schema";
import { getPageLabTests } from "../lab-tests.server";
import { peptideImageSql } from "../offer-images.server";
import { getPriceHistory, type PeptideHistory } from "../price-history.server";
import { peptideIsPublic, priceIsActive } from "../public-visibility.server";
import { selectPeptideSummaries, type PeptideSummary } from "./home.server";
import {
  OFFER_ROW_COLUMNS,
  defaultPricingContext,
  toOfferRow,
  type Offer,
  type SizeChoice,
} from "./offer-rows.server";
import { BY_NAME } from "./pricing-sql.server";

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
  /** The price history of every offer of the peptide over the range asked for. */
  history: PeptideHistory;
  recommended: PeptideSummary[];
  /** The "Lab tests" section: the latest test of each vendor and size (issue 23). */
  labTests: PublicLabTest[];
  /** The vendors' replies beneath their tests, by test id (issue 33). */
  labReplies: Record<string, string>;
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
      imageUrl: peptideImageSql(peptides.id, peptides.imageUrl),
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
  const recommendedQuery = selectPeptideSummaries(db)
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
    getPageLabTests(db, { peptideSlug: slug }),
  ]);
  if (!peptide) return null;
  return {
    peptide: { ...peptide, updatedAt: toIso(peptide.updatedAt) },
    sizes,
    offers,
    history,
    recommended,
    labTests: labTests.tests,
    labReplies: labTests.replies,
  };
}

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
  const { sizes, offers } = await getOffersBySlug(db, selected.slug, pricing);
  const selectedSizeId = sizes.find((s) => s.id === sizeId)?.id ?? sizes[0]?.id ?? null;
  return {
    peptides: all,
    selected,
    sizes,
    selectedSizeId,
    offers: offers.filter((o) => o.sizeId === selectedSizeId),
  };
}

// ---------------------------------------------------------------- catalogue, sitemap, diagnostics
