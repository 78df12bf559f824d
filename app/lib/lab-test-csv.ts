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

  const columns = header.fields.map((name) => name.trim().toLowerCase());
  const known = new Set<string>(LAB_TEST_CSV_COLUMNS);
  const headerErrors: string[] = [];
  const unknown = columns.filter((name) => !known.has(name));
  if (unknown.length > 0) headerErrors.push(`Unknown column ${unknown.map((n) => `"${n}"`).join(", ")}`);
  const missing = REQUIRED_CSV_COLUMNS.filter((name) => !columns.includes(name));
  if (missing.length > 0) headerErrors.push(`Missing column ${missing.join(", ")}`);
  const repeated = columns.filter((name, index) => columns.indexOf(name) !== index);
  if (repeated.length > 0) headerErrors.push(`Column ${repeated.join(", ")} appears twice`);
  if (headerErrors.length > 0) {
    return { rows: [], errors: [{ line: header.line, message: headerErrors.join("; ") }] };
  }
  if (lines.length === 0) {
    return { rows: [], errors: [{ line: header.line, message: "The file has no lab tests below its header" }] };
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
