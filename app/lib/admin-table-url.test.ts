import { describe, expect, it } from "vitest";

import {
  pageCountOf,
  parseIdParam,
  parseSearch,
  parseStatusParam,
  parseTablePage,
  parseTableSort,
  sortHref,
  tableHref,
} from "./admin-table-url";

const params = (query: string) => new URLSearchParams(query);

describe("admin table URL state", () => {
  it("reads the search, cut to 200 characters and without control characters", () => {
    expect(parseSearch(params("q=%20bpc%00%20"))).toBe("bpc");
    expect(parseSearch(params(`q=${"a".repeat(500)}`))).toHaveLength(200);
  });

  it("reads the page, falling back to 1 on anything that is not a positive whole number", () => {
    expect(parseTablePage(params("page=3"))).toBe(3);
    for (const bad of ["page=0", "page=-1", "page=1.5", "page=x", ""]) {
      expect(parseTablePage(params(bad))).toBe(1);
    }
  });

  it("reads a known sort column and direction, else the fallback", () => {
    const fallback = { column: "name", direction: "asc" } as const;
    expect(parseTableSort(params("sort=price&dir=desc"), ["name", "price"], fallback)).toEqual({
      column: "price",
      direction: "desc",
    });
    expect(parseTableSort(params("sort=price"), ["name", "price"], fallback).direction).toBe("asc");
    expect(parseTableSort(params("sort=drop"), ["name", "price"], fallback)).toEqual(fallback);
  });

  it("accepts only uuids as id filters", () => {
    expect(parseIdParam(params("vendor=00000000-0000-4000-8000-00000000000A"), "vendor")).toBe(
      "00000000-0000-4000-8000-00000000000a",
    );
    expect(parseIdParam(params("vendor=1;drop"), "vendor")).toBeNull();
  });

  it("reads the status filter: active, inactive, or both for anything else", () => {
    expect(parseStatusParam(params("status=active"))).toBe(true);
    expect(parseStatusParam(params("status=inactive"))).toBe(false);
    expect(parseStatusParam(params("status=ACTIVE"))).toBeNull();
    expect(parseStatusParam(params(""))).toBeNull();
  });

  it("a new column sorts ascending first; the same column flips; the page resets", () => {
    const current = { column: "name", direction: "asc" } as const;
    expect(sortHref("page=4", current, "price")).toBe("?sort=price");
    expect(sortHref("sort=name", current, "name")).toBe("?sort=name&dir=desc");
    expect(sortHref("sort=name&dir=desc", { column: "name", direction: "desc" }, "name")).toBe(
      "?sort=name",
    );
  });

  it("changes parameters, dropping emptied ones, and keeps the page only when it is the change", () => {
    expect(tableHref("q=a&page=2", { q: "b" })).toBe("?q=b");
    expect(tableHref("q=a", { page: "2" })).toBe("?q=a&page=2");
    expect(tableHref("q=a", { q: null })).toBe("?");
  });

  it("counts at least one page", () => {
    expect(pageCountOf(0, 5)).toBe(1);
    expect(pageCountOf(11, 5)).toBe(3);
  });
});
