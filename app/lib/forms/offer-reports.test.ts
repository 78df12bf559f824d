import { describe, expect, it } from "vitest";

import { offerReportSchema } from "./offer-reports";

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
