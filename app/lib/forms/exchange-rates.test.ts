import { describe, expect, it } from "vitest";

import { EXCHANGE_RATE_MESSAGES, exchangeRateFormSchema } from "./exchange-rates";
import { firstIssueMessage } from "./form-data";

function messageOf(fields: Record<string, string>) {
  const parsed = exchangeRateFormSchema.safeParse(fields);
  return parsed.success ? null : firstIssueMessage(parsed.error);
}

describe("exchangeRateFormSchema", () => {
  it("reads a new rate as a known code and a number", () => {
    expect(
      exchangeRateFormSchema.parse({ intent: "add-rate", currency: " SEK ", unitsPerUsd: "9.5" }),
    ).toEqual({ intent: "add-rate", currency: "SEK", unitsPerUsd: 9.5 });
  });

  it("refuses codes that are not three capitals, unknown codes and the dollar", () => {
    const add = (currency: string) => messageOf({ intent: "add-rate", currency, unitsPerUsd: "1" });
    expect(add("eur")).toBe(EXCHANGE_RATE_MESSAGES.codeFormat);
    expect(add("EURO")).toBe(EXCHANGE_RATE_MESSAGES.codeFormat);
    expect(add("QQQ")).toBe(EXCHANGE_RATE_MESSAGES.unknownCode);
    expect(add("USD")).toBe(EXCHANGE_RATE_MESSAGES.dollarIsBase);
  });

  it("refuses rates that are not positive, too large or not plain numbers", () => {
    for (const unitsPerUsd of ["0", "-1", "abc", "1e3", "10000001", "", "0.000000001"]) {
      expect(messageOf({ intent: "update-rate", currency: "EUR", version: "1", unitsPerUsd })).toBe(
        EXCHANGE_RATE_MESSAGES.rateRange,
      );
    }
    expect(
      messageOf({
        intent: "update-rate",
        currency: "IDR",
        version: "1",
        unitsPerUsd: "16705.12",
      }),
    ).toBe(null);
  });

  it("reads the daily-refresh switch", () => {
    expect(exchangeRateFormSchema.parse({ intent: "set-rate-refresh", autoRefresh: "on" })).toEqual(
      { intent: "set-rate-refresh", autoRefresh: true },
    );
    expect(messageOf({ intent: "set-rate-refresh", autoRefresh: "maybe" })).toBe(
      "Choose on or off",
    );
  });
});
