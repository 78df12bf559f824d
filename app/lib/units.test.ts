import { describe, expect, it } from "vitest";

import { formatSize, pricePerMg, toMilligrams } from "~/lib/units";

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
