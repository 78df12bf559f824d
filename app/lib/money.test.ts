import { describe, expect, it } from "vitest";

import {
  compareAmounts,
  compareMoney,
  afterPercentOff,
  convertAmount,
  convertMoney,
  displayCurrencies,
  formatMoney,
  fromMinorUnits,
  groupThousands,
  intlCurrencyAffixes,
  isWholeMinorAmount,
  minorUnitExponent,
  parsePlainDecimal,
  resolveDisplayCurrency,
  roundMoney,
  SITE_CURRENCY_AFFIXES,
  toMinorUnits,
} from "./money";
import { CURRENCIES } from "./constants";

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

describe("compareAmounts", () => {
  it("takes a float's rounding for equality, as SQL's exact numerics see it", () => {
    expect(5.65 / 5).not.toBe(1.13);
    expect(compareAmounts(5.65 / 5, 1.13)).toBe(0);
    expect(compareAmounts(1.129, 1.13)).toBe(-1);
    expect(compareAmounts(1.131, 1.13)).toBe(1);
  });
});

describe("compareMoney", () => {
  it("orders prices by the minor units they round to, in the currency's own grain", () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(compareMoney(0.1 + 0.2, 0.3, "USD")).toBe(0);
    expect(compareMoney(9.004, 9, "USD")).toBe(0);
    expect(compareMoney(9.005, 9, "USD")).toBe(1);
    expect(compareMoney(8.99, 9, "USD")).toBe(-1);
    expect(compareMoney(1500.4, 1500, "JPY")).toBe(0);
    expect(compareMoney(1.0004, 1, "BHD")).toBe(0);
    expect(compareMoney(1.001, 1, "BHD")).toBe(1);
  });
});

describe("minor units", () => {
  it("knows each currency's ISO 4217 decimals", () => {
    expect(minorUnitExponent("USD")).toBe(2);
    expect(minorUnitExponent("jpy")).toBe(0);
    expect(minorUnitExponent("KRW")).toBe(0);
    expect(minorUnitExponent("KWD")).toBe(3);
  });

  it("rounds half up once, despite binary representation", () => {
    expect(toMinorUnits(19.95 * 0.9, "USD")).toBe(1796);
    expect(toMinorUnits(1.005, "USD")).toBe(101);
    expect(toMinorUnits(3625.45, "JPY")).toBe(3625);
    expect(toMinorUnits(3625.5, "JPY")).toBe(3626);
    expect(toMinorUnits(-10.005, "USD")).toBe(-1001);
    expect(fromMinorUnits(1796, "USD")).toBe(17.96);
    expect(roundMoney(25.555, "EUR")).toBe(25.56);
  });

  it("takes a percentage off whole minor units, the price after it rounded half up", () => {
    expect(afterPercentOff(1995, 10)).toBe(1796);
    expect(afterPercentOff(10_097, 10)).toBe(9087);
    expect(afterPercentOff(4995, 15)).toBe(4246);
    expect(afterPercentOff(1000, 12.5)).toBe(875);
    expect(afterPercentOff(1000, 120)).toBe(0);
    expect(afterPercentOff(1000, -5)).toBe(1000);
  });

  it("converts and rounds once in the target currency", () => {
    expect(convertMoney(25, "USD", "JPY", { JPY: 145.018 })).toBe(3625);
    expect(convertMoney(10, "USD", "CHF", {})).toBeNull();
  });
});

describe("groupThousands", () => {
  it("writes whole numbers as en-US toLocaleString does", () => {
    const values = [0, 7, 64, 999, 1000, 2048, 10_000, 100_000, 999_999, 1_000_000, 123_456_789];
    for (const value of [...values, ...values.filter((v) => v > 0).map((v) => -v)]) {
      expect(groupThousands(value)).toBe(value.toLocaleString("en-US"));
    }
  });
});

describe("formatMoney", () => {
  it("writes Intl's symbol for the display locale and the currency's decimals", () => {
    expect(formatMoney(3625.45, "JPY")).toBe("¥3,625");
    expect(formatMoney(25.555, "EUR")).toBe("€25.56");
    expect(formatMoney(12, "CAD")).toBe("CA$12.00");
    expect(formatMoney(-10.1, "USD")).toBe("-$10.10");
    expect(formatMoney(5, "EUR", { wholeWithoutMinor: true })).toBe("€5");
    expect(formatMoney(5.5, "EUR", { wholeWithoutMinor: true })).toBe("€5.50");
    expect(formatMoney(Number.POSITIVE_INFINITY, "USD")).toBe("—");
  });
});

describe("the site's currencies' symbols", () => {
  it("are written out for every site currency exactly as Intl writes them", () => {
    expect(Object.keys(SITE_CURRENCY_AFFIXES).sort()).toEqual([...CURRENCIES].sort());
    for (const code of CURRENCIES) {
      expect(SITE_CURRENCY_AFFIXES[code]).toEqual(intlCurrencyAffixes(code));
    }
  });
});

describe("typed amounts", () => {
  it("reads plain decimals only", () => {
    expect(parsePlainDecimal("49.99")).toBe(49.99);
    expect(parsePlainDecimal("12.")).toBe(12);
    expect(parsePlainDecimal(".5")).toBe(0.5);
    for (const text of ["0x10", "1e2", "1e-9", "-1", "+1", "1,000", " 1", "Infinity", "", "."]) {
      expect(parsePlainDecimal(text), text).toBeNull();
    }
  });

  it("knows a whole number of the smallest unit from a fraction of one", () => {
    expect(isWholeMinorAmount(17.95, "USD")).toBe(true);
    expect(isWholeMinorAmount(0.29, "USD")).toBe(true);
    expect(isWholeMinorAmount(0.004, "USD")).toBe(false);
    expect(isWholeMinorAmount(1e-9, "USD")).toBe(false);
    expect(isWholeMinorAmount(1200, "JPY")).toBe(true);
    expect(isWholeMinorAmount(12.5, "JPY")).toBe(false);
    // KWD has three decimals, and the money columns keep them.
    expect(isWholeMinorAmount(1.234, "KWD")).toBe(true);
    expect(isWholeMinorAmount(1.2345, "KWD")).toBe(false);
  });
});
