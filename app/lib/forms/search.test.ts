import { describe, expect, it } from "vitest";

import { SEARCH_QUERY_MAX_LENGTH } from "~/lib/search";

import { searchQuerySchema } from "./search";

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
