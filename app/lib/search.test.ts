import { describe, expect, it } from "vitest";

import { matchedAlias, normaliseSearchQuery, searchKey, searchPath } from "~/lib/search";

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
