import fs from "node:fs";
import path from "node:path";

import { count, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as schema from "~/.server/db/schema";
import routes from "~/routes";

import { createUserWithPassword, readHtml, signIn } from "../helpers/auth";
import { startTestServer, type TestServer } from "../helpers/server";

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

/** Every URL the route configuration serves under /admin, params filled with a random id. */
function adminPaths(entries: RouteEntry[], parent = ""): { path: string; file: string }[] {
  return entries
    .flatMap((entry) => {
      const joined = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
      const own =
        entry.path !== undefined || entry.index ? [{ path: joined || "/", file: entry.file }] : [];
      return [...own, ...adminPaths(entry.children ?? [], joined)];
    })
    .filter(({ path }) => path === "/admin" || path.startsWith("/admin/"))
    .map(({ path, file }) => ({
      path: path.replace(/:[^/]+\??/g, crypto.randomUUID()).replace(/\/\*$/, "/anything"),
      file,
    }));
}

/** A route module without an action answers POST with 405 before any code of ours runs. */
function exportsAction(file: string): boolean {
  const source = fs.readFileSync(path.resolve(import.meta.dirname, "../../app", file), "utf8");
  return /export\s+(async\s+)?(function|const|let)\s+action\b|export\s*\{[^}]*\baction\b/.test(
    source,
  );
}

const PATHS = [
  ...new Map(adminPaths(routes as RouteEntry[]).map((entry) => [entry.path, entry])).values(),
];

/** What only an admin may see: other people's e-mails, scrape source URLs, audit entries. */
const ADMIN_ONLY_TEXT = [
  "admin@peptideprices.test",
  "demo@peptideprices.test",
  "/demo-retailer/shop",
  "product_selector",
];

/** Tables whose row counts must not move when a refused request arrives (auth bookkeeping excluded). */
const PRODUCT_TABLES = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .filter((table) => !["session", "rate_limit", "verification"].includes(getTableName(table)));

let server: TestServer;
let plainCookie: string;

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of PRODUCT_TABLES) {
    const [row] = await server.app.db.select({ n: count() }).from(table);
    counts[getTableName(table)] = row.n;
  }
  return counts;
}

beforeAll(async () => {
  server = await startTestServer();
  await createUserWithPassword(server.app, "plain@example.com", "plain-password-1");
  plainCookie = await signIn(server, "plain@example.com", "plain-password-1");
});
afterAll(async () => {
  await server?.close();
});

it("finds the admin routes in the route configuration", () => {
  const paths = PATHS.map((entry) => entry.path);
  expect(paths).toContain("/admin");
  expect(paths).toContain("/admin/peptides");
  expect(paths).toContain("/admin/users");
  expect(paths.length).toBeGreaterThanOrEqual(10);
});

const VISITORS = [
  { who: "a visitor", cookie: () => undefined },
  { who: "a plain signed-in user", cookie: () => plainCookie },
];

describe.each(VISITORS)("for $who", ({ cookie }) => {
  it.each(PATHS)("GET $path is refused with 'Admin Access Required' (403)", async ({ path }) => {
    const jar = cookie();
    const response = await server.fetch(path, { headers: jar ? { cookie: jar } : {} });
    expect(response.status).toBe(403);
    const body = await readHtml(response);
    expect(body).toContain("Admin Access Required");
    if (response.headers.get("content-type")?.includes("text/html")) {
      expect(body).toContain("Go to Admin Login");
    }
    for (const text of ADMIN_ONLY_TEXT) expect(body).not.toContain(text);
  });

  it.each(PATHS)(
    "POST $path is refused (401/403) and changes nothing",
    async ({ path: url, file }) => {
      const jar = cookie();
      const before = await rowCounts();
      const response = await server.fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: server.baseUrl,
          ...(jar ? { cookie: jar } : {}),
        },
        body: new URLSearchParams({
          intent: "delete",
          id: crypto.randomUUID(),
          name: "Guard probe",
          email: "plain@example.com",
        }),
      });
      expect(exportsAction(file) ? [401, 403] : [401, 403, 405]).toContain(response.status);
      const body = await readHtml(response);
      for (const text of ADMIN_ONLY_TEXT) expect(body).not.toContain(text);
      expect(await rowCounts()).toEqual(before);
    },
  );
});
