import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as schema from "~/.server/db/schema";
import { openApiDocument } from "~/lib/openapi";

import { createUserWithPassword, signIn } from "../helpers/auth";
import { actionRoutes, type ActionRoute } from "../helpers/route-intents";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * Property-based fuzzing of every route module with an action (walked from app/routes.ts, each
 * with the intents and fields of its zod schemas), every operation of the OpenAPI document and
 * the other resource routes: random intents and fields, as a visitor, a signed-in user and an
 * admin. Whatever arrives, the answer is never a 5xx, and a refused submission (4xx) leaves
 * every table as it was.
 */

let server: TestServer;
let userCookie: string;
let adminCookie: string;
/** Found before the tests are collected, so each route is a test of its own. */
const routesWithActions: ActionRoute[] = await actionRoutes();

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "loopback" });
  await createUserWithPassword(server.app, "fuzz-user@example.com", "fuzz-password-1");
  await createUserWithPassword(server.app, "fuzz-admin@example.com", "fuzz-password-1", {
    admin: true,
  });
  userCookie = await signIn(server, "fuzz-user@example.com", "fuzz-password-1");
  adminCookie = await signIn(server, "fuzz-admin@example.com", "fuzz-password-1");
});
afterAll(async () => {
  await server?.close();
});

/**
 * Intents that reach out of the machine (a scrape run, the ECB) or start long work: the
 * scraper and rate tests cover them against local servers.
 */
const NETWORK_INTENTS = new Set(["run-all", "run-source", "test-selectors", "refresh-rates"]);

/** Field names every form may read, on top of the ones its own schemas name. */
const FIELD_NAMES = [
  "id",
  "name",
  "slug",
  "email",
  "password",
  "confirmPassword",
  "token",
  "provider",
  "categoryId",
  "vendorId",
  "peptideId",
  "dealId",
  "vendorPeptideId",
  "sizeOptionId",
  "price",
  "quantity",
  "unit",
  "unitLabel",
  "currency",
  "url",
  "website",
  "imageUrl",
  "linkUrl",
  "description",
  "title",
  "content",
  "section",
  "tags",
  "notes",
  "alertEnabled",
  "isPopular",
  "popularOrder",
  "couponCode",
  "discountType",
  "discountValue",
  "expirationDate",
  "placement",
  "type",
  "field",
  "position",
  "enabled",
  "rate",
  "returnTo",
  "selectors",
  "userId",
];

const fieldValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.uuid(),
  fc.constantFrom(
    "",
    "0",
    "-1",
    "1e309",
    "NaN",
    "on",
    "true",
    "USD",
    "mg",
    "other",
    "//evil.example",
  ),
  fc.integer().map(String),
  fc.double({ noNaN: false }).map(String),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ minLength: 3000, maxLength: 5000 }),
);

const submission = (route: ActionRoute) => {
  const intents = route.intents.filter((intent) => !NETWORK_INTENTS.has(intent));
  const fields = [...new Set([...route.fields, ...FIELD_NAMES])].filter((f) => f !== "intent");
  return fc.record({
    who: fc.constantFrom("visitor", "user", "admin"),
    intent: fc.option(fc.constantFrom(...intents, "unknown-intent"), { nil: undefined }),
    fields: fc.dictionary(fc.constantFrom(...fields), fieldValue, { maxKeys: 8 }),
    repeated: fc.option(fc.constantFrom(...fields), { nil: undefined }),
  });
};

/** Every table but better-auth's bookkeeping (sessions, rate-limit counters, tokens). */
const WATCHED_TABLES = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .filter((name) => !["session", "rate_limit", "verification"].includes(name));

/** Every watched table's row count, in one query. */
async function tableCounts(): Promise<Record<string, number>> {
  const columns = WATCHED_TABLES.map(
    (name) => `(select count(*) from "${name}")::int as "${name}"`,
  ).join(", ");
  const result = await server.app.db.execute(sql.raw(`select ${columns}`));
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    number
  >[];
  return rows[0]!;
}

function cookieOf(who: string): string | null {
  return who === "admin" ? adminCookie : who === "user" ? userCookie : null;
}

/** Cases per intent of a route (and per route with no intents); FUZZ_RUNS raises it. */
const RUNS_PER_INTENT = Number(process.env.FUZZ_RUNS ?? 4);
let totalCases = 0;

describe("fuzzing every action route of app/routes.ts", () => {
  it("finds the routes and intents from the route config and the schemas", () => {
    const paths = routesWithActions.map((route) => route.path);
    for (const expected of ["/alerts", "/stack", "/admin/prices", "/admin/trash", "/login"]) {
      expect(paths).toContain(expected);
    }
    const ads = routesWithActions.find((route) => route.path === "/admin/ads")!;
    expect(ads.intents).toEqual(expect.arrayContaining(["create", "update", "delete"]));
  });

  for (const route of routesWithActions) {
    it(
      `${route.path}: never a 5xx, and a refused submission writes nothing`,
      { timeout: 120_000 },
      async () => {
        let cases = 0;
        await fc.assert(
          fc.asyncProperty(submission(route), async ({ who, intent, fields, repeated }) => {
            cases += 1;
            const form: Record<string, string | string[]> = { ...fields };
            if (intent !== undefined) form.intent = intent;
            if (repeated !== undefined) form[repeated] = ["a", "b"];
            // Signing out would end the shared sessions the other cases use.
            const cookie = route.path === "/logout" ? null : cookieOf(who);
            const before = await tableCounts();
            const response = await server.postForm(route.path, form, { cookie });
            await response.arrayBuffer();
            const what = JSON.stringify({ route: route.path, who, form }).slice(0, 500);
            expect(response.status, what).toBeLessThan(500);
            if (response.status >= 400) expect(await tableCounts(), what).toEqual(before);
          }),
          { numRuns: RUNS_PER_INTENT * Math.max(2, route.intents.length + 1) },
        );
        totalCases += cases;
        console.log(`fuzz ${route.path}: ${cases} cases over ${route.intents.length} intents`);
      },
    );
  }
});

/** Every operation of the OpenAPI document, its path parameters and query filled at random. */
function openApiOperations() {
  const document = openApiDocument(server.baseUrl);
  const base = new URL(document.servers[0]!.url).pathname;
  return Object.entries(document.paths).flatMap(([template, item]) => {
    const pathItem = item as Record<string, unknown> & { servers?: { url: string }[] };
    const prefix = pathItem.servers ? new URL(pathItem.servers[0]!.url).pathname : base;
    return ["get", "post"]
      .filter((method) => pathItem[method])
      .map((method) => {
        const operation = pathItem[method] as { parameters?: { name: string; in: string }[] };
        const query = (operation.parameters ?? [])
          .filter((p) => p.in === "query")
          .map((p) => p.name);
        return {
          method: method.toUpperCase(),
          template: `${prefix}${template}`.replace(/\/+/g, "/"),
          query,
        };
      });
  });
}

describe("fuzzing the OpenAPI operations", () => {
  it("never answers a 5xx to random parameters and bodies", { timeout: 120_000 }, async () => {
    const operations = openApiOperations();
    expect(operations.length).toBeGreaterThanOrEqual(5);
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...operations),
        fc.string({ maxLength: 30 }),
        fc.array(fc.tuple(fc.string({ maxLength: 10 }), fieldValue), { maxLength: 4 }),
        fc.oneof(fc.json(), fc.string({ maxLength: 200 })),
        fc.integer({ min: 1, max: 250 }),
        async (operation, segment, params, body, client) => {
          cases += 1;
          const url = operation.template.replace(/\{[^}]+\}/g, encodeURIComponent(segment) || "x");
          const query = new URLSearchParams(
            params.map(([key, value], i) => [operation.query[i] ?? key, value]),
          );
          // A client address per case, so the open-data limit answers the fuzz, not a 429.
          const headers: Record<string, string> = {
            origin: server.baseUrl,
            "x-forwarded-for": `203.0.113.${client}`,
          };
          if (operation.method === "POST") headers["content-type"] = "application/json";
          const response = await server.fetch(`${url}?${query}`, {
            method: operation.method,
            headers,
            body: operation.method === "POST" ? body : undefined,
          });
          await response.arrayBuffer();
          expect(response.status, `${operation.method} ${url}?${query}`).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS_PER_INTENT * 3 * operations.length },
    );
    totalCases += cases;
    console.log(`fuzz OpenAPI: ${cases} cases over ${operations.length} operations`);
  });
});

describe("fuzzing the resource routes", () => {
  const resources = [
    "/api/auth/get-session",
    "/api/auth/sign-in/email",
    "/api/auth/sign-up/email",
    "/api/auth/request-password-reset",
    "/api/auth/reset-password",
    "/admin/backup",
    "/sitemap.xml",
    "/robots.txt",
    "/demo-retailer/shop",
    "/demo-retailer/products/bpc-157",
  ];

  it(
    "never answers a 5xx to random query strings and JSON bodies",
    { timeout: 120_000 },
    async () => {
      let cases = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...resources),
          fc.constantFrom("GET", "POST"),
          fc.dictionary(fc.constantFrom(...FIELD_NAMES), fieldValue, { maxKeys: 5 }),
          fc.constantFrom("visitor", "user", "admin"),
          async (path, method, fields, who) => {
            cases += 1;
            const cookie = cookieOf(who);
            const headers: Record<string, string> = { origin: server.baseUrl };
            if (cookie) headers.cookie = cookie;
            const query = method === "GET" ? `?${new URLSearchParams(fields)}` : "";
            if (method === "POST") headers["content-type"] = "application/json";
            const response = await server.fetch(`${path}${query}`, {
              method,
              headers,
              body: method === "POST" ? JSON.stringify(fields) : undefined,
            });
            await response.arrayBuffer();
            expect(response.status, `${method} ${path} ${JSON.stringify(fields)}`).toBeLessThan(
              500,
            );
          },
        ),
        { numRuns: RUNS_PER_INTENT * 10 },
      );
      totalCases += cases;
      console.log(`fuzz resource routes: ${cases} cases`);
      console.log(`fuzz total: ${totalCases} cases`);
    },
  );
});
