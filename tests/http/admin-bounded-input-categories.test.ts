import { count, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { auditLog, categories, categoryFilters, sizeOptions } from "~/.server/db/schema";

import { expectConstraintRefusal } from "../helpers/constraints";
import { signIn } from "../helpers/auth";
import { versionOf } from "../helpers/row-version";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let adminCookie: string;
let categoryId: string;
let filterId: string;

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const long = (length: number) => "x".repeat(length);

beforeAll(async () => {
  server = await startTestServer();
  adminCookie = await signIn(server, "admin@peptideprices.test", "admin-password");
  const db = server.app.db;
  [{ id: categoryId }] = await db.select({ id: categories.id }).from(categories).limit(1);
  [{ id: filterId }] = await db
    .insert(categoryFilters)
    .values({ name: "Bounded filter", field: "size", type: "checkbox" })
    .returning({ id: categoryFilters.id });
});
afterAll(async () => {
  await server?.close();
});

async function rowCount(table: PgTable) {
  const [row] = await server.app.db.select({ n: count() }).from(table);
  return row!.n;
}

/** Every table the page writes, and the audit log: a refused post changes none of them. */
async function snapshot() {
  const db = server.app.db;
  const counts = await Promise.all(
    [categories, categoryFilters, sizeOptions, auditLog].map(rowCount),
  );
  const [categoryRows, filterRows] = await Promise.all([
    db
      .select({ name: categories.name, description: categories.description })
      .from(categories)
      .orderBy(categories.id),
    db
      .select({ name: categoryFilters.name, position: categoryFilters.position })
      .from(categoryFilters)
      .orderBy(categoryFilters.id),
  ]);
  return { counts, categoryRows, filterRows };
}

const validCategory = () => ({ intent: "create-category", name: "Bounded Category" });
const validFilter = () => ({
  intent: "create-filter",
  name: "Bounded Filter",
  type: "checkbox",
  field: "size",
});

type Case = [label: string, fields: Record<string, string>, status: number, message: string];

const cases = (): Case[] => [
  ["unknown intent", { intent: "drop-everything" }, 400, "Unknown action"],
  // categories
  [
    "category name too long",
    { ...validCategory(), name: long(3000) },
    400,
    "Category name can be at most 200 characters",
  ],
  ["category name empty", { ...validCategory(), name: "  " }, 400, "Please enter a category name"],
  [
    "category name without letters",
    { ...validCategory(), name: "!!!" },
    400,
    "at least one letter",
  ],
  [
    "category description too long",
    { ...validCategory(), description: long(20_000) },
    400,
    "Description can be at most 10,000 characters",
  ],
  [
    "update category malformed id",
    { intent: "update-category", id: "x", version: "1", name: "Renamed" },
    400,
    "Unknown category",
  ],
  [
    "update category unknown id",
    { intent: "update-category", id: UNKNOWN_ID, version: "1", name: "Renamed" },
    404,
    "Category not found",
  ],
  [
    "update category name too long",
    { intent: "update-category", id: categoryId, version: "1", name: long(201) },
    400,
    "Category name can be at most 200 characters",
  ],
  ["delete category malformed id", { intent: "delete-category", id: "x" }, 400, "Unknown category"],
  [
    "delete category unknown id",
    { intent: "delete-category", id: UNKNOWN_ID },
    404,
    "Category not found",
  ],
  // filters
  [
    "filter name too long",
    { ...validFilter(), name: long(3000) },
    400,
    "Filter name can be at most 200 characters",
  ],
  ["filter name missing", { ...validFilter(), name: "" }, 400, "Filter name is required"],
  ["filter type unknown", { ...validFilter(), type: "slider" }, 400, "Choose checkbox"],
  ["filter field unknown", { ...validFilter(), field: "colour" }, 400, "Choose what the filter"],
  [
    "filter position not a number",
    { ...validFilter(), position: "abc" },
    400,
    "Position must be a number",
  ],
  [
    "filter position out of range",
    { ...validFilter(), position: "99999" },
    400,
    "Position must be between 0 and 1000",
  ],
  [
    "update filter unknown id",
    { ...validFilter(), intent: "update-filter", id: UNKNOWN_ID, version: "1" },
    404,
    "Filter not found",
  ],
  [
    "update filter over-long name",
    { ...validFilter(), intent: "update-filter", id: filterId, version: "1", name: long(500) },
    400,
    "Filter name can be at most 200 characters",
  ],
  ["delete filter malformed id", { intent: "delete-filter", id: "x" }, 400, "Unknown filter"],
  [
    "delete filter unknown id",
    { intent: "delete-filter", id: UNKNOWN_ID },
    404,
    "Filter not found",
  ],
  // sizes
  ["delete size malformed id", { intent: "delete-size", id: "x" }, 400, "Unknown size"],
  ["delete size unknown id", { intent: "delete-size", id: UNKNOWN_ID }, 404, "Size not found"],
];

describe("categories admin intents refuse bad input with a 4xx and a message, writing nothing", () => {
  // The cases read ids known only once beforeAll ran: each test builds them again by its label.
  it.each(cases().map(([label]) => label))("answers %s so", async (label) => {
    const [, fields, status, message] = cases().find((entry) => entry[0] === label)!;
    const before = await snapshot();
    const response = await server.postForm("/admin/categories", fields, { cookie: adminCookie });
    const text = await response.text();
    expect({ label, status: response.status }).toEqual({ label, status });
    expect(text, label).toContain(message);
    expect(await snapshot(), label).toEqual(before);
  });

  it("names the refused field, so the dialog shows the message under it", async () => {
    const response = await server.postForm(
      "/admin/categories",
      { ...validFilter(), name: long(3000) },
      { cookie: adminCookie },
    );
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toContain("fieldErrors");
    expect(text).toContain("Filter name can be at most 200 characters");
  });

  it("refuses an over-long name in the database too", async () => {
    await expectConstraintRefusal("categories_name_length", () =>
      server.app.db.insert(categories).values({ name: long(201), slug: "too-long-category" }),
    );
    await expectConstraintRefusal("category_filters_name_length", () =>
      server.app.db
        .insert(categoryFilters)
        .values({ name: long(201), field: "size", type: "checkbox" }),
    );
  });

  it("audits a filter edit with its name, before and after", async () => {
    const response = await server.postForm(
      "/admin/categories",
      {
        ...validFilter(),
        intent: "update-filter",
        id: filterId,
        version: await versionOf(server.app.db, categoryFilters, filterId),
        name: "Renamed filter",
        enabled: "on",
      },
      { cookie: adminCookie },
    );
    expect(response.status).toBe(200);
    const entries = await server.app.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.entityId, filterId));
    expect(entries.map((entry) => entry.details)).toContainEqual(
      expect.objectContaining({
        name: "Renamed filter",
        changes: { name: { before: "Bounded filter", after: "Renamed filter" } },
      }),
    );
  });
});
