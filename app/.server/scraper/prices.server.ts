import { and, eq } from "drizzle-orm";

import type { Currency } from "~/lib/constants";

import type { Database } from "../db/client";
import { priceHistory, vendorPeptides } from "../db/schema";

export interface ScrapedPriceInput {
  vendorId: string;
  peptideId: string;
  sizeOptionId: string;
  /** Null when the page shows no price (often a sold-out listing): only the stock is updated. */
  price: number | null;
  currency: Currency;
  url: string | null;
  soldOut: boolean;
}

export interface ScrapedPriceResult {
  vendorPeptideId: string | null;
  oldPrice: number | null;
  newPrice: number | null;
  /** The price or the stock changed, so price history got a row. */
  changed: boolean;
}

/**
 * Applies one scraped listing: the vendor's price for the size is created or updated (source
 * 'scraped', checked now), and price history gets a row when the price or the stock changed.
 */
export async function applyScrapedPrice(
  db: Database,
  input: ScrapedPriceInput,
): Promise<ScrapedPriceResult> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [existing] = await tx
      .select({
        id: vendorPeptides.id,
        price: vendorPeptides.price,
        stockStatus: vendorPeptides.stockStatus,
        url: vendorPeptides.url,
      })
      .from(vendorPeptides)
      .where(
        and(
          eq(vendorPeptides.vendorId, input.vendorId),
          eq(vendorPeptides.sizeOptionId, input.sizeOptionId),
        ),
      );
    if (!existing) {
      if (input.price === null)
        return { vendorPeptideId: null, oldPrice: null, newPrice: null, changed: false };
      const [row] = await tx
        .insert(vendorPeptides)
        .values({
          peptideId: input.peptideId,
          vendorId: input.vendorId,
          sizeOptionId: input.sizeOptionId,
          price: input.price,
          currency: input.currency,
          url: input.url,
          stockStatus: input.soldOut ? "out_of_stock" : "in_stock",
          source: "scraped",
          priceCheckedAt: now,
        })
        .returning({ id: vendorPeptides.id });
      await tx.insert(priceHistory).values({
        vendorPeptideId: row.id,
        price: input.price,
        inStock: !input.soldOut,
        observedAt: now,
      });
      return { vendorPeptideId: row.id, oldPrice: null, newPrice: input.price, changed: true };
    }
    const wasInStock = existing.stockStatus !== "out_of_stock";
    // 'low_stock' is an admin's finer reading of "in stock"; a scrape only knows in or out.
    const stockStatus = input.soldOut
      ? "out_of_stock"
      : wasInStock
        ? existing.stockStatus
        : "in_stock";
    const price = input.price ?? existing.price;
    const changed = price !== existing.price || wasInStock === input.soldOut;
    await tx
      .update(vendorPeptides)
      .set({
        price,
        currency: input.currency,
        url: input.url ?? existing.url,
        stockStatus,
        source: "scraped",
        priceCheckedAt: now,
        updatedAt: now,
      })
      .where(eq(vendorPeptides.id, existing.id));
    if (changed) {
      await tx
        .insert(priceHistory)
        .values({ vendorPeptideId: existing.id, price, inStock: !input.soldOut, observedAt: now });
    }
    return { vendorPeptideId: existing.id, oldPrice: existing.price, newPrice: price, changed };
  });
}
