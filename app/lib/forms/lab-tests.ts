/**
 * The lab tests page's forms (issue 23): one zod schema for the page, shared by its dialogs and
 * its action, and the CSV import's row schema built from the same fields, so a test typed in
 * and a test imported are held to the same rules.
 */
import { isFormulaLeading } from "~/lib/csv";
import { type FormValues } from "~/lib/edit-conflict";
import { rowVersionField } from "~/lib/forms/row-version";
import { TEXT_LIMITS } from "~/lib/text-limits";
import { LAB_REPORT_REJECTION_MAX } from "~/lib/vendor-accounts";

import { checkbox, optionalNumber, optionalText, requiredText } from "./fields";
import { optionalLink, optionalWebUrl } from "./link-fields";
import { optionalRecordId, recordId, UNKNOWN_ACTION } from "./record-ids";
import { z } from "./zod";

/** Maximum lengths, shared by the schemas, the inputs' maxLength and the database's CHECKs. */
export const LAB_TEST_LIMITS = {
  labName: TEXT_LIMITS.name,
  batch: TEXT_LIMITS.code,
  /** Endotoxin and heavy-metals results, as the report words them. */
  result: TEXT_LIMITS.name,
  reportUrl: TEXT_LIMITS.url,
} as const;

/** The most mg a vial's label or measurement may say (the column holds far more). */
export const MAX_LAB_MASS_MG = 1_000_000;
/** The earliest test date accepted: older reports are no use to a buyer. */
export const EARLIEST_TEST_DATE = "2000-01-01";

const DATE_MESSAGE = "Enter the test date as YYYY-MM-DD";
const FUTURE_MESSAGE = "The test date cannot be in the future";
const PURITY_MESSAGE = "Purity must be a percentage from 0 to 100";
const CLAIMED_MESSAGE = `Claimed mass must be a number of mg above 0 and at most ${MAX_LAB_MASS_MG.toLocaleString("en-US")}`;
const MEASURED_MESSAGE = `Measured mass must be a number of mg from 0 to ${MAX_LAB_MASS_MG.toLocaleString("en-US")}`;

function isCalendarDate(value: string): boolean {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** A test date, YYYY-MM-DD: a real day, not before 2000 and not after today (UTC, a day's grace). */
export const testDateField = z
  .string({ error: "Test date is required" })
  .trim()
  .min(1, { message: "Test date is required", abort: true })
  .max(10, { message: DATE_MESSAGE, abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: DATE_MESSAGE, abort: true })
  .refine(isCalendarDate, { message: DATE_MESSAGE, abort: true })
  .refine((value) => value >= EARLIEST_TEST_DATE, {
    message: "The test date cannot be before 2000",
  })
  .refine((value) => {
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    return value <= tomorrow;
  }, FUTURE_MESSAGE);

/**
 * Text of a lab test is shown on pages, in the open-data API and in whatever spreadsheet a
 * reader pastes it into: a value a spreadsheet would run as a formula is refused.
 */
function noFormula<T extends z.ZodType<string | null>>(label: string, field: T) {
  return field.refine(
    (value) => value === null || !isFormulaLeading(value),
    `${label} cannot start with =, +, -, @ or a tab (a spreadsheet would run it as a formula)`,
  );
}

/** Every measured field of a test, as typed into the dialog or read from a CSV line. */
export const measurementFields = {
  labName: noFormula("Lab", requiredText("Lab", LAB_TEST_LIMITS.labName)),
  testedOn: testDateField,
  batch: noFormula("Batch / lot", optionalText("Batch / lot", LAB_TEST_LIMITS.batch)),
  claimedMassMg: optionalNumber(
    z.number(CLAIMED_MESSAGE).gt(0, CLAIMED_MESSAGE).max(MAX_LAB_MASS_MG, CLAIMED_MESSAGE),
  ),
  measuredMassMg: optionalNumber(
    z.number(MEASURED_MESSAGE).min(0, MEASURED_MESSAGE).max(MAX_LAB_MASS_MG, MEASURED_MESSAGE),
  ),
  purityPercent: optionalNumber(
    z.number(PURITY_MESSAGE).min(0, PURITY_MESSAGE).max(100, PURITY_MESSAGE),
  ),
  endotoxin: noFormula("Endotoxin", optionalText("Endotoxin", LAB_TEST_LIMITS.result)),
  heavyMetals: noFormula("Heavy metals", optionalText("Heavy metals", LAB_TEST_LIMITS.result)),
};

/**
 * The dialog's fields: the vendor, peptide and size by id (the size picker offers the chosen
 * peptide's sizes), whether the report covers every size of the batch, the report as a link or
 * our path. A test speaks for the offers of its size only, unless it covers all sizes.
 */
const labTestFields = {
  vendorId: recordId("Choose a vendor"),
  peptideId: recordId("Choose a peptide"),
  sizeOptionId: optionalRecordId("Unknown size"),
  coversAllSizes: checkbox,
  ...measurementFields,
  // An uploaded report keeps its path here on edit; a new upload (the `report` file) replaces it.
  reportUrl: optionalLink("Report link"),
};

const THRESHOLD_PURITY_MESSAGE = "Minimum purity must be a percentage from 0 to 100";
const THRESHOLD_DEVIATION_MESSAGE =
  "Maximum mass deviation must be above 0 and at most 100 percent";

/** Decimal percentages with at most two places (the columns' scale). */
function percentField(message: string, check: (value: number) => boolean) {
  return z
    .string({ error: message })
    .trim()
    .max(20, message)
    .regex(/^\d+(\.\d{1,2})?$/, message)
    .transform(Number)
    .refine(check, message);
}

export const labThresholdFields = {
  minPurityPercent: percentField(THRESHOLD_PURITY_MESSAGE, (value) => value >= 0 && value <= 100),
  maxMassDeviationPercent: percentField(
    THRESHOLD_DEVIATION_MESSAGE,
    (value) => value > 0 && value <= 100,
  ),
};

export const labTestPageSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("create-lab-test"), ...labTestFields }),
    z.object({
      intent: z.literal("update-lab-test"),
      id: recordId("Unknown lab test"),
      version: rowVersionField,
      ...labTestFields,
    }),
    z.object({ intent: z.literal("delete-lab-test"), id: recordId("Unknown lab test") }),
    z.object({ intent: z.literal("import-lab-tests") }),
    z.object({ intent: z.literal("save-lab-thresholds"), ...labThresholdFields }),
    // A vendor's uploaded report (issue 33): published as a lab test, or refused with a reason.
    z.object({ intent: z.literal("approve-lab-report"), id: recordId("Unknown lab report") }),
    z.object({
      intent: z.literal("reject-lab-report"),
      id: recordId("Unknown lab report"),
      reason: requiredText("Reason", LAB_REPORT_REJECTION_MAX),
    }),
  ],
  { error: UNKNOWN_ACTION },
);
export type LabTestPageForm = z.infer<typeof labTestPageSchema>;
export type LabTestSaveForm = Extract<
  LabTestPageForm,
  { intent: "create-lab-test" | "update-lab-test" }
>;

/** What a lab's report says: the part of a test the form, an import line and the demo data give. */
export interface LabTestResults {
  batch: string | null;
  claimedMassMg: number | null;
  measuredMassMg: number | null;
  purityPercent: number | null;
  endotoxin: string | null;
  heavyMetals: string | null;
  reportUrl: string | null;
}

/** A lab test as it is saved: the admin form, a resolved import line (LabTestInput on the server). */
export interface LabTestFields extends LabTestResults {
  vendorId: string;
  peptideId: string;
  sizeOptionId: string | null;
  /** The report covers every size of the batch, not only the vial tested. */
  coversAllSizes: boolean;
  labName: string;
  testedOn: string;
}

/** A lab test as its edit dialog shows it. */
export interface EditableLabTest extends LabTestFields {
  id: string;
  vendorName: string;
  peptideName: string;
  /** The size's label ("10mg"); null when the test does not say. */
  size: string | null;
  /** The row's version: a save after someone else's answers 409 (~/lib/edit-conflict). */
  version: string;
}

/** A lab test as its edit dialog posts it: what an edit conflict compares. */
export function labTestFormValues(test: LabTestFields & { version: string }): FormValues {
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  return {
    vendorId: test.vendorId,
    peptideId: test.peptideId,
    sizeOptionId: text(test.sizeOptionId),
    coversAllSizes: test.coversAllSizes ? "on" : "",
    labName: test.labName,
    testedOn: test.testedOn,
    batch: text(test.batch),
    claimedMassMg: text(test.claimedMassMg),
    measuredMassMg: text(test.measuredMassMg),
    purityPercent: text(test.purityPercent),
    endotoxin: text(test.endotoxin),
    heavyMetals: text(test.heavyMetals),
    reportUrl: text(test.reportUrl),
    version: test.version,
  };
}

// ---------------------------------------------------------------- CSV import

/** The most lines one import takes (a header plus this many tests). */
export const MAX_IMPORT_ROWS = 1000;
/** An import file larger than this is refused before it is parsed. */
export const MAX_IMPORT_BYTES = 1024 * 1024;

/** The import's columns, in the template's order; `vendor` and `peptide` take a name or slug. */
export const LAB_TEST_CSV_COLUMNS = [
  "vendor",
  "peptide",
  "size_mg",
  "lab",
  "test_date",
  "batch",
  "claimed_mg",
  "measured_mg",
  "purity_percent",
  "endotoxin",
  "heavy_metals",
  "report_url",
] as const;
export const REQUIRED_CSV_COLUMNS = ["vendor", "peptide", "lab", "test_date"] as const;

/** The downloadable template: the header and one example line. */
export const LAB_TEST_CSV_TEMPLATE = `${LAB_TEST_CSV_COLUMNS.join(",")}\nExample Vendor,BPC-157,10,Janoshik,2026-01-15,LOT-123,10,9.8,99.2,< 0.5 EU/mg,Pass,https://example.com/report.pdf\n`;

const SIZE_MESSAGE = `Size must be a number of mg above 0 and at most ${MAX_LAB_MASS_MG.toLocaleString("en-US")}`;

/** One CSV line, by column name: the same rules as the dialog, the report only as a link. */
export const labTestCsvRowSchema = z.object({
  vendor: requiredText("Vendor", TEXT_LIMITS.name),
  peptide: requiredText("Peptide", TEXT_LIMITS.name),
  size_mg: optionalNumber(
    z.number(SIZE_MESSAGE).gt(0, SIZE_MESSAGE).max(MAX_LAB_MASS_MG, SIZE_MESSAGE),
  ),
  lab: measurementFields.labName,
  test_date: measurementFields.testedOn,
  batch: measurementFields.batch,
  claimed_mg: measurementFields.claimedMassMg,
  measured_mg: measurementFields.measuredMassMg,
  purity_percent: measurementFields.purityPercent,
  endotoxin: measurementFields.endotoxin,
  heavy_metals: measurementFields.heavyMetals,
  report_url: optionalWebUrl("Report link"),
});
export type LabTestCsvRow = z.infer<typeof labTestCsvRowSchema>;
