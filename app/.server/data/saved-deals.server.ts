import { and, arrayContains, desc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import type { DealTag } from "~/lib/forms/deals";
import { applyCoupon, couponFromColumns, isCouponActive } from "~/lib/pricing";

import type { Database } from "../db/client";
import {
  coupons,
  peptides,
  savedDeals,
  sizeOptions,
  user,
  vendorPeptides,
  vendors,
} from "../db/schema";

import { peptideIsPublic, priceIsActive, priceIsPublic } from "./public-visibility.server";
import type { SavedDealRow } from "~/lib/saved-deals";

const couponColumns = {
  code: coupons.code,
  discountAmount: coupons.discountAmount,
  discountType: coupons.discountType,
  expirationDate: coupons.expirationDate,
};

/** The saved price whatever its visibility: its peptide stays linkable while the price is hidden. */
const savedPrice = alias(vendorPeptides, "saved_price");

/** One user's saved deals, newest first, with today's price; one query. */
export async function listSavedDeals(
  db: Database,
  params: { userId: string; tag?: DealTag },
): Promise<SavedDealRow[]> {
  const rows = await db
    .select({
      id: savedDeals.id,
      vendorPeptideId: savedDeals.vendorPeptideId,
      peptideName: savedDeals.peptideName,
      peptideSlug: peptides.slug,
      vendorName: savedDeals.vendorName,
      vendorSlug: vendors.slug,
      quantity: savedDeals.quantity,
      unit: savedDeals.unit,
      purity: savedDeals.purity,
      currency: savedDeals.currency,
      priceAtSave: savedDeals.priceAtSave,
      couponCode: savedDeals.couponCode,
      livePrice: vendorPeptides.price,
      priceCheckedAt: vendorPeptides.priceCheckedAt,
      stockStatus: vendorPeptides.stockStatus,
      url: vendorPeptides.url,
      tags: savedDeals.tags,
      notes: savedDeals.notes,
      alertEnabled: savedDeals.alertEnabled,
      createdAt: savedDeals.createdAt,
      ...couponColumns,
    })
    .from(savedDeals)
    // A hidden price reads as gone: the deal shows as unavailable.
    .leftJoin(
      vendorPeptides,
      and(eq(vendorPeptides.id, savedDeals.vendorPeptideId), priceIsPublic()),
    )
    .leftJoin(savedPrice, eq(savedPrice.id, savedDeals.vendorPeptideId))
    .leftJoin(peptides, and(eq(peptides.id, savedPrice.peptideId), peptideIsPublic()))
    .leftJoin(vendors, eq(vendors.id, vendorPeptides.vendorId))
    .leftJoin(coupons, eq(coupons.vendorId, vendorPeptides.vendorId))
    .where(
      and(
        eq(savedDeals.userId, params.userId),
        params.tag ? arrayContains(savedDeals.tags, [params.tag]) : undefined,
      ),
    )
    .orderBy(desc(savedDeals.createdAt), desc(savedDeals.id));
  return rows.map(
    ({ livePrice, stockStatus, code, discountAmount, discountType, expirationDate, ...row }) => ({
      ...row,
      priceNow:
        livePrice === null
          ? null
          : applyCoupon(
              livePrice,
              couponFromColumns({ code, discountAmount, discountType, expirationDate }),
              undefined,
              row.currency ?? undefined,
            ),
      inStock: stockStatus === null ? null : stockStatus !== "out_of_stock",
    }),
  );
}

export type SaveDealOutcome = "saved" | "already-saved" | "not-found";

/**
 * Saves a vendor price for a user with a snapshot (names, size, the price as the site shows it
 * now), so the deal stays readable after the price changes or disappears. Saving twice is fine.
 */
export async function saveDeal(
  db: Database,
  params: { userId: string; vendorPeptideId: string },
): Promise<SaveDealOutcome> {
  const [offer] = await db
    .select({
      peptideName: peptides.name,
      vendorName: vendors.name,
      quantity: sizeOptions.quantity,
      unit: sizeOptions.unit,
      unitLabel: sizeOptions.unitLabel,
      purity: vendorPeptides.purity,
      currency: vendorPeptides.currency,
      price: vendorPeptides.price,
      ...couponColumns,
    })
    .from(vendorPeptides)
    .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId))
    .innerJoin(vendors, eq(vendors.id, vendorPeptides.vendorId))
    .innerJoin(sizeOptions, eq(sizeOptions.id, vendorPeptides.sizeOptionId))
    .leftJoin(coupons, eq(coupons.vendorId, vendors.id))
    .where(and(eq(vendorPeptides.id, params.vendorPeptideId), priceIsActive(), peptideIsPublic()));
  if (!offer) return "not-found";
  const coupon = couponFromColumns(offer);
  const inserted = await db
    .insert(savedDeals)
    .values({
      userId: params.userId,
      vendorPeptideId: params.vendorPeptideId,
      peptideName: offer.peptideName,
      vendorName: offer.vendorName,
      quantity: offer.quantity,
      unit: offer.unit === "other" ? (offer.unitLabel ?? offer.unit) : offer.unit,
      purity: offer.purity,
      currency: offer.currency,
      priceAtSave: applyCoupon(offer.price, coupon, undefined, offer.currency),
      couponCode: coupon && isCouponActive(coupon) ? coupon.code : null,
    })
    .onConflictDoNothing({ target: [savedDeals.userId, savedDeals.vendorPeptideId] })
    .returning({ id: savedDeals.id });
  return inserted.length > 0 ? "saved" : "already-saved";
}

/** Replaces a deal's tags, notes and alert switch; only the owner's own deal. */
export async function updateSavedDeal(
  db: Database,
  params: {
    userId: string;
    dealId: string;
    tags: DealTag[];
    notes: string | null;
    alertEnabled: boolean;
  },
): Promise<boolean> {
  const updated = await db
    .update(savedDeals)
    .set({
      tags: [...new Set(params.tags)],
      notes: params.notes,
      alertEnabled: params.alertEnabled,
    })
    .where(and(eq(savedDeals.id, params.dealId), eq(savedDeals.userId, params.userId)))
    .returning({ id: savedDeals.id });
  return updated.length > 0;
}

/** The vendor prices a user has saved, so every Save button can say "Saved"; one query. */
export async function listSavedOfferIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ vendorPeptideId: savedDeals.vendorPeptideId })
    .from(savedDeals)
    .where(and(eq(savedDeals.userId, userId), isNotNull(savedDeals.vendorPeptideId)));
  return rows.flatMap((row) => (row.vendorPeptideId ? [row.vendorPeptideId] : []));
}

/** Unsaves a vendor price from the Save button, which knows the offer rather than the deal. */
export async function removeSavedOffer(
  db: Database,
  params: { userId: string; vendorPeptideId: string },
): Promise<boolean> {
  const removed = await db
    .delete(savedDeals)
    .where(
      and(
        eq(savedDeals.userId, params.userId),
        eq(savedDeals.vendorPeptideId, params.vendorPeptideId),
      ),
    )
    .returning({ id: savedDeals.id });
  return removed.length > 0;
}

export async function removeSavedDeal(
  db: Database,
  params: { userId: string; dealId: string },
): Promise<boolean> {
  const removed = await db
    .delete(savedDeals)
    .where(and(eq(savedDeals.id, params.dealId), eq(savedDeals.userId, params.userId)))
    .returning({ id: savedDeals.id });
  return removed.length > 0;
}

/** Saved deals with the alert on for these vendor prices, with the live price and coupon; one query. */
export async function listPriceDropCandidates(db: Database, vendorPeptideIds: string[]) {
  if (vendorPeptideIds.length === 0) return [];
  return db
    .select({
      dealId: savedDeals.id,
      email: user.email,
      peptideName: savedDeals.peptideName,
      peptideSlug: peptides.slug,
      vendorName: savedDeals.vendorName,
      quantity: savedDeals.quantity,
      unit: savedDeals.unit,
      currency: savedDeals.currency,
      priceAtSave: savedDeals.priceAtSave,
      lastAlertedPrice: savedDeals.lastAlertedPrice,
      price: vendorPeptides.price,
      stockStatus: vendorPeptides.stockStatus,
      missedScrapes: vendorPeptides.missedScrapes,
      url: vendorPeptides.url,
      ...couponColumns,
    })
    .from(savedDeals)
    .innerJoin(user, eq(user.id, savedDeals.userId))
    .innerJoin(vendorPeptides, eq(vendorPeptides.id, savedDeals.vendorPeptideId))
    .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId))
    .leftJoin(coupons, eq(coupons.vendorId, vendorPeptides.vendorId))
    .where(
      and(
        eq(savedDeals.alertEnabled, true),
        inArray(savedDeals.vendorPeptideId, vendorPeptideIds),
        priceIsActive(),
        peptideIsPublic(),
      ),
    );
}

/**
 * Moves a deal's last alerted price from what it was read as to a new value; false when
 * another caller moved it first, so one drop mails once.
 */
export async function claimSavedDealAlert(
  db: Database,
  params: { dealId: string; from: number | null; to: number | null },
): Promise<boolean> {
  const claimed = await db
    .update(savedDeals)
    .set({ lastAlertedPrice: params.to })
    .where(
      and(
        eq(savedDeals.id, params.dealId),
        params.from === null
          ? isNull(savedDeals.lastAlertedPrice)
          : eq(savedDeals.lastAlertedPrice, params.from),
      ),
    )
    .returning({ id: savedDeals.id });
  return claimed.length > 0;
}
