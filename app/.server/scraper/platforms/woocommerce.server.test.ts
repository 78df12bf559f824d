import { describe, expect, it } from "vitest";

import { fromMinorUnits, variationLabels } from "./woocommerce.server";

describe("fromMinorUnits", () => {
  it("shifts the decimal point by currency_minor_unit", () => {
    expect(fromMinorUnits("2450", 2)).toBe(24.5);
    expect(fromMinorUnits("4500", 0)).toBe(4500);
    expect(fromMinorUnits("13275", 3)).toBe(13.275);
  });

  it("reads no price from an empty, zero or non-numeric amount", () => {
    expect(fromMinorUnits("", 2)).toBeNull();
    expect(fromMinorUnits("0", 2)).toBeNull();
    expect(fromMinorUnits("12.50", 2)).toBeNull();
    expect(fromMinorUnits(null, 2)).toBeNull();
  });
});

describe("variationLabels", () => {
  const sizeAttribute = {
    name: "Size",
    taxonomy: "pa_size",
    terms: [
      { name: "2.5mg", slug: "2-5mg" },
      { name: "10mg", slug: "10mg" },
    ],
  };

  it("names a variation by its term's name, found by the slug it refers to", () => {
    expect(
      variationLabels({ attributes: [sizeAttribute] }, [{ name: "Size", value: "2-5mg" }], {
        variation: "Size: 2.5mg",
      }),
    ).toEqual(["2.5mg"]);
  });

  it("falls back to the variation's own shopper-facing text, never the slug", () => {
    expect(
      variationLabels({ attributes: [] }, [{ name: "Size", value: "2-5mg" }], {
        variation: "Size: 2.5mg",
      }),
    ).toEqual(["2.5mg"]);
    expect(
      variationLabels(
        { attributes: [{ ...sizeAttribute, terms: [] }] },
        [
          { name: "Size", value: "2-5mg" },
          { name: "Vials", value: "5-pack" },
        ],
        { variation: "Size: 2.5mg, Vials: 5 &amp; more" },
      ),
    ).toEqual(["2.5mg", "5 & more"]);
  });

  it("takes a custom (non-taxonomy) attribute's value, which is its text", () => {
    expect(
      variationLabels(
        { attributes: [{ name: "Strength", taxonomy: null, terms: [] }] },
        [{ name: "Strength", value: "5mg" }],
        { variation: "" },
      ),
    ).toEqual(["5mg"]);
  });
});
