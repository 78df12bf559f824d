/** Vendor offer submissions (vendor_offer_submissions) and the vendor's offers they target. */
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";

import type { StockStatus } from "~/lib/constants";
import { formatSize } from "~/lib/units";
import { pageOffset } from "~/lib/table-query";
import type { VendorSubmissionStatus } from "~/lib/vendor-accounts";

import type { Database } from "../db/client";
import {
  peptides,
  sizeOptions,
  vendorOfferSubmissions,
  vendorPeptides,
  vendors,
} from "../db/schema";

export interface SubmissionInput {
  vendorId: string;
  sizeOptionId: string;
  vendorPeptideId: string | null;
  via: "api" | "feed";
  apiKeyId: string | null;
  price: number;
  currency: string;
  stockStatus: StockStatus;
  url: string;
  status: VendorSubmissionStatus;
  storefrontPrice: number | null;
  storefrontStock: StockStatus | null;
  reason: string | null;
}

export async function insertSubmission(db: Database, input: SubmissionInput): Promise<string> {
  const [row] = await db
    .insert(vendorOfferSubmissions)
    .values({ ...input, decidedAt: input.status === "live" ? new Date() : null })
    .returning({ id: vendorOfferSubmissions.id });
  return row!.id;
}

/** The sizes a peptide (by slug) has, with their labels: what an API offer names. */
export async function getPeptideSizesBySlug(db: Database, slug: string) {
  const rows = await db
    .select({
      peptideId: peptides.id,
      sizeOptionId: sizeOptions.id,
      quantity: sizeOptions.quantity,
      unit: sizeOptions.unit,
      unitLabel: sizeOptions.unitLabel,
    })
    .from(peptides)
    .innerJoin(sizeOptions, eq(sizeOptions.peptideId, peptides.id))
    .where(eq(peptides.slug, slug));
  return rows.map((row) => ({
    peptideId: row.peptideId,
    sizeOptionId: row.sizeOptionId,
    label: formatSize(row.quantity, row.unit, row.unitLabel),
  }));
}

/** The vendor's single-vial offer of a size, if it has one. */
export async function findVendorOffer(db: Database, vendorId: string, sizeOptionId: string) {
  const [row] = await db
    .select({ id: vendorPeptides.id, url: vendorPeptides.url })
    .from(vendorPeptides)
    .where(
      and(
        eq(vendorPeptides.vendorId, vendorId),
        eq(vendorPeptides.sizeOptionId, sizeOptionId),
        eq(vendorPeptides.vials, 1),
      ),
    );
  return row ?? null;
}

/**
 * Marks the offer's current price as the vendor's: shown "vendor-supplied" while no later read
 * confirmed it (vendor_supplied_at at or after price_checked_at, ~/lib/vendor-accounts).
 */
export async function markVendorSupplied(db: Database, vendorPeptideId: string): Promise<void> {
  await db
    .update(vendorPeptides)
    .set({ vendorSuppliedAt: sql`${vendorPeptides.priceCheckedAt}` })
    .where(eq(vendorPeptides.id, vendorPeptideId));
}

const submissionColumns = {
  id: vendorOfferSubmissions.id,
  vendorId: vendorOfferSubmissions.vendorId,
  vendorName: vendors.name,
  peptideId: sizeOptions.peptideId,
  peptideName: peptides.name,
  sizeOptionId: vendorOfferSubmissions.sizeOptionId,
  quantity: sizeOptions.quantity,
  unit: sizeOptions.unit,
  unitLabel: sizeOptions.unitLabel,
  via: vendorOfferSubmissions.via,
  price: vendorOfferSubmissions.price,
  currency: vendorOfferSubmissions.currency,
  stockStatus: vendorOfferSubmissions.stockStatus,
  url: vendorOfferSubmissions.url,
  status: vendorOfferSubmissions.status,
  storefrontPrice: vendorOfferSubmissions.storefrontPrice,
  storefrontStock: vendorOfferSubmissions.storefrontStock,
  currentPrice: vendorPeptides.price,
  currentStock: vendorPeptides.stockStatus,
  reason: vendorOfferSubmissions.reason,
  createdAt: vendorOfferSubmissions.createdAt,
};

function submissionsQuery(db: Database) {
  return db
    .select(submissionColumns)
    .from(vendorOfferSubmissions)
    .innerJoin(vendors, eq(vendors.id, vendorOfferSubmissions.vendorId))
    .innerJoin(sizeOptions, eq(sizeOptions.id, vendorOfferSubmissions.sizeOptionId))
    .innerJoin(peptides, eq(peptides.id, sizeOptions.peptideId))
    .leftJoin(vendorPeptides, eq(vendorPeptides.id, vendorOfferSubmissions.vendorPeptideId));
}

export type SubmissionRow = Awaited<
  ReturnType<ReturnType<typeof submissionsQuery>["execute"]>
>[number];

/**
 * What waits for an admin, a page at a time, newest first: the vendor's value beside the
 * storefront's and the live one.
 */
export async function getHeldSubmissions(
  db: Database,
  { page, pageSize }: { page: number; pageSize: number },
) {
  const held = eq(vendorOfferSubmissions.status, "held");
  const [rows, [counted]] = await Promise.all([
    submissionsQuery(db)
      .where(held)
      .orderBy(desc(vendorOfferSubmissions.createdAt), vendorOfferSubmissions.id)
      .limit(pageSize)
      .offset(pageOffset(page, pageSize)),
    db.select({ total: count() }).from(vendorOfferSubmissions).where(held),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function getVendorSubmissions(db: Database, vendorId: string, limit = 50) {
  return submissionsQuery(db)
    .where(eq(vendorOfferSubmissions.vendorId, vendorId))
    .orderBy(desc(vendorOfferSubmissions.createdAt))
    .limit(limit);
}

export async function getHeldSubmission(db: Database, id: string) {
  const [row] = await submissionsQuery(db).where(
    and(eq(vendorOfferSubmissions.id, id), eq(vendorOfferSubmissions.status, "held")),
  );
  return row ?? null;
}

export async function decideSubmission(
  db: Database,
  id: string,
  decision: { status: "approved" | "rejected"; by: string; vendorPeptideId?: string | null },
): Promise<void> {
  await db
    .update(vendorOfferSubmissions)
    .set({
      status: decision.status,
      decidedAt: new Date(),
      decidedBy: decision.by,
      ...(decision.vendorPeptideId ? { vendorPeptideId: decision.vendorPeptideId } : {}),
    })
    .where(eq(vendorOfferSubmissions.id, id));
}

/** A submission accepted by the API whose storefront a background job has yet to read. */
export async function getPendingSubmission(db: Database, id: string) {
  const [row] = await submissionsQuery(db).where(
    and(eq(vendorOfferSubmissions.id, id), eq(vendorOfferSubmissions.status, "pending")),
  );
  return row ?? null;
}

/** What the storefront read made of a pending submission: live or held (once only). */
export async function settleSubmission(
  db: Database,
  id: string,
  outcome: {
    status: "live" | "held";
    vendorPeptideId: string | null;
    storefrontPrice: number | null;
    storefrontStock: StockStatus | null;
    reason: string | null;
  },
): Promise<void> {
  await db
    .update(vendorOfferSubmissions)
    .set({ ...outcome, decidedAt: outcome.status === "live" ? new Date() : null })
    .where(and(eq(vendorOfferSubmissions.id, id), eq(vendorOfferSubmissions.status, "pending")));
}

/** Holds, with the reason, every submission of `ids` whose storefront read will not happen. */
export async function holdPendingSubmissions(
  db: Database,
  ids: string[],
  reason: string,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(vendorOfferSubmissions)
    .set({ status: "held", reason: reason.slice(0, 500) })
    .where(
      and(inArray(vendorOfferSubmissions.id, ids), eq(vendorOfferSubmissions.status, "pending")),
    );
}
