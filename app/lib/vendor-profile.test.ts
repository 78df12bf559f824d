import { describe, expect, it } from "vitest";

import { describePriceChanges, describeShippingTerms } from "~/lib/vendor-profile";

const terms = {
  currency: "USD",
  shippingFee: null,
  freeShippingThreshold: null,
  shippingNote: null,
};

describe("describeShippingTerms", () => {
  it("says the fee and the free-shipping threshold in the vendor's currency", () => {
    expect(describeShippingTerms({ ...terms, shippingFee: 9.99, freeShippingThreshold: 100 })).toBe(
      "$9.99 per order, free from $100.00",
    );
    expect(describeShippingTerms({ ...terms, currency: "EUR", freeShippingThreshold: 50 })).toBe(
      "Free from €50.00",
    );
    expect(describeShippingTerms({ ...terms, shippingFee: 0, freeShippingThreshold: 50 })).toBe(
      "Free shipping",
    );
  });

  it("falls back to the vendor's note, then to 'Not listed'", () => {
    expect(describeShippingTerms({ ...terms, shippingNote: "Varies" })).toBe("Varies");
    expect(describeShippingTerms({ ...terms, shippingNote: "  " })).toBe("Not listed");
    expect(describeShippingTerms(terms)).toBe("Not listed");
  });
});

describe("describePriceChanges", () => {
  it("counts changes and products, in the singular when there is one", () => {
    expect(describePriceChanges(0, 0)).toBe("No price changes in the last 30 days");
    expect(describePriceChanges(1, 1)).toBe("1 price change in the last 30 days, across 1 product");
    expect(describePriceChanges(12, 5)).toBe(
      "12 price changes in the last 30 days, across 5 products",
    );
  });
});
