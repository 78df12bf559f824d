import { describe, expect, it } from "vitest";

import { outlierQuestion, priceSanityOf, type Market } from "./price-sanity";

const market: Market = {
  sizes: [
    { id: "s5", peptideId: "bpc", quantity: 5, unit: "mg" },
    { id: "s10", peptideId: "bpc", quantity: 10, unit: "mg" },
  ],
  offers: [
    {
      peptideId: "bpc",
      sizeOptionId: "s5",
      vendorId: "a",
      vials: 1,
      price: 40,
      currency: "USD",
      missedScrapes: 0,
    },
    {
      peptideId: "bpc",
      sizeOptionId: "s10",
      vendorId: "b",
      vials: 1,
      price: 80,
      currency: "USD",
      missedScrapes: 0,
    },
    {
      peptideId: "bpc",
      sizeOptionId: "s5",
      vendorId: "c",
      vials: 1,
      price: 2,
      currency: "USD",
      missedScrapes: 9,
    },
  ],
  staleAfterMissedRuns: 3,
};
const offer = { sizeOptionId: "s5", vendorId: "me", vials: 1, currency: "USD" };

describe("price sanity (one rule for scraped and manual prices)", () => {
  it("never accepts 0 or a negative price", () => {
    expect(priceSanityOf(market, { ...offer, price: 0 }).verdict).toBe("not_positive");
    expect(priceSanityOf(market, { ...offer, price: -5 }).verdict).toBe("not_positive");
    expect(priceSanityOf({ ...market, offers: [] }, { ...offer, price: 0 }).verdict).toBe(
      "not_positive",
    );
  });

  it("accepts a price near the other vendors' per mg, over every size", () => {
    expect(priceSanityOf(market, { ...offer, price: 45 }).verdict).toBe("ok");
    expect(priceSanityOf(market, { ...offer, sizeOptionId: "s10", price: 70 }).verdict).toBe("ok");
  });

  it("flags a price more than three times off the median per mg, ignoring stale offers", () => {
    const high = priceSanityOf(market, { ...offer, price: 400 });
    expect(high).toEqual({ verdict: "outlier", perUnit: 80, typicalPerUnit: 8, unit: "mg" });
    expect(priceSanityOf(market, { ...offer, price: 4 }).verdict).toBe("outlier");
    expect(outlierQuestion(high as Extract<typeof high, { verdict: "outlier" }>, "USD")).toBe(
      "This price is far from what the other vendors charge: 80 USD/mg against a typical 8 USD/mg. Save it anyway?",
    );
  });

  it("compares only the same currency and other vendors", () => {
    expect(priceSanityOf(market, { ...offer, currency: "EUR", price: 400 }).verdict).toBe("ok");
    expect(priceSanityOf(market, { ...offer, vendorId: "a", price: 400 }).verdict).toBe("outlier");
  });
});
