import { describe, expect, it } from "vitest";

import { LAB_TEST_CSV_TEMPLATE } from "./forms/lab-tests";
import { formatLineErrors, readLabTestCsv, resolveLabTestRows } from "./lab-test-csv";

const HEADER = "vendor,peptide,size_mg,lab,test_date,batch,claimed_mg,measured_mg,purity_percent";

const targets = {
  vendors: [{ id: "v1", name: "Apex Peptide Labs", slug: "apex-peptide-labs" }],
  peptides: [{ id: "p1", name: "BPC-157", slug: "bpc-157" }],
  sizes: [
    { id: "s5", peptideId: "p1", quantity: 5 },
    { id: "s10", peptideId: "p1", quantity: 10 },
  ],
};

describe("readLabTestCsv", () => {
  it("reads the template's example line", () => {
    const reading = readLabTestCsv(LAB_TEST_CSV_TEMPLATE);
    expect(reading.errors).toEqual([]);
    expect(reading.rows).toHaveLength(1);
    expect(reading.rows[0]).toMatchObject({
      line: 2,
      row: { vendor: "Example Vendor", size_mg: 10, purity_percent: 99.2, test_date: "2026-01-15" },
    });
  });

  it("lists each bad line by its number with the dialog's messages", () => {
    const text = [
      HEADER,
      "Apex Peptide Labs,BPC-157,10,Janoshik,2026-03-01,L1,10,10.1,99.1",
      "Apex Peptide Labs,BPC-157,10,,2026-03-01,L2,10,10.1,140",
      "Apex Peptide Labs,BPC-157,10,Janoshik,01/03/2026,L3,10,10.1,99",
      "too,few",
    ].join("\n");
    const reading = readLabTestCsv(text);
    expect(reading.rows.map((row) => row.line)).toEqual([2]);
    expect(formatLineErrors(reading.errors)).toEqual([
      "Line 3: Lab is required; Purity must be a percentage from 0 to 100",
      "Line 4: Enter the test date as YYYY-MM-DD",
      "Line 5: Expected 9 values, found 2",
    ]);
  });

  it("refuses a header with unknown or missing columns, and an empty file", () => {
    expect(readLabTestCsv("vendor,peptide,colour\n").errors).toEqual([
      { line: 1, message: 'Unknown column "colour"; Missing column lab, test_date' },
    ]);
    expect(readLabTestCsv("").errors[0]?.message).toBe("The file is empty");
    expect(readLabTestCsv(`${HEADER}\n`).errors[0]?.message).toMatch(/no lab tests/);
  });

  it("refuses a 100,000-column header with one short message (issue 37)", () => {
    const header = Array.from({ length: 100_000 }, (_, i) => `c${i % 7}`).join(",");
    const { errors } = readLabTestCsv(`${header}\n1,2\n`);
    expect(errors).toEqual([
      { line: 1, message: "The header has 100,000 columns; a lab tests CSV has at most 12" },
    ]);
  });

  it("names each repeated column once", () => {
    const { errors } = readLabTestCsv(`${HEADER},lab,lab,batch\n`);
    expect(errors[0]?.message).toBe("Column lab, batch appears twice");
  });

  it("refuses cells a spreadsheet would run as a formula", () => {
    const lines = [
      HEADER,
      "Apex Peptide Labs,BPC-157,10,=1+1,2026-03-01,L1,10,10,99",
      "Apex Peptide Labs,BPC-157,10,Janoshik,2026-03-01,@SUM(A1),10,10,99",
      "Apex Peptide Labs,BPC-157,10,+cmd,2026-03-01,L3,10,10,99",
      "Apex Peptide Labs,BPC-157,10,-cmd|' /C calc'!A0,2026-03-01,L4,10,10,99",
      'Apex Peptide Labs,BPC-157,10,"\t=1+1",2026-03-01,L5,10,10,99',
      "Apex Peptide Labs,BPC-157,10,Janoshik,2026-03-01,-,10,10,99",
    ];
    const reading = readLabTestCsv(lines.join("\n"));
    expect(reading.errors.map((error) => error.line)).toEqual([2, 3, 4, 5, 6]);
    expect(reading.errors[0]?.message).toBe(
      "Lab cannot start with =, +, -, @ or a tab (a spreadsheet would run it as a formula)",
    );
    // "-" alone is the usual "not measured".
    expect(reading.rows.map((row) => row.row.batch)).toEqual(["-"]);
  });
});

describe("resolveLabTestRows", () => {
  it("finds vendor and peptide by name (any case) or slug and the size in mg", () => {
    const reading = readLabTestCsv(
      `${HEADER}\napex peptide labs,bpc-157,5,Janoshik,2026-03-01,,5,5.1,99\n`,
    );
    const { tests, errors } = resolveLabTestRows(reading.rows, targets);
    expect(errors).toEqual([]);
    expect(tests[0]).toMatchObject({
      line: 2,
      vendorId: "v1",
      peptideId: "p1",
      sizeOptionId: "s5",
      batch: null,
      claimedMassMg: 5,
    });
  });

  it("names the line of an unknown vendor, peptide or size", () => {
    const reading = readLabTestCsv(
      [
        HEADER,
        "Nobody,BPC-157,10,Janoshik,2026-03-01,,,,",
        "Apex Peptide Labs,Unobtainium,,Janoshik,2026-03-01,,,,",
        "apex-peptide-labs,BPC-157,7,Janoshik,2026-03-01,,,,",
      ].join("\n"),
    );
    expect(formatLineErrors(resolveLabTestRows(reading.rows, targets).errors)).toEqual([
      'Line 2: No vendor is named "Nobody"',
      'Line 3: No peptide is named "Unobtainium"',
      "Line 4: BPC-157 has no 7 mg size",
    ]);
  });
});
