import { asc, eq, sql } from "drizzle-orm";

import type { DiscountType } from "~/lib/constants";

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

/** Every vendor with its coupon (at most one), ordered by name: one query. */
export async function getVendorsWithCoupons(db: Database) {
  return db
    .select({
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
    })
    .from(vendors)
    .leftJoin(coupons, eq(coupons.vendorId, vendors.id))
    .orderBy(asc(vendors.name));
}
export type AdminVendor = Awaited<ReturnType<typeof getVendorsWithCoupons>>[number];

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

/**
 * SPEC.md §4: the coupon goes first, then the vendor; its vendor prices follow through the
 * foreign key. One transaction, so a failure leaves both in place.
 */
export async function deleteVendor(db: Database, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await deleteCouponForVendor(tx, id);
    const rows = await tx.delete(vendors).where(eq(vendors.id, id)).returning({ id: vendors.id });
    return rows.length > 0;
  });
}
