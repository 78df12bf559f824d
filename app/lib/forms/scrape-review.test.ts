import { describe, expect, it } from "vitest";

import { settingsFormSchema } from "./settings";
import { reviewActionSchema } from "./scrape-review";

const ID = "6b1f6a2e-2f43-4a8e-9d57-0d3d2b8b6c11";
const SETTINGS = {
  version: "1",
  scrapeIntervalSeconds: "3600",
  maxUrlsPerRun: "10",
  requestDelayMs: "0",
  priceAlertThresholdPercent: "5",
};

describe("reviewActionSchema", () => {
  it("reads an approval: blanks are null, the currency upper-cased, the alias box a boolean", () => {
    const parsed = reviewActionSchema.parse({
      intent: "approve-review",
      id: ID,
      peptide_id: ID,
      quantity: "",
      unit: "mg",
      vials: "5",
      currency: " eur ",
      add_alias: "on",
    });
    expect(parsed).toMatchObject({
      quantity: null,
      unit: "mg",
      vials: 5,
      currency: "EUR",
      add_alias: true,
    });
  });

  it.each([
    [{ peptide_id: "nope" }, "Choose a peptide"],
    [{ peptide_id: ID, vials: "0" }, "At least 1 vial"],
    [{ peptide_id: ID, currency: "dollars" }, "three-letter currency code"],
    [{ peptide_id: ID, quantity: "-2" }, "more than 0"],
  ])("refuses %o", (fields, message) => {
    const parsed = reviewActionSchema.safeParse({ intent: "approve-review", id: ID, ...fields });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toContain(message);
  });
});

describe("settingsFormSchema: runs without a price before an offer is stale", () => {
  it("accepts 1 to 100 and keeps the stored value when the field is left out", () => {
    expect(settingsFormSchema.parse({ ...SETTINGS, staleAfterMissedRuns: "4" })).toMatchObject({
      staleAfterMissedRuns: 4,
    });
    expect(settingsFormSchema.parse(SETTINGS).staleAfterMissedRuns).toBeUndefined();
    for (const value of ["0", "101", "two"])
      expect(
        settingsFormSchema.safeParse({ ...SETTINGS, staleAfterMissedRuns: value }).success,
      ).toBe(false);
  });
});
