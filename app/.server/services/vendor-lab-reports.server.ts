/**
 * Lab reports from vendors (issue 33 Must 4): the vendor uploads the report (a PDF or an image,
 * through storeReportUpload's checks) with what it measured; it waits, unpublished, until an
 * admin approves it, which creates the lab test with the report linked, or rejects it with a
 * reason the vendor reads on its manage page. Every step lands in the audit log.
 *
 * The file itself is not public while it waits: it is kept in the database and served only to
 * the vendor's users and admins (serveVendorLabReportFile); approval stores it in the public
 * uploads, rejection drops it.
 */
import crypto from "node:crypto";

import { TransactionRollbackError } from "drizzle-orm";

import type { LabReportForm } from "~/lib/forms/vendor-portal";

import type { AppContext } from "../platform/context.server";
import { createFileStorage, downloadOnlyHeaders } from "../platform/storage.server";
import { PRIVATE_CACHE_CONTROL } from "../platform/http/cache-headers.server";
import type { VendorSession } from "../http/vendor-guard.server";
import { checkLabTestReferences, createLabTest } from "../data/lab-tests.server";
import { getMembershipVendorId } from "../data/vendor-accounts.server";
import {
  decideLabReport,
  getLabReportFile,
  getPendingLabReport,
  insertVendorLabReport,
} from "../data/vendor-lab-reports.server";
import type { SessionUser } from "./auth.server";
import { commitAudited, commitPublicChange } from "./audited-change.server";
import { ImageUploadError, prepareReportUpload, uploadContentType } from "./uploads.server";

export const LAB_REPORT_MESSAGES = {
  noFile: "Attach the lab report (a PDF or an image)",
  wrongPeptide: "Choose a peptide",
  wrongSize: "That size is not one of the peptide's",
  submitted: "Thanks, your lab report was sent. It is published once an admin has checked it.",
  unknown: "That lab report was already decided or no longer exists",
  approved: "Lab report published as a lab test",
  rejected: "Lab report rejected",
} as const;

type Outcome =
  { ok: true; message: string } | { ok: false; status: number; message: string; field?: string };

type Actor = { id: string; email: string };

/** The authorized route a report's file is read at until it is published (app/routes.ts). */
export function vendorLabReportFilePath(id: string): string {
  return `/vendor-lab-reports/${id}/file`;
}

export async function submitVendorLabReport(
  app: Pick<AppContext, "db" | "env">,
  { user, vendor }: VendorSession,
  form: LabReportForm,
  report: File | null,
): Promise<Outcome> {
  if (!report)
    return { ok: false, status: 400, message: LAB_REPORT_MESSAGES.noFile, field: "report" };
  const wrong = await checkLabTestReferences(app.db, { ...form, vendorId: vendor.id });
  if (wrong === "peptideId" || wrong === "vendorId")
    return {
      ok: false,
      status: 400,
      message: LAB_REPORT_MESSAGES.wrongPeptide,
      field: "peptideId",
    };
  if (wrong === "sizeOptionId")
    return {
      ok: false,
      status: 400,
      message: LAB_REPORT_MESSAGES.wrongSize,
      field: "sizeOptionId",
    };
  let file: Awaited<ReturnType<typeof prepareReportUpload>>;
  try {
    file = await prepareReportUpload(report);
  } catch (error) {
    if (!(error instanceof ImageUploadError)) throw error;
    return { ok: false, status: 400, message: error.message, field: "report" };
  }
  const { intent: _intent, ...fields } = form;
  // The id is chosen here so the row is written once with the route its file is read at.
  const id = crypto.randomUUID();
  const reportUrl = vendorLabReportFilePath(id);
  await commitAudited(app, user, async (tx, audit) => {
    await insertVendorLabReport(tx, {
      ...fields,
      id,
      vendorId: vendor.id,
      reportUrl,
      pendingFile: file.body,
      pendingFileName: file.name,
      submittedBy: user.id,
    });
    audit({
      action: "create",
      entity: "vendor_lab_report",
      entityId: id,
      name: `${vendor.name}: ${form.labName}, ${form.testedOn}`,
      details: { by: "vendor", reportUrl },
    });
  });
  return { ok: true, message: LAB_REPORT_MESSAGES.submitted };
}

/**
 * An admin's decision, with its audit entries in one transaction. Approval creates the lab test
 * and marks the report approved together, so a report is never both pending and published (or
 * published twice); the page cache is emptied once it commits.
 */
export async function decideVendorLabReport(
  app: Pick<AppContext, "db" | "cache" | "env">,
  admin: Actor,
  decision: { id: string; approve: true } | { id: string; approve: false; reason: string },
): Promise<Outcome> {
  const report = await getPendingLabReport(app.db, decision.id);
  if (!report) return { ok: false, status: 404, message: LAB_REPORT_MESSAGES.unknown };
  const name = `${report.vendorName}: ${report.labName}, ${report.testedOn}`;
  if (!decision.approve) {
    // A pending report is seen by no visitor: nothing cached to empty.
    const decided = await commitAudited(app, admin, async (tx, audit) => {
      const rejected = await decideLabReport(tx, report.id, {
        status: "rejected",
        by: admin.id,
        reason: decision.reason,
      });
      if (rejected) {
        audit({
          action: "update",
          entity: "vendor_lab_report",
          entityId: report.id,
          name,
          details: { decision: "rejected", reason: decision.reason },
        });
      }
      return rejected;
    });
    if (!decided) return { ok: false, status: 404, message: LAB_REPORT_MESSAGES.unknown };
    return { ok: true, message: LAB_REPORT_MESSAGES.rejected };
  }
  const file = await getLabReportFile(app.db, report.id);
  if (!file?.pendingFile || !file.pendingFileName)
    return { ok: false, status: 404, message: LAB_REPORT_MESSAGES.unknown };
  // Published before the transaction (a storage is no part of it): should another admin decide
  // meanwhile, the stored copy is left unlinked, never a lab test without its report.
  const { url: reportUrl } = await createFileStorage(app.env).put(
    file.pendingFileName,
    Buffer.from(file.pendingFile),
    uploadContentType(file.pendingFileName),
  );
  const labTestId = await commitPublicChange(app, admin, async (tx, audit) => {
    const id = await createLabTest(tx, {
      vendorId: report.vendorId,
      peptideId: report.peptideId,
      sizeOptionId: report.sizeOptionId,
      coversAllSizes: report.coversAllSizes,
      labName: report.labName,
      testedOn: report.testedOn,
      batch: report.batch,
      claimedMassMg: report.claimedMassMg,
      measuredMassMg: report.measuredMassMg,
      purityPercent: report.purityPercent,
      endotoxin: null,
      heavyMetals: null,
      reportUrl,
    });
    const decided = await decideLabReport(tx, report.id, {
      status: "approved",
      by: admin.id,
      labTestId: id,
      reportUrl,
    });
    // Another admin decided it meanwhile: the test just created goes with the rollback.
    if (!decided) throw new TransactionRollbackError();
    audit(
      {
        action: "update",
        entity: "vendor_lab_report",
        entityId: report.id,
        name,
        details: { decision: "approved", labTestId: id },
      },
      {
        action: "create",
        entity: "lab_test",
        entityId: id,
        name: `${report.labName}, ${report.testedOn}`,
        details: { source: "vendor-lab-report", vendorLabReportId: report.id },
      },
    );
    return id;
  }).catch((error: unknown) => {
    if (error instanceof TransactionRollbackError) return null;
    throw error;
  });
  if (!labTestId) return { ok: false, status: 404, message: LAB_REPORT_MESSAGES.unknown };
  return { ok: true, message: LAB_REPORT_MESSAGES.approved };
}

/**
 * The file route: a pending report's file for the vendor's own users and admins only, 404 for
 * anyone else (as if it did not exist); an approved one sends everyone to its public upload; a
 * rejected one's file is gone.
 */
export async function serveVendorLabReportFile(
  app: Pick<AppContext, "db">,
  user: SessionUser | null,
  id: string,
): Promise<Response> {
  const notFound = () => new Response("Not Found", { status: 404 });
  const row = await getLabReportFile(app.db, id);
  if (!row) return notFound();
  if (row.status === "approved")
    return new Response(null, { status: 302, headers: { Location: row.reportUrl } });
  if (!row.pendingFile || !row.pendingFileName || !user) return notFound();
  const allowed = user.isAdmin || (await getMembershipVendorId(app.db, user.id)) === row.vendorId;
  if (!allowed) return notFound();
  return new Response(new Uint8Array(row.pendingFile), {
    headers: {
      "Content-Type": uploadContentType(row.pendingFileName),
      "Cache-Control": PRIVATE_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
      ...downloadOnlyHeaders(row.pendingFileName),
    },
  });
}
