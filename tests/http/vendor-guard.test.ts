import { count, eq, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as schema from "~/.server/db/schema";
import { addVendorMember } from "~/.server/data/vendor-accounts.server";
import { createVendorApiKey } from "~/.server/services/vendor-api-keys.server";
import routes from "~/routes";

import { createUserWithPassword, readHtml, signIn } from "../helpers/auth";
import { startTestServer, type FormFields, type TestServer } from "../helpers/server";

/**
 * Issue 33 Must 6, as the admin guard test does for /admin: every vendor route of routes.ts and
 * every vendor API operation, tried with another vendor's ids (a member of vendor B on vendor
 * A's pages, B's key on A's records), a plain user's session and no session. Each is refused
 * and changes nothing, and none shows A's records.
 */

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

function allPaths(entries: RouteEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const joined = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    const own = entry.path !== undefined || entry.index ? [{ path: joined, file: entry.file }] : [];
    return [...own, ...allPaths(entry.children ?? [], joined)];
  });
}

/**
 * The claim page is open to every signed-in user by design: it only ever makes a claim for the
 * caller, and shows no vendor record (its own test covers it).
 */
const OPEN_TO_CLAIMANTS = new Set(["/vendor/:slug/claim"]);

const VENDOR_ROUTES = allPaths(routes as RouteEntry[]).filter(
  ({ path }) => path.startsWith("/vendor/:slug/") && !OPEN_TO_CLAIMANTS.has(path),
);
const API_ROUTES = allPaths(routes as RouteEntry[]).filter(({ path }) =>
  path.startsWith("/api/v1/vendor/"),
);

const TABLES = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .filter((table) => !["session", "rate_limit", "verification"].includes(getTableName(table)));

let server: TestServer;
let vendorA: { id: string; slug: string };
let vendorB: { id: string; slug: string };
let memberBCookie: string;
let plainCookie: string;
let keyB: string;
let keyAId: string;
let labTestA: string;
let reviewA: string;
let labReportA: string;
let peptideOfA: string;
/** Texts only vendor A's member may see. */
let secretsOfA: string[];

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await server.app.db.select({ n: count() }).from(table);
    counts[getTableName(table)] = row!.n;
  }
  return counts;
}

async function vendorNamed(name: string) {
  const [row] = await server.app.db
    .select({ id: schema.vendors.id, slug: schema.vendors.slug })
    .from(schema.vendors)
    .where(eq(schema.vendors.name, name));
  return row!;
}

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.app;
  vendorA = await vendorNamed("Apex Peptide Labs");
  vendorB = await vendorNamed("NovaChem Research");
  const memberA = await createUserWithPassword(server.app, "a@example.com", "a-password-123");
  const memberB = await createUserWithPassword(server.app, "b@example.com", "b-password-123");
  await createUserWithPassword(server.app, "plain@example.com", "plain-password-1");
  await addVendorMember(db, { vendorId: vendorA.id, userId: memberA, via: "admin" });
  await addVendorMember(db, { vendorId: vendorB.id, userId: memberB, via: "admin" });
  const keyA = await createVendorApiKey(db, {
    vendorId: vendorA.id,
    name: "A's secret key",
    scopes: ["offers:write", "offers:read"],
    requestsPerMinute: 100,
    createdBy: memberA,
  });
  keyAId = keyA.id;
  keyB = (
    await createVendorApiKey(db, {
      vendorId: vendorB.id,
      name: "B's key",
      scopes: ["offers:write", "offers:read"],
      requestsPerMinute: 100,
      createdBy: memberB,
    })
  ).key;
  const [test] = await db
    .select({ id: schema.labTests.id })
    .from(schema.labTests)
    .where(eq(schema.labTests.vendorId, vendorA.id))
    .limit(1);
  labTestA = test!.id;
  const [review] = await db
    .insert(schema.vendorReviews)
    .values({
      vendorId: vendorA.id,
      userId: memberB,
      stars: 5,
      text: "A published review of vendor A, answerable by A only.",
      status: "approved",
    })
    .returning({ id: schema.vendorReviews.id });
  reviewA = review!.id;
  const [offer] = await db
    .select({ peptideId: schema.vendorPeptides.peptideId })
    .from(schema.vendorPeptides)
    .where(eq(schema.vendorPeptides.vendorId, vendorA.id))
    .limit(1);
  peptideOfA = offer!.peptideId;
  const [report] = await db
    .insert(schema.vendorLabReports)
    .values({
      vendorId: vendorA.id,
      peptideId: peptideOfA,
      labName: "Lab of A",
      testedOn: "2026-01-02",
      batch: "A-PENDING-BATCH",
      reportUrl: "/uploads/lab-report-000000000000000000000000.pdf",
      submittedBy: memberA,
    })
    .returning({ id: schema.vendorLabReports.id });
  labReportA = report!.id;
  secretsOfA = ["A&#x27;s secret key", "A's secret key", keyA.prefix, "A-PENDING-BATCH"];
  memberBCookie = await signIn(server, "b@example.com", "b-password-123");
  plainCookie = await signIn(server, "plain@example.com", "plain-password-1");
});
afterAll(async () => {
  await server?.close();
});

it("finds the vendor routes and API operations in the route configuration", () => {
  expect(VENDOR_ROUTES.map((route) => route.path)).toContain("/vendor/:slug/manage");
  expect(API_ROUTES.map((route) => route.path)).toContain("/api/v1/vendor/offers");
});

const VISITORS = [
  { who: "another vendor's member", cookie: () => memberBCookie },
  { who: "a plain signed-in user", cookie: () => plainCookie },
  { who: "a visitor", cookie: () => undefined },
];

/** Every intent of the manage page, aimed at vendor A's records. */
const intents = (): FormFields[] => [
  {
    intent: "update-terms",
    couponCode: "HIJACK",
    discountAmount: "90",
    discountType: "percentage",
  },
  { intent: "create-key", name: "Intruder", scopes: "offers:write", requestsPerMinute: "10" },
  { intent: "revoke-key", id: keyAId },
  { intent: "set-feed", feedUrl: "https://attacker.example/feed.xml" },
  { intent: "reply-lab-test", id: labTestA, body: "Not us" },
  { intent: "reply-review", id: reviewA, body: "Not us" },
  {
    intent: "submit-lab-report",
    peptideId: peptideOfA,
    labName: "Intruder lab",
    testedOn: "2026-01-03",
    report: new File(["%PDF-1.4\n%%EOF\n"], "r.pdf", { type: "application/pdf" }),
  },
];

describe.each(VISITORS)("for $who", ({ cookie }) => {
  it.each(VENDOR_ROUTES)("GET $path of another vendor is refused (403)", async ({ path }) => {
    const jar = cookie();
    const response = await server.fetch(path.replace(":slug", vendorA.slug), {
      headers: jar ? { cookie: jar } : {},
    });
    expect(response.status).toBe(403);
    const body = await readHtml(response);
    for (const secret of secretsOfA) expect(body).not.toContain(secret);
  });

  it.each(VENDOR_ROUTES)(
    "every POST to $path of another vendor is refused and changes nothing",
    async ({ path }) => {
      const jar = cookie();
      const before = await rowCounts();
      for (const fields of intents()) {
        const response = await server.postForm(path.replace(":slug", vendorA.slug), fields, {
          cookie: jar ?? null,
        });
        expect(response.status).toBe(403);
      }
      expect(await rowCounts()).toEqual(before);
    },
  );
});

describe("another vendor's ids on the vendor's own page", () => {
  it("finds neither A's key, A's lab result nor A's review from B's manage page", async () => {
    const before = await rowCounts();
    const foreign: FormFields[] = [
      { intent: "revoke-key", id: keyAId },
      { intent: "reply-lab-test", id: labTestA, body: "Not us" },
      { intent: "reply-review", id: reviewA, body: "Not us" },
    ];
    for (const fields of foreign) {
      const response = await server.postForm(`/vendor/${vendorB.slug}/manage`, fields, {
        cookie: memberBCookie,
      });
      expect(response.status).toBe(404);
    }
    // Deciding a lab report is the admin's: the manage page knows no such action.
    for (const intent of ["approve-lab-report", "reject-lab-report"]) {
      const response = await server.postForm(
        `/vendor/${vendorB.slug}/manage`,
        { intent, id: labReportA, reason: "mine now" },
        { cookie: memberBCookie },
      );
      expect(response.status).toBe(400);
    }
    expect(await rowCounts()).toEqual(before);
    const page = await server.fetch(`/vendor/${vendorB.slug}/manage`, {
      headers: { cookie: memberBCookie },
    });
    expect(page.status).toBe(200);
    expect(await readHtml(page)).not.toContain("A-PENDING-BATCH");
    const [reportA] = await server.app.db
      .select({ status: schema.vendorLabReports.status })
      .from(schema.vendorLabReports)
      .where(eq(schema.vendorLabReports.id, labReportA));
    expect(reportA!.status).toBe("pending");
    const [keyA] = await server.app.db
      .select({ revokedAt: schema.vendorApiKeys.revokedAt })
      .from(schema.vendorApiKeys)
      .where(eq(schema.vendorApiKeys.id, keyAId));
    expect(keyA!.revokedAt).toBeNull();
  });
});

describe.each(API_ROUTES)("API $path", ({ path }) => {
  it("answers GET and PUT without a key or with a plain user's session 401, changing nothing", async () => {
    const before = await rowCounts();
    const sessions: Record<string, string>[] = [
      {},
      { cookie: plainCookie },
      { cookie: memberBCookie },
    ];
    for (const headers of sessions) {
      expect((await server.fetch(path, { headers })).status).toBe(401);
      const put = await server.fetch(path, {
        method: "PUT",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ offers: [] }),
      });
      expect(put.status).toBe(401);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("lets B's key see only B's submissions and never write A's offers", async () => {
    const auth = { authorization: `Bearer ${keyB}` };
    const list = (await (await server.fetch(path, { headers: auth })).json()) as {
      data: unknown[];
    };
    expect(list.data).toEqual([]);
    const [offerA] = await server.app.db
      .select({ url: schema.vendorPeptides.url, price: schema.vendorPeptides.price })
      .from(schema.vendorPeptides)
      .where(eq(schema.vendorPeptides.vendorId, vendorA.id))
      .limit(1);
    const before = await rowCounts();
    const put = await server.fetch(path, {
      method: "PUT",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({
        offers: [
          {
            peptide: "bpc-157",
            size: "10mg",
            price: 1,
            currency: "USD",
            stock: "in_stock",
            url: offerA!.url ?? "https://apex.example/p",
          },
        ],
      }),
    });
    const body = (await put.json()) as { results: { status: string }[] };
    expect(body.results[0]!.status).toBe("refused");
    const after = await rowCounts();
    // Only the audit entry of B's own refused attempt is new.
    expect({ ...after, audit_log: before.audit_log }).toEqual(before);
  });
});
