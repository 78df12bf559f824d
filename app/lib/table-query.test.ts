import { describe, expect, it } from "vitest";
import { z } from "zod";

import { clampPage, defineTableQuery, pageCount, pageOffset, TABLE_QUERY_MAX } from "./table-query";

const TABLE = defineTableQuery({
  sorts: ["name", "createdAt", "price"],
  defaultSort: "createdAt",
  defaultDir: "desc",
  filters: {
    stock: z.enum(["in_stock", "out_of_stock"]),
    stale: z.enum(["true"]).transform(() => true),
  },
});

const parse = (search: string) => TABLE.parse(new URLSearchParams(search));

describe("parse", () => {
  it("reads every parameter", () => {
    expect(parse("q=bpc&sort=price&dir=desc&page=3&stock=in_stock&stale=true")).toEqual({
      q: "bpc",
      sort: "price",
      dir: "desc",
      page: 3,
      filters: { stock: "in_stock", stale: true },
    });
  });

  it("gives the defaults for an empty URL", () => {
    expect(parse("")).toEqual({ q: "", sort: "createdAt", dir: "desc", page: 1, filters: {} });
  });

  it("cuts the search to its limit and trims it", () => {
    expect(parse(`q=${"x".repeat(500)}`).q).toHaveLength(TABLE_QUERY_MAX);
    expect(parse("q=%20%20bpc%20").q).toBe("bpc");
  });

  it("turns a page below 1 or not a number into page 1", () => {
    for (const page of ["0", "-4", "abc", "2.5", "1e99", ""])
      expect(parse(`page=${page}`).page).toBe(1);
  });

  it("falls back to the default sort and direction for unknown values", () => {
    expect(parse("sort=password&dir=sideways")).toMatchObject({ sort: "createdAt", dir: "desc" });
    expect(parse("sort=createdAt&dir=up").dir).toBe("asc");
  });

  it("sorts a named column ascending when no direction is given", () => {
    expect(parse("sort=name")).toMatchObject({ sort: "name", dir: "asc" });
  });

  it("drops a filter its schema refuses, and unknown parameters", () => {
    expect(parse("stock=maybe&role=admin").filters).toEqual({});
  });
});

describe("serialize and hrefFor", () => {
  it("round-trips through the URL, leaving defaults out", () => {
    const query = parse("q=tb&sort=name&dir=asc&page=2&stock=out_of_stock");
    expect(parse(TABLE.serialize(query).toString())).toEqual(query);
    expect(TABLE.serialize(parse("")).toString()).toBe("");
  });

  it("keeps the other parameters when the page changes", () => {
    const query = parse("q=tb&sort=name&stock=in_stock");
    expect(TABLE.hrefFor(query, { page: 4 })).toBe("?q=tb&stock=in_stock&sort=name&dir=asc&page=4");
  });

  it("goes back to page 1 when the search, a filter or the sort changes", () => {
    const query = parse("q=tb&page=3");
    expect(TABLE.hrefFor(query, { q: "bpc" })).toBe("?q=bpc");
    expect(TABLE.hrefFor(query, { filters: { stock: "in_stock" } })).toBe("?q=tb&stock=in_stock");
    expect(TABLE.hrefFor(query, { filters: { stock: undefined } })).toBe("?q=tb");
  });

  it("gives a bare '?' when everything is default", () => {
    expect(TABLE.hrefFor(parse("page=2"), { page: 1 })).toBe("?");
  });
});

describe("toggleSort", () => {
  it("sorts a new column ascending first, even numbers and dates", () => {
    expect(TABLE.toggleSort(parse("sort=name&dir=desc&page=3"), "price")).toMatchObject({
      sort: "price",
      dir: "asc",
      page: 1,
    });
    expect(TABLE.toggleSort(parse(""), "name").dir).toBe("asc");
  });

  it("flips the current column", () => {
    expect(TABLE.toggleSort(parse("sort=price&dir=asc"), "price").dir).toBe("desc");
    expect(TABLE.toggleSort(parse("sort=price&dir=desc"), "price").dir).toBe("asc");
  });
});

describe("paging", () => {
  it("counts pages, at least one", () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });

  it("clamps a page past the end to the last page", () => {
    expect(clampPage(9, 41, 20)).toBe(3);
    expect(clampPage(0, 41, 20)).toBe(1);
    expect(clampPage(2, 0, 20)).toBe(1);
  });

  it("offsets by whole pages", () => {
    expect(pageOffset(1, 20)).toBe(0);
    expect(pageOffset(3, 20)).toBe(40);
  });
});
