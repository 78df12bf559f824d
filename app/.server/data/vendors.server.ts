import { and, asc, count, desc, eq, ilike, isNotNull, lte, or, sql, type SQL } from "drizzle-orm";

import type { DiscountType } from "~/lib/constants";
import type { VENDORS_TABLE } from "~/lib/admin-tables";
import type { CatalogueOption } from "~/lib/catalogue-options";
import type { SortState } from "~/lib/sort";
import { likePattern } from "~/lib/like-pattern";

import type { Database } from "../db/client";
import { coupons, vendors } from "../db/schema";

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

export async function updateVendor(db: Database, id: string, input: VendorInput): Promise<boolean> {
  const rows = await db
    .update(vendors)
    .set(input)
    .where(eq(vendors.id, id))
    .returning({ id: vendors.id });
  return rows.length > 0;
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
