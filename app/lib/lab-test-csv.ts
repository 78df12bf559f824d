/**
 * The lab tests CSV import's reading (issue 23): the file's lines checked one by one against
 * the same rules as the dialog (labTestCsvRowSchema); every problem is reported with its line
 * number. Which vendor, peptide and size a line names is looked up afterwards, on the server.
 */
import { CsvSyntaxError, parseCsv } from "./csv";
import {
  LAB_TEST_CSV_COLUMNS,
  labTestCsvRowSchema,
  MAX_IMPORT_ROWS,
  REQUIRED_CSV_COLUMNS,
  type LabTestCsvRow,
  type LabTestFields,
} from "./forms/lab-tests";

export interface CsvLineError {
  /** 1-based line of the file (the header is line 1). */
  line: number;
  message: string;
}

export interface LabTestCsvReading {
  rows: { line: number; row: LabTestCsvRow }[];
  errors: CsvLineError[];
}

/** "Line 3: Purity must be …": how an import's problems are listed. */
export function formatLineErrors(errors: readonly CsvLineError[]): string[] {
  return errors.map((error) => `Line ${error.line}: ${error.message}`);
}

/**
 * Columns a header may have before it is refused unread: the template's, each of which may
 * appear once, plus as many again for the messages to name (unknown or repeated ones).
 */
export const MAX_CSV_COLUMNS = LAB_TEST_CSV_COLUMNS.length * 2;

export function readLabTestCsv(text: string): LabTestCsvReading {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      return { rows: [], errors: [{ line: error.line, message: error.message }] };
    }
    throw error;
  }
  const [header, ...lines] = records;
  if (!header) return { rows: [], errors: [{ line: 1, message: "The file is empty" }] };

  // A header is checked in one pass, and a header far wider than the template is refused at
  // once: 100,000 columns must neither stall the server nor come back as a megabyte of names.
  if (header.fields.length > MAX_CSV_COLUMNS) {
    const found = header.fields.length.toLocaleString("en-US");
    return {
      rows: [],
      errors: [
        {
          line: header.line,
          message: `The header has ${found} columns; a lab tests CSV has at most ${LAB_TEST_CSV_COLUMNS.length}`,
        },
      ],
    };
  }
  const columns = header.fields.map((name) => name.trim().toLowerCase());
  const known = new Set<string>(LAB_TEST_CSV_COLUMNS);
  const headerErrors: string[] = [];
  const unknown = columns.filter((name) => !known.has(name));
  if (unknown.length > 0)
    headerErrors.push(`Unknown column ${unknown.map((n) => `"${n}"`).join(", ")}`);
  const missing = REQUIRED_CSV_COLUMNS.filter((name) => !columns.includes(name));
  if (missing.length > 0) headerErrors.push(`Missing column ${missing.join(", ")}`);
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const name of columns) (seen.has(name) ? repeated : seen).add(name);
  if (repeated.size > 0) headerErrors.push(`Column ${[...repeated].join(", ")} appears twice`);
  if (headerErrors.length > 0) {
    return { rows: [], errors: [{ line: header.line, message: headerErrors.join("; ") }] };
  }
  if (lines.length === 0) {
    return {
      rows: [],
      errors: [{ line: header.line, message: "The file has no lab tests below its header" }],
    };
  }
  if (lines.length > MAX_IMPORT_ROWS) {
    return {
      rows: [],
      errors: [
        {
          line: lines[MAX_IMPORT_ROWS]!.line,
          message: `At most ${MAX_IMPORT_ROWS.toLocaleString("en-US")} lab tests per file`,
        },
      ],
    };
  }

  const reading: LabTestCsvReading = { rows: [], errors: [] };
  for (const record of lines) {
    if (record.fields.length !== columns.length) {
      reading.errors.push({
        line: record.line,
        message: `Expected ${columns.length} values, found ${record.fields.length}`,
      });
      continue;
    }
    const values = Object.fromEntries(columns.map((name, i) => [name, record.fields[i]!]));
    const parsed = labTestCsvRowSchema.safeParse(values);
    if (parsed.success) {
      reading.rows.push({ line: record.line, row: parsed.data });
    } else {
      const messages = parsed.error.issues.map((issue) => issue.message);
      reading.errors.push({ line: record.line, message: [...new Set(messages)].join("; ") });
    }
  }
  return reading;
}

/** What an import's lines may name (the server reads them from the catalogue). */
export interface LabTestImportTargets {
  vendors: { id: string; name: string; slug: string }[];
  peptides: { id: string; name: string; slug: string }[];
  /** Sizes in mg. */
  sizes: { id: string; peptideId: string; quantity: number }[];
}

/** One imported test, its vendor, peptide and size found. */
export interface ResolvedLabTest extends LabTestFields {
  line: number;
}

/** By name (any case) first, then by slug. */
function findByNameOrSlug<T extends { name: string; slug: string }>(
  items: readonly T[],
  wanted: string,
): T | undefined {
  const lower = wanted.toLowerCase();
  return (
    items.find((item) => item.name.toLowerCase() === lower) ??
    items.find((item) => item.slug === lower)
  );
}

/**
 * The lines' vendors, peptides and sizes found in the catalogue; a line naming one that does not
 * exist is an error on that line.
 */
export function resolveLabTestRows(
  rows: LabTestCsvReading["rows"],
  targets: LabTestImportTargets,
): { tests: ResolvedLabTest[]; errors: CsvLineError[] } {
  const tests: ResolvedLabTest[] = [];
  const errors: CsvLineError[] = [];
  for (const { line, row } of rows) {
    const problems: string[] = [];
    const vendor = findByNameOrSlug(targets.vendors, row.vendor);
    if (!vendor) problems.push(`No vendor is named "${row.vendor}"`);
    const peptide = findByNameOrSlug(targets.peptides, row.peptide);
    if (!peptide) problems.push(`No peptide is named "${row.peptide}"`);
    let sizeOptionId: string | null = null;
    if (peptide && row.size_mg !== null) {
      const size = targets.sizes.find(
        (candidate) =>
          candidate.peptideId === peptide.id && Math.abs(candidate.quantity - row.size_mg!) < 1e-6,
      );
      if (size) sizeOptionId = size.id;
      else problems.push(`${peptide.name} has no ${Number(row.size_mg.toFixed(3))} mg size`);
    }
    if (problems.length > 0 || !vendor || !peptide) {
      errors.push({ line, message: problems.join("; ") });
      continue;
    }
    tests.push({
      line,
      vendorId: vendor.id,
      peptideId: peptide.id,
      sizeOptionId,
      // The import's columns name one size; a test of all sizes is marked in its dialog.
      coversAllSizes: false,
      labName: row.lab,
      testedOn: row.test_date,
      batch: row.batch,
      claimedMassMg: row.claimed_mg,
      measuredMassMg: row.measured_mg,
      purityPercent: row.purity_percent,
      endotoxin: row.endotoxin,
      heavyMetals: row.heavy_metals,
      reportUrl: row.report_url,
    });
  }
  return { tests, errors };
}
