import { describe, expect, it } from "vitest";

import { slugify } from "~/lib/slug";

describe("slugify", () => {
  it("lower-cases and joins words with hyphens", () => {
    expect(slugify("BPC-157")).toBe("bpc-157");
    expect(slugify("GHK-Cu (Copper)")).toBe("ghk-cu-copper");
    expect(slugify("  TB 500 -- Thymosin  ")).toBe("tb-500-thymosin");
  });

  it("strips accents and spells out letters that do not decompose", () => {
    expect(slugify("Crème Brûlée")).toBe("creme-brulee");
    expect(slugify("Straße")).toBe("strasse");
    expect(slugify("α-MSH")).toBe("alpha-msh");
  });

  it("returns an empty slug for text without letters or digits", () => {
    expect(slugify("")).toBe("");
    expect(slugify("!!!")).toBe("");
  });

  it("caps the length at 80 without a trailing hyphen", () => {
    const slug = slugify(`${"a".repeat(79)} b`);
    expect(slug).toBe("a".repeat(79));
    expect(slugify("x".repeat(200))).toHaveLength(80);
  });
});
