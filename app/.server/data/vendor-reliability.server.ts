/**
 * Vendor reliability (issue 23): what the score is computed from — every vendor's public
 * offers with 90 days of history, coupon and rating, in three queries for all vendors — and
 * the stored scores the pages and the API read.
 */
import { and, eq, sql } from "drizzle-orm";

import { isStale, type FreshnessRule } from "~/lib/freshness";
import type {
  OfferObservation,
  ReliabilityInput,
  VendorReliability,
} from "~/lib/vendor-reliability";

import type { Database } from "../db/client";
import { coupons, vendorPeptides, vendorReliability, vendors } from "../db/schema";

import { priceIsPublic } from "./public-visibility.server";

export interface VendorReliabilityInputs {
  vendorId: string;
  /** The coupon without buyers' votes: the service joins them (coupon-feedback.server.ts). */
  input: Omit<ReliabilityInput, "labTests" | "coupon"> & {
    coupon: { expirationDate: string | null } | null;
  };
}

/**
 * Every vendor's inputs (or only `vendorId`'s: a buyer's coupon vote recomputes one vendor);
 * history from `since` on, with each offer's row before it.
 */
export async function listVendorReliabilityInputs(
  db: Database,
  since: Date,
  freshness: FreshnessRule,
  now: Date,
  vendorId?: string,
): Promise<VendorReliabilityInputs[]> {
  const ofVendor = vendorId ? sql`and vp.vendor_id = ${vendorId}` : sql``;
  const [vendorRows, offerRows, historyResult] = await Promise.all([
    db
      .select({
        id: vendors.id,
        rating: vendors.rating,
        couponCode: coupons.code,
        expirationDate: coupons.expirationDate,
      })
      .from(vendors)
      .leftJoin(coupons, eq(coupons.vendorId, vendors.id))
      .where(vendorId ? eq(vendors.id, vendorId) : undefined),
    db
      .select({
        vendorId: vendorPeptides.vendorId,
        priceCheckedAt: vendorPeptides.priceCheckedAt,
        missedScrapes: vendorPeptides.missedScrapes,
      })
      .from(vendorPeptides)
      .where(and(priceIsPublic(), vendorId ? eq(vendorPeptides.vendorId, vendorId) : undefined)),
    db.execute(sql`
      with offers as (
        select vp.id, vp.vendor_id from vendor_peptides vp where ${priceIsPublic("vp")} ${ofVendor})
      select o.vendor_id, o.id, ph.observed_at, ph.price, ph.in_stock
        from price_history ph join offers o on o.id = ph.vendor_peptide_id
       where ph.observed_at >= ${since}
      union all
      select o.vendor_id, o.id, before.observed_at, before.price, before.in_stock from offers o
       cross join lateral (select ph.observed_at, ph.price, ph.in_stock from price_history ph
          where ph.vendor_peptide_id = o.id and ph.observed_at < ${since}
          order by ph.observed_at desc limit 1) before
       order by 2, 3`),
  ]);
  const history = (
    historyResult as unknown as {
      rows: {
        vendor_id: string;
        id: string;
        observed_at: Date | string;
        price: string | number;
        in_stock: boolean;
      }[];
    }
  ).rows;

  const offersOf = new Map<string, { priceCheckedAt: Date; stale: boolean }[]>();
  for (const offer of offerRows) {
    const list = offersOf.get(offer.vendorId) ?? [];
    list.push({
      priceCheckedAt: offer.priceCheckedAt,
      stale: isStale(offer, freshness, now),
    });
    offersOf.set(offer.vendorId, list);
  }
  // Each offer's rows (the query orders them by offer, then time), gathered under its vendor.
  const historiesOf = new Map<string, Map<string, OfferObservation[]>>();
  for (const row of history) {
    const offers = historiesOf.get(row.vendor_id) ?? new Map<string, OfferObservation[]>();
    const rows = offers.get(row.id) ?? [];
    rows.push({
      observedAt: new Date(row.observed_at),
      price: Number(row.price),
      inStock: row.in_stock,
    });
    offers.set(row.id, rows);
    historiesOf.set(row.vendor_id, offers);
  }
  return vendorRows.map((vendor) => ({
    vendorId: vendor.id,
    input: {
      offerHistories: [...(historiesOf.get(vendor.id)?.values() ?? [])],
      offers: offersOf.get(vendor.id) ?? [],
      coupon: vendor.couponCode === null ? null : { expirationDate: vendor.expirationDate },
      rating: vendor.rating,
    },
  }));
}

/** Replaces every vendor's stored score in one statement. */
export async function saveVendorReliability(
  db: Database,
  scores: { vendorId: string; reliability: VendorReliability }[],
  computedAt: Date,
): Promise<void> {
  if (scores.length === 0) return;
  await db
    .insert(vendorReliability)
    .values(
      scores.map(({ vendorId, reliability }) => ({
        vendorId,
        score: reliability.score,
        components: reliability.components,
        computedAt,
      })),
    )
    .onConflictDoUpdate({
      target: vendorReliability.vendorId,
      set: {
        score: sql`excluded.score`,
        components: sql`excluded.components`,
        computedAt: sql`excluded.computed_at`,
      },
    });
}

export interface StoredReliability extends VendorReliability {
  computedAt: Date;
}

/** Every vendor's stored score, by vendor id: one query. */
export async function listVendorReliability(db: Database): Promise<Map<string, StoredReliability>> {
  const rows = await db
    .select({
      vendorId: vendorReliability.vendorId,
      score: vendorReliability.score,
      components: vendorReliability.components,
      computedAt: vendorReliability.computedAt,
    })
    .from(vendorReliability);
  return new Map(rows.map(({ vendorId, ...stored }) => [vendorId, stored]));
}

/** One vendor's stored score; null before the first computation. */
export async function getVendorReliability(
  db: Database,
  vendorId: string,
): Promise<StoredReliability | null> {
  const [row] = await db
    .select({
      score: vendorReliability.score,
      components: vendorReliability.components,
      computedAt: vendorReliability.computedAt,
    })
    .from(vendorReliability)
    .where(eq(vendorReliability.vendorId, vendorId));
  return row ?? null;
}
