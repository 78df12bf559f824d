import { describe, expect, it } from "vitest";

import { landedOriginal, perMgOriginal } from "./offer-originals";
import type { DisplayPrices } from "./pricing";

/** Display amounts in dollars of an offer priced in euros; only `total` matters here. */
function converted(total: number | null): DisplayPrices {
  return {
    currency: "USD",
    converted: true,
    price: 0,
    priceAfterCoupon: 0,
    perVial: 0,
    perMg: null,
    shipping: null,
    total,
    totalPerVial: null,
    totalPerMg: null,
  };
}

describe("landedOriginal", () => {
  it("adds shipping to the price after coupon in minor units, without float dust", () => {
    expect(
      landedOriginal({
        display: converted(45.5),
        priceAfterCoupon: 38.1,
        currency: "EUR",
        shipping: { amount: 4.2, currency: "EUR" },
      }),
    ).toEqual({ amount: 42.3, currency: "EUR" });
  });

  it("is the price alone when shipping is not known", () => {
    const offer = { priceAfterCoupon: 38.25, currency: "EUR" };
    expect(landedOriginal({ ...offer, display: converted(null), shipping: null })).toEqual({
      amount: 38.25,
      currency: "EUR",
    });
    expect(landedOriginal({ ...offer, display: null, shipping: null })).toEqual({
      amount: 38.25,
      currency: "EUR",
    });
  });

  it("is null when shipping is charged in another currency than the price", () => {
    expect(
      landedOriginal({
        display: converted(50),
        priceAfterCoupon: 38.25,
        currency: "EUR",
        shipping: { amount: 9, currency: "GBP" },
      }),
    ).toBeNull();
  });
});

describe("perMgOriginal", () => {
  it("divides by the milligrams of the whole pack", () => {
    expect(
      perMgOriginal({ quantity: 5, unit: "mg", vials: 2 }, { amount: 40, currency: "EUR" }),
    ).toEqual({ amount: 4, currency: "EUR" });
  });

  it("is null without an amount or without a size in milligrams", () => {
    expect(perMgOriginal({ quantity: 5, unit: "mg", vials: 1 }, null)).toBeNull();
    expect(
      perMgOriginal({ quantity: 10, unit: "IU", vials: 1 }, { amount: 40, currency: "EUR" }),
    ).toBeNull();
  });
});
