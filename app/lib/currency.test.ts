import { describe, expect, it } from "vitest";

import { currencyCode, isoCurrencyCode } from "~/lib/currency";

describe("isoCurrencyCode", () => {
  it("accepts ISO 4217 codes in any case and nothing else", () => {
    expect(isoCurrencyCode("usd")).toBe("USD");
    expect(isoCurrencyCode(" AUD ")).toBe("AUD");
    expect(isoCurrencyCode("XYZ")).toBeNull();
    expect(isoCurrencyCode("$")).toBeNull();
    expect(isoCurrencyCode(null)).toBeNull();
  });
});

describe("currencyCode", () => {
  it.each([
    ["€", "EUR"],
    ["£", "GBP"],
    ["US$", "USD"],
    ["A$", "AUD"],
    ["AU$", "AUD"],
    ["C$", "CAD"],
    ["zł", "PLN"],
    ["EUR", "EUR"],
  ])("reads %s as %s", (raw, code) => {
    expect(currencyCode(raw)).toBe(code);
  });

  it("never guesses a symbol several currencies share", () => {
    for (const symbol of ["$", "¥", "kr", "Fr.", "Rs", "", null]) {
      expect(currencyCode(symbol)).toBeNull();
    }
  });
});
