import { describe, expect, it } from "vitest";

import {
  matchedAlias,
  normaliseSearchQuery,
  SEARCH_QUERY_MAX_LENGTH,
  searchKey,
  searchPath,
  searchQuerySchema,
} from "~/lib/search";

describe("normaliseSearchQuery", () => {
  it("gives one key whatever the hyphens, spaces and case", () => {
    expect(normaliseSearchQuery("BPC-157").key).toBe("bpc157");
    expect(normaliseSearchQuery(" bpc 157 ").key).toBe("bpc157");
    expect(normaliseSearchQuery("bpc157").key).toBe("bpc157");
  });

  it("turns every word into a prefix term and nothing else into tsquery syntax", () => {
    expect(normaliseSearchQuery("Thymosin beta").prefixTsQuery).toBe("thymosin:* & beta:*");
    expect(normaliseSearchQuery("a|b & !c:* <-> d").prefixTsQuery).toBe("a:* & b:* & c:* & d:*");
    expect(normaliseSearchQuery("---").prefixTsQuery).toBe("");
  });

  it("keeps letters outside ASCII", () => {
    expect(searchKey("α-MSH")).toBe("αmsh");
  });
});

describe("searchQuerySchema", () => {
  it("trims, bounds and cleans the query", () => {
    expect(searchQuerySchema.parse("  ghk ")).toBe("ghk");
    expect(searchQuerySchema.parse("x".repeat(500))).toHaveLength(SEARCH_QUERY_MAX_LENGTH);
    expect(searchQuerySchema.parse("a\u0000b")).toBe("a b");
  });

  it("reads a missing query as empty", () => {
    expect(searchQuerySchema.parse(null)).toBe("");
    expect(searchQuerySchema.parse(undefined)).toBe("");
  });
});

describe("matchedAlias", () => {
  it("names the alias that matched when the name did not", () => {
    expect(matchedAlias("TB-500", ["Thymosin Beta-4"], "thymosin")).toBe("Thymosin Beta-4");
    expect(matchedAlias("TB-500", ["Thymosin Beta-4"], "tb5")).toBeNull();
  });
});

describe("searchPath", () => {
  it("encodes the query", () => {
    expect(searchPath("ghk cu&x")).toBe("/search?q=ghk+cu%26x");
  });
});
