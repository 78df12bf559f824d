/**
 * Lab reports vendors uploaded (vendor_lab_reports, issue 33 Must 4): pending until an admin
 * publishes one as a lab test or rejects it. Nothing here is read by a public page; the pending
 * file is read only through the authorized route (getLabReportFile).
 */
import { and, count, desc, eq } from "drizzle-orm";

import type { VendorLabReportStatus } from "~/lib/vendor-accounts";
import { formatSize } from "~/lib/units";
import { pageOffset } from "~/lib/table-query";

import type { Database } from "../db/client";
import { peptides, sizeOptions, vendorLabReports, vendors } from "../db/schema";
import type { LabTestInput } from "./lab-tests.server";

export type LabReportInput = Omit<LabTestInput, "endotoxin" | "heavyMetals" | "reportUrl"> & {
  id: string;
  reportUrl: string;
  pendingFile: Uint8Array;
  pendingFileName: string;
  submittedBy: string;
};

export async function insertVendorLabReport(db: Database, input: LabReportInput): Promise<string> {
  const [row] = await db
    .insert(vendorLabReports)
    .values(input)
    .returning({ id: vendorLabReports.id });
  return row!.id;
}

const reportColumns = {
  id: vendorLabReports.id,
  vendorId: vendorLabReports.vendorId,
  vendorName: vendors.name,
  peptideId: vendorLabReports.peptideId,
  peptideName: peptides.name,
  sizeOptionId: vendorLabReports.sizeOptionId,
  quantity: sizeOptions.quantity,
  unit: sizeOptions.unit,
  unitLabel: sizeOptions.unitLabel,
  coversAllSizes: vendorLabReports.coversAllSizes,
  labName: vendorLabReports.labName,
  testedOn: vendorLabReports.testedOn,
  batch: vendorLabReports.batch,
  claimedMassMg: vendorLabReports.claimedMassMg,
  measuredMassMg: vendorLabReports.measuredMassMg,
  purityPercent: vendorLabReports.purityPercent,
  reportUrl: vendorLabReports.reportUrl,
  status: vendorLabReports.status,
  rejectionReason: vendorLabReports.rejectionReason,
  createdAt: vendorLabReports.createdAt,
};

function reportsQuery(db: Database) {
  return db
    .select(reportColumns)
    .from(vendorLabReports)
    .innerJoin(vendors, eq(vendors.id, vendorLabReports.vendorId))
    .innerJoin(peptides, eq(peptides.id, vendorLabReports.peptideId))
    .leftJoin(sizeOptions, eq(sizeOptions.id, vendorLabReports.sizeOptionId));
}

type ReportRow = Awaited<ReturnType<ReturnType<typeof reportsQuery>["execute"]>>[number];

function withSize(row: ReportRow) {
  const { quantity, unit, unitLabel, ...rest } = row;
  return {
    ...rest,
    status: rest.status as VendorLabReportStatus,
    size: quantity === null || unit === null ? null : formatSize(quantity, unit, unitLabel),
  };
}
export type VendorLabReportRow = ReturnType<typeof withSize>;

/** The vendor's own reports, newest first, with their status and any rejection reason. */
export async function listVendorLabReports(db: Database, vendorId: string, limit = 20) {
  const rows = await reportsQuery(db)
    .where(eq(vendorLabReports.vendorId, vendorId))
    .orderBy(desc(vendorLabReports.createdAt))
    .limit(limit);
  return rows.map(withSize);
}

/** What waits for an admin, a page at a time, oldest first (first come, first checked). */
export async function listPendingLabReports(
  db: Database,
  { page, pageSize }: { page: number; pageSize: number },
) {
  const pending = eq(vendorLabReports.status, "pending");
  const [rows, [counted]] = await Promise.all([
    reportsQuery(db)
      .where(pending)
      .orderBy(vendorLabReports.createdAt, vendorLabReports.id)
      .limit(pageSize)
      .offset(pageOffset(page, pageSize)),
    db.select({ total: count() }).from(vendorLabReports).where(pending),
  ]);
  return { rows: rows.map(withSize), total: counted?.total ?? 0 };
}

export async function getPendingLabReport(db: Database, id: string) {
  const [row] = await reportsQuery(db).where(
    and(eq(vendorLabReports.id, id), eq(vendorLabReports.status, "pending")),
  );
  return row ? withSize(row) : null;
}

/** A report's owner, status and file (the bytes only while pending), for the file route. */
export async function getLabReportFile(db: Database, id: string) {
  const [row] = await db
    .select({
      vendorId: vendorLabReports.vendorId,
      status: vendorLabReports.status,
      reportUrl: vendorLabReports.reportUrl,
      pendingFile: vendorLabReports.pendingFile,
      pendingFileName: vendorLabReports.pendingFileName,
    })
    .from(vendorLabReports)
    .where(eq(vendorLabReports.id, id));
  return row ?? null;
}

/**
 * Records the decision, if the report is still pending (false when another admin decided
 * first: the caller then writes nothing else).
 */
export async function decideLabReport(
  db: Database,
  id: string,
  decision: {
    status: "approved" | "rejected";
    by: string;
    reason?: string | null;
    labTestId?: string | null;
    /** Where an approved report's file was published. */
    reportUrl?: string;
  },
): Promise<boolean> {
  const updated = await db
    .update(vendorLabReports)
    .set({
      status: decision.status,
      // The file leaves the database either way: published to the storage, or dropped.
      pendingFile: null,
      pendingFileName: null,
      ...(decision.reportUrl ? { reportUrl: decision.reportUrl } : {}),
      rejectionReason: decision.reason ?? null,
      labTestId: decision.labTestId ?? null,
      decidedAt: new Date(),
      decidedBy: decision.by,
    })
    .where(and(eq(vendorLabReports.id, id), eq(vendorLabReports.status, "pending")))
    .returning({ id: vendorLabReports.id });
  return updated.length > 0;
}
