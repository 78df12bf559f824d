import { count } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  ads,
  adminUsers,
  categories,
  categoryFilters,
  coupons,
  exchangeRates,
  footerContent,
  heroContent,
  peptides,
  savedDeals,
  scrapeSources,
  sizeOptions,
  vendorPeptides,
  vendors,
} from "~/.server/db/schema";

import { createUserWithPassword, signIn } from "../helpers/auth";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * Property-based fuzzing of every action and resource route: random intents and fields, as
 * a visitor, a signed-in user and an admin. Whatever arrives, the answer is never a 5xx, and
 * a refused submission (4xx) leaves the data as it was.
 */

let server: TestServer;
let userCookie: string;
let adminCookie: string;

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

/** The page actions and the intents they know (those that reach the network are left out). */
const ACTION_ROUTES: Record<string, string[]> = {
  "/login": ["password", "social"],
  "/signup": ["password", "social"],
  "/admin-login": [],
  "/forgot-password": [],
  "/reset-password": [],
  "/logout": [],
  "/currency": [],
  "/deals": ["save", "update", "remove"],
  "/admin/peptides": [
    "create-peptide",
    "update-peptide",
    "delete-peptide",
    "promote-peptide",
    "create-vendor-price",
    "delete-vendor-price",
  ],
  "/admin/categories": [
    "create-category",
    "update-category",
    "delete-category",
    "create-filter",
    "update-filter",
    "delete-filter",
  ],
  "/admin/vendors": ["create-vendor", "update-vendor", "delete-vendor"],
  "/admin/ads": ["save", "update", "remove"],
  "/admin/hero": ["save", "upload-image", "remove-image"],
  "/admin/footer": ["save"],
  "/admin/users": ["add-admin", "remove-admin", "toggle-admin", "reset-password"],
  "/admin/settings": ["save", "add-rate", "update-rate", "delete-rate", "set-rate-refresh"],
  "/admin/scraping": [
    "create-source",
    "update-source",
    "delete-source",
    "approve-review",
    "reject-review",
  ],
};

/** Field names the forms read, so random values reach the validation and the writes. */
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

const submission = (route: string) =>
  fc.record({
    who: fc.constantFrom("visitor", "user", "admin"),
    intent: fc.option(fc.constantFrom(...ACTION_ROUTES[route]!, "unknown-intent"), {
      nil: undefined,
    }),
    fields: fc.dictionary(fc.constantFrom(...FIELD_NAMES), fieldValue, { maxKeys: 8 }),
    repeated: fc.option(fc.constantFrom(...FIELD_NAMES), { nil: undefined }),
  });

const WATCHED_TABLES: PgTable[] = [
  ads,
  adminUsers,
  categories,
  categoryFilters,
  coupons,
  exchangeRates,
  footerContent,
  heroContent,
  peptides,
  savedDeals,
  scrapeSources,
  sizeOptions,
  vendorPeptides,
  vendors,
];

async function tableCounts(): Promise<number[]> {
  return Promise.all(
    WATCHED_TABLES.map(async (table) => {
      const [row] = await server.app.db.select({ n: count() }).from(table);
      return row!.n;
    }),
  );
}

function cookieOf(who: string): string | null {
  return who === "admin" ? adminCookie : who === "user" ? userCookie : null;
}

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 10);

describe("fuzzing the action routes", () => {
  for (const route of Object.keys(ACTION_ROUTES)) {
    it(`${route}: never a 5xx, and a refused submission writes nothing`, async () => {
      let cases = 0;
      await fc.assert(
        fc.asyncProperty(submission(route), async ({ who, intent, fields, repeated }) => {
          cases += 1;
          const form: Record<string, string | string[]> = { ...fields };
          if (intent !== undefined) form.intent = intent;
          if (repeated !== undefined) form[repeated] = ["a", "b"];
          // Signing out would end the shared sessions the other cases use.
          const cookie = route === "/logout" ? null : cookieOf(who);
          const before = await tableCounts();
          const response = await server.postForm(route, form, { cookie });
          await response.arrayBuffer();
          expect(response.status, JSON.stringify({ who, form }).slice(0, 500)).toBeLessThan(500);
          if (response.status >= 400) expect(await tableCounts()).toEqual(before);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
      console.log(`fuzz ${route}: ${cases} cases`);
    });
  }
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

  it("never answers a 5xx to random query strings and JSON bodies", async () => {
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
          expect(response.status, `${method} ${path} ${JSON.stringify(fields)}`).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS_PER_ROUTE * 4 },
    );
    console.log(`fuzz resource routes: ${cases} cases`);
  });
});
