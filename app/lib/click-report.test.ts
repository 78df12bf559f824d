import { describe, expect, it } from "vitest";

import {
  clickReportCsv,
  clickReportRangeSchema,
  clicksPerVendor,
  dailyClickTotals,
} from "./click-report";

const rows = [
  { day: "2026-03-01", vendorId: "v1", vendorName: "Alpha", clicks: 3, affiliatedClicks: 3 },
  {
    day: "2026-03-01",
    vendorId: "v2",
    vendorName: '=HYPERLINK("x")',
    clicks: 1,
    affiliatedClicks: 0,
  },
  { day: "2026-03-03", vendorId: "v1", vendorName: "Alpha", clicks: 2, affiliatedClicks: 2 },
];

describe("click report", () => {
  it("totals each day of the range, days without clicks as zero", () => {
    expect(dailyClickTotals(rows, { from: "2026-03-01", to: "2026-03-03" })).toEqual([
      { day: "2026-03-01", clicks: 4 },
      { day: "2026-03-02", clicks: 0 },
      { day: "2026-03-03", clicks: 2 },
    ]);
  });

  it("totals each vendor, most clicks first", () => {
    expect(clicksPerVendor(rows).map((v) => [v.vendorName, v.clicks])).toEqual([
      ["Alpha", 5],
      ['=HYPERLINK("x")', 1],
    ]);
  });

  it("exports CSV with formula-leading cells neutralised", () => {
    const csv = clickReportCsv(rows);
    expect(csv.split("\r\n")[0]).toBe("day,vendor_id,vendor,clicks,affiliated_clicks");
    expect(csv).toContain(`2026-03-01,v2,"'=HYPERLINK(""x"")",1,0`);
    for (const lead of ["+", "-", "@"]) {
      expect(clickReportCsv([{ ...rows[0]!, vendorName: `${lead}cmd` }])).toContain(
        `,'${lead}cmd,`,
      );
    }
  });

  it("refuses a malformed or inverted range", () => {
    expect(clickReportRangeSchema.safeParse({ from: "2026-02-30" }).success).toBe(false);
    expect(clickReportRangeSchema.safeParse({ from: "2026-03-02", to: "2026-03-01" }).success).toBe(
      false,
    );
    expect(clickReportRangeSchema.safeParse({ from: "2020-01-01", to: "2026-03-01" }).success).toBe(
      false,
    );
    expect(clickReportRangeSchema.parse({ from: "2026-03-01", to: "2026-03-01" })).toEqual({
      from: "2026-03-01",
      to: "2026-03-01",
    });
  });
});
