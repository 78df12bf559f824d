/**
 * Read model of the public vendor page (/vendor/{slug}): the vendor and its coupon, every
 * offer it has, and how many of its prices changed lately. Three queries, run together,
 * whatever the number of offers.
 */
import { and, asc, eq, sql } from "drizzle-orm";

import { PRICE_CHANGE_WINDOW_DAYS } from "~/lib/vendor-profile";
import type { OfferRow } from "~/lib/offer-row";
import { couponFromColumns, isCouponActive, type Coupon, type PricingContext } from "~/lib/pricing";

import type { Database } from "../db/client";
import {
  coupons,
  peptides,
  priceHistory,
  sizeOptions,
  vendorPeptides,
  vendors,
  vendorSlugHistory,
} from "../db/schema";

import { OFFER_ROW_COLUMNS, toOfferRow } from "./listings/offer-rows.server";
import { peptideIsPublic, priceIsActive, priceIsPublic } from "./public-visibility.server";

export interface VendorSummary {
  id: string;
  name: string;
  slug: string;
  website: string | null;
  logoUrl: string | null;
  isPreferred: boolean;
  rating: number | null;
  /** SPEC.md's free-text shipping note ("Free over $100"). */
  shippingNote: string | null;
  /** The currency of the shipping fee, the free-shipping threshold and fixed coupons. */
  currency: string;
  shippingFee: number | null;
  freeShippingThreshold: number | null;
  shipsTo: string[];
  paymentMethods: string[];
}

/** One of the vendor's prices: an offer-table row like the detail page's. */
export type VendorOffer = OfferRow;

export interface VendorProfile {
  vendor: VendorSummary;
  /** The vendor's coupon only while it is valid: an expired one is never shown as current. */
  coupon: Coupon | null;
  /** The vendor entered the coupon itself: "reported by the vendor" until buyers confirm it. */
  couponReportedByVendor: boolean;
  offers: VendorOffer[];
  /** Price changes (not stock changes or first prices) in the last PRICE_CHANGE_WINDOW_DAYS. */
  recentChanges: { changes: number; offersChanged: number };
}

function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function getVendorWithCoupon(db: Database, slug: string) {
  return db
    .select({
      id: vendors.id,
      name: vendors.name,
      slug: vendors.slug,
      website: vendors.website,
      logoUrl: vendors.logoUrl,
      isPreferred: vendors.isPreferred,
      rating: vendors.rating,
      shippingNote: vendors.shippingCost,
      currency: vendors.currency,
      shippingFee: vendors.shippingFee,
      freeShippingThreshold: vendors.freeShippingThreshold,
      shipsTo: vendors.shipsTo,
      paymentMethods: vendors.paymentMethods,
      couponCode: coupons.code,
      couponAmount: coupons.discountAmount,
      couponType: coupons.discountType,
      couponExpires: coupons.expirationDate,
      couponReportedAt: coupons.vendorReportedAt,
    })
    .from(vendors)
    .leftJoin(coupons, eq(coupons.vendorId, vendors.id))
    .where(eq(vendors.slug, slug))
    .limit(1);
}

function getVendorOfferRows(db: Database, slug: string) {
  return db
    .select(OFFER_ROW_COLUMNS)
    .from(vendorPeptides)
    .innerJoin(vendors, eq(vendors.id, vendorPeptides.vendorId))
    .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId))
    .innerJoin(sizeOptions, eq(sizeOptions.id, vendorPeptides.sizeOptionId))
    .leftJoin(coupons, eq(coupons.vendorId, vendors.id))
    .where(and(eq(vendors.slug, slug), priceIsActive(), peptideIsPublic()))
    .orderBy(
      sql`lower(${peptides.name})`,
      asc(sizeOptions.unit),
      asc(sizeOptions.quantity),
      asc(vendorPeptides.vials),
    );
}

/**
 * History rows since `since` whose price differs from the row before them (of the same offer).
 * The rows of the window plus, per offer, the one row before it (by
 * price_history_vendor_peptide_observed_idx) go through one lag(): a first price has no row
 * before it and a stock change keeps the price, so neither counts.
 */
async function countRecentPriceChanges(db: Database, slug: string, since: Date) {
  const result = (await db.execute(sql`
    with offers as (
      select vp.id from ${vendorPeptides} vp join ${vendors} v on v.id = vp.vendor_id
       where v.slug = ${slug} and ${priceIsPublic("vp")}),
    observations as (
      select ph.vendor_peptide_id as id, ph.observed_at, ph.price
        from ${priceHistory} ph join offers o on o.id = ph.vendor_peptide_id
       where ph.observed_at > ${since}
      union all
      select o.id, before.observed_at, before.price from offers o
       cross join lateral (select ph.observed_at, ph.price from ${priceHistory} ph
         where ph.vendor_peptide_id = o.id and ph.observed_at <= ${since}
         order by ph.observed_at desc limit 1) before),
    steps as (
      select id, observed_at > ${since} as recent,
             price <> lag(price) over (partition by id order by observed_at) as changed
        from observations)
    select count(*)::int as changes, count(distinct id)::int as offers_changed
      from steps where recent and changed`)) as unknown as {
    rows: { changes: number | string; offers_changed: number | string }[];
  };
  const [row] = result.rows;
  return { changes: Number(row?.changes ?? 0), offersChanged: Number(row?.offers_changed ?? 0) };
}

/** The vendor page's data; null when no vendor has this slug. */
export async function getVendorProfile(
  db: Database,
  slug: string,
  pricing: PricingContext,
): Promise<VendorProfile | null> {
  const since = new Date(pricing.now.getTime() - PRICE_CHANGE_WINDOW_DAYS * 86_400_000);
  const [[row], offerRows, recentChanges] = await Promise.all([
    getVendorWithCoupon(db, slug),
    getVendorOfferRows(db, slug),
    countRecentPriceChanges(db, slug, since),
  ]);
  if (!row) return null;
  const { couponCode, couponAmount, couponType, couponExpires, couponReportedAt, ...vendor } = row;
  const coupon = couponFromColumns({
    code: couponCode,
    discountAmount: couponAmount,
    discountType: couponType,
    expirationDate: couponExpires,
  });
  const activeCoupon = isCouponActive(coupon, pricing.now) ? coupon : null;
  // The page says "No coupon right now" for an expired one: its code is not sent to the page.
  const offers = offerRows.flatMap((offer) => {
    const row = toOfferRow(offer, pricing);
    return row ? [{ ...row, coupon: activeCoupon }] : [];
  });
  return {
    vendor,
    coupon: activeCoupon,
    couponReportedByVendor: activeCoupon !== null && couponReportedAt !== null,
    offers,
    recentChanges,
  };
}

/**
 * Where a /vendor/{slug} address should point instead: the vendor's current slug when the
 * address holds a former slug or the live one in other letter case; null otherwise. One query,
 * asked only when the slug matched no vendor.
 */
export async function findVendorSlugRedirect(db: Database, slug: string): Promise<string | null> {
  const wanted = slug.toLowerCase();
  const live = db.select({ slug: vendors.slug }).from(vendors).where(eq(vendors.slug, wanted));
  const former = db
    .select({ slug: vendors.slug })
    .from(vendorSlugHistory)
    .innerJoin(vendors, eq(vendors.id, vendorSlugHistory.vendorId))
    .where(eq(vendorSlugHistory.slug, wanted));
  const [target] = await live.unionAll(former).limit(1);
  return target && target.slug !== slug ? target.slug : null;
}

/** Every vendor page with its last change: the newest price check of its offers, else its creation. */
export async function getVendorSitemapEntries(
  db: Database,
): Promise<{ slug: string; lastModified: string }[]> {
  const rows = await db
    .select({
      slug: vendors.slug,
      lastModified: sql<string>`greatest(${vendors.createdAt}, max(${vendorPeptides.priceCheckedAt}))`,
    })
    .from(vendors)
    .leftJoin(vendorPeptides, and(eq(vendorPeptides.vendorId, vendors.id), priceIsPublic()))
    .groupBy(vendors.id)
    .orderBy(asc(vendors.slug));
  return rows.map((r) => ({ slug: r.slug, lastModified: toIso(r.lastModified) }));
}
