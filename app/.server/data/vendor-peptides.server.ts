import { and, desc, eq, max } from "drizzle-orm";

import type { Currency } from "~/lib/constants";

import type { Database } from "../db/client";
import { peptides, priceHistory, sizeOptions, vendorPeptides, vendors } from "../db/schema";

/** When any price was last confirmed: the freshness line in the top bar. */
export async function getLatestPriceCheck(db: Database): Promise<Date | null> {
  const [row] = await db.select({ latest: max(vendorPeptides.priceCheckedAt) }).from(vendorPeptides);
  return row?.latest ?? null;
}

/** Every vendor price with its peptide, vendor and size, newest first: the admin table (one query). */
export async function getAdminVendorPeptides(db: Database) {
  return db
    .select({
      id: vendorPeptides.id,
      peptideId: vendorPeptides.peptideId,
      peptideName: peptides.name,
      vendorId: vendorPeptides.vendorId,
      vendorName: vendors.name,
      price: vendorPeptides.price,
      currency: vendorPeptides.currency,
      quantity: sizeOptions.quantity,
      unit: sizeOptions.unit,
      unitLabel: sizeOptions.unitLabel,
      purity: vendorPeptides.purity,
      notes: vendorPeptides.notes,
      url: vendorPeptides.url,
      createdAt: vendorPeptides.createdAt,
    })
    .from(vendorPeptides)
    .innerJoin(peptides, eq(vendorPeptides.peptideId, peptides.id))
    .innerJoin(vendors, eq(vendorPeptides.vendorId, vendors.id))
    .innerJoin(sizeOptions, eq(vendorPeptides.sizeOptionId, sizeOptions.id))
    .orderBy(desc(vendorPeptides.createdAt));
}
export type AdminVendorPeptide = Awaited<ReturnType<typeof getAdminVendorPeptides>>[number];

export interface ManualPriceInput {
  peptideId: string;
  vendorId: string;
  sizeOptionId: string;
  price: number;
  currency: Currency;
  url: string | null;
  purity: string | null;
  notes: string | null;
}

export interface ManualPriceResult {
  vendorPeptideId: string;
  created: boolean;
  /** The price before this entry; null for a new vendor price. */
  oldPrice: number | null;
  newPrice: number;
}

/**
 * An admin's price for a vendor and size: a vendor has one price per size, so an existing one
 * is updated. A new or changed price also writes a price_history row.
 */
export async function saveManualVendorPrice(db: Database, input: ManualPriceInput): Promise<ManualPriceResult> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [existing] = await tx
      .select({ id: vendorPeptides.id, price: vendorPeptides.price, stockStatus: vendorPeptides.stockStatus })
      .from(vendorPeptides)
      .where(and(eq(vendorPeptides.vendorId, input.vendorId), eq(vendorPeptides.sizeOptionId, input.sizeOptionId)));
    const fields = {
      price: input.price,
      currency: input.currency,
      url: input.url,
      purity: input.purity,
      notes: input.notes,
      source: "manual",
      priceCheckedAt: now,
    };
    if (existing) {
      await tx
        .update(vendorPeptides)
        .set({ ...fields, updatedAt: now })
        .where(eq(vendorPeptides.id, existing.id));
      if (existing.price !== input.price) {
        await tx.insert(priceHistory).values({
          vendorPeptideId: existing.id,
          price: input.price,
          inStock: existing.stockStatus !== "out_of_stock",
          observedAt: now,
        });
      }
      return { vendorPeptideId: existing.id, created: false, oldPrice: existing.price, newPrice: input.price };
    }
    const [row] = await tx
      .insert(vendorPeptides)
      .values({ ...fields, peptideId: input.peptideId, vendorId: input.vendorId, sizeOptionId: input.sizeOptionId })
      .returning({ id: vendorPeptides.id });
    await tx.insert(priceHistory).values({ vendorPeptideId: row.id, price: input.price, inStock: true, observedAt: now });
    return { vendorPeptideId: row.id, created: true, oldPrice: null, newPrice: input.price };
  });
}

export async function deleteVendorPeptide(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(vendorPeptides).where(eq(vendorPeptides.id, id)).returning({ id: vendorPeptides.id });
  return rows.length > 0;
}
