import { describe, expect, it } from "vitest";

import {
  countryName,
  isCountryCode,
  regionFromAcceptLanguage,
  resolveShipTo,
  SHIP_TO_ANYWHERE,
  shipToChoices,
} from "./ship-to";

describe("regionFromAcceptLanguage", () => {
  it("takes the region of the preferred language that has one", () => {
    expect(regionFromAcceptLanguage("en-GB,en;q=0.9")).toBe("GB");
    expect(regionFromAcceptLanguage("de,de-AT;q=0.8,en-US;q=0.5")).toBe("AT");
    expect(regionFromAcceptLanguage("en-US;q=0.4,fr-CA;q=0.9")).toBe("CA");
    expect(regionFromAcceptLanguage("zh-Hant-TW")).toBe("TW");
  });

  it("is null without a region, or for a header that names none", () => {
    expect(regionFromAcceptLanguage("en")).toBeNull();
    expect(regionFromAcceptLanguage("*")).toBeNull();
    expect(regionFromAcceptLanguage(null)).toBeNull();
    expect(regionFromAcceptLanguage("en-XX")).toBeNull();
    expect(regionFromAcceptLanguage("en-GB;q=0")).toBeNull();
  });
});

describe("resolveShipTo", () => {
  it("prefers the cookie, whose 'anywhere' is null, over the language", () => {
    expect(resolveShipTo("DE", "en-US")).toBe("DE");
    expect(resolveShipTo(SHIP_TO_ANYWHERE, "en-US")).toBeNull();
    expect(resolveShipTo(undefined, "en-US")).toBe("US");
    expect(resolveShipTo("not-a-country", "en-CA")).toBe("CA");
    expect(resolveShipTo(undefined, undefined)).toBeNull();
  });
});

describe("countries", () => {
  it("names real codes and refuses made-up ones", () => {
    expect(countryName("GB")).toBe("United Kingdom");
    expect(isCountryCode("US")).toBe(true);
    expect(isCountryCode("XX")).toBe(false);
    expect(isCountryCode("us")).toBe(false);
  });

  it("lists vendors' countries and the current choice by name, once each", () => {
    expect(shipToChoices(["US", "GB", "US", "XX"], "FR")).toEqual(["FR", "GB", "US"]);
  });
});
