/** Who speaks for which vendor (vendor_members) and the claims on the way there (vendor_claims). */
import crypto from "node:crypto";

import { and, count, eq } from "drizzle-orm";

import { pageOffset } from "~/lib/table-query";
import type { VendorClaimMethod } from "~/lib/vendor-accounts";

import type { Database } from "../db/client";
import { user, vendorClaims, vendorMembers, vendors } from "../db/schema";

export interface VendorRecord {
  id: string;
  name: string;
  slug: string;
  website: string | null;
}

const vendorColumns = {
  id: vendors.id,
  name: vendors.name,
  slug: vendors.slug,
  website: vendors.website,
};

export async function getVendorRecordBySlug(
  db: Database,
  slug: string,
): Promise<VendorRecord | null> {
  const [row] = await db.select(vendorColumns).from(vendors).where(eq(vendors.slug, slug));
  return row ?? null;
}

export async function getVendorRecord(db: Database, id: string): Promise<VendorRecord | null> {
  const [row] = await db.select(vendorColumns).from(vendors).where(eq(vendors.id, id));
  return row ?? null;
}

/** The vendor the user speaks for, or null: the server's only source of the vendor role. */
export async function getMembershipVendorId(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ vendorId: vendorMembers.vendorId })
    .from(vendorMembers)
    .where(eq(vendorMembers.userId, userId));
  return row?.vendorId ?? null;
}

/** Makes the user a member of the vendor; false when the user already speaks for a vendor. */
export async function addVendorMember(
  db: Database,
  input: { vendorId: string; userId: string; via: VendorClaimMethod; grantedBy?: string | null },
): Promise<boolean> {
  const rows = await db
    .insert(vendorMembers)
    .values({
      vendorId: input.vendorId,
      userId: input.userId,
      grantedVia: input.via,
      grantedBy: input.grantedBy ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: vendorMembers.id });
  if (rows.length > 0) {
    await db
      .delete(vendorClaims)
      .where(and(eq(vendorClaims.vendorId, input.vendorId), eq(vendorClaims.userId, input.userId)));
  }
  return rows.length > 0;
}

export async function removeVendorMember(db: Database, memberId: string): Promise<boolean> {
  const rows = await db
    .delete(vendorMembers)
    .where(eq(vendorMembers.id, memberId))
    .returning({ id: vendorMembers.id });
  return rows.length > 0;
}

/** Who speaks for which vendor, a page at a time, by vendor then e-mail. */
export async function listVendorMembers(
  db: Database,
  { page, pageSize }: { page: number; pageSize: number },
) {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: vendorMembers.id,
        vendorName: vendors.name,
        vendorSlug: vendors.slug,
        email: user.email,
        grantedVia: vendorMembers.grantedVia,
        createdAt: vendorMembers.createdAt,
      })
      .from(vendorMembers)
      .innerJoin(vendors, eq(vendors.id, vendorMembers.vendorId))
      .innerJoin(user, eq(user.id, vendorMembers.userId))
      .orderBy(vendors.name, user.email)
      .limit(pageSize)
      .offset(pageOffset(page, pageSize)),
    db.select({ total: count() }).from(vendorMembers),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export interface VendorClaim {
  id: string;
  token: string;
  email: string | null;
}

/** The user's claim on the vendor, created with a fresh token the first time. */
export async function getOrCreateClaim(
  db: Database,
  vendorId: string,
  userId: string,
): Promise<VendorClaim> {
  const columns = {
    id: vendorClaims.id,
    token: vendorClaims.token,
    email: vendorClaims.email,
  };
  await db
    .insert(vendorClaims)
    .values({ vendorId, userId, token: `pp-verify-${crypto.randomBytes(16).toString("hex")}` })
    .onConflictDoNothing();
  const [row] = await db
    .select(columns)
    .from(vendorClaims)
    .where(and(eq(vendorClaims.vendorId, vendorId), eq(vendorClaims.userId, userId)));
  return row!;
}

/** The address at the shop's domain the claim's confirmation link was mailed to. */
export async function setClaimEmail(db: Database, id: string, email: string): Promise<void> {
  await db.update(vendorClaims).set({ email }).where(eq(vendorClaims.id, id));
}

/** The claim a mailed link's token names, with its vendor and user. */
export async function getClaimByToken(db: Database, token: string) {
  const [row] = await db
    .select({
      id: vendorClaims.id,
      vendorId: vendorClaims.vendorId,
      userId: vendorClaims.userId,
      email: vendorClaims.email,
    })
    .from(vendorClaims)
    .where(eq(vendorClaims.token, token));
  return row ?? null;
}
