/** A signed-in buyer's "worked / didn't work" on a vendor's coupon code (issue 33). */
import { isCouponActive } from "~/lib/pricing";
import { COUPON_FEEDBACK_MESSAGES, voteWeek } from "~/lib/trust/coupon-feedback";

import type { AppContext } from "../platform/context.server";
import {
  confirmVendorReportedCoupon,
  getVendorCoupon,
  insertCouponVote,
} from "../data/coupon-feedback.server";
import { refreshVendorReliability } from "./vendor-reliability.server";

export type VoteOutcome =
  { ok: true; message: string } | { ok: false; status: number; message: string };

/**
 * One vote per user, coupon and week, on a code still valid. A "worked" vote confirms a code
 * the vendor reported (in the vote's transaction: never counted without it). The vendor's
 * reliability score is recomputed and the page cache cleared, so the vote shows at once.
 */
export async function voteOnCoupon(
  app: Pick<AppContext, "db" | "cache">,
  userId: string,
  vote: { vendorId: string; worked: boolean },
  now: Date = new Date(),
): Promise<VoteOutcome> {
  const found = await getVendorCoupon(app.db, vote.vendorId);
  if (!found || !isCouponActive(found.coupon, now))
    return { ok: false, status: 404, message: COUPON_FEEDBACK_MESSAGES.unknownCoupon };
  const counted = await app.db.transaction(async (tx) => {
    const inserted = await insertCouponVote(tx, {
      couponId: found.id,
      code: found.coupon.code,
      userId,
      worked: vote.worked,
      week: voteWeek(now),
    });
    if (inserted && vote.worked) await confirmVendorReportedCoupon(tx, found.id, found.coupon.code);
    return inserted;
  });
  if (!counted) return { ok: false, status: 409, message: COUPON_FEEDBACK_MESSAGES.alreadyVoted };
  await refreshVendorReliability(app.db, now, vote.vendorId);
  app.cache.clear();
  return {
    ok: true,
    message: vote.worked ? COUPON_FEEDBACK_MESSAGES.worked : COUPON_FEEDBACK_MESSAGES.failed,
  };
}
