import { describe, expect, it } from "vitest";

import { catalogueOptionsPath, catalogueOptionsQuerySchema } from "./catalogue-options";

describe("catalogue picker queries", () => {
  it("reads the kind and the trimmed text, empty when none was typed", () => {
    expect(catalogueOptionsQuerySchema.parse({ kind: "peptides", q: "  bpc " })).toEqual({
      kind: "peptides",
      q: "bpc",
    });
    expect(catalogueOptionsQuerySchema.parse({ kind: "vendors" })).toEqual({
      kind: "vendors",
      q: "",
    });
  });

  it("refuses an unknown picker and overlong text", () => {
    expect(catalogueOptionsQuerySchema.safeParse({ kind: "users", q: "a" }).success).toBe(false);
    expect(
      catalogueOptionsQuerySchema.safeParse({ kind: "peptides", q: "a".repeat(101) }).success,
    ).toBe(false);
  });

  it("writes the resource route's address with the text encoded", () => {
    expect(catalogueOptionsPath("vendors", "A & B")).toBe("/admin/options/vendors?q=A+%26+B");
  });

  it("names the peptide a size picker is scoped to, and nothing when there is none", () => {
    expect(catalogueOptionsPath("sizes", "10", { peptide: "p-1" })).toBe(
      "/admin/options/sizes?q=10&peptide=p-1",
    );
    expect(catalogueOptionsPath("sizes", "10", { peptide: undefined })).toBe(
      "/admin/options/sizes?q=10",
    );
  });
});
