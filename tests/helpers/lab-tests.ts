import { eq } from "drizzle-orm";

import { getTestedOffers } from "~/.server/data/lab-tests.server";
import * as t from "~/.server/db/schema";
import type { AppContext } from "~/.server/infra/context.server";
import { pairKey } from "~/lib/lab-tests";

/**
 * A peptide's offers straight from the database: every offer id, and the "Tested" badge's words
 * for each offer whose vendor–peptide pair is Tested.
 */
export async function offerBadgesOf(
  db: AppContext["db"],
  peptideSlug: string,
): Promise<{ all: string[]; badges: Map<string, string> }> {
  const [tested, offers] = await Promise.all([
    getTestedOffers(db),
    db
      .select({
        id: t.vendorPeptides.id,
        vendorId: t.vendorPeptides.vendorId,
        peptideId: t.vendorPeptides.peptideId,
      })
      .from(t.vendorPeptides)
      .innerJoin(t.peptides, eq(t.peptides.id, t.vendorPeptides.peptideId))
      .where(eq(t.peptides.slug, peptideSlug)),
  ]);
  const badges = new Map<string, string>();
  for (const offer of offers) {
    const badge = tested[pairKey(offer.vendorId, offer.peptideId)];
    if (badge) badges.set(offer.id, badge.text);
  }
  return { all: offers.map((offer) => offer.id), badges };
}
