import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signIn } from "../helpers/auth";
import { rowCountsOfAllTables } from "../helpers/row-counts";
import { startTestServer, type FormFields, type TestServer } from "../helpers/server";

let server: TestServer;
let adminCookie: string;

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const LONG = "x".repeat(20_000);

const rowCounts = () => rowCountsOfAllTables(server.app.db);

beforeAll(async () => {
  server = await startTestServer();
  adminCookie = await signIn(server, "admin@peptideprices.test", "admin-password");
});
afterAll(async () => {
  await server?.close();
});

const CASES: [string, string, FormFields][] = [
  [
    "/admin/users",
    "add-admin: an over-long e-mail",
    { intent: "add-admin", email: `${LONG}@x.test` },
  ],
  ["/admin/users", "add-admin: not an e-mail", { intent: "add-admin", email: "nobody" }],
  [
    "/admin/users",
    "add-admin: nobody with that e-mail",
    { intent: "add-admin", email: "ghost@nowhere.test" },
  ],
  ["/admin/users", "toggle-admin: an over-long id", { intent: "toggle-admin", userId: LONG }],
  [
    "/admin/users",
    "toggle-admin: an unknown user",
    { intent: "toggle-admin", userId: "no-such-user" },
  ],
  [
    "/admin/users",
    "reset-password: an unknown user",
    { intent: "reset-password", userId: "no-such-user" },
  ],
  [
    "/admin/users",
    "remove-admin: an unknown user",
    { intent: "remove-admin", userId: "no-such-user" },
  ],
  ["/admin/users", "an unknown intent", { intent: "drop-tables" }],
  ["/admin/ads", "delete: a malformed id", { intent: "delete", id: "not-a-uuid" }],
  ["/admin/ads", "delete: an unknown ad", { intent: "delete", id: UNKNOWN_ID }],
  ["/admin/ads", "an unknown intent", { intent: "drop-tables" }],
  [
    "/admin/categories",
    "delete-category: an unknown category",
    { intent: "delete-category", id: UNKNOWN_ID },
  ],
  [
    "/admin/categories",
    "delete-category: a malformed id",
    { intent: "delete-category", id: "1; drop" },
  ],
  [
    "/admin/trash",
    "restore-batch: an unknown batch",
    { intent: "restore-batch", batchId: UNKNOWN_ID },
  ],
  ["/admin/trash", "restore-batch: a malformed batch", { intent: "restore-batch", batchId: LONG }],
  ["/admin/trash", "restore-item: an unknown item", { intent: "restore-item", id: UNKNOWN_ID }],
  ["/admin/trash", "restore-item: no id", { intent: "restore-item" }],
  ["/admin/trash", "an unknown intent", { intent: "empty-trash" }],
];

describe("bounded admin input: a refused post is a 4xx with a message and writes nothing", () => {
  it.each(CASES)("%s %s", async (path, _what, fields) => {
    const before = await rowCounts();
    const response = await server.postForm(path, fields, { cookie: adminCookie });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const body = await response.text();
    expect(body).toMatch(/"error"|error/);
    expect(body).not.toMatch(/duplicate key|violates|at .*\.js:\d+/);
    expect(await rowCounts()).toEqual(before);
  });
});
