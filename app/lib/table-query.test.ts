import { describe, expect, it } from "vitest";
import { z } from "zod";

import { AUDIT_TABLE, PEPTIDES_TABLE, SCRAPE_LOGS_TABLE, SOURCES_TABLE } from "./admin-tables";
import {
  clampPage,
  defineTableQuery,
  idFilter,
  MAX_PAGE_SIZE,
  pageCount,
  pageOffset,
  parsePage,
  readTablePage,
  TABLE_QUERY_MAX,
} from "./table-query";

const TABLE = defineTableQuery({
  id: "test",
  sorts: ["name", "createdAt", "price"],
  defaultSort: "createdAt",
  defaultDir: "desc",
  pageSize: 20,
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
      pageSize: 20,
      filters: { stock: "in_stock", stale: true },
    });
  });

  it("gives the defaults for an empty URL", () => {
    expect(parse("")).toEqual({
      q: "",
      sort: "createdAt",
      dir: "desc",
      page: 1,
      pageSize: 20,
      filters: {},
    });
  });

  it("cuts the search to its limit, trims it and drops control characters", () => {
    expect(parse(`q=${"x".repeat(500)}`).q).toHaveLength(TABLE_QUERY_MAX);
    expect(parse("q=%20%20bpc%20").q).toBe("bpc");
    expect(parse("q=%20bpc%00%0A157%20").q).toBe("bpc157");
  });

  it("turns a page below 1 or not a number into page 1", () => {
    for (const page of ["0", "-4", "abc", "2.5", "1e99", "", "1;drop"])
      expect(parse(`page=${page}`).page).toBe(1);
    expect(parse("page=3").page).toBe(3);
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

  it("round-trips every sort and direction, writing an ascending sort without its direction", () => {
    for (const sort of TABLE.spec.sorts)
      for (const dir of ["asc", "desc"] as const) {
        const query = { ...parse("q=tb&page=2"), sort, dir };
        expect(parse(TABLE.serialize(query).toString())).toEqual(query);
      }
    expect(TABLE.serialize({ ...parse(""), sort: "name", dir: "asc" }).toString()).toBe(
      "sort=name",
    );
    // The default column the other way than its default.
    expect(TABLE.serialize({ ...parse(""), dir: "asc" }).toString()).toBe("sort=createdAt");
  });

  it("keeps the other parameters when the page changes", () => {
    const query = parse("q=tb&sort=name&stock=in_stock");
    expect(TABLE.hrefFor(query, { page: 4 })).toBe("?q=tb&stock=in_stock&sort=name&page=4");
  });

  it("keeps the page's parameters that are not the table's (another table's page)", () => {
    const current = "logs=2&review=pending&q=old&page=4";
    const query = parse(current);
    expect(TABLE.hrefFor(query, { sort: "price", dir: "asc" }, current)).toBe(
      "?logs=2&review=pending&q=old&sort=price",
    );
    expect(TABLE.hrefFor(query, { page: 5 }, current)).toBe("?logs=2&review=pending&q=old&page=5");
    expect(TABLE.hrefFor(query, { page: 1 }, new URLSearchParams(current))).toBe(
      "?logs=2&review=pending&q=old",
    );
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

describe("page size", () => {
  it("is part of the definition and bounded", () => {
    expect(TABLE.pageSize).toBe(20);
    for (const pageSize of [0, -1, 2.5, MAX_PAGE_SIZE + 1])
      expect(() =>
        defineTableQuery({ id: "t", sorts: ["name"], defaultSort: "name", pageSize }),
      ).toThrow(RangeError);
  });
});

describe("rows per page", () => {
  it("offers the default first, then 25, 50 and 100", () => {
    expect(TABLE.pageSizes).toEqual([20, 25, 50, 100]);
    expect(PEPTIDES_TABLE.pageSizes).toEqual([5, 25, 50, 100]);
    expect(SCRAPE_LOGS_TABLE.pageSizes).toEqual([10, 25, 50, 100]);
  });

  it("reads a size it offers and falls back to the default for any other", () => {
    expect(parse("size=50").pageSize).toBe(50);
    for (const size of ["7", "1000", "-25", "25.5", "abc", ""])
      expect(parse(`size=${size}`).pageSize).toBe(20);
  });

  it("keeps the size in links, leaves the default out and goes to page 1 on a change", () => {
    const query = parse("size=50&page=3&q=bpc");
    expect(TABLE.hrefFor(query, { page: 4 })).toBe("?q=bpc&page=4&size=50");
    expect(TABLE.hrefFor(query, { pageSize: 100 })).toBe("?q=bpc&size=100");
    expect(TABLE.hrefFor(query, { pageSize: 20 })).toBe("?q=bpc");
  });

  it("names the size of a second table on the page apart from the first", () => {
    const current = new URLSearchParams("size=25&logsSize=50");
    expect(SOURCES_TABLE.parse(current).pageSize).toBe(25);
    expect(SCRAPE_LOGS_TABLE.parse(current).pageSize).toBe(50);
  });

  it("pages by the size asked for", async () => {
    const rows = Array.from({ length: 120 }, (_, i) => i);
    const result = await readTablePage(parse("size=50&page=9"), async (page) => ({
      rows: rows.slice(pageOffset(page, 50), pageOffset(page, 50) + 50),
      total: rows.length,
    }));
    expect(result.query.page).toBe(3);
    expect(result.rows).toHaveLength(20);
  });
});

describe("readTablePage", () => {
  const rows = Array.from({ length: 41 }, (_, i) => i);
  const read = async (page: number) => ({
    rows: rows.slice(pageOffset(page, 20), pageOffset(page, 20) + 20),
    total: rows.length,
  });

  it("reads the page asked for", async () => {
    const result = await readTablePage(parse("page=2"), read);
    expect(result.query.page).toBe(2);
    expect(result.rows[0]).toBe(20);
  });

  it("reads the last page instead of one past the end", async () => {
    const result = await readTablePage(parse("page=9&q=x"), read);
    expect(result.query).toMatchObject({ page: 3, q: "x" });
    expect(result.rows).toEqual([40]);
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

describe("filters", () => {
  it("accepts only uuids as id filters, lower-cased", () => {
    expect(idFilter.safeParse("00000000-0000-4000-8000-00000000000A").data).toBe(
      "00000000-0000-4000-8000-00000000000a",
    );
    expect(idFilter.safeParse("1;drop").success).toBe(false);
    expect(
      PEPTIDES_TABLE.parse(new URLSearchParams("category=nope&popular=maybe")).filters,
    ).toEqual({});
    expect(PEPTIDES_TABLE.parse(new URLSearchParams("popular=0")).filters).toEqual({
      popular: "0",
    });
  });

  it("reads the status filter: active, inactive, or none for anything else", () => {
    const status = (search: string) =>
      PEPTIDES_TABLE.parse(new URLSearchParams(search)).filters.status;
    expect(status("status=active")).toBe("active");
    expect(status("status=inactive")).toBe("inactive");
    expect(status("status=ACTIVE")).toBeUndefined();
    expect(status("")).toBeUndefined();
  });

  it("reads text filters trimmed and cut, an empty one as none (the audit log)", () => {
    const query = AUDIT_TABLE.parse(
      new URLSearchParams(`entity=peptide&actor=%20admin@%20&page=3`),
    );
    expect(query).toMatchObject({ page: 3, filters: { entity: "peptide", actor: "admin@" } });
    expect(AUDIT_TABLE.parse(new URLSearchParams("entity=%20&page=")).filters).toEqual({});
    expect(
      AUDIT_TABLE.parse(new URLSearchParams(`actor=${"a".repeat(400)}`)).filters.actor,
    ).toHaveLength(254);
    expect(AUDIT_TABLE.hrefFor(query, { page: 2 })).toBe("?entity=peptide&actor=admin%40&page=2");
  });
});

describe("the admin tables", () => {
  it("sources: newest first by default, unknown values fall back", () => {
    expect(SOURCES_TABLE.parse(new URLSearchParams(""))).toEqual({
      q: "",
      sort: "created",
      dir: "desc",
      page: 1,
      pageSize: 5,
      filters: {},
    });
    expect(
      SOURCES_TABLE.parse(new URLSearchParams("status=broken&sort=id;drop&dir=up&page=-2")),
    ).toEqual({ q: "", sort: "created", dir: "desc", page: 1, pageSize: 5, filters: {} });
    expect(
      SOURCES_TABLE.parse(
        new URLSearchParams("q=%20apex%20&status=error&sort=lastScraped&dir=desc&page=3"),
      ),
    ).toEqual({
      q: "apex",
      sort: "lastScraped",
      dir: "desc",
      page: 3,
      pageSize: 5,
      filters: { status: "error" },
    });
  });

  it("sources: a first click on a column sorts it ascending", () => {
    const query = SOURCES_TABLE.parse(new URLSearchParams("q=apex"));
    const next = SOURCES_TABLE.toggleSort(query, "retailer");
    expect(SOURCES_TABLE.hrefFor(query, { sort: next.sort, dir: next.dir })).toBe(
      "?q=apex&sort=retailer",
    );
  });

  it("two tables on one page keep each other's state (sources and scrape logs)", () => {
    const current = new URLSearchParams("q=apex&status=error&page=2&logs=3");
    const sources = SOURCES_TABLE.parse(current);
    const logs = SCRAPE_LOGS_TABLE.parse(current);
    expect(logs.page).toBe(3);
    expect(sources.page).toBe(2);
    expect(SCRAPE_LOGS_TABLE.hrefFor(logs, { page: 4 }, current)).toBe(
      "?q=apex&status=error&page=2&logs=4",
    );
    expect(SOURCES_TABLE.hrefFor(sources, { page: 1 }, current)).toBe(
      "?logs=3&q=apex&status=error",
    );
  });
});

describe("parsePage", () => {
  it("falls back to page 1 for anything but a positive whole number", () => {
    expect(parsePage("3")).toBe(3);
    for (const bad of [null, "", "0", "-2", "1.5", "abc", "1e400"]) expect(parsePage(bad)).toBe(1);
  });
});
