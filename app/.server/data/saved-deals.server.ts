import { and, arrayContains, count, desc, eq, inArray, isNotNull, isNull, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import { USER_LIST_LIMITS } from "~/lib/constants";
import type { DealTag } from "~/lib/forms/deals";
import { toDisplayCurrency, withCoupon } from "~/lib/price-history";
import type { PricingContext } from "~/lib/pricing";
import {
  changeSinceSaved,
  DEAL_HISTORY_DAYS,
  findCheaperElsewhere,
  type DealHistory,
  type SavedDealRow,
} from "~/lib/saved-deals";

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
import {
  defaultPricingContext,
  OFFER_COLUMNS,
  priceRow,
  selectSizeOffers,
} from "./listings/offer-rows.server";
import { getRecentOfferHistory } from "./saved-deal-history.server";
import { insertWithinUserLimit } from "./user-limits.server";

/** The saved price whatever its visibility: its peptide stays linkable while the price is hidden. */
const savedPrice = alias(vendorPeptides, "saved_price");

/** Saved deals shown per page of /deals. */
export const SAVED_DEALS_PAGE_SIZE = 24;

/**
 * One page of a user's saved deals (all of them without `page`), newest first, each priced as
 * every screen prices it (priceRow) with what another vendor asks for the same size now and
 * its last 30 days of prices; three queries.
 */
export async function listSavedDeals(
  db: Database,
  params: { userId: string; tag?: DealTag; page?: number; pricing?: PricingContext },
): Promise<SavedDealRow[]> {
  const pricing = params.pricing ?? defaultPricingContext();
  const query = db
    .select({
      id: savedDeals.id,
      vendorPeptideId: savedDeals.vendorPeptideId,
      sizeOptionId: vendorPeptides.sizeOptionId,
      peptideName: savedDeals.peptideName,
      peptideSlug: peptides.slug,
      vendorName: savedDeals.vendorName,
      vendorSlug: vendors.slug,
      vendorId: vendors.id,
      quantity: savedDeals.quantity,
      unit: savedDeals.unit,
      purity: savedDeals.purity,
      currency: savedDeals.currency,
      priceAtSave: savedDeals.priceAtSave,
      totalAtSave: savedDeals.totalAtSave,
      totalCurrencyAtSave: savedDeals.totalCurrencyAtSave,
      couponCode: savedDeals.couponCode,
      priceCheckedAt: vendorPeptides.priceCheckedAt,
      url: vendorPeptides.url,
      tags: savedDeals.tags,
      notes: savedDeals.notes,
      alertEnabled: savedDeals.alertEnabled,
      createdAt: savedDeals.createdAt,
      offer: { ...OFFER_COLUMNS, quantity: sizeOptions.quantity, unit: sizeOptions.unit },
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
    .leftJoin(sizeOptions, eq(sizeOptions.id, vendorPeptides.sizeOptionId))
    .where(
      and(
        eq(savedDeals.userId, params.userId),
        params.tag ? arrayContains(savedDeals.tags, [params.tag]) : undefined,
      ),
    )
    .orderBy(desc(savedDeals.createdAt), desc(savedDeals.id))
    .$dynamic();
  const rows = await (params.page === undefined
    ? query
    : query.limit(SAVED_DEALS_PAGE_SIZE).offset((params.page - 1) * SAVED_DEALS_PAGE_SIZE));
  const [sameSize, histories] = await Promise.all([
    pricedOffersOfSizes(
      db,
      rows.flatMap((row) => (row.sizeOptionId ? [row.sizeOptionId] : [])),
      pricing,
    ),
    getRecentOfferHistory(
      db,
      rows.flatMap((row) => (row.offer?.id ? [row.offer.id] : [])),
      DEAL_HISTORY_DAYS,
      pricing.now,
    ),
  ]);
  return rows.map(({ offer, ...row }) => {
    const live =
      offer?.quantity == null || offer.unit === null
        ? null
        : { ...offer, quantity: offer.quantity, unit: offer.unit };
    const priced = live === null ? null : priceRow(live, pricing);
    // The delivered total now in the currency it was saved in, like for like.
    const savedIn = row.totalCurrencyAtSave ?? pricing.displayCurrency;
    const totalNow =
      live === null
        ? null
        : savedIn === pricing.displayCurrency
          ? (priced?.display?.total ?? null)
          : (priceRow(live, { ...pricing, displayCurrency: savedIn })?.display?.total ?? null);
    return {
      ...row,
      now: priced,
      changeSinceSaved: changeSinceSaved(row, priced, totalNow),
      history: priced ? dealHistory(histories.get(priced.id), priced, pricing) : null,
      cheaperElsewhere:
        priced && row.sizeOptionId
          ? findCheaperElsewhere(priced, sameSize.get(row.sizeOptionId) ?? [], pricing)
          : null,
    };
  });
}

/**
 * A saved offer's recent prices as the detail page's chart speaks them: after the vendor's
 * coupon of today, in the display currency; null without history or a rate.
 */
function dealHistory(
  points: Parameters<typeof withCoupon>[0] | undefined,
  offer: NonNullable<ReturnType<typeof priceRow>>,
  pricing: PricingContext,
): DealHistory | null {
  if (!points || points.length === 0) return null;
  const [series] = toDisplayCurrency(
    [
      {
        id: offer.id,
        vendorName: offer.vendorName,
        currency: offer.currency,
        points: withCoupon(points, offer, pricing),
      },
    ],
    pricing.displayCurrency,
    pricing.rates,
  );
  if (!series) return null;
  return {
    currency: series.currency,
    days: DEAL_HISTORY_DAYS,
    points: series.points.map(({ t, price }) => ({ t, price })),
  };
}

/** Every active offer of these sizes, priced, by size: one query. */
async function pricedOffersOfSizes(db: Database, sizeIds: string[], pricing: PricingContext) {
  const bySize = new Map<string, NonNullable<ReturnType<typeof priceRow>>[]>();
  if (sizeIds.length === 0) return bySize;
  const rows = await selectSizeOffers(db, {}).where(inArray(sizeOptions.id, [...new Set(sizeIds)]));
  for (const row of rows) {
    const priced = priceRow(row, pricing);
    if (priced) bySize.set(row.sizeId, [...(bySize.get(row.sizeId) ?? []), priced]);
  }
  return bySize;
}

/** How many deals a user has saved (with `tag`, how many carry it). */
export async function countSavedDeals(
  db: Database,
  params: { userId: string; tag?: DealTag },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(savedDeals)
    .where(
      and(
        eq(savedDeals.userId, params.userId),
        params.tag ? arrayContains(savedDeals.tags, [params.tag]) : undefined,
      ),
    );
  return row?.n ?? 0;
}

export type SaveDealOutcome = "saved" | "already-saved" | "not-found" | "full";

/**
 * Saves an offer for a user with a snapshot (names, size, the price as the site shows it
 * now), so the deal stays readable after the price changes or disappears. Saving twice is fine.
 */
export async function saveDeal(
  db: Database,
  params: {
    userId: string;
    vendorPeptideId: string;
    tags?: DealTag[];
    notes?: string | null;
    pricing?: PricingContext;
  },
): Promise<SaveDealOutcome> {
  const pricing = params.pricing ?? defaultPricingContext();
  const [offer] = await db
    .select({
      peptideName: peptides.name,
      vendorName: vendors.name,
      quantity: sizeOptions.quantity,
      unit: sizeOptions.unit,
      unitLabel: sizeOptions.unitLabel,
      purity: vendorPeptides.purity,
      offer: OFFER_COLUMNS,
    })
    .from(vendorPeptides)
    .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId))
    .innerJoin(vendors, eq(vendors.id, vendorPeptides.vendorId))
    .innerJoin(sizeOptions, eq(sizeOptions.id, vendorPeptides.sizeOptionId))
    .leftJoin(coupons, eq(coupons.vendorId, vendors.id))
    .where(and(eq(vendorPeptides.id, params.vendorPeptideId), priceIsActive(), peptideIsPublic()));
  if (!offer) return "not-found";
  // The price as the site shows it, in the offer's own currency: the one offer view's.
  const row = { ...offer.offer, quantity: offer.quantity, unit: offer.unit };
  const priced = priceRow(row, {
    ...pricing,
    displayCurrency: offer.offer.currency ?? pricing.displayCurrency,
  })!;
  // The delivered total as the saver sees it, in their display currency: what "change since
  // saved" is measured on.
  const delivered = priceRow(row, pricing)?.display ?? null;
  const inserted = await insertWithinUserLimit(
    db,
    {
      table: savedDeals,
      userColumn: savedDeals.userId,
      userId: params.userId,
      limit: USER_LIST_LIMITS.savedDeals,
      // Saving a deal already saved is no new row, so the limit does not refuse it.
      also: ne(savedDeals.vendorPeptideId, params.vendorPeptideId),
    },
    (tx) =>
      tx
        .insert(savedDeals)
        .values({
          userId: params.userId,
          vendorPeptideId: params.vendorPeptideId,
          peptideName: offer.peptideName,
          vendorName: offer.vendorName,
          quantity: offer.quantity,
          unit: offer.unit === "other" ? (offer.unitLabel ?? offer.unit) : offer.unit,
          purity: offer.purity,
          currency: priced.currency,
          priceAtSave: priced.priceAfterCoupon,
          totalAtSave: delivered?.total ?? null,
          totalCurrencyAtSave: delivered?.total == null ? null : delivered.currency,
          couponCode: priced.couponApplied ? priced.coupon!.code : null,
          tags: [...new Set(params.tags ?? [])],
          notes: params.notes ?? null,
        })
        .onConflictDoNothing({ target: [savedDeals.userId, savedDeals.vendorPeptideId] })
        .returning({ id: savedDeals.id }),
  );
  if (inserted === "full") return "full";
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

/** The offers a user has saved, so every Save button can say "Saved"; one query. */
export async function listSavedOfferIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ vendorPeptideId: savedDeals.vendorPeptideId })
    .from(savedDeals)
    .where(and(eq(savedDeals.userId, userId), isNotNull(savedDeals.vendorPeptideId)));
  return rows.flatMap((row) => (row.vendorPeptideId ? [row.vendorPeptideId] : []));
}

/** Unsaves an offer from the Save button, which knows the offer rather than the deal. */
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

/** Saved deals with the alert on for these offers, with the live offer's columns (priceRow); one query. */
export async function listPriceDropCandidates(db: Database, vendorPeptideIds: string[]) {
  if (vendorPeptideIds.length === 0) return [];
  return db
    .select({
      dealId: savedDeals.id,
      userId: savedDeals.userId,
      email: user.email,
      peptideName: savedDeals.peptideName,
      peptideSlug: peptides.slug,
      vendorName: savedDeals.vendorName,
      quantity: savedDeals.quantity,
      unit: savedDeals.unit,
      currency: savedDeals.currency,
      priceAtSave: savedDeals.priceAtSave,
      lastAlertedPrice: savedDeals.lastAlertedPrice,
      url: vendorPeptides.url,
      offer: { ...OFFER_COLUMNS, quantity: sizeOptions.quantity, unit: sizeOptions.unit },
    })
    .from(savedDeals)
    .innerJoin(user, eq(user.id, savedDeals.userId))
    .innerJoin(vendorPeptides, eq(vendorPeptides.id, savedDeals.vendorPeptideId))
    .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId))
    .innerJoin(vendors, eq(vendors.id, vendorPeptides.vendorId))
    .innerJoin(sizeOptions, eq(sizeOptions.id, vendorPeptides.sizeOptionId))
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
