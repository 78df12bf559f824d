import { and, asc, count, desc, eq, ilike, isNotNull, lte, or, sql, type SQL } from "drizzle-orm";

import type { DiscountType } from "~/lib/constants";
import type { VENDORS_TABLE } from "~/lib/admin-tables";
import type { SortState } from "~/lib/sort";
import { likePattern } from "~/lib/like-pattern";

import type { Database } from "../db/client";
import { coupons, vendors } from "../db/schema";

import { rowVersion, updateIfUnchanged, type CompareAndSetOutcome } from "./row-version.server";

export interface VendorInput {
  name: string;
  website: string | null;
  logoUrl: string | null;
  isPreferred: boolean;
  shippingCost: string | null;
  currency: string;
  shippingFee: number | null;
  freeShippingThreshold: number | null;
  shipsTo: string[];
  rating: number | null;
}

export interface CouponInput {
  code: string;
  discountAmount: number;
  discountType: DiscountType;
  expirationDate: string | null;
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
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        ilike(vendors.name, pattern),
        ilike(vendors.website, pattern),
        ilike(coupons.code, pattern),
      )!,
    );
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

/** Id and name only, for the vendor select of the price entry dialog. */
export async function getVendorOptions(db: Database) {
  return db.select({ id: vendors.id, name: vendors.name }).from(vendors).orderBy(asc(vendors.name));
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

export async function deleteCouponForVendor(db: Database, vendorId: string): Promise<void> {
  await db.delete(coupons).where(eq(coupons.vendorId, vendorId));
}
