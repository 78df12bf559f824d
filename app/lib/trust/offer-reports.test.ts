import { describe, expect, it } from "vitest";

import { describeReportStats, offerReportSchema } from "./offer-reports";

describe("describeReportStats", () => {
  it("says the reports of 90 days and those corrected within 24 h", () => {
    expect(describeReportStats({ reports: 1, correctedFast: 0 })).toBe(
      "1 report in 90 days, 0 corrected within 24 h",
    );
    expect(describeReportStats({ reports: 7, correctedFast: 5 })).toBe(
      "7 reports in 90 days, 5 corrected within 24 h",
    );
  });
});

describe("offerReportSchema", () => {
  it("takes a known kind and up to 500 characters of detail, trimmed", () => {
    expect(offerReportSchema.parse({ kind: "price", detail: "  $10 on the shop  " })).toEqual({
      kind: "price",
      detail: "$10 on the shop",
    });
    expect(offerReportSchema.parse({ kind: "link" })).toEqual({ kind: "link", detail: "" });
    expect(offerReportSchema.safeParse({ kind: "price", detail: "x".repeat(501) }).success).toBe(
      false,
    );
    expect(offerReportSchema.safeParse({ kind: "spam" }).success).toBe(false);
  });
});
