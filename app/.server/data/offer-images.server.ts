/** The product images stored beside offers (issue 32): which to fetch, and what a fetch gave. */
import { inArray, sql, type SQLWrapper } from "drizzle-orm";

import { peptideImageFromJson } from "~/lib/peptide-image";

import type { Database } from "../db/client";
import { vendorPeptides } from "../db/schema";

/** An offer and the image address its latest listing named. */
export interface OfferImageRequest {
  offerId: string;
  url: string;
}

/** The requests whose offer has not already tried that address (an unchanged image is not fetched again). */
export async function offerImagesToFetch(
  db: Database,
  requests: OfferImageRequest[],
): Promise<OfferImageRequest[]> {
  if (requests.length === 0) return [];
  const rows = await db
    .select({ id: vendorPeptides.id, sourceUrl: vendorPeptides.imageSourceUrl })
    .from(vendorPeptides)
    .where(
      inArray(
        vendorPeptides.id,
        requests.map((request) => request.offerId),
      ),
    );
  const tried = new Map(rows.map((row) => [row.id, row.sourceUrl]));
  return requests.filter(
    (request) => tried.has(request.offerId) && tried.get(request.offerId) !== request.url,
  );
}

/**
 * What fetching `sourceUrl` gave these offers: the stored image's URL, or null when the shop's
 * image could not be used. Not an edit of the offer: its row version (updated_at) stays, so an
 * admin's open form never meets a conflict for it. Answers the images it replaced (for the
 * caller to delete once unused).
 */
export async function recordOfferImage(
  db: Database,
  offerIds: string[],
  image: { imageUrl: string | null; sourceUrl: string },
): Promise<string[]> {
  if (offerIds.length === 0) return [];
  return db.transaction(async (tx) => {
    const previous = await tx
      .select({ imageUrl: vendorPeptides.imageUrl })
      .from(vendorPeptides)
      .where(inArray(vendorPeptides.id, offerIds))
      .for("update");
    await tx
      .update(vendorPeptides)
      .set({
        imageUrl: image.imageUrl,
        imageSourceUrl: image.sourceUrl,
        updatedAt: sql`${vendorPeptides.updatedAt}`,
      })
      .where(inArray(vendorPeptides.id, offerIds));
    return [
      ...new Set(
        previous.flatMap((row) =>
          row.imageUrl && row.imageUrl !== image.imageUrl ? [row.imageUrl] : [],
        ),
      ),
    ];
  });
}

/**
 * A peptide's picture as a query column: its admin image and its active offers' stored images,
 * chosen by choosePeptideImage (~/lib/peptide-image). `peptideId` and `adminImage` are the
 * peptide's id and image_url columns in the calling query; one subquery on the offers' peptide
 * index per row.
 */
export function peptideImageSql(peptideId: SQLWrapper, adminImage: SQLWrapper) {
  return sql<string | null>`json_build_object('admin', ${adminImage}, 'offers',
    (select coalesce(json_agg(vp.image_url), '[]'::json) from vendor_peptides vp
      where vp.peptide_id = ${peptideId} and vp.active and vp.image_url is not null))`.mapWith(
    peptideImageFromJson,
  );
}
