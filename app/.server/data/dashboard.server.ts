import { and, asc, count, desc, eq, isNotNull, lte, or } from "drizzle-orm";

import { staleBefore } from "~/lib/freshness";

import { getRecentAuditEntries } from "./audit.server";
import { getFreshnessRule, staleOfferSql } from "./freshness.server";
import type { Database } from "../db/client";
import {
  coupons,
  peptides,
  scrapeLogs,
  scrapeReviewItems,
  scrapeSourceHealth,
  scrapeSources,
  sizeOptions,
  user,
  vendorPeptides,
  vendors,
} from "../db/schema";

/** How many rows each list widget shows; its count covers them all. */
export const DASHBOARD_LIST_LIMIT = 5;
/** Coupons expiring within this many days are flagged. */
export const COUPON_WARNING_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The last day a coupon may expire on to be flagged as expiring (expired ones included). */
export function couponWarnUntil(now: Date): string {
  return isoDay(new Date(now.getTime() + COUPON_WARNING_DAYS * DAY_MS));
}

/** An offer whose price was last confirmed before this is stale (the one rule, ~/lib/freshness). */
export async function getStaleBefore(db: Database, now: Date): Promise<Date> {
  return staleBefore(await getFreshnessRule(db), now);
}

async function countRows(
  db: Database,
  table: typeof peptides | typeof vendors | typeof vendorPeptides | typeof user,
) {
  const [row] = await db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

/**
 * Everything the back-office dashboard shows, as of `now`: a fixed handful of queries run
 * together, whatever the catalogue size.
 */
export async function getDashboard(db: Database, now: Date) {
  const freshness = await getFreshnessRule(db);
  const today = isoDay(now);
  const warnUntil = couponWarnUntil(now);
  // The public pages' rule, so the dashboard's stale offers are the ones they show as stale.
  const isStale = staleOfferSql(freshness, now);
  // A source in error, or one whose health incident is open (source-health.server.ts).
  const isFailing = or(
    eq(scrapeSources.status, "error"),
    isNotNull(scrapeSourceHealth.incidentSince),
  );
  const withHealth = eq(scrapeSourceHealth.sourceId, scrapeSources.id);
  const isExpiring = and(isNotNull(coupons.expirationDate), lte(coupons.expirationDate, warnUntil));
  const isPendingReview = eq(scrapeReviewItems.status, "pending");

  const [
    peptideCount,
    vendorCount,
    offerCount,
    userCount,
    [staleTotal],
    staleOffers,
    [failingTotal],
    failingSources,
    [expiringTotal],
    expiringCoupons,
    [reviewTotal],
    lastRuns,
    recentAudit,
  ] = await Promise.all([
    countRows(db, peptides),
    countRows(db, vendors),
    countRows(db, vendorPeptides),
    countRows(db, user),
    db.select({ n: count() }).from(vendorPeptides).where(isStale),
    db
      .select({
        id: vendorPeptides.id,
        peptideName: peptides.name,
        vendorName: vendors.name,
        quantity: sizeOptions.quantity,
        unit: sizeOptions.unit,
        unitLabel: sizeOptions.unitLabel,
        priceCheckedAt: vendorPeptides.priceCheckedAt,
      })
      .from(vendorPeptides)
      .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId))
      .innerJoin(vendors, eq(vendors.id, vendorPeptides.vendorId))
      .innerJoin(sizeOptions, eq(sizeOptions.id, vendorPeptides.sizeOptionId))
      .where(isStale)
      .orderBy(asc(vendorPeptides.priceCheckedAt), asc(vendorPeptides.id))
      .limit(DASHBOARD_LIST_LIMIT),
    db
      .select({ n: count() })
      .from(scrapeSources)
      .leftJoin(scrapeSourceHealth, withHealth)
      .where(isFailing),
    db
      .select({
        id: scrapeSources.id,
        retailerName: scrapeSources.retailerName,
        lastError: scrapeSources.lastError,
        lastScrapedAt: scrapeSources.lastScrapedAt,
        incidentReason: scrapeSourceHealth.incidentReason,
        incidentSince: scrapeSourceHealth.incidentSince,
      })
      .from(scrapeSources)
      .leftJoin(scrapeSourceHealth, withHealth)
      .where(isFailing)
      .orderBy(asc(scrapeSources.retailerName), asc(scrapeSources.id))
      .limit(DASHBOARD_LIST_LIMIT),
    db.select({ n: count() }).from(coupons).where(isExpiring),
    db
      .select({
        id: coupons.id,
        vendorName: vendors.name,
        code: coupons.code,
        expirationDate: coupons.expirationDate,
      })
      .from(coupons)
      .innerJoin(vendors, eq(vendors.id, coupons.vendorId))
      .where(isExpiring)
      .orderBy(asc(coupons.expirationDate), asc(vendors.name))
      .limit(DASHBOARD_LIST_LIMIT),
    db.select({ n: count() }).from(scrapeReviewItems).where(isPendingReview),
    db
      .select({
        id: scrapeLogs.id,
        retailerName: scrapeSources.retailerName,
        url: scrapeLogs.url,
        status: scrapeLogs.status,
        details: scrapeLogs.details,
        createdAt: scrapeLogs.createdAt,
      })
      .from(scrapeLogs)
      .leftJoin(scrapeSources, eq(scrapeSources.id, scrapeLogs.sourceId))
      .orderBy(desc(scrapeLogs.createdAt), desc(scrapeLogs.id))
      .limit(DASHBOARD_LIST_LIMIT),
    getRecentAuditEntries(db, DASHBOARD_LIST_LIMIT),
  ]);

  return {
    counts: { peptides: peptideCount, vendors: vendorCount, offers: offerCount, users: userCount },
    staleOffers: {
      total: staleTotal?.n ?? 0,
      rows: staleOffers,
      staleBefore: staleBefore(freshness, now),
    },
    failingSources: { total: failingTotal?.n ?? 0, rows: failingSources },
    expiringCoupons: {
      total: expiringTotal?.n ?? 0,
      rows: expiringCoupons.map((coupon) => ({
        ...coupon,
        expired: coupon.expirationDate !== null && coupon.expirationDate < today,
      })),
    },
    reviewQueue: { total: reviewTotal?.n ?? 0 },
    lastRuns,
    recentAudit,
  };
}

export type Dashboard = Awaited<ReturnType<typeof getDashboard>>;
