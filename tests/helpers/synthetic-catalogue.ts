import crypto from "node:crypto";

import { count } from "drizzle-orm";

import type { Database } from "~/.server/db/client";
import * as t from "~/.server/db/schema";

const CATEGORY_COUNT = 5;
const VENDOR_COUNT = 8;
const VENDORS_PER_SIZE = 4;
const SIZES_MG = [5, 10];
const CHUNK = 1000;

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * Grows the catalogue to `total` generated peptides (2 sizes, 4 vendor prices each, with
 * coupons and price history) by bulk inserts, so query counts and timings can be compared
 * across catalogue sizes. Call it again with a larger total to add the difference.
 */
export async function seedSyntheticCatalogue(
  db: Database,
  total: number,
): Promise<{ firstSlug: string }> {
  const [{ existing }] = await db.select({ existing: count() }).from(t.peptides);
  if (existing === 0) {
    await db.insert(t.categories).values(
      Array.from({ length: CATEGORY_COUNT }, (_, i) => ({
        name: `Synthetic ${i + 1}`,
        slug: `synthetic-${i + 1}`,
      })),
    );
    const vendorRows = await db
      .insert(t.vendors)
      .values(
        Array.from({ length: VENDOR_COUNT }, (_, i) => ({
          name: `Synthetic Vendor ${i + 1}`,
          rating: 3 + (i % 3),
        })),
      )
      .returning({ id: t.vendors.id });
    await db.insert(t.coupons).values(
      vendorRows.slice(0, 4).map((v, i) => ({
        vendorId: v.id,
        code: `SYN${i}`,
        discountAmount: i % 2 === 0 ? 10 : 5,
        discountType: i % 2 === 0 ? "percentage" : "fixed",
        expirationDate: i === 3 ? "2000-01-01" : null,
      })),
    );
  }
  const categoryRows = await db.select({ id: t.categories.id }).from(t.categories);
  const vendorRows = await db.select({ id: t.vendors.id }).from(t.vendors);

  const peptideRows: (typeof t.peptides.$inferInsert)[] = [];
  const sizeRows: (typeof t.sizeOptions.$inferInsert)[] = [];
  const priceRows: (typeof t.vendorPeptides.$inferInsert)[] = [];
  const historyRows: (typeof t.priceHistory.$inferInsert)[] = [];
  const now = Date.now();
  for (let n = existing; n < total; n += 1) {
    const peptideId = crypto.randomUUID();
    peptideRows.push({
      id: peptideId,
      name: `Peptide ${String(n).padStart(5, "0")}`,
      slug: `peptide-${n}`,
      categoryId: categoryRows[n % categoryRows.length].id,
      description: "A generated peptide.",
      keyBenefits: ["Generated"],
      isPopular: n < 3,
      popularOrder: n < 3 ? n + 1 : null,
    });
    for (const mg of SIZES_MG) {
      const sizeOptionId = crypto.randomUUID();
      sizeRows.push({ id: sizeOptionId, peptideId, quantity: mg, unit: "mg" });
      for (let v = 0; v < VENDORS_PER_SIZE; v += 1) {
        const vendorPeptideId = crypto.randomUUID();
        const price = 10 + mg * 3 + ((n * 7 + v * 13) % 40);
        priceRows.push({
          id: vendorPeptideId,
          peptideId,
          sizeOptionId,
          vendorId: vendorRows[(n + v) % vendorRows.length].id,
          price,
          url: `https://vendor.example/${n}/${mg}`,
          purity: "99%",
          stockStatus: v === 3 ? "out_of_stock" : "in_stock",
        });
        historyRows.push(
          { vendorPeptideId, price: price + 2, inStock: true, observedAt: new Date(now - 20 * 86_400_000) },
          { vendorPeptideId, price, inStock: true, observedAt: new Date(now - 86_400_000) },
        );
      }
    }
  }
  await insertInChunks(peptideRows, (rows) => db.insert(t.peptides).values(rows));
  await insertInChunks(sizeRows, (rows) => db.insert(t.sizeOptions).values(rows));
  await insertInChunks(priceRows, (rows) => db.insert(t.vendorPeptides).values(rows));
  await insertInChunks(historyRows, (rows) => db.insert(t.priceHistory).values(rows));
  return { firstSlug: "peptide-0" };
}
