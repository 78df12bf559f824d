import { describe, expect, it } from "vitest";

import { convertAmount, displayCurrencies, resolveDisplayCurrency } from "./money";

const rates = { EUR: 0.9, GBP: 0.8, AUD: 1.5 };

describe("convertAmount", () => {
  it("leaves an amount in its own currency alone", () => {
    expect(convertAmount(42, "AUD", "AUD", {})).toBe(42);
  });

  it("converts to and from the dollar", () => {
    expect(convertAmount(90, "EUR", "USD", rates)).toBeCloseTo(100);
    expect(convertAmount(100, "USD", "GBP", rates)).toBeCloseTo(80);
  });

  it("converts between two other currencies through the dollar", () => {
    expect(convertAmount(150, "AUD", "EUR", rates)).toBeCloseTo(90);
  });

  it("answers null when a rate is missing or unusable", () => {
    expect(convertAmount(10, "JPY", "USD", rates)).toBeNull();
    expect(convertAmount(10, "USD", "CHF", { CHF: 0 })).toBeNull();
  });
});

describe("display currencies", () => {
  it("lists the dollar first, then every currency with a rate", () => {
    expect(displayCurrencies(rates)).toEqual(["USD", "AUD", "EUR", "GBP"]);
  });

  it("accepts a requested currency only when it has a rate", () => {
    expect(resolveDisplayCurrency("EUR", rates)).toBe("EUR");
    expect(resolveDisplayCurrency("JPY", rates)).toBe("USD");
    expect(resolveDisplayCurrency(null, rates)).toBe("USD");
  });
});
