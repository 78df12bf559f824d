/** Reads and writes of vendor reviews and their reports (issue 33). */
import { and, asc, count, desc, eq, gte, inArray, isNull, ne, or, sql } from "drizzle-orm";

import {
  REVIEW_INTERVAL_DAYS,
  type ReviewStatus,
  type VendorReviewInput,
} from "~/lib/trust/vendor-reviews";
import { pageOffset } from "~/lib/table-query";

import type { Database } from "../db/client";
import { user, vendorReplies, vendorReviewReports, vendorReviews, vendors } from "../db/schema";

const DAY_MS = 86_400_000;
/** The vendor page lists this many published reviews, newest first. */
const PUBLISHED_LIMIT = 20;

export async function isEmailConfirmed(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ verified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  return row?.verified ?? false;
}

/** Whether the user has a pending or published review of the vendor from the last 90 days. */
export async function hasRecentReview(
  db: Database,
  userId: string,
  vendorId: string,
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - REVIEW_INTERVAL_DAYS * DAY_MS);
  const [row] = await db
    .select({ n: count() })
    .from(vendorReviews)
    .where(
      and(
        eq(vendorReviews.userId, userId),
        eq(vendorReviews.vendorId, vendorId),
        ne(vendorReviews.status, "rejected"),
        gte(vendorReviews.createdAt, since),
      ),
    );
  return (row?.n ?? 0) > 0;
}

export async function insertReview(
  db: Database,
  review: VendorReviewInput & { vendorId: string; userId: string },
): Promise<void> {
  await db.insert(vendorReviews).values({
    vendorId: review.vendorId,
    userId: review.userId,
    stars: review.stars,
    text: review.text,
  });
}

const publicColumns = {
  id: vendorReviews.id,
  stars: vendorReviews.stars,
  text: vendorReviews.text,
  createdAt: vendorReviews.createdAt,
  authorName: user.name,
  /** The vendor's answer, shown beneath the review (one per review). */
  reply: vendorReplies.body,
};

/** The vendor page's reviews: every published one's stars, and the newest ones in full. */
export async function getPublishedReviews(db: Database, vendorId: string) {
  const published = and(eq(vendorReviews.vendorId, vendorId), eq(vendorReviews.status, "approved"));
  const [stars, newest] = await Promise.all([
    db.select({ stars: vendorReviews.stars }).from(vendorReviews).where(published),
    db
      .select(publicColumns)
      .from(vendorReviews)
      .innerJoin(user, eq(user.id, vendorReviews.userId))
      .leftJoin(
        vendorReplies,
        and(eq(vendorReplies.subject, "review"), eq(vendorReplies.subjectId, vendorReviews.id)),
      )
      .where(published)
      .orderBy(desc(vendorReviews.createdAt), desc(vendorReviews.id))
      .limit(PUBLISHED_LIMIT),
  ]);
  return { stars: stars.map((row) => row.stars), newest };
}

/** The signed-in author's own reviews of the vendor, with their status and any rejection reason. */
export async function getOwnReviews(db: Database, userId: string, vendorId: string) {
  return db
    .select({
      id: vendorReviews.id,
      stars: vendorReviews.stars,
      text: vendorReviews.text,
      status: vendorReviews.status,
      rejectionReason: vendorReviews.rejectionReason,
      createdAt: vendorReviews.createdAt,
    })
    .from(vendorReviews)
    .where(and(eq(vendorReviews.userId, userId), eq(vendorReviews.vendorId, vendorId)))
    .orderBy(desc(vendorReviews.createdAt))
    .limit(5);
}

export async function getReview(db: Database, id: string) {
  const [row] = await db
    .select({
      id: vendorReviews.id,
      status: vendorReviews.status,
      vendorId: vendorReviews.vendorId,
      vendorName: vendors.name,
      vendorSlug: vendors.slug,
      authorEmail: user.email,
    })
    .from(vendorReviews)
    .innerJoin(vendors, eq(vendors.id, vendorReviews.vendorId))
    .innerJoin(user, eq(user.id, vendorReviews.userId))
    .where(eq(vendorReviews.id, id));
  return row ? { ...row, status: row.status as ReviewStatus } : null;
}

export async function insertReviewReport(
  db: Database,
  report: { reviewId: string; reporterUserId: string | null; reason: string },
): Promise<void> {
  await db.insert(vendorReviewReports).values(report);
}

/** Sets a review's moderation outcome; a rejection closes its open reports too. */
export async function setReviewStatus(
  db: Database,
  id: string,
  outcome: { status: "approved" | "rejected"; reason: string | null; by: string; at: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(vendorReviews)
      .set({
        status: outcome.status,
        rejectionReason: outcome.reason,
        moderatedAt: outcome.at,
        moderatedBy: outcome.by,
      })
      .where(eq(vendorReviews.id, id));
    if (outcome.status === "rejected") await clearReviewReports(tx, id, outcome.at);
  });
}

export async function clearReviewReports(db: Database, reviewId: string, at: Date): Promise<void> {
  await db
    .update(vendorReviewReports)
    .set({ resolvedAt: at })
    .where(and(eq(vendorReviewReports.reviewId, reviewId), isNull(vendorReviewReports.resolvedAt)));
}

/**
 * The moderation queue, a page at a time: reviews waiting for a decision (oldest first), then published ones
 * that someone reported, each with its open reports' reasons.
 */
export async function listReviewsForModeration(
  db: Database,
  { page, pageSize }: { page: number; pageSize: number },
) {
  const columns = {
    id: vendorReviews.id,
    stars: vendorReviews.stars,
    text: vendorReviews.text,
    status: vendorReviews.status,
    createdAt: vendorReviews.createdAt,
    authorEmail: user.email,
    vendorName: vendors.name,
    vendorSlug: vendors.slug,
  };
  const reportedIds = db
    .selectDistinct({ id: vendorReviewReports.reviewId })
    .from(vendorReviewReports)
    .where(isNull(vendorReviewReports.resolvedAt));
  const waiting = or(
    eq(vendorReviews.status, "pending"),
    and(eq(vendorReviews.status, "approved"), inArray(vendorReviews.id, reportedIds)),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select(columns)
      .from(vendorReviews)
      .innerJoin(user, eq(user.id, vendorReviews.userId))
      .innerJoin(vendors, eq(vendors.id, vendorReviews.vendorId))
      .where(waiting)
      .orderBy(
        desc(sql`${vendorReviews.status} = 'pending'`),
        asc(vendorReviews.createdAt),
        asc(vendorReviews.id),
      )
      .limit(pageSize)
      .offset(pageOffset(page, pageSize)),
    db.select({ total: count() }).from(vendorReviews).where(waiting),
  ]);
  const ids = rows.map((review) => review.id);
  const reports =
    ids.length === 0
      ? []
      : await db
          .select({
            reviewId: vendorReviewReports.reviewId,
            reason: vendorReviewReports.reason,
            createdAt: vendorReviewReports.createdAt,
          })
          .from(vendorReviewReports)
          .where(
            and(inArray(vendorReviewReports.reviewId, ids), isNull(vendorReviewReports.resolvedAt)),
          )
          .orderBy(vendorReviewReports.createdAt);
  return {
    total: counted?.total ?? 0,
    rows: rows.map((review) => ({
      ...review,
      status: review.status as ReviewStatus,
      reports: reports.filter((report) => report.reviewId === review.id),
    })),
  };
}

/** The vendor of a vendor page's address, for the page's forms; null when there is none. */
export async function findVendorIdBySlug(db: Database, slug: string): Promise<string | null> {
  const [row] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.slug, slug));
  return row?.id ?? null;
}

/** The vendor's one reply to a lab result or review of its own: created, or replaced. */
export async function upsertVendorReply(
  db: Database,
  reply: {
    vendorId: string;
    subject: "lab_test" | "review";
    subjectId: string;
    body: string;
    authorUserId: string;
  },
): Promise<void> {
  const { vendorId, subject, subjectId, ...text } = reply;
  const set = { ...text, createdAt: new Date() };
  await db
    .insert(vendorReplies)
    .values({ vendorId, subject, subjectId, ...set })
    .onConflictDoUpdate({ target: [vendorReplies.subject, vendorReplies.subjectId], set });
}

/** The vendor's published review `id`, if it is one: what its reply may answer. */
export async function findPublishedReviewOfVendor(db: Database, id: string, vendorId: string) {
  const [row] = await db
    .select({ id: vendorReviews.id })
    .from(vendorReviews)
    .where(
      and(
        eq(vendorReviews.id, id),
        eq(vendorReviews.vendorId, vendorId),
        eq(vendorReviews.status, "approved"),
      ),
    );
  return row ?? null;
}
