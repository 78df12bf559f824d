/**
 * The admin lab tests page's loader data and per-intent handlers (issue 23): add, edit and
 * delete a test, import a CSV of tests, and the pass thresholds. The /admin middleware checks
 * admin rights before either runs.
 */
import { data } from "react-router";

import type { SessionUser } from "~/.server/services/auth.server";
import type { AppContext } from "~/.server/platform/context.server";
import {
  checkLabTestReferences,
  getAdminLabTest,
  getAdminLabTestPage,
  getLabTestImportTargets,
  type LabTestInput,
} from "~/.server/data/lab-tests.server";
import { getLabThresholds } from "~/.server/data/settings.server";
import {
  importLabTests as importLabTestsService,
  saveLabTest as saveLabTestService,
  saveLabThresholds,
} from "~/.server/services/lab-tests.server";
import { listPendingLabReports } from "~/.server/data/vendor-lab-reports.server";
import { VENDOR_LAB_REPORTS_LIST } from "~/lib/trust/review-lists";
import { decideVendorLabReport } from "~/.server/services/vendor-lab-reports.server";
import { deleteToTrash } from "~/.server/services/trash-actions.server";
import {
  ImageUploadError,
  storeReportUpload,
  deleteUnusedUploads,
  uploadedFile,
} from "~/.server/services/uploads.server";
import { writeFailure } from "~/.server/platform/http/write-errors.server";
import { actionFailure, actionSuccess, editConflict, failure } from "~/lib/action-result";
import { LAB_TESTS_TABLE } from "~/lib/admin-tables";
import { fieldFailure } from "~/lib/forms/field-failure";
import { formFields, invalidForm } from "~/lib/forms/form-data";
import {
  labTestFormValues,
  labTestPageSchema,
  MAX_IMPORT_BYTES,
  type LabTestPageForm,
  type LabTestSaveForm,
} from "~/lib/forms/lab-tests";
import {
  formatLineErrors,
  readLabTestCsv,
  resolveLabTestRows,
  type CsvLineError,
} from "~/lib/lab-test-csv";
import { readTablePage } from "~/lib/table-query";

type Admin = Pick<SessionUser, "id" | "email">;

/** How many of an import's problems are listed (the count names them all). */
const MAX_LISTED_IMPORT_ERRORS = 50;

export async function loadLabTestsPage(app: AppContext, url: URL) {
  const query = LAB_TESTS_TABLE.parse(url.searchParams);
  const reportsQuery = VENDOR_LAB_REPORTS_LIST.parse(url.searchParams);
  const [tests, thresholds, vendorReports] = await Promise.all([
    readTablePage(query, (page) => getAdminLabTestPage(app.db, { ...query, page })),
    getLabThresholds(app.db),
    readTablePage(reportsQuery, (page) =>
      listPendingLabReports(app.db, { page, pageSize: reportsQuery.pageSize }),
    ),
  ]);
  return {
    tests,
    thresholds,
    vendorReports: {
      ...vendorReports,
      rows: vendorReports.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    },
  };
}

const REFERENCE_MESSAGES = {
  vendorId: "Choose a vendor",
  peptideId: "Choose a peptide",
  sizeOptionId: "That size is not one of the peptide's",
} as const;

async function saveLabTest(
  app: AppContext,
  admin: Admin,
  form: LabTestSaveForm,
  report: File | null,
) {
  const id = form.intent === "update-lab-test" ? form.id : undefined;
  const failedMessage = id ? "Failed to update lab test" : "Failed to add lab test";
  const wrongReference = await checkLabTestReferences(app.db, form);
  if (wrongReference) {
    return fieldFailure(wrongReference, REFERENCE_MESSAGES[wrongReference], 400, failedMessage);
  }
  const before = id ? await getAdminLabTest(app.db, id) : null;
  let reportUrl = form.reportUrl;
  let uploadedUrl: string | null = null;
  if (report) {
    try {
      reportUrl = uploadedUrl = (await storeReportUpload(app, report)).url;
    } catch (error) {
      if (!(error instanceof ImageUploadError)) throw error;
      return fieldFailure("report", error.message, 400, "Report Upload Error");
    }
  }
  const input: LabTestInput = {
    vendorId: form.vendorId,
    peptideId: form.peptideId,
    sizeOptionId: form.sizeOptionId,
    coversAllSizes: form.coversAllSizes,
    labName: form.labName,
    testedOn: form.testedOn,
    batch: form.batch,
    claimedMassMg: form.claimedMassMg,
    measuredMassMg: form.measuredMassMg,
    purityPercent: form.purityPercent,
    endotoxin: form.endotoxin,
    heavyMetals: form.heavyMetals,
    reportUrl,
  };
  let outcome: Awaited<ReturnType<typeof saveLabTestService>>;
  try {
    outcome = await saveLabTestService(
      app,
      admin,
      input,
      form.intent === "update-lab-test" ? form : undefined,
    );
  } catch (error) {
    // The upload of a save that did not happen is no one's report.
    await deleteUnusedUploads(app, [uploadedUrl]);
    return writeFailure(app, error, "saving a lab test", failedMessage);
  }
  if (outcome === "missing" || outcome === "changed") await deleteUnusedUploads(app, [uploadedUrl]);
  if (outcome === "missing") return failure("Lab test not found", 404, failedMessage);
  if (outcome === "changed") {
    const current = await getAdminLabTest(app.db, id!);
    if (!current) return failure("Lab test not found", 404, failedMessage);
    return editConflict(labTestFormValues(current), current.version);
  }
  // The report it replaced, once no record names it any more.
  if (before && before.reportUrl !== reportUrl) await deleteUnusedUploads(app, [before.reportUrl]);
  return actionSuccess(id ? "Lab test updated" : "Lab test added");
}

/** The import's refusal: every problem by line, and nothing written. */
function importRefused(errors: CsvLineError[]) {
  const lines = formatLineErrors(errors);
  const listed = lines.slice(0, MAX_LISTED_IMPORT_ERRORS);
  if (lines.length > listed.length) listed.push(`… and ${lines.length - listed.length} more`);
  const count = errors.length;
  return data(
    actionFailure(
      `${count} line${count === 1 ? " has a problem" : "s have problems"}; nothing was imported`,
      { title: "Import refused", fieldErrors: { file: listed } },
    ),
    { status: 400 },
  );
}

const NOT_UTF8_MESSAGE = 'The file is not UTF-8 text: save it as "CSV UTF-8" and import it again';

/** The file's text when it is valid UTF-8; null otherwise (Latin-1, UTF-16, binary). */
function utf8TextOrNull(bytes: ArrayBuffer): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

async function importLabTests(app: AppContext, admin: Admin, file: File | null) {
  if (!file) return fieldFailure("file", "Choose a CSV file to import", 400, "Import refused");
  if (file.size > MAX_IMPORT_BYTES) {
    return fieldFailure("file", "The CSV file is larger than 1 MB", 413, "Import refused");
  }
  const text = utf8TextOrNull(await file.arrayBuffer());
  if (text === null) {
    // Stored as read, Latin-1 (Excel's "CSV" on Windows) would become mojibake.
    return fieldFailure("file", NOT_UTF8_MESSAGE, 400, "Import refused");
  }
  if (text.includes("\u0000")) {
    return fieldFailure("file", "The file is not a CSV text file", 400, "Import refused");
  }
  const reading = readLabTestCsv(text);
  const targets = await getLabTestImportTargets(app.db);
  const resolved = resolveLabTestRows(reading.rows, targets);
  const errors = [...reading.errors, ...resolved.errors].sort((a, b) => a.line - b.line);
  if (errors.length > 0) return importRefused(errors);

  const inputs = resolved.tests.map(({ line: _line, ...input }) => input);
  let ids: string[];
  try {
    ids = await importLabTestsService(app, admin, inputs);
  } catch (error) {
    return writeFailure(app, error, "importing lab tests", "Failed to import lab tests");
  }
  return actionSuccess(`Imported ${ids.length} lab test${ids.length === 1 ? "" : "s"}`);
}

async function saveThresholds(
  app: AppContext,
  admin: Admin,
  form: Extract<LabTestPageForm, { intent: "save-lab-thresholds" }>,
) {
  const after = {
    minPurityPercent: form.minPurityPercent,
    maxMassDeviationPercent: form.maxMassDeviationPercent,
  };
  try {
    await saveLabThresholds(app, admin, after);
  } catch (error) {
    return writeFailure(app, error, "saving lab test thresholds", "Failed to save thresholds");
  }
  return actionSuccess("Lab test thresholds saved");
}

export async function handleLabTestAction(app: AppContext, admin: Admin, formData: FormData) {
  const parsed = labTestPageSchema.safeParse(formFields(formData));
  if (!parsed.success) return invalidForm(parsed.error);
  const form = parsed.data;

  switch (form.intent) {
    case "create-lab-test":
    case "update-lab-test":
      return saveLabTest(app, admin, form, uploadedFile(formData.get("report")));
    case "delete-lab-test":
      return deleteToTrash(app, admin, {
        entity: "lab_test",
        ids: [form.id],
        auditEntity: "lab_test",
        deletedMessage: "Lab test deleted",
        notFoundMessage: "Lab test not found",
      });
    case "import-lab-tests":
      return importLabTests(app, admin, uploadedFile(formData.get("file")));
    case "save-lab-thresholds":
      return saveThresholds(app, admin, form);
    case "approve-lab-report":
    case "reject-lab-report": {
      const outcome = await decideVendorLabReport(
        app,
        admin,
        form.intent === "approve-lab-report"
          ? { id: form.id, approve: true }
          : { id: form.id, approve: false, reason: form.reason },
      );
      return outcome.ok
        ? actionSuccess(outcome.message)
        : failure(outcome.message, outcome.status, "Lab report not decided");
    }
  }
}
