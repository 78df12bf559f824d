/**
 * Recomputes every vendor's reliability score (app/lib/vendor-reliability.ts) from the data
 * held and stores it: after each scrape run, and when the demo is installed; and one vendor's
 * after a buyer's coupon vote, so the vote shows in the score at once.
 */
import { judgeLabTest } from "~/lib/lab-tests";
import { computeVendorReliability, RELIABILITY_WINDOW_DAYS } from "~/lib/vendor-reliability";

import type { Database } from "../db/client";
import { listCouponVotesByVendor } from "../data/coupon-feedback.server";
import { listRecentLabTests } from "../data/lab-tests.server";
import { getLabThresholds, getSettings } from "../data/settings.server";
import {
  listVendorReliabilityInputs,
  saveVendorReliability,
} from "../data/vendor-reliability.server";

const DAY_MS = 86_400_000;

/** Seven queries and one write for all vendors (or only `vendorId`), whatever their number. */
export async function refreshVendorReliability(
  db: Database,
  now: Date = new Date(),
  vendorId?: string,
): Promise<void> {
  const [settings, thresholds, tests] = await Promise.all([
    getSettings(db),
    getLabThresholds(db),
    listRecentLabTests(db, now),
  ]);
  const since = new Date(now.getTime() - RELIABILITY_WINDOW_DAYS * DAY_MS);
  const [inputs, couponVotes] = await Promise.all([
    listVendorReliabilityInputs(db, since, settings, now, vendorId),
    listCouponVotesByVendor(db, since),
  ]);
  // A test counts as passed only when every check was measured and passed.
  const testsOf = (vendorId: string) =>
    tests
      .filter((test) => test.vendorId === vendorId)
      .map((test) => ({ passed: judgeLabTest(test, thresholds).verdict === "passed" }));
  await saveVendorReliability(
    db,
    inputs.map(({ vendorId, input }) => ({
      vendorId,
      reliability: computeVendorReliability(
        {
          ...input,
          // Buyers' votes on the code on file join the coupon component (docs/reliability.md).
          coupon: input.coupon && {
            ...input.coupon,
            ...(couponVotes.get(vendorId) ?? { worked: 0, failed: 0 }),
          },
          labTests: testsOf(vendorId),
        },
        now,
      ),
    })),
    now,
  );
}
