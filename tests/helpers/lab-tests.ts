import { eq } from "drizzle-orm";

import { getLabThresholds } from "~/.server/data/settings.server";
import * as t from "~/.server/db/schema";
import type { AppContext } from "~/.server/platform/context.server";
import { judgeLabTest, testedBadgeText, testedSince } from "~/lib/lab-tests";

/** What the database says about each offer's lab state (issue 30 Must 4), worked out here. */
export interface OfferLabExpectations {
  /** Every offer id (of the peptide, or of the catalogue). */
  all: string[];
  /** Tested offers: offer id → the "Tested" badge's words. */
  badges: Map<string, string>;
  /** Offers with the "Failed lab test" warning: offer id → the failed test's id. */
  failed: Map<string, string>;
}

/**
 * The offers straight from the database, each judged by the rule as the issue words it, apart
 * from the app's per-offer read: the tests of the offer's vendor, peptide and size (or covering
 * all sizes of their batch) within 12 months, the newest judged one deciding.
 */
export async function offerBadgesOf(
  db: AppContext["db"],
  peptideSlug?: string,
  now: Date = new Date(),
): Promise<OfferLabExpectations> {
  const offersQuery = db
    .select({
      id: t.vendorPeptides.id,
      vendorId: t.vendorPeptides.vendorId,
      peptideId: t.vendorPeptides.peptideId,
      sizeOptionId: t.vendorPeptides.sizeOptionId,
    })
    .from(t.vendorPeptides)
    .innerJoin(t.peptides, eq(t.peptides.id, t.vendorPeptides.peptideId));
  const [offers, tests, thresholds] = await Promise.all([
    peptideSlug ? offersQuery.where(eq(t.peptides.slug, peptideSlug)) : offersQuery,
    db.select().from(t.labTests),
    getLabThresholds(db),
  ]);
  const since = testedSince(now);
  const badges = new Map<string, string>();
  const failed = new Map<string, string>();
  for (const offer of offers) {
    const deciding = tests
      .filter(
        (test) =>
          test.vendorId === offer.vendorId &&
          test.peptideId === offer.peptideId &&
          (test.sizeOptionId === offer.sizeOptionId || test.coversAllSizes) &&
          test.testedOn >= since,
      )
      .sort(
        (a, b) =>
          b.testedOn.localeCompare(a.testedOn) || b.createdAt.getTime() - a.createdAt.getTime(),
      )
      .map((test) => ({ test, verdict: judgeLabTest(test, thresholds).verdict }))
      .find(({ verdict }) => verdict !== "not_measured");
    if (deciding?.verdict === "passed") {
      badges.set(offer.id, testedBadgeText(deciding.test, "passed"));
    }
    if (deciding?.verdict === "failed") failed.set(offer.id, deciding.test.id);
  }
  return { all: offers.map((offer) => offer.id), badges, failed };
}
