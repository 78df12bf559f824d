import { describe, expect, it } from "vitest";

import { AD_DEFAULTS, adFormSchema, bulkAdsSchema } from "./ads";

const UUID = "00000000-0000-4000-8000-000000000001";

describe("adFormSchema", () => {
  it("fills SPEC's defaults and stores only the chosen type's fields", () => {
    const ad = adFormSchema.parse({ title: " Sale ", type: "basic", overlayColor: "red" });
    expect(ad).toMatchObject({
      title: "Sale",
      ctaText: AD_DEFAULTS.ctaText,
      placement: AD_DEFAULTS.placement,
      overlayColor: null,
      mediaUrl: null,
    });
  });

  it("names the limit of an over-long field", () => {
    const result = adFormSchema.safeParse({ title: "x".repeat(201) });
    expect(result.error?.issues[0]?.message).toBe("Title can be at most 200 characters");
  });

  it("refuses a colour that could escape its CSS value", () => {
    const result = adFormSchema.safeParse({
      title: "t",
      type: "overlay",
      overlayColor: "red;}body{display:none",
    });
    expect(result.success).toBe(false);
  });
});

describe("bulkAdsSchema", () => {
  it("reads comma-separated ids without duplicates", () => {
    expect(
      bulkAdsSchema.parse({ intent: "bulk-ads", operation: "activate", ids: `${UUID},${UUID},` })
        .ids,
    ).toEqual([UUID]);
  });

  it("refuses an empty selection and a malformed id", () => {
    expect(
      bulkAdsSchema.safeParse({ intent: "bulk-ads", operation: "delete", ids: "" }).success,
    ).toBe(false);
    expect(
      bulkAdsSchema.safeParse({ intent: "bulk-ads", operation: "delete", ids: "1,2" }).success,
    ).toBe(false);
  });
});
