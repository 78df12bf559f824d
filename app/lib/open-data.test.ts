import { describe, expect, it } from "vitest";

import {
  checkCurrency,
  currencyQuerySchema,
  describeIssues,
  linkHeader,
  pageLinks,
  peptideListQuerySchema,
  queryParams,
  slugParamSchema,
  toApiMoney,
  toApiMoneyPerMg,
} from "./open-data";

describe("peptideListQuerySchema", () => {
  it("defaults to page 1 of 50 in US dollars", () => {
    expect(peptideListQuerySchema.parse({})).toEqual({
      page: 1,
      perPage: 50,
      currency: "USD",
      shipTo: null,
    });
  });

  it("takes numbers, and a currency and destination in any case", () => {
    expect(
      peptideListQuerySchema.parse({ page: "3", perPage: "10", currency: "eur", shipTo: "gb" }),
    ).toEqual({
      page: 3,
      perPage: 10,
      currency: "EUR",
      shipTo: "GB",
    });
  });

  it.each([
    [{ page: "0" }, "page"],
    [{ page: "-1" }, "page"],
    [{ page: "1.5" }, "page"],
    [{ page: "abc" }, "page"],
    [{ page: "99999999" }, "page"],
    [{ perPage: "101" }, "perPage"],
    [{ perPage: "0" }, "perPage"],
    [{ currency: "dollars" }, "currency"],
    [{ currency: "U$" }, "currency"],
    [{ shipTo: "XX" }, "shipTo"],
    [{ shipTo: "GBR" }, "shipTo"],
  ])("refuses %j, naming %s", (query, name) => {
    const result = peptideListQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    if (!result.success) expect(describeIssues(result.error)).toMatch(new RegExp(`^${name}: `));
  });

  it("reads only the named parameters, the last value of each", () => {
    const url = new URL("https://x.test/api?page=2&page=4&perPage=5&t=1");
    expect(queryParams(url, ["page", "perPage", "currency"])).toEqual({ page: "2", perPage: "5" });
    expect(currencyQuerySchema.parse(queryParams(url, ["currency"]))).toEqual({
      currency: "USD",
      shipTo: null,
    });
  });
});

describe("slugParamSchema", () => {
  it("accepts slugs and refuses anything else", () => {
    expect(slugParamSchema.safeParse("bpc-157").success).toBe(true);
    for (const bad of ["BPC-157", "bpc 157", "-bpc", "a".repeat(101), "bpc--157", ""]) {
      expect(slugParamSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe("checkCurrency", () => {
  it("accepts the dollar and currencies with a rate, and lists them otherwise", () => {
    const rates = { EUR: 0.9, GBP: 0.8 };
    expect(checkCurrency("USD", rates)).toBeNull();
    expect(checkCurrency("EUR", rates)).toBeNull();
    expect(checkCurrency("JPY", rates)).toBe(
      "currency: no exchange rate for JPY; use one of USD, EUR, GBP",
    );
  });
});

describe("toApiMoney", () => {
  it("gives the shop's amount and the converted one, rounded to cents", () => {
    expect(toApiMoney(45, "EUR", "USD", { EUR: 0.9 })).toEqual({
      amount: 45,
      currency: "EUR",
      converted: { amount: 50, currency: "USD" },
    });
    expect(toApiMoney(10.005, "USD", "USD", {})).toEqual({
      amount: 10.01,
      currency: "USD",
      converted: { amount: 10.01, currency: "USD" },
    });
  });

  it("converts to null without a rate, never pretending", () => {
    expect(toApiMoney(45, "CHF", "USD", { EUR: 0.9 }).converted).toBeNull();
  });

  it("keeps four decimals per milligram", () => {
    expect(toApiMoneyPerMg(0.123456, "USD", "USD", {}).amount).toBe(0.1235);
  });
});

describe("pageLinks", () => {
  const url = new URL("http://localhost:3000/api/v1/peptides?perPage=10&page=2&currency=EUR");

  it("links first, previous, next and last pages, keeping the other parameters", () => {
    const links = pageLinks(url, "https://site.example", { page: 2, perPage: 10, total: 35 });
    expect(links).toEqual({
      self: "https://site.example/api/v1/peptides?perPage=10&page=2&currency=EUR",
      first: "https://site.example/api/v1/peptides?perPage=10&page=1&currency=EUR",
      last: "https://site.example/api/v1/peptides?perPage=10&page=4&currency=EUR",
      next: "https://site.example/api/v1/peptides?perPage=10&page=3&currency=EUR",
      prev: "https://site.example/api/v1/peptides?perPage=10&page=1&currency=EUR",
    });
    expect(linkHeader(links)).toBe(
      [
        '<https://site.example/api/v1/peptides?perPage=10&page=1&currency=EUR>; rel="first"',
        '<https://site.example/api/v1/peptides?perPage=10&page=1&currency=EUR>; rel="prev"',
        '<https://site.example/api/v1/peptides?perPage=10&page=3&currency=EUR>; rel="next"',
        '<https://site.example/api/v1/peptides?perPage=10&page=4&currency=EUR>; rel="last"',
      ].join(", "),
    );
  });

  it("has no next on the last page and no previous on the first", () => {
    const last = pageLinks(url, "https://site.example", { page: 4, perPage: 10, total: 35 });
    expect(last.next).toBeNull();
    const first = pageLinks(url, "https://site.example", { page: 1, perPage: 10, total: 35 });
    expect(first.prev).toBeNull();
    expect(linkHeader(first)).not.toMatch(/rel="prev"/);
  });

  it("points a page past the end back to the last page", () => {
    const beyond = pageLinks(url, "https://site.example", { page: 9, perPage: 10, total: 35 });
    expect(beyond.next).toBeNull();
    expect(beyond.prev).toMatch(/page=4/);
  });
});
