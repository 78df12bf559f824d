import { describe, expect, it } from "vitest";

import { describeReportStats } from "./offer-reports";

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
