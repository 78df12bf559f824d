import { describe, expect, it } from "vitest";

import { csvCell, CsvSyntaxError, parseCsv } from "./csv";

describe("parseCsv", () => {
  it("reads records with the line each starts on, quotes, CRLF and a BOM", () => {
    const text = '\uFEFFa,b,c\r\n1,"two, with comma",3\r\n\r\n"multi\nline","say ""hi""",\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ["a", "b", "c"] },
      { line: 2, fields: ["1", "two, with comma", "3"] },
      { line: 4, fields: ["multi\nline", 'say "hi"', ""] },
    ]);
  });

  it("reads a last line without a line break", () => {
    expect(parseCsv("a,b\n1,2")).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["1", "2"] },
    ]);
  });

  it("refuses an unclosed quote and a stray one, naming the line", () => {
    expect(() => parseCsv('a\n"open')).toThrow(CsvSyntaxError);
    try {
      parseCsv('a,b\n1,x"y\n');
    } catch (error) {
      expect(error).toBeInstanceOf(CsvSyntaxError);
      expect((error as CsvSyntaxError).line).toBe(2);
    }
    expect(() => parseCsv('"a"b\n')).toThrow("Text follows a closing quote");
  });
});

describe("csvCell (issue 37)", () => {
  it("neutralises what a spreadsheet would run as a formula", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("-cmd")).toBe("'-cmd");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
  });

  it("leaves plain values, numbers and dashes alone, and quotes separators", () => {
    expect(csvCell("Janoshik")).toBe("Janoshik");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell("-5.5")).toBe("-5.5");
    expect(csvCell("-")).toBe("-");
    expect(csvCell(null)).toBe("");
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
  });
});
