/**
 * Reads of the public JSON API (/api/v1): a page of peptides, every offer of some peptides
 * priced as the pages price them (listings/offer-rows.server.ts's priceRow), and the vendors' terms.
 * Each answer costs a fixed handful of queries whatever the catalogue's size.
 */
import { and, asc, count, eq, inArray } from "drizzle-orm";

import type { PricingContext } from "~/lib/pricing";
import { formatSize, pricePerMg } from "~/lib/units";

import type { Database } from "../db/client";
import {
  categories,
  coupons,
  peptides,
  sizeOptions,
  vendorPeptides,
  vendorReliability,
  vendors,
} from "../db/schema";

import { priceRow, selectSizeOffers } from "./listings/offer-rows.server";
import { BY_NAME } from "./listings/pricing-sql.server";
import { peptideIsPublic } from "./public-visibility.server";

export interface OpenDataPeptide {
  id: string;
  slug: string;
  name: string;
  aliases: string[];
  categoryName: string | null;
  categorySlug: string | null;
}

const PEPTIDE_COLUMNS = {
  id: peptides.id,
  slug: peptides.slug,
  name: peptides.name,
  aliases: peptides.aliases,
  categoryName: categories.name,
  categorySlug: categories.slug,
};

/** One page of peptides in the site's name order, and how many there are: two queries. */
export async function getOpenDataPeptidePage(
  db: Database,
  { page, perPage }: { page: number; perPage: number },
): Promise<{ peptides: OpenDataPeptide[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(PEPTIDE_COLUMNS)
      .from(peptides)
      .leftJoin(categories, eq(categories.id, peptides.categoryId))
      .where(peptideIsPublic())
      .orderBy(BY_NAME, asc(peptides.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(peptides).where(peptideIsPublic()),
  ]);
  return { peptides: rows, total };
}

export async function getOpenDataPeptide(
  db: Database,
  slug: string,
): Promise<OpenDataPeptide | null> {
  const [row] = await db
    .select(PEPTIDE_COLUMNS)
    .from(peptides)
    .leftJoin(categories, eq(categories.id, peptides.categoryId))
    .where(and(eq(peptides.slug, slug), peptideIsPublic()))
    .limit(1);
  return row ?? null;
}

export type OpenDataOffer = NonNullable<ReturnType<typeof priceRow>> & {
  vendorSlug: string;
  url: string | null;
  /** ISO timestamp: when the price was last confirmed. */
  priceCheckedAt: string;
  /** Price after coupon per mg of the whole pack, in the offer's currency. */
  pricePerMg: number | null;
};

export interface OpenDataSize {
  id: string;
  peptideId: string;
  label: string;
  /** Cheapest first (listed price), then smaller packs. */
  offers: OpenDataOffer[];
}

/** Every size of the given peptides with every vendor's offer, priced: one query. */
export async function getOpenDataSizes(
  db: Database,
  peptideIds: string[],
  pricing: PricingContext,
): Promise<OpenDataSize[]> {
  if (peptideIds.length === 0) return [];
  const rows = await selectSizeOffers(db, {
    url: vendorPeptides.url,
    priceCheckedAt: vendorPeptides.priceCheckedAt,
  })
    .where(inArray(sizeOptions.peptideId, peptideIds))
    .orderBy(
      asc(sizeOptions.quantity),
      asc(sizeOptions.unit),
      asc(vendorPeptides.price),
      asc(vendorPeptides.vials),
      asc(vendors.name),
    );

  const sizes = new Map<string, OpenDataSize>();
  for (const row of rows) {
    let size = sizes.get(row.sizeId);
    if (!size) {
      size = {
        id: row.sizeId,
        peptideId: row.peptideId,
        label: formatSize(row.quantity, row.unit, row.unitLabel),
        offers: [],
      };
      sizes.set(row.sizeId, size);
    }
    const priced = priceRow(row, pricing);
    if (!priced || row.priceCheckedAt === null) continue;
    size.offers.push({
      ...priced,
      vendorSlug: row.vendorSlug ?? "",
      url: row.url,
      priceCheckedAt: row.priceCheckedAt.toISOString(),
      pricePerMg: pricePerMg(priced.priceAfterCoupon, row.quantity * priced.vials, row.unit),
    });
  }
  return [...sizes.values()];
}

/** Every vendor with its shipping terms, coupon and reliability, by name: one query. */
export async function getOpenDataVendors(db: Database) {
  return db
    .select({
      slug: vendors.slug,
      name: vendors.name,
      website: vendors.website,
      rating: vendors.rating,
      currency: vendors.currency,
      shippingNote: vendors.shippingCost,
      shippingFee: vendors.shippingFee,
      freeShippingThreshold: vendors.freeShippingThreshold,
      shipsTo: vendors.shipsTo,
      paymentMethods: vendors.paymentMethods,
      couponCode: coupons.code,
      discountAmount: coupons.discountAmount,
      discountType: coupons.discountType,
      expirationDate: coupons.expirationDate,
      reliabilityScore: vendorReliability.score,
      reliabilityComponents: vendorReliability.components,
      reliabilityComputedAt: vendorReliability.computedAt,
    })
    .from(vendors)
    .leftJoin(coupons, eq(coupons.vendorId, vendors.id))
    .leftJoin(vendorReliability, eq(vendorReliability.vendorId, vendors.id))
    .orderBy(asc(vendors.name));
}
export type OpenDataVendor = Awaited<ReturnType<typeof getOpenDataVendors>>[number];
