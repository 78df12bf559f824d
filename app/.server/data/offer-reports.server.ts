/**
 * Reads and writes of buyers' offer reports (issue 33): the offer a report is about, the admin's
 * review list with each offer's provenance, the outcome, and the vendor page's figures.
 */
import { and, asc, count, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";

import {
  CORRECTED_WITHIN_HOURS,
  REPORT_STATS_WINDOW_DAYS,
  type OfferReportOutcome,
  type OfferReportStatus,
} from "~/lib/trust/offer-reports";
import { type OfferReportInput } from "~/lib/forms/offer-reports";
import { formatSize } from "~/lib/units";
import { formatPack } from "~/lib/offer-view";
import { pageOffset } from "~/lib/table-query";

import type { Database } from "../db/client";
import {
  offerReports,
  peptides,
  priceHistory,
  scrapeSources,
  sizeOptions,
  user,
  vendorPeptides,
  vendors,
} from "../db/schema";
import { priceIsPublic } from "./public-visibility.server";

const DAY_MS = 86_400_000;

const offerColumns = {
  id: vendorPeptides.id,
  vendorId: vendorPeptides.vendorId,
  vendorName: vendors.name,
  vendorSlug: vendors.slug,
  peptideName: peptides.name,
  peptideSlug: peptides.slug,
  quantity: sizeOptions.quantity,
  unit: sizeOptions.unit,
  unitLabel: sizeOptions.unitLabel,
  vials: vendorPeptides.vials,
  price: vendorPeptides.price,
  currency: vendorPeptides.currency,
  stockStatus: vendorPeptides.stockStatus,
  url: vendorPeptides.url,
  source: vendorPeptides.source,
  priceCheckedAt: vendorPeptides.priceCheckedAt,
  priceHeldAt: vendorPeptides.priceHeldAt,
  missedScrapes: vendorPeptides.missedScrapes,
};

function offersQuery(db: Database) {
  return db
    .select(offerColumns)
    .from(vendorPeptides)
    .innerJoin(vendors, eq(vendors.id, vendorPeptides.vendorId))
    .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId))
    .innerJoin(sizeOptions, eq(sizeOptions.id, vendorPeptides.sizeOptionId));
}

function withPack<
  T extends { quantity: number; unit: string; unitLabel: string | null; vials: number },
>(row: T) {
  const { quantity, unit, unitLabel, ...rest } = row;
  return { ...rest, pack: formatPack(formatSize(quantity, unit, unitLabel), row.vials) };
}

export type ReportedOffer = ReturnType<
  typeof withPack<Awaited<ReturnType<typeof offersQuery>>[number]>
>;

/** A public offer by id, as the report form names it; null when it is gone or switched off. */
export async function getReportableOffer(db: Database, id: string): Promise<ReportedOffer | null> {
  const [row] = await offersQuery(db).where(and(eq(vendorPeptides.id, id), priceIsPublic()));
  return row ? withPack(row) : null;
}

export async function insertOfferReport(
  db: Database,
  offer: Pick<ReportedOffer, "id" | "vendorId" | "price" | "currency" | "stockStatus">,
  input: OfferReportInput,
  reporterUserId: string | null,
): Promise<string> {
  const [row] = await db
    .insert(offerReports)
    .values({
      vendorPeptideId: offer.id,
      vendorId: offer.vendorId,
      kind: input.kind,
      detail: input.detail,
      reporterUserId,
      reportedPrice: offer.price,
      reportedCurrency: offer.currency,
      reportedStock: offer.stockStatus,
    })
    .returning({ id: offerReports.id });
  return row!.id;
}

const EVIDENCE_ROWS = 3;

/**
 * The admin's review list, a page at a time: open reports oldest first (the longest waiting on
 * top), then the closed ones latest first; each with its offer's provenance: where and when its
 * price was read, the vendor's scrape sources and the offer's last price-history rows.
 */
export async function listOfferReportsForReview(
  db: Database,
  { page, pageSize }: { page: number; pageSize: number },
) {
  const reportColumns = {
    id: offerReports.id,
    offerId: offerReports.vendorPeptideId,
    kind: offerReports.kind,
    detail: offerReports.detail,
    status: offerReports.status,
    reportedPrice: offerReports.reportedPrice,
    reportedCurrency: offerReports.reportedCurrency,
    reportedStock: offerReports.reportedStock,
    recheckedAt: offerReports.recheckedAt,
    recheckResult: offerReports.recheckResult,
    resolvedAt: offerReports.resolvedAt,
    createdAt: offerReports.createdAt,
    reporterEmail: user.email,
  };
  const isOpen = sql`${offerReports.status} = 'open'`;
  const [reports, [counted]] = await Promise.all([
    db
      .select(reportColumns)
      .from(offerReports)
      .leftJoin(user, eq(user.id, offerReports.reporterUserId))
      .orderBy(
        desc(isOpen),
        asc(sql`case when ${isOpen} then ${offerReports.createdAt} end`),
        sql`${offerReports.resolvedAt} desc nulls last`,
        asc(offerReports.id),
      )
      .limit(pageSize)
      .offset(pageOffset(page, pageSize)),
    db
      .select({
        total: count(),
        open: sql<number>`(count(*) filter (where ${isOpen}))::int`,
      })
      .from(offerReports),
  ]);
  const total = counted?.total ?? 0;
  const open = counted?.open ?? 0;
  const offerIds = [...new Set(reports.map((r) => r.offerId))];
  if (offerIds.length === 0) return { rows: [], total, open };
  const ranked = db
    .select({
      offerId: priceHistory.vendorPeptideId,
      price: priceHistory.price,
      inStock: priceHistory.inStock,
      observedAt: priceHistory.observedAt,
      rank: sql<number>`row_number() over (partition by ${priceHistory.vendorPeptideId} order by ${priceHistory.observedAt} desc)`.as(
        "rank",
      ),
    })
    .from(priceHistory)
    .where(inArray(priceHistory.vendorPeptideId, offerIds))
    .as("ranked");
  const [offers, history] = await Promise.all([
    offersQuery(db).where(inArray(vendorPeptides.id, offerIds)),
    db
      .select()
      .from(ranked)
      .where(lte(ranked.rank, EVIDENCE_ROWS))
      .orderBy(desc(ranked.observedAt)),
  ]);
  const vendorIds = [...new Set(offers.map((o) => o.vendorId))];
  const sources =
    vendorIds.length === 0
      ? []
      : await db
          .select({
            vendorId: scrapeSources.vendorId,
            retailerName: scrapeSources.retailerName,
            url: scrapeSources.url,
            status: scrapeSources.status,
            isActive: scrapeSources.isActive,
            lastScrapedAt: scrapeSources.lastScrapedAt,
          })
          .from(scrapeSources)
          .where(inArray(scrapeSources.vendorId, vendorIds));
  const offerById = new Map(offers.map((o) => [o.id, withPack(o)]));
  const rows = reports.flatMap((report) => {
    const offer = offerById.get(report.offerId);
    if (!offer) return [];
    return [
      {
        ...report,
        status: report.status as OfferReportStatus,
        offer,
        sources: sources.filter((s) => s.vendorId === offer.vendorId),
        evidence: history.filter((h) => h.offerId === offer.id),
      },
    ];
  });
  return { rows, total, open };
}

export async function getOfferReport(db: Database, id: string) {
  const [row] = await db
    .select({
      id: offerReports.id,
      offerId: offerReports.vendorPeptideId,
      kind: offerReports.kind,
      status: offerReports.status,
      reportedPrice: offerReports.reportedPrice,
      reportedCurrency: offerReports.reportedCurrency,
      reporterEmail: user.email,
    })
    .from(offerReports)
    .leftJoin(user, eq(user.id, offerReports.reporterUserId))
    .where(eq(offerReports.id, id));
  return row ?? null;
}

export async function getOfferById(db: Database, id: string): Promise<ReportedOffer | null> {
  const [row] = await offersQuery(db).where(eq(vendorPeptides.id, id));
  return row ? withPack(row) : null;
}

export async function recordRecheck(
  db: Database,
  reportId: string,
  result: string,
  at: Date,
): Promise<void> {
  await db
    .update(offerReports)
    .set({ recheckedAt: at, recheckResult: result })
    .where(eq(offerReports.id, reportId));
}

/** Closes an open report; false when it was already closed (nothing is written then). */
export async function closeOfferReport(
  db: Database,
  reportId: string,
  outcome: OfferReportOutcome,
  adminId: string,
  at: Date,
): Promise<boolean> {
  const closed = await db
    .update(offerReports)
    .set({ status: outcome, resolvedAt: at, resolvedBy: adminId })
    .where(and(eq(offerReports.id, reportId), eq(offerReports.status, "open")))
    .returning({ id: offerReports.id });
  return closed.length > 0;
}

/** The vendor page's figures: reports of the last 90 days, and how many were corrected in 24 h. */
export async function getVendorReportStats(db: Database, vendorId: string, now: Date) {
  const since = new Date(now.getTime() - REPORT_STATS_WINDOW_DAYS * DAY_MS);
  const [row] = await db
    .select({
      reports: sql<number>`count(*)::int`,
      correctedFast: sql<number>`(count(*) filter (where ${offerReports.status} = 'corrected'
        and ${offerReports.resolvedAt} <= ${offerReports.createdAt} + make_interval(hours => ${CORRECTED_WITHIN_HOURS})))::int`,
    })
    .from(offerReports)
    .where(and(eq(offerReports.vendorId, vendorId), gte(offerReports.createdAt, since)));
  return { reports: row?.reports ?? 0, correctedFast: row?.correctedFast ?? 0 };
}
