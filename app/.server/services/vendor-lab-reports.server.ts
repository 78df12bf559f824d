/**
 * Lab reports from vendors (issue 33 Must 4): the vendor uploads the report (a PDF or an image,
 * through storeReportUpload's checks) with what it measured; it waits, unpublished, until an
 * admin approves it, which creates the lab test with the report linked, or rejects it with a
 * reason the vendor reads on its manage page. Every step lands in the audit log.
 */
import { TransactionRollbackError } from "drizzle-orm";

import type { LabReportForm } from "~/lib/forms/vendor-portal";

import type { AppContext } from "../infra/context.server";
import type { VendorSession } from "../http/vendor-guard.server";
import { recordAudit, recordPublicChange } from "../data/audit.server";
import { checkLabTestReferences, createLabTest } from "../data/lab-tests.server";
import {
  decideLabReport,
  getPendingLabReport,
  insertVendorLabReport,
} from "../data/vendor-lab-reports.server";
import { ImageUploadError, storeReportUpload } from "./uploads.server";

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
  let reportUrl: string;
  try {
    reportUrl = (await storeReportUpload(app, report)).url;
  } catch (error) {
    if (!(error instanceof ImageUploadError)) throw error;
    return { ok: false, status: 400, message: error.message, field: "report" };
  }
  const { intent: _intent, ...fields } = form;
  const id = await insertVendorLabReport(app.db, {
    ...fields,
    vendorId: vendor.id,
    reportUrl,
    submittedBy: user.id,
  });
  await recordAudit(app.db, user, {
    action: "create",
    entity: "vendor_lab_report",
    entityId: id,
    name: `${vendor.name}: ${form.labName}, ${form.testedOn}`,
    details: { by: "vendor", reportUrl },
  });
  return { ok: true, message: LAB_REPORT_MESSAGES.submitted };
}

/**
 * An admin's decision. Approval creates the lab test and marks the report approved in one
 * transaction, so a report is never both pending and published (or published twice).
 */
export async function decideVendorLabReport(
  app: Pick<AppContext, "db" | "cache">,
  admin: Actor,
  decision: { id: string; approve: true } | { id: string; approve: false; reason: string },
): Promise<Outcome> {
  const report = await getPendingLabReport(app.db, decision.id);
  if (!report) return { ok: false, status: 404, message: LAB_REPORT_MESSAGES.unknown };
  const name = `${report.vendorName}: ${report.labName}, ${report.testedOn}`;
  if (!decision.approve) {
    const decided = await decideLabReport(app.db, report.id, {
      status: "rejected",
      by: admin.id,
      reason: decision.reason,
    });
    if (!decided) return { ok: false, status: 404, message: LAB_REPORT_MESSAGES.unknown };
    await recordAudit(app.db, admin, {
      action: "update",
      entity: "vendor_lab_report",
      entityId: report.id,
      name,
      details: { decision: "rejected", reason: decision.reason },
    });
    return { ok: true, message: LAB_REPORT_MESSAGES.rejected };
  }
  const labTestId = await app.db
    .transaction(async (tx) => {
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
        reportUrl: report.reportUrl,
      });
      const decided = await decideLabReport(tx, report.id, {
        status: "approved",
        by: admin.id,
        labTestId: id,
      });
      // Another admin decided it meanwhile: the test just created goes with the rollback.
      if (!decided) tx.rollback();
      return id;
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return null;
      throw error;
    });
  if (!labTestId) return { ok: false, status: 404, message: LAB_REPORT_MESSAGES.unknown };
  await recordPublicChange(app, admin, {
    action: "update",
    entity: "vendor_lab_report",
    entityId: report.id,
    name,
    details: { decision: "approved", labTestId },
  });
  await recordAudit(app.db, admin, {
    action: "create",
    entity: "lab_test",
    entityId: labTestId,
    name: `${report.labName}, ${report.testedOn}`,
    details: { source: "vendor-lab-report", vendorLabReportId: report.id },
  });
  return { ok: true, message: LAB_REPORT_MESSAGES.approved };
}
