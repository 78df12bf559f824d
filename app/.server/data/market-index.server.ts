/**
 * Reads behind the market price index (issue 23): one peptide's public offers with everything
 * `priceRow` needs, and their price history over a window with the price that held when it
 * began. Two queries whatever the window; the index itself is app/lib/market-index.ts.
 */
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";

import { formatSize } from "~/lib/units";

import type { Database } from "../db/client";
import { sizeOptions, vendorPeptides, vendors } from "../db/schema";

import { selectSizeOffers } from "./listings/offer-rows.server";
import { priceIsActive } from "./public-visibility.server";

/** Every public offer of one (public) peptide, by size. */
export async function listMarketIndexOffers(db: Database, peptideId: string) {
  const rows = await selectSizeOffers(db, {})
    .where(and(eq(sizeOptions.peptideId, peptideId), isNotNull(vendorPeptides.id)))
    .orderBy(asc(sizeOptions.quantity), asc(sizeOptions.unit), asc(vendors.name));
  return rows.map((row) => ({
    ...row,
    sizeLabel: formatSize(row.quantity, row.unit, row.unitLabel),
  }));
}
export type MarketIndexOffer = Awaited<ReturnType<typeof listMarketIndexOffers>>[number];

export interface HistoryObservation {
  vendorPeptideId: string;
  observedAt: Date;
  price: number;
  inStock: boolean;
}

/**
 * The history rows of one size's public offers from `since` on, plus each offer's last row
 * before it (the price that held when the window opened), oldest first per offer.
 */
export async function listSizeHistorySince(
  db: Database,
  sizeId: string,
  since: Date,
): Promise<HistoryObservation[]> {
  const result = (await db.execute(sql`
    with offers as (
      select vp.id from vendor_peptides vp
       where vp.size_option_id = ${sizeId} and ${priceIsActive("vp")})
    select ph.vendor_peptide_id as id, ph.observed_at, ph.price, ph.in_stock
      from price_history ph join offers o on o.id = ph.vendor_peptide_id
     where ph.observed_at >= ${since}
    union all
    select o.id, before.observed_at, before.price, before.in_stock from offers o
     cross join lateral (select ph.observed_at, ph.price, ph.in_stock from price_history ph
        where ph.vendor_peptide_id = o.id and ph.observed_at < ${since}
        order by ph.observed_at desc limit 1) before
     order by 1, 2`)) as unknown as {
    rows: { id: string; observed_at: Date | string; price: string | number; in_stock: boolean }[];
  };
  return result.rows.map((row) => ({
    vendorPeptideId: row.id,
    observedAt: new Date(row.observed_at),
    price: Number(row.price),
    inStock: row.in_stock,
  }));
}
