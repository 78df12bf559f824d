import { describe, expect, it } from "vitest";

import { isConnectionLost, isReadOnlyStatement } from "./read-retry";

describe("isReadOnlyStatement", () => {
  it.each([
    'select "id", "name" from "peptides" where "slug" = $1',
    "  SELECT 1",
    '(select "id" from "a") union (select "id" from "b")',
    "/* drizzle */ select count(*) from vendors",
    'with ranked as (select "id" from "offers") select * from ranked',
    'select "updated_at", "deleted_by" from "trash_items"',
  ])("retries %s", (text) => {
    expect(isReadOnlyStatement(text)).toBe(true);
  });

  it.each([
    'insert into "saved_deals" ("id") values ($1)',
    'update "vendors" set "name" = $1',
    'delete from "sessions" where "id" = $1',
    'with moved as (delete from "a" returning *) insert into "b" select * from moved',
    'select "id" from "scrape_runs" for update skip locked',
    "select pg_notify($1, '')",
    "select set_config($1, $2, false)",
    "select nextval('seq')",
    "begin",
  ])("never retries %s", (text) => {
    expect(isReadOnlyStatement(text)).toBe(false);
  });
});

describe("isConnectionLost", () => {
  const withCode = (code: string) => Object.assign(new Error("server said no"), { code });

  it("recognises a terminated backend and a dropped socket", () => {
    expect(isConnectionLost(withCode("57P01"))).toBe(true);
    expect(isConnectionLost(withCode("08006"))).toBe(true);
    expect(isConnectionLost(new Error("Connection terminated unexpectedly"))).toBe(true);
  });

  it("leaves errors of the statement itself alone", () => {
    expect(isConnectionLost(withCode("23505"))).toBe(false);
    expect(isConnectionLost(withCode("57014"))).toBe(false);
    expect(isConnectionLost(new Error("syntax error at or near"))).toBe(false);
    expect(isConnectionLost("Connection terminated")).toBe(false);
  });
});
