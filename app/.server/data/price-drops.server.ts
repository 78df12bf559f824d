/**
 * Price drops for the Atom feeds: a price_history row whose price is lower than the row
 * before it for the same offer (stock-only changes repeat the price, so never count).
 */
import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import type { PriceDropItem } from "~/lib/price-drop-feed";
import type { PricingContext } from "~/lib/pricing";

import type { Database } from "../db/client";
import {
  coupons,
  peptides,
  priceHistory,
  sizeOptions,
  vendorPeptides,
  vendors,
} from "../db/schema";

import { defaultPricingContext, OFFER_COLUMNS, priceRow } from "./listings/offer-rows.server";
import { peptideIsPublic, priceIsActive, priceIsPublic } from "./public-visibility.server";

/** A drop as the feeds show it (the id is the price_history row's: stable, so is the entry's). */
export interface PriceDrop extends PriceDropItem {
  vendorSlug: string;
  /** The offer the drop is of. */
  vendorPeptideId: string;
}

export const PRICE_DROP_FEED_LIMIT = 50;

const previous = alias(priceHistory, "previous");

/**
 * The newest drops on the whole site: one query. Rows are read newest first along
 * price_history_observed_idx, each with its previous price from one probe of
 * price_history_vendor_peptide_observed_idx, and the scan stops after `limit` drops.
 */
function siteDrops(db: Database, limit: number) {
  const previousPrice = db
    .select({ price: previous.price })
    .from(previous)
    .where(
      and(
        eq(previous.vendorPeptideId, priceHistory.vendorPeptideId),
        or(
          lt(previous.observedAt, priceHistory.observedAt),
          and(eq(previous.observedAt, priceHistory.observedAt), lt(previous.id, priceHistory.id)),
        ),
      ),
    )
    .orderBy(desc(previous.observedAt), desc(previous.id))
    .limit(1)
    .as("previous_price");
  return db
    .select({
      id: priceHistory.id,
      vendorPeptideId: priceHistory.vendorPeptideId,
      price: priceHistory.price,
      previousPrice: sql<number>`${previousPrice.price}`.mapWith(Number).as("previous_price"),
      inStock: priceHistory.inStock,
      observedAt: priceHistory.observedAt,
    })
    .from(priceHistory)
    .innerJoinLateral(previousPrice, sql`true`)
    .where(
      and(
        lt(priceHistory.price, previousPrice.price),
        // Hidden offers are skipped here, so the feed still fills its `limit`.
        sql`exists (select 1 from vendor_peptides vp
                     where vp.id = ${priceHistory.vendorPeptideId} and ${priceIsPublic("vp")})`,
      ),
    )
    .orderBy(desc(priceHistory.observedAt), desc(priceHistory.id))
    .limit(limit)
    .as("drops");
}

/**
 * One peptide's drops: its offers' whole history (by vendor_peptides_peptide_idx and
 * price_history_vendor_peptide_observed_idx) with each row's previous price by a window
 * function. Walking the site's newest rows instead would pass over every other peptide's.
 */
function peptideHistory(db: Database, peptideId: string) {
  return db
    .select({
      id: priceHistory.id,
      vendorPeptideId: priceHistory.vendorPeptideId,
      price: priceHistory.price,
      previousPrice:
        sql<number>`lag(${priceHistory.price}) over (partition by ${priceHistory.vendorPeptideId} order by ${priceHistory.observedAt}, ${priceHistory.id})`
          .mapWith(Number)
          .as("previous_price"),
      inStock: priceHistory.inStock,
      observedAt: priceHistory.observedAt,
    })
    .from(priceHistory)
    .innerJoin(vendorPeptides, eq(vendorPeptides.id, priceHistory.vendorPeptideId))
    .where(eq(vendorPeptides.peptideId, peptideId))
    .as("drops");
}

/**
 * The newest drops, site-wide or of one peptide, with what the feed says of each and the offer
 * now as every screen prices it (priceRow): one query.
 */
export async function getPriceDrops(
  db: Database,
  {
    peptideId,
    limit = PRICE_DROP_FEED_LIMIT,
    pricing = defaultPricingContext(),
  }: { peptideId?: string; limit?: number; pricing?: PricingContext } = {},
): Promise<PriceDrop[]> {
  const drops = peptideId ? peptideHistory(db, peptideId) : siteDrops(db, limit);
  const rows = await db
    .select({
      id: drops.id,
      peptideName: peptides.name,
      peptideSlug: peptides.slug,
      sizeQuantity: sizeOptions.quantity,
      sizeUnit: sizeOptions.unit,
      sizeUnitLabel: sizeOptions.unitLabel,
      vials: vendorPeptides.vials,
      vendorName: vendors.name,
      vendorSlug: vendors.slug,
      previousPrice: drops.previousPrice,
      price: drops.price,
      currency: vendorPeptides.currency,
      inStock: drops.inStock,
      observedAt: drops.observedAt,
      vendorPeptideId: drops.vendorPeptideId,
      offer: OFFER_COLUMNS,
    })
    .from(drops)
    .innerJoin(vendorPeptides, eq(vendorPeptides.id, drops.vendorPeptideId))
    .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId))
    .innerJoin(sizeOptions, eq(sizeOptions.id, vendorPeptides.sizeOptionId))
    .innerJoin(vendors, eq(vendors.id, vendorPeptides.vendorId))
    .leftJoin(coupons, eq(coupons.vendorId, vendorPeptides.vendorId))
    .where(and(lt(drops.price, drops.previousPrice), priceIsActive(), peptideIsPublic()))
    .orderBy(desc(drops.observedAt), desc(drops.id))
    .limit(limit);
  return rows.map(({ offer, ...drop }) => ({
    ...drop,
    now: priceRow({ ...offer, quantity: drop.sizeQuantity, unit: drop.sizeUnit }, pricing),
  }));
}
