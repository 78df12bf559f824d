import { describe, expect, it } from "vitest";

import {
  formatSize,
  namesMatch,
  normalizeProductName,
  parseSizeFromText,
  pricePerMg,
  toMilligrams,
} from "~/lib/units";

describe("formatSize", () => {
  it("writes standard units straight after the number", () => {
    expect(formatSize(10, "mg")).toBe("10mg");
    expect(formatSize(2.5, "mg")).toBe("2.5mg");
    expect(formatSize(5000, "IU")).toBe("5000IU");
    expect(formatSize(500, "mcg")).toBe("500mcg");
  });

  it("drops the padding of numeric strings", () => {
    expect(formatSize("10.000", "mg")).toBe("10mg");
    expect(formatSize("2.500", "ml")).toBe("2.5ml");
    expect(formatSize(0.1 + 0.2, "mg")).toBe("0.3mg");
  });

  it("puts a space before a free-text unit", () => {
    expect(formatSize(1, "other", "vial")).toBe("1 vial");
    expect(formatSize("3.0", "other", " kits ")).toBe("3 kits");
    expect(formatSize(1, "other", null)).toBe("1");
  });
});

describe("toMilligrams", () => {
  it("converts mass units", () => {
    expect(toMilligrams(10, "mg")).toBe(10);
    expect(toMilligrams(500, "mcg")).toBe(0.5);
  });

  it("has no answer for volume, potency or free-text units", () => {
    expect(toMilligrams(2, "ml")).toBeNull();
    expect(toMilligrams(10, "IU")).toBeNull();
    expect(toMilligrams(1, "other")).toBeNull();
  });
});

describe("pricePerMg", () => {
  it("divides the price by the milligrams", () => {
    expect(pricePerMg(50, 10, "mg")).toBe(5);
    expect(pricePerMg(30, 500, "mcg")).toBe(60);
  });

  it("is null when the size cannot be converted or is not positive", () => {
    expect(pricePerMg(50, 10, "IU")).toBeNull();
    expect(pricePerMg(50, 0, "mg")).toBeNull();
    expect(pricePerMg(50, -5, "mg")).toBeNull();
  });
});

describe("parseSizeFromText", () => {
  it.each([
    ["BPC-157 10mg", 10, "mg"],
    ["TB-500 (5 mg)", 5, "mg"],
    ["Ipamorelin 2mg/vial", 2, "mg"],
    ["HGH 10 IU", 10, "IU"],
    ["Melanotan 2 10MG", 10, "mg"],
    ["GHK-Cu 50 mg", 50, "mg"],
    ["Tesamorelin 2.5mg", 2.5, "mg"],
    ["500mcg", 500, "mcg"],
    ["Selank 250µg", 250, "mcg"],
    ["Bac water 10ml", 10, "ml"],
    ["Semaglutide 2,5mg", 2.5, "mg"],
    ["HCG 5,000IU", 5000, "IU"],
    ["BPC-157 10mg (2 x 5mg)", 10, "mg"],
  ])("reads %s", (text, quantity, unit) => {
    expect(parseSizeFromText(text)).toEqual({ quantity, unit });
  });

  it("ignores numbers that belong to the name", () => {
    expect(parseSizeFromText("BPC-157")).toBeNull();
    expect(parseSizeFromText("Melanotan 2")).toBeNull();
    expect(parseSizeFromText("CJC-1295 no DAC")).toBeNull();
  });

  it("needs a whole unit word", () => {
    expect(parseSizeFromText("Product 10 mgx")).toBeNull();
  });
});

describe("normalizeProductName", () => {
  it("keeps only the peptide's name", () => {
    expect(normalizeProductName("BPC-157 10mg Vial")).toBe("bpc-157");
    expect(normalizeProductName("TB-500 (5 mg) Research Peptide")).toBe("tb-500");
    expect(normalizeProductName("Melanotan 2 10MG Lyophilized Powder")).toBe("melanotan 2");
    expect(normalizeProductName("GHK-Cu (Copper) – 50mg/vial")).toBe("ghk-cu copper");
    expect(normalizeProductName("  BPC-157  -  5mg  ")).toBe("bpc-157");
  });
});

describe("namesMatch", () => {
  it("matches spellings that differ only in separators, case and sizes", () => {
    expect(namesMatch("BPC 157", "BPC-157")).toBe(true);
    expect(namesMatch("TB500", "TB-500 5mg")).toBe(true);
    expect(namesMatch("ghk-cu", "GHK Cu 50mg Vial")).toBe(true);
  });

  it("tells different peptides apart", () => {
    expect(namesMatch("BPC-157", "TB-500")).toBe(false);
    expect(namesMatch("Melanotan 1", "Melanotan 2")).toBe(false);
  });

  it("never matches empty names", () => {
    expect(namesMatch("10mg vial", "Research peptide")).toBe(false);
  });
});
