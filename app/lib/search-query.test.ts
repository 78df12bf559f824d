import { describe, expect, it } from "vitest";

import { parseSearchQuery } from "~/lib/search-query";

const sizeOf = (query: string) => {
  const { size } = parseSearchQuery(query);
  return size && { quantity: size.quantity, unit: size.unit, words: size.words.key };
};

describe("parseSearchQuery", () => {
  it("reads a size with its unit however it is written", () => {
    const fiveMg = { quantity: 5, unit: "mg", words: "semaglutide" };
    expect(sizeOf("semaglutide 5mg")).toEqual(fiveMg);
    expect(sizeOf("semaglutide 5 mg")).toEqual(fiveMg);
    expect(sizeOf("Semaglutide 5MG")).toEqual(fiveMg);
    expect(sizeOf("  SEMAGLUTIDE   5 Mg ")).toEqual(fiveMg);
  });

  it("converts micrograms and grams to milligrams and keeps IU and ml", () => {
    expect(sizeOf("bpc-157 500mcg")).toEqual({ quantity: 0.5, unit: "mg", words: "bpc157" });
    expect(sizeOf("bpc 157 0.5 mg")).toEqual({ quantity: 0.5, unit: "mg", words: "bpc157" });
    expect(sizeOf("hgh 10iu")).toEqual({ quantity: 10, unit: "IU", words: "hgh" });
    expect(sizeOf("bac water 30 ml")).toEqual({ quantity: 30, unit: "ml", words: "bacwater" });
    expect(sizeOf("tirzepatide 2,5mg")).toEqual({
      quantity: 2.5,
      unit: "mg",
      words: "tirzepatide",
    });
  });

  it("takes the size wherever it stands, the last one when there are two", () => {
    expect(sizeOf("5mg semaglutide")).toEqual({ quantity: 5, unit: "mg", words: "semaglutide" });
    expect(sizeOf("semaglutide 2mg 5mg")?.quantity).toBe(5);
  });

  it("reads a bare number after the words as a possible size, the words without it", () => {
    expect(sizeOf("semaglutide 5")).toEqual({ quantity: 5, unit: null, words: "semaglutide" });
    // Part of the name as much as a size: the search tries both (search.server.ts).
    expect(sizeOf("bpc 157")).toEqual({ quantity: 157, unit: null, words: "bpc" });
    expect(parseSearchQuery("bpc 157").whole.key).toBe("bpc157");
  });

  it("names no size where there is none, or nothing else", () => {
    expect(sizeOf("semaglutide")).toBeNull();
    // A number joined to the name is the name's.
    expect(sizeOf("bpc-157")).toBeNull();
    expect(sizeOf("bpc157")).toBeNull();
    expect(sizeOf("tb4")).toBeNull();
    // Nothing but a size: no words to find a peptide by, so the query stays whole.
    expect(sizeOf("5mg")).toBeNull();
    expect(sizeOf("10")).toBeNull();
    expect(sizeOf("semaglutide 0")).toBeNull();
  });

  it("keeps the whole query for the search that ignores the size", () => {
    const query = parseSearchQuery("Semaglutide 5 mg");
    expect(query.whole.text).toBe("Semaglutide 5 mg");
    expect(query.size?.words.prefixTsQuery).toBe("semaglutide:*");
  });
});
