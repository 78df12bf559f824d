/**
 * Price alerts' data access: the alerts themselves, their sizes and offers, and their bounds.
 * Push subscriptions are in push-subscriptions.server.ts, deliveries and the daily digest in
 * alert-deliveries.server.ts.
 *
 * Over 400 lines by a few, kept whole: the alert reads and writes share the one column list
 * and the per-user bounds checked inside each save's statement.
 */
import { and, asc, count, eq, inArray, isNull, ne, sql } from "drizzle-orm";

import { USER_LIST_LIMITS } from "~/lib/constants";
import type { AlertChannel, AlertDigest, AlertMode, AlertState } from "~/lib/price-alerts";

import type { Database } from "../db/client";
import {
  coupons,
  peptides,
  priceAlerts,
  sizeOptions,
  user,
  vendorPeptides,
  vendors,
} from "../db/schema";
import { OFFER_LAB_TESTS_SQL } from "./lab-tests.server";
import { PRICE_COLUMNS, VENDOR_SHIPPING_COLUMNS } from "./listings/offer-rows.server";

import { peptideIsPublic, priceIsActive } from "./public-visibility.server";
import { insertWithinUserLimit } from "./user-limits.server";

// ---------------------------------------------------------------- alerts

export interface PriceAlertSettings {
  mode: AlertMode;
  /** The one offer a back-in-stock alert watches; null or absent is any offer of the size. */
  vendorPeptideId?: string | null;
  targetPrice: number | null;
  currency: string;
  includeShipping: boolean;
  /** The destination shipping is counted to; null or absent is "Anywhere". */
  shipTo?: string | null;
  channels: AlertChannel[];
  webhookUrl: string | null;
  digest: AlertDigest;
}

const alertColumns = {
  id: priceAlerts.id,
  peptideId: priceAlerts.peptideId,
  sizeOptionId: priceAlerts.sizeOptionId,
  mode: priceAlerts.mode,
  vendorPeptideId: priceAlerts.vendorPeptideId,
  targetPrice: priceAlerts.targetPrice,
  currency: priceAlerts.currency,
  includeShipping: priceAlerts.includeShipping,
  shipTo: priceAlerts.shipTo,
  channels: priceAlerts.channels,
  webhookUrl: priceAlerts.webhookUrl,
  webhookDisabledAt: priceAlerts.webhookDisabledAt,
  digest: priceAlerts.digest,
  isBelow: priceAlerts.isBelow,
  lastPrice: priceAlerts.lastPrice,
  lastNotifiedPrice: priceAlerts.lastNotifiedPrice,
  lastNotifiedAt: priceAlerts.lastNotifiedAt,
  peptideName: peptides.name,
  peptideSlug: peptides.slug,
  quantity: sizeOptions.quantity,
  unit: sizeOptions.unit,
  unitLabel: sizeOptions.unitLabel,
};

function typed<T extends { mode: string; channels: string[]; digest: string }>(row: T) {
  return {
    ...row,
    mode: row.mode as AlertMode,
    channels: row.channels as AlertChannel[],
    digest: row.digest as AlertDigest,
  };
}

/** Every alert on these sizes with its owner's address: the alerts a price change may move; one query. */
export async function listAlertsOnSizes(db: Database, sizeOptionIds: string[]) {
  if (sizeOptionIds.length === 0) return [];
  const rows = await db
    .select({ ...alertColumns, userId: priceAlerts.userId, email: user.email })
    .from(priceAlerts)
    .innerJoin(user, eq(user.id, priceAlerts.userId))
    .innerJoin(peptides, eq(peptides.id, priceAlerts.peptideId))
    .innerJoin(sizeOptions, eq(sizeOptions.id, priceAlerts.sizeOptionId))
    // A hidden peptide's alerts wait: nothing about it is news while visitors cannot see it.
    .where(and(inArray(priceAlerts.sizeOptionId, sizeOptionIds), peptideIsPublic()));
  return rows.map(typed);
}
export type AlertOnSize = Awaited<ReturnType<typeof listAlertsOnSizes>>[number];

/** Every size someone has an alert on: what the periodic sweep evaluates. */
export async function listAlertedSizeOptionIds(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ sizeOptionId: priceAlerts.sizeOptionId })
    .from(priceAlerts);
  return rows.map((row) => row.sizeOptionId);
}

/** One user's alerts, newest first, optionally on one peptide; one query. */
export async function listUserPriceAlerts(
  db: Database,
  params: { userId: string; peptideSlug?: string; page?: number },
) {
  const query = db
    .select({ ...alertColumns, watchedVendorName: vendors.name, createdAt: priceAlerts.createdAt })
    .from(priceAlerts)
    .innerJoin(peptides, eq(peptides.id, priceAlerts.peptideId))
    .innerJoin(sizeOptions, eq(sizeOptions.id, priceAlerts.sizeOptionId))
    // The vendor a back-in-stock alert on one offer watches, named in the user's list.
    .leftJoin(vendorPeptides, eq(vendorPeptides.id, priceAlerts.vendorPeptideId))
    .leftJoin(vendors, eq(vendors.id, vendorPeptides.vendorId))
    .where(
      and(
        eq(priceAlerts.userId, params.userId),
        params.peptideSlug ? eq(peptides.slug, params.peptideSlug) : undefined,
      ),
    )
    .orderBy(sql`${priceAlerts.createdAt} desc`, asc(priceAlerts.id))
    .$dynamic();
  const rows = await (params.page === undefined
    ? query
    : query.limit(PRICE_ALERTS_PAGE_SIZE).offset((params.page - 1) * PRICE_ALERTS_PAGE_SIZE));
  return rows.map(typed);
}

/** Alerts shown per page of /deals (a peptide's page lists its few alerts whole). */
export const PRICE_ALERTS_PAGE_SIZE = 25;

/** How many alerts a user has set. */
export async function countUserPriceAlerts(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(priceAlerts)
    .where(eq(priceAlerts.userId, userId));
  return row?.n ?? 0;
}
export type UserPriceAlert = Awaited<ReturnType<typeof listUserPriceAlerts>>[number];

/** Every offer of these sizes with what pricing it needs (coupon, vendor shipping); one query. */
export async function listOffersOnSizes(db: Database, sizeOptionIds: string[]) {
  if (sizeOptionIds.length === 0) return [];
  return db
    .select({
      id: vendorPeptides.id,
      sizeOptionId: vendorPeptides.sizeOptionId,
      ...PRICE_COLUMNS,
      url: vendorPeptides.url,
      vendorName: vendors.name,
      ...VENDOR_SHIPPING_COLUMNS,
      code: coupons.code,
      discountAmount: coupons.discountAmount,
      discountType: coupons.discountType,
      expirationDate: coupons.expirationDate,
      labTests: OFFER_LAB_TESTS_SQL,
    })
    .from(vendorPeptides)
    .innerJoin(vendors, eq(vendors.id, vendorPeptides.vendorId))
    .leftJoin(coupons, eq(coupons.vendorId, vendors.id))
    .where(and(inArray(vendorPeptides.sizeOptionId, sizeOptionIds), priceIsActive()));
}
export type OfferOnSize = Awaited<ReturnType<typeof listOffersOnSizes>>[number];

/** The sizes these offers are of: the alerts a change of them may move. */
export async function getSizeOptionIdsOfOffers(
  db: Database,
  vendorPeptideIds: string[],
): Promise<string[]> {
  if (vendorPeptideIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ sizeOptionId: vendorPeptides.sizeOptionId })
    .from(vendorPeptides)
    .where(inArray(vendorPeptides.id, vendorPeptideIds));
  return rows.map((row) => row.sizeOptionId);
}

/** Whether this offer is listed on this size: what a back-in-stock alert on one offer may watch. */
export async function isOfferOfSize(
  db: Database,
  params: { vendorPeptideId: string; sizeOptionId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: vendorPeptides.id })
    .from(vendorPeptides)
    .where(
      and(
        eq(vendorPeptides.id, params.vendorPeptideId),
        eq(vendorPeptides.sizeOptionId, params.sizeOptionId),
        priceIsActive(),
      ),
    );
  return row !== undefined;
}

/** The peptide a size belongs to; null when there is no such size. */
export async function getAlertableSize(
  db: Database,
  params: { sizeOptionId: string },
): Promise<{ peptideId: string } | null> {
  const [row] = await db
    .select({ peptideId: sizeOptions.peptideId })
    .from(sizeOptions)
    .innerJoin(peptides, eq(peptides.id, sizeOptions.peptideId))
    .where(and(eq(sizeOptions.id, params.sizeOptionId), peptideIsPublic()));
  return row ?? null;
}

/**
 * Creates the user's alert on a size, or replaces the settings of the one they have; the
 * state starts from the prices now, so only a later crossing is news.
 */
export async function upsertPriceAlert(
  db: Database,
  params: PriceAlertSettings & {
    userId: string;
    peptideId: string;
    sizeOptionId: string;
    state: AlertState;
  },
): Promise<{ id: string; created: boolean } | "full"> {
  const { state, ...values } = params;
  const settings = {
    mode: values.mode,
    vendorPeptideId: values.vendorPeptideId ?? null,
    targetPrice: values.targetPrice,
    currency: values.currency,
    includeShipping: values.includeShipping,
    shipTo: values.shipTo ?? null,
    channels: values.channels,
    webhookUrl: values.webhookUrl,
    // Saving the alert again is how a user turns a webhook disabled after failures back on.
    webhookDisabledAt: null,
    digest: values.digest,
    isBelow: state.isBelow,
    lastPrice: state.lastPrice,
  };
  // One alert per size: re-saving one is no new row, so the limit does not refuse it.
  return insertWithinUserLimit(
    db,
    {
      table: priceAlerts,
      userColumn: priceAlerts.userId,
      userId: values.userId,
      limit: USER_LIST_LIMITS.priceAlerts,
      also: ne(priceAlerts.sizeOptionId, values.sizeOptionId),
    },
    async (tx) => {
      const [row] = await tx
        .insert(priceAlerts)
        .values({ ...values, ...settings })
        .onConflictDoUpdate({
          target: [priceAlerts.userId, priceAlerts.sizeOptionId],
          set: { ...settings, updatedAt: new Date() },
        })
        .returning({ id: priceAlerts.id, created: sql<boolean>`(xmax = 0)` });
      return row!;
    },
  );
}

/** Most alerts with a webhook one user may have: each crossing posts to every one of them. */
export const WEBHOOK_ALERTS_PER_USER = 50;

/**
 * How many of the user's alerts post to a webhook, leaving out the one being saved (its own
 * size or id), so re-saving an alert at the limit is not refused.
 */
export async function countOtherWebhookAlerts(
  db: Database,
  params: { userId: string; sizeOptionId?: string; alertId?: string },
): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(priceAlerts)
    .where(
      and(
        eq(priceAlerts.userId, params.userId),
        sql`'webhook' = any(${priceAlerts.channels})`,
        params.sizeOptionId ? ne(priceAlerts.sizeOptionId, params.sizeOptionId) : undefined,
        params.alertId ? ne(priceAlerts.id, params.alertId) : undefined,
      ),
    );
  return row?.count ?? 0;
}

/**
 * Stops posts to a webhook that kept failing, on every alert of the user that uses it; the
 * alerts keep their other channels. Returns how many alerts it was on (0: already disabled).
 */
export async function disableUserWebhook(
  db: Database,
  params: { userId: string; url: string },
): Promise<number> {
  const disabled = await db
    .update(priceAlerts)
    .set({ webhookDisabledAt: new Date() })
    .where(
      and(
        eq(priceAlerts.userId, params.userId),
        eq(priceAlerts.webhookUrl, params.url),
        isNull(priceAlerts.webhookDisabledAt),
      ),
    )
    .returning({ id: priceAlerts.id });
  return disabled.length;
}

/** The size of one of the user's alerts (null when it is not theirs). */
export async function getUserAlertSize(
  db: Database,
  params: { userId: string; alertId: string },
): Promise<{ sizeOptionId: string } | null> {
  const [row] = await db
    .select({ sizeOptionId: priceAlerts.sizeOptionId })
    .from(priceAlerts)
    .where(and(eq(priceAlerts.id, params.alertId), eq(priceAlerts.userId, params.userId)));
  return row ?? null;
}

/** Replaces the settings of one of the user's alerts; false when it is not theirs. */
export async function updatePriceAlert(
  db: Database,
  params: PriceAlertSettings & { userId: string; alertId: string; state: AlertState },
): Promise<boolean> {
  const updated = await db
    .update(priceAlerts)
    .set({
      mode: params.mode,
      vendorPeptideId: params.vendorPeptideId ?? null,
      targetPrice: params.targetPrice,
      currency: params.currency,
      includeShipping: params.includeShipping,
      shipTo: params.shipTo ?? null,
      channels: params.channels,
      webhookUrl: params.webhookUrl,
      webhookDisabledAt: null,
      digest: params.digest,
      isBelow: params.state.isBelow,
      lastPrice: params.state.lastPrice,
    })
    .where(and(eq(priceAlerts.id, params.alertId), eq(priceAlerts.userId, params.userId)))
    .returning({ id: priceAlerts.id });
  return updated.length > 0;
}

export async function deletePriceAlert(
  db: Database,
  params: { userId: string; alertId: string },
): Promise<boolean> {
  const deleted = await db
    .delete(priceAlerts)
    .where(and(eq(priceAlerts.id, params.alertId), eq(priceAlerts.userId, params.userId)))
    .returning({ id: priceAlerts.id });
  return deleted.length > 0;
}

/**
 * Moves an alert from the state it was read in to the next; false when another evaluation
 * got there first (then that one speaks for the change, and this one stays quiet).
 */
export async function claimAlertState(
  db: Database,
  params: { alertId: string; from: AlertState; to: AlertState; notified: boolean },
): Promise<boolean> {
  const { from, to } = params;
  const claimed = await db
    .update(priceAlerts)
    .set({
      isBelow: to.isBelow,
      lastPrice: to.lastPrice,
      ...(params.notified ? { lastNotifiedPrice: to.lastPrice, lastNotifiedAt: new Date() } : {}),
      updatedAt: sql`${priceAlerts.updatedAt}`,
    })
    .where(
      and(
        eq(priceAlerts.id, params.alertId),
        eq(priceAlerts.isBelow, from.isBelow),
        from.lastPrice === null
          ? sql`${priceAlerts.lastPrice} is null`
          : eq(priceAlerts.lastPrice, from.lastPrice),
      ),
    )
    .returning({ id: priceAlerts.id });
  return claimed.length > 0;
}

/**
 * An unsubscribe link: e-mail stops for one alert (or all of a user's). An alert that only
 * e-mailed is deleted, one with other channels keeps them. Returns how many alerts changed.
 */
export async function removeEmailFromAlerts(
  db: Database,
  scope: { alertId: string } | { userId: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const which =
      "alertId" in scope ? eq(priceAlerts.id, scope.alertId) : eq(priceAlerts.userId, scope.userId);
    const hasEmail = sql`'email' = any(${priceAlerts.channels})`;
    const deleted = await tx
      .delete(priceAlerts)
      .where(and(which, sql`${priceAlerts.channels} = '{email}'::text[]`))
      .returning({ id: priceAlerts.id });
    const updated = await tx
      .update(priceAlerts)
      .set({ channels: sql`array_remove(${priceAlerts.channels}, 'email')` })
      .where(and(which, hasEmail))
      .returning({ id: priceAlerts.id });
    return deleted.length + updated.length;
  });
}
