import { describe, expect, it } from "vitest";

import { hasRowFilters, offerPassesFilters, parseHomeFilters, parseHomeSort } from "./home-filters";

const parse = (query: string) => parseHomeFilters(new URLSearchParams(query));

describe("parseHomeFilters", () => {
  it("reads ticked price bands as one span, from the lowest floor to the highest ceiling", () => {
    expect(parse("price=25-50")).toMatchObject({ minPrice: 25, maxPrice: 50 });
    expect(parse("price=0-25&price=50-100")).toMatchObject({ minPrice: null, maxPrice: 100 });
    expect(parse("price=200-")).toMatchObject({ minPrice: 200, maxPrice: null });
    expect(parse("price=bogus")).toMatchObject({ minPrice: null, maxPrice: null });
  });

  it("reads a slider's ends as no bound, and several ticked ratings as the lowest", () => {
    expect(parse("minPrice=0&maxPrice=500")).toMatchObject({ minPrice: null, maxPrice: null });
    expect(parse("minPrice=20&maxPrice=120")).toMatchObject({ minPrice: 20, maxPrice: 120 });
    expect(parse("rating=0")).toMatchObject({ minRating: null });
    expect(parse("rating=4.5&rating=3")).toMatchObject({ minRating: 3 });
  });

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

describe("parseHomeSort", () => {
  it("reads a known sort and falls back to name", () => {
    expect(parseHomeSort("per-mg")).toBe("per-mg");
    expect(parseHomeSort("vendors")).toBe("vendors");
    expect(parseHomeSort("cheapest")).toBe("name");
    expect(parseHomeSort(null)).toBe("name");
  });
});

describe("offerPassesFilters", () => {
  const offer = { vendorName: "Helix Source", vendorRating: 4.5, displayPrice: 30 };
  const filters = parseHomeFilters(new URLSearchParams());

  it("passes everything without filters", () => {
    expect(offerPassesFilters(offer, filters)).toBe(true);
  });

  it("keeps only the chosen vendors, ratings and prices", () => {
    expect(offerPassesFilters(offer, { ...filters, vendors: ["Apex"] })).toBe(false);
    expect(offerPassesFilters(offer, { ...filters, vendors: ["Helix Source"] })).toBe(true);
    expect(offerPassesFilters(offer, { ...filters, minRating: 4.8 })).toBe(false);
    expect(offerPassesFilters(offer, { ...filters, maxPrice: 29.99 })).toBe(false);
    expect(offerPassesFilters(offer, { ...filters, minPrice: 30, maxPrice: 30 })).toBe(true);
  });

  it("never lets a price without a display amount through a price filter", () => {
    expect(offerPassesFilters({ ...offer, displayPrice: null }, filters)).toBe(true);
    expect(
      offerPassesFilters({ ...offer, displayPrice: null }, { ...filters, maxPrice: 100 }),
    ).toBe(false);
  });
});
