/**
 * CSV (RFC 4180) read into records, each with the line it starts on, so an import can name the
 * line a problem is on. Quoted fields may hold commas, doubled quotes and line breaks; a
 * leading byte-order mark and a final empty line are ignored; CRLF and LF both end a record.
 */
export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = "CsvSyntaxError";
  }
}

export function parseCsv(text: string): CsvRecord[] {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let fieldStarted = false;
  const endField = () => {
    fields.push(field);
    field = "";
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    // A blank line is no record.
    if (!(fields.length === 1 && fields[0] === "")) records.push({ line: recordLine, fields });
    fields = [];
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        if (char === "\n") line++;
        field += char;
      }
      continue;
    }
    if (char === '"') {
      if (fieldStarted || field !== "") {
        throw new CsvSyntaxError("A quote appears inside an unquoted value", line);
      }
      quoted = true;
      fieldStarted = true;
    } else if (char === ",") {
      endField();
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && source[i + 1] === "\n") i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      if (fieldStarted) throw new CsvSyntaxError("Text follows a closing quote", line);
      field += char;
    }
  }
  if (quoted) throw new CsvSyntaxError("A quoted value is never closed", recordLine);
  if (field !== "" || fields.length > 0 || fieldStarted) endRecord();
  return records;
}

/**
 * Whether a spreadsheet opening this cell would read it as a formula (CSV injection): it starts
 * with "=", "+", "@", a tab or a carriage return, or with "-" not followed by a number ("-5"
 * and "-" alone are plain values, "-cmd|…" is not).
 */
export function isFormulaLeading(value: string): boolean {
  if (/^[=+@\t\r]/.test(value)) return true;
  return value.startsWith("-") && value.length > 1 && !/^-\d|^-\.\d/.test(value);
}

/**
 * One cell of a CSV this site writes: a formula-leading value gets a leading apostrophe, which
 * spreadsheets show as text instead of running; a value holding a comma, quote or line break
 * is quoted (RFC 4180).
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const text = isFormulaLeading(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
