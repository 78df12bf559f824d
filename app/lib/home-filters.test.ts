import { describe, expect, it } from "vitest";

import { hasRowFilters, parseHomeFilters, parsePage } from "./home-filters";

const parse = (query: string) => parseHomeFilters(new URLSearchParams(query));

describe("parseHomeFilters", () => {
  it("reads sizes, vendors and the price and rating bounds from the URL", () => {
    expect(
      parse("size=5mg&size=10mg&vendor=PureSequence&minPrice=10&maxPrice=50&rating=4"),
    ).toEqual({
      sizes: ["5mg", "10mg"],
      vendors: ["PureSequence"],
      minPrice: 10,
      maxPrice: 50,
      minRating: 4,
    });
  });

  it("drops values no catalogue holds: blanks, duplicates, control characters, negatives, words", () => {
    const filters = parse("size=&size=5mg&size=5mg&vendor=a%00b&minPrice=-3&maxPrice=abc&rating=9");
    expect(filters).toEqual({
      sizes: ["5mg"],
      vendors: [],
      minPrice: null,
      maxPrice: null,
      minRating: 5,
    });
  });

  it("caps how many values one link can ask for", () => {
    const query = Array.from({ length: 80 }, (_, i) => `vendor=v${i}`).join("&");
    expect(parse(query).vendors).toHaveLength(50);
  });

  it("tells whether any filter narrows the rows", () => {
    expect(hasRowFilters(parse(""))).toBe(false);
    expect(hasRowFilters(parse("maxPrice=20"))).toBe(true);
  });
});

describe("parsePage", () => {
  it("falls back to page 1 for anything but a positive whole number", () => {
    expect(parsePage("3")).toBe(3);
    for (const bad of [null, "", "0", "-2", "1.5", "abc", "1e400"]) expect(parsePage(bad)).toBe(1);
  });
});
