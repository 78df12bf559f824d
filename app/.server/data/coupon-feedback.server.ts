/**
 * Buyers' votes on vendors' coupon codes (issue 33). Only votes on the code the vendor shows now
 * count: a changed code starts without votes.
 */
import { and, eq, gte, sql } from "drizzle-orm";

import { couponFromColumns } from "~/lib/pricing";
import {
  COUPON_FEEDBACK_WINDOW_DAYS,
  type CouponFeedbackSummary,
  type CouponVotes,
} from "~/lib/trust/coupon-feedback";

import type { Database } from "../db/client";
import { couponFeedback, coupons } from "../db/schema";

const DAY_MS = 86_400_000;

const tally = {
  worked: sql<number>`(count(*) filter (where ${couponFeedback.worked}))::int`,
  failed: sql<number>`(count(*) filter (where not ${couponFeedback.worked}))::int`,
};

const onCurrentCode = and(
  eq(couponFeedback.couponId, coupons.id),
  eq(couponFeedback.code, coupons.code),
);

/** The vendor's coupon (one per vendor) with its row id; null when it has none. */
export async function getVendorCoupon(db: Database, vendorId: string) {
  const [row] = await db
    .select({
      id: coupons.id,
      code: coupons.code,
      discountAmount: coupons.discountAmount,
      discountType: coupons.discountType,
      expirationDate: coupons.expirationDate,
    })
    .from(coupons)
    .where(eq(coupons.vendorId, vendorId));
  const coupon = row ? couponFromColumns(row) : null;
  return row && coupon ? { id: row.id, coupon } : null;
}

/** Records a vote; false when the user already voted on this coupon this week. */
export async function insertCouponVote(
  db: Database,
  vote: { couponId: string; code: string; userId: string; worked: boolean; week: string },
): Promise<boolean> {
  const inserted = await db
    .insert(couponFeedback)
    .values(vote)
    .onConflictDoNothing()
    .returning({ id: couponFeedback.id });
  return inserted.length > 0;
}

/**
 * A buyer's "worked" confirms a code the vendor reported: it no longer shows "reported by the
 * vendor". Only the code voted on (a code changed meanwhile stays the vendor's word).
 */
export async function confirmVendorReportedCoupon(
  db: Database,
  couponId: string,
  code: string,
): Promise<void> {
  await db
    .update(coupons)
    .set({ vendorReportedAt: null })
    .where(and(eq(coupons.id, couponId), eq(coupons.code, code)));
}

/** The vendor's current code's votes of the window and its last "worked", as shown beside the code. */
export async function getCouponFeedbackSummary(
  db: Database,
  vendorId: string,
  now: Date,
): Promise<CouponFeedbackSummary> {
  const since = new Date(now.getTime() - COUPON_FEEDBACK_WINDOW_DAYS * DAY_MS);
  const [row] = await db
    .select({
      ...tally,
      lastConfirmedAt:
        sql<Date | null>`max(${couponFeedback.createdAt}) filter (where ${couponFeedback.worked})`.mapWith(
          (value: string | Date | null) => (value === null ? null : new Date(value)),
        ),
    })
    .from(couponFeedback)
    .innerJoin(coupons, onCurrentCode)
    .where(and(eq(coupons.vendorId, vendorId), gte(couponFeedback.createdAt, since)));
  return {
    worked: row?.worked ?? 0,
    failed: row?.failed ?? 0,
    lastConfirmedAt: row?.lastConfirmedAt ?? null,
  };
}

/** Every vendor's votes on its current code since `since`: the reliability score's input. */
export async function listCouponVotesByVendor(
  db: Database,
  since: Date,
): Promise<Map<string, { worked: number; failed: number }>> {
  const rows = await db
    .select({ vendorId: coupons.vendorId, ...tally })
    .from(couponFeedback)
    .innerJoin(coupons, onCurrentCode)
    .where(gte(couponFeedback.createdAt, since))
    .groupBy(coupons.vendorId);
  return new Map(rows.map(({ vendorId, ...votes }) => [vendorId, votes]));
}

/**
 * The votes on an offer's coupon (the joined `coupons` row's current code, in the window), as
 * a column of the offer tables' own query: one index range per row, no query of its own.
 */
export const OFFER_COUPON_VOTES_SQL = sql<CouponVotes | null>`(
  select json_build_object(
      'worked', count(*) filter (where f.worked),
      'failed', count(*) filter (where not f.worked),
      'lastConfirmedAt', max(f.created_at) filter (where f.worked))
    from ${couponFeedback} f
   where f.coupon_id = ${coupons.id} and f.code = ${coupons.code}
     and f.created_at >= now() - ${sql.raw(`interval '${COUPON_FEEDBACK_WINDOW_DAYS} days'`)})`;
