import { and, asc, count, desc, eq, ilike, isNotNull, lte, sql, type SQL } from "drizzle-orm";

import type { DiscountType } from "~/lib/constants";
import type { VENDORS_TABLE } from "~/lib/admin-tables";
import type { CatalogueOption } from "~/lib/catalogue-options";
import type { VendorFields } from "~/lib/forms/vendors";
import type { SortState } from "~/lib/sort";
import { likePattern } from "~/lib/like-pattern";
import { convertAmount } from "~/lib/money";
import {
  couponFromColumns,
  formatCouponDiscount,
  isCouponActive,
  type PricingContext,
} from "~/lib/pricing";
import {
  shipsThere,
  sortVendors,
  type ShownAmount,
  type VendorDirectoryEntry,
  type VendorSort,
} from "~/lib/vendor-directory";

import type { Database } from "../db/client";
import { coupons, vendorPeptides, vendorReliability, vendors } from "../db/schema";

import { containsSearch } from "./table-search.server";
import { priceIsPublic } from "./public-visibility.server";

import { rowVersion, updateIfUnchanged, type CompareAndSetOutcome } from "./row-version.server";

export type VendorInput = VendorFields;

export interface CouponInput {
  code: string;
  discountAmount: number;
  discountType: DiscountType;
  expirationDate: string | null;
  /** Set when the vendor itself entered the coupon: shown "reported by the vendor" until confirmed. */
  vendorReportedAt?: Date | null;
}

const adminVendorColumns = {
  id: vendors.id,
  name: vendors.name,
  website: vendors.website,
  logoUrl: vendors.logoUrl,
  isPreferred: vendors.isPreferred,
  shippingCost: vendors.shippingCost,
  currency: vendors.currency,
  shippingFee: vendors.shippingFee,
  freeShippingThreshold: vendors.freeShippingThreshold,
  shipsTo: vendors.shipsTo,
  rating: vendors.rating,
  affiliateTemplate: vendors.affiliateTemplate,
  couponCode: coupons.code,
  discountAmount: coupons.discountAmount,
  discountType: coupons.discountType,
  expirationDate: coupons.expirationDate,
  /** The vendor's version, which its coupon's writes move too (~/lib/edit-conflict). */
  version: rowVersion(vendors),
};

/** The columns the admin table sorts by (its definition in app/lib/admin-tables.ts). */
export type AdminVendorSort = (typeof VENDORS_TABLE.spec.sorts)[number];

export interface AdminVendorQuery {
  /** Part of the name, website or coupon code, any case. */
  search: string;
  /** Only vendors whose coupon expires on or before this day (YYYY-MM-DD), expired ones too. */
  couponExpiringBy: string | null;
  sort: SortState<AdminVendorSort>;
  page: number;
  pageSize: number;
}

/** One page of the admin vendor table with each vendor's coupon, and the total: two queries. */
export async function getAdminVendorPage(db: Database, query: AdminVendorQuery) {
  const conditions: SQL[] = [];
  if (query.search) {
    conditions.push(containsSearch(query.search, [vendors.name, vendors.website, coupons.code]));
  }
  if (query.couponExpiringBy) {
    conditions.push(
      and(isNotNull(coupons.expirationDate), lte(coupons.expirationDate, query.couponExpiringBy))!,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const direction = query.sort.direction === "asc" ? asc : desc;
  const column = {
    name: sql`lower(${vendors.name})`,
    preferred: vendors.isPreferred,
    coupon: sql`lower(${coupons.code})`,
    expiration: coupons.expirationDate,
    rating: vendors.rating,
  }[query.sort.column];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(adminVendorColumns)
      .from(vendors)
      .leftJoin(coupons, eq(coupons.vendorId, vendors.id))
      .where(where)
      .orderBy(direction(column), asc(vendors.name), asc(vendors.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(vendors)
      .leftJoin(coupons, eq(coupons.vendorId, vendors.id))
      .where(where),
  ]);
  return { rows, total };
}
export type AdminVendor = Awaited<ReturnType<typeof getAdminVendorPage>>["rows"][number];

/** One vendor with its coupon as the admin edits it (the audit's before and after), or null. */
export async function getAdminVendor(db: Database, id: string) {
  const [row] = await db
    .select(adminVendorColumns)
    .from(vendors)
    .leftJoin(coupons, eq(coupons.vendorId, vendors.id))
    .where(eq(vendors.id, id));
  return row ?? null;
}

/** The admin's vendor picker: up to `limit` vendors whose name holds `search`, by name. */
export async function findVendorOptions(
  db: Database,
  { search, limit }: { search: string; limit: number },
): Promise<CatalogueOption[]> {
  const pattern = likePattern(search);
  return db
    .select({ id: vendors.id, label: vendors.name })
    .from(vendors)
    .where(search ? ilike(vendors.name, pattern) : undefined)
    .orderBy(
      // Without the pattern's leading %: names that start with the text come first.
      sql`${vendors.name} ilike ${pattern.slice(1)} desc`,
      asc(sql`lower(${vendors.name})`),
      asc(vendors.id),
    )
    .limit(limit);
}

/** The picker's current vendor (its label on the first render), or null when it is gone. */
export async function getVendorOption(db: Database, id: string): Promise<CatalogueOption | null> {
  const [row] = await db
    .select({ id: vendors.id, label: vendors.name })
    .from(vendors)
    .where(eq(vendors.id, id));
  return row ?? null;
}

/** Every country some vendor ships to (ISO alpha-2), for the header's "Ship to" choice. */
export async function listShippingCountries(db: Database): Promise<string[]> {
  const rows = await db.execute(
    sql`select distinct unnest(${vendors.shipsTo}) as country from ${vendors} order by 1`,
  );
  return (rows as unknown as { rows: { country: string }[] }).rows.map((row) => row.country);
}

export async function vendorExists(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, id));
  return Boolean(row);
}

/** Another vendor with this name (names are unique), compared case-insensitively. */
export async function vendorNameTaken(
  db: Database,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(sql`lower(${vendors.name}) = ${name.toLowerCase()}`);
  return rows.some((row) => row.id !== exceptId);
}

export async function createVendor(db: Database, input: VendorInput): Promise<string> {
  const [row] = await db.insert(vendors).values(input).returning({ id: vendors.id });
  return row.id;
}

/**
 * Saves the vendor if it is still at `version` (the one its form was opened on). Its coupon is
 * written in the same transaction (upsertCoupon, deleteCouponForVendor), after this moved the
 * version, so a coupon change is a change of the vendor's version too.
 */
export async function updateVendor(
  db: Database,
  id: string,
  version: string,
  input: VendorInput,
): Promise<CompareAndSetOutcome> {
  return updateIfUnchanged(db, vendors, id, version, input);
}

/** One coupon per vendor: inserted, or replaced on conflict on vendor_id. */
export async function upsertCoupon(
  db: Database,
  vendorId: string,
  coupon: CouponInput,
): Promise<void> {
  await db
    .insert(coupons)
    .values({ vendorId, ...coupon })
    .onConflictDoUpdate({ target: coupons.vendorId, set: coupon });
}

/** The shipping terms a vendor edits on its own page (the admin's form saves the whole vendor). */
export async function updateVendorShipping(
  db: Database,
  vendorId: string,
  shipping: Partial<Omit<typeof vendors.$inferInsert, "id" | "name" | "slug">>,
): Promise<void> {
  await db.update(vendors).set(shipping).where(eq(vendors.id, vendorId));
}

export async function deleteCouponForVendor(db: Database, vendorId: string): Promise<void> {
  await db.delete(coupons).where(eq(coupons.vendorId, vendorId));
}

// ---------------------------------------------------------------- public index (/vendors)

export interface VendorDirectory {
  /** The visitor's ship-to country (ISO code); null for "Anywhere". */
  destination: string | null;
  vendors: VendorDirectoryEntry[];
}

/**
 * The ship-to country arrives with PricingContext.shipTo (issue 18, Must 1); until a context
 * carries one, every vendor is judged for "Anywhere".
 */
type DirectoryPricing = PricingContext & { shipTo?: string | null };

/**
 * Every active vendor (one with at least one public price) with its shipping terms for the
 * visitor's destination and display currency, its valid coupon, rating, number of public
 * prices and newest price check, in the chosen order: one query.
 */
export async function getVendorDirectory(
  db: Database,
  pricing: DirectoryPricing,
  sort: SortState<VendorSort>,
): Promise<VendorDirectory> {
  const rows = await db
    .select({
      id: vendors.id,
      name: vendors.name,
      slug: vendors.slug,
      rating: vendors.rating,
      currency: vendors.currency,
      shippingFee: vendors.shippingFee,
      freeShippingThreshold: vendors.freeShippingThreshold,
      shipsTo: vendors.shipsTo,
      shippingNote: vendors.shippingCost,
      couponCode: coupons.code,
      discountAmount: coupons.discountAmount,
      discountType: coupons.discountType,
      expirationDate: coupons.expirationDate,
      reliability: vendorReliability.score,
      offerCount: count(vendorPeptides.id),
      lastPriceUpdate: sql<Date | string | null>`max(${vendorPeptides.priceCheckedAt})`,
    })
    .from(vendors)
    .innerJoin(vendorPeptides, and(eq(vendorPeptides.vendorId, vendors.id), priceIsPublic()))
    .leftJoin(coupons, eq(coupons.vendorId, vendors.id))
    .leftJoin(vendorReliability, eq(vendorReliability.vendorId, vendors.id))
    .groupBy(vendors.id, coupons.id, vendorReliability.vendorId);

  const destination = pricing.shipTo ?? null;
  const shown = (amount: number | null, currency: string): ShownAmount | null => {
    if (amount === null) return null;
    const converted = convertAmount(amount, currency, pricing.displayCurrency, pricing.rates);
    return converted === null
      ? { amount, currency, converted: false }
      : {
          amount: converted,
          currency: pricing.displayCurrency,
          converted: currency !== pricing.displayCurrency,
        };
  };
  const entries = rows.map((row): VendorDirectoryEntry => {
    const coupon = couponFromColumns({
      code: row.couponCode,
      discountAmount: row.discountAmount,
      discountType: row.discountType,
      expirationDate: row.expirationDate,
    });
    const there = shipsThere(row.shipsTo, destination);
    const shippingFee = shown(row.shippingFee, row.currency);
    return {
      id: row.id,
      name: row.name,
      slug: row.slug,
      reliability: row.reliability,
      rating: row.rating,
      offerCount: row.offerCount,
      lastPriceUpdate:
        row.lastPriceUpdate === null ? null : new Date(row.lastPriceUpdate).toISOString(),
      shipsTo: row.shipsTo,
      shipsThere: there,
      shippingFee,
      freeShippingOver: shown(row.freeShippingThreshold, row.currency),
      shippingNote: row.shippingNote,
      // A fee in a currency without a rate cannot be ranked against the others.
      shippingFeeForSort:
        there === "no" || shippingFee === null || shippingFee.currency !== pricing.displayCurrency
          ? null
          : shippingFee.amount,
      coupon:
        coupon && isCouponActive(coupon, pricing.now)
          ? { code: coupon.code, discount: formatCouponDiscount(coupon, row.currency) }
          : null,
    };
  });
  return { destination, vendors: sortVendors(entries, sort) };
}
