import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as t from "~/.server/db/schema";
import { TEXT_LIMITS } from "~/lib/text-limits";
import { MAX_BULK_SOURCES } from "~/lib/forms/scraping";

import { signIn } from "../helpers/auth";
import { startTestServer, type TestServer } from "../helpers/server";

/**
 * Every intent of /admin/scraping, posted over-long, malformed and dangling-reference values:
 * each answer is a 4xx with a message, never a 500, and nothing is written.
 */
let server: TestServer;
let adminCookie: string;
let sourceId: string;
let reviewItemId: string;
let peptideId: string;

const MISSING_ID = "6b1f6a2e-2f43-4a8e-9d57-0d3d2b8b6c11";

const db = () => server.app.db;

beforeAll(async () => {
  server = await startTestServer();
  adminCookie = await signIn(server, "admin@peptideprices.test", "admin-password");
  const [source] = await db()
    .select({ id: t.scrapeSources.id })
    .from(t.scrapeSources)
    .orderBy(asc(t.scrapeSources.createdAt))
    .limit(1);
  sourceId = source!.id;
  const [vendor] = await db().select({ id: t.vendors.id }).from(t.vendors).limit(1);
  const [peptide] = await db().select({ id: t.peptides.id }).from(t.peptides).limit(1);
  peptideId = peptide!.id;
  const [item] = await db()
    .insert(t.scrapeReviewItems)
    .values({
      vendorId: vendor!.id,
      name: "Bounded Input Listing 7mg",
      price: 42,
      currency: "USD",
      reason: "unknown_peptide",
      quantity: 7,
      unit: "mg",
    })
    .returning({ id: t.scrapeReviewItems.id });
  reviewItemId = item!.id;
});
afterAll(async () => {
  await server?.close();
});

/** Everything the scraping page's actions can write. */
async function snapshot() {
  const [sources, reviewItems, [audit], [runs]] = await Promise.all([
    db().select().from(t.scrapeSources).orderBy(asc(t.scrapeSources.id)),
    db().select().from(t.scrapeReviewItems).orderBy(asc(t.scrapeReviewItems.id)),
    db().select({ n: count() }).from(t.auditLog),
    db().select({ n: count() }).from(t.scrapeRuns),
  ]);
  const [peptide] = await db()
    .select({ aliases: t.peptides.aliases })
    .from(t.peptides)
    .where(eq(t.peptides.id, peptideId));
  return { sources, reviewItems, audit: audit!.n, runs: runs!.n, aliases: peptide!.aliases };
}

const validSource = () => ({
  retailer_name: "Bounded Shop",
  url: "https://bounded.example/p/bpc-157",
  product_selector: ".product",
  price_selector: ".price",
  name_selector: ".name",
});

const long = (max: number) => "x".repeat(max + 1);

type Case = [label: string, fields: () => Record<string, string>, message: string];

/** The sources table's bulk bar, as it posts (bulkFormFields). */
const bulk = (operation: string) => ({ intent: "bulk-sources", operation });

const cases: Case[] = [
  // create-source / update-source
  [
    "create: over-long retailer name",
    () => ({
      intent: "create-source",
      ...validSource(),
      retailer_name: long(TEXT_LIMITS.name),
    }),
    "Retailer name can be at most 200 characters",
  ],
  [
    "create: over-long URL",
    () => ({
      intent: "create-source",
      ...validSource(),
      url: `https://bounded.example/${long(TEXT_LIMITS.url)}`,
    }),
    "URL can be at most 2,048 characters",
  ],
  [
    "create: over-long selector",
    () => ({
      intent: "create-source",
      ...validSource(),
      sold_out_selector: long(TEXT_LIMITS.short),
    }),
    "Sold-out selector can be at most 500 characters",
  ],
  [
    "create: URL that is not http(s)",
    () => ({ intent: "create-source", ...validSource(), url: "javascript:alert(1)" }),
    "Please enter a valid URL (http:// or https://)",
  ],
  [
    "create: unknown page type",
    () => ({ intent: "create-source", ...validSource(), page_type: "everything" }),
    "Choose single product or category",
  ],
  [
    "create: malformed currency",
    () => ({ intent: "create-source", ...validSource(), currency: "dollars" }),
    "Enter a three-letter currency code such as USD",
  ],
  [
    "create: malformed vendor id",
    () => ({ intent: "create-source", ...validSource(), vendor_id: "apex" }),
    "Selected vendor not found",
  ],
  [
    "create: dangling vendor id",
    () => ({ intent: "create-source", ...validSource(), vendor_id: MISSING_ID }),
    "Selected vendor not found",
  ],
  [
    "update: over-long name selector",
    () => ({
      intent: "update-source",
      id: sourceId,
      version: "1",
      ...validSource(),
      name_selector: long(TEXT_LIMITS.short),
    }),
    "Name selector can be at most 500 characters",
  ],
  [
    "update: malformed id",
    () => ({ intent: "update-source", id: "1 or 1=1", ...validSource() }),
    "Source not found",
  ],
  [
    "update: dangling id",
    () => ({ intent: "update-source", id: MISSING_ID, version: "1", ...validSource() }),
    "Source not found",
  ],
  // delete-source
  [
    "delete: malformed id",
    () => ({ intent: "delete-source", id: long(100) }),
    "Failed to delete source",
  ],
  [
    "delete: dangling id",
    () => ({ intent: "delete-source", id: MISSING_ID }),
    "Failed to delete source",
  ],
  // run-source (run-all takes no input)
  ["run: malformed id", () => ({ intent: "run-source", id: "../etc" }), "Source not found"],
  ["run: dangling id", () => ({ intent: "run-source", id: MISSING_ID }), "Source not found"],
  // test-selectors
  [
    "test: over-long URL",
    () => ({
      intent: "test-selectors",
      ...validSource(),
      url: `https://bounded.example/${long(TEXT_LIMITS.url)}`,
    }),
    "URL can be at most 2,048 characters",
  ],
  [
    "test: over-long selector",
    () => ({ intent: "test-selectors", ...validSource(), price_selector: long(TEXT_LIMITS.short) }),
    "Price selector can be at most 500 characters",
  ],
  [
    "test: malformed URL",
    () => ({ intent: "test-selectors", ...validSource(), url: "not a url" }),
    "Please enter a valid URL (http:// or https://)",
  ],
  // bulk actions
  ...(["activate", "deactivate", "delete"] as const).flatMap((operation): Case[] => [
    [
      `${operation}: no selection`,
      () => ({ ...bulk(operation), ids: "" }),
      "Select at least one source",
    ],
    [
      `${operation}: malformed id`,
      () => ({ ...bulk(operation), ids: `${sourceId},drop` }),
      "Unknown record",
    ],
    [
      `${operation}: too many ids`,
      () => ({
        ...bulk(operation),
        ids: Array(MAX_BULK_SOURCES + 1)
          .fill(sourceId)
          .join(","),
      }),
      `Select at most ${MAX_BULK_SOURCES} sources at a time`,
    ],
    [
      `${operation}: over-long field`,
      () => ({ ...bulk(operation), ids: long(MAX_BULK_SOURCES * 40) }),
      `Select at most ${MAX_BULK_SOURCES} sources at a time`,
    ],
    [
      `${operation}: a dangling id among real ones`,
      () => ({ ...bulk(operation), ids: `${sourceId},${MISSING_ID}` }),
      "Some selected sources no longer exist",
    ],
  ]),
  // review queue
  [
    "approve: malformed item id",
    () => ({ intent: "approve-review", id: "nope", peptide_id: peptideId }),
    "Unknown record",
  ],
  [
    "approve: dangling item id",
    () => ({ intent: "approve-review", id: MISSING_ID, peptide_id: peptideId }),
    "Review item not found",
  ],
  [
    "approve: dangling peptide id",
    () => ({ intent: "approve-review", id: reviewItemId, peptide_id: MISSING_ID }),
    "Peptide not found",
  ],
  [
    "approve: over-long size",
    () => ({
      intent: "approve-review",
      id: reviewItemId,
      peptide_id: peptideId,
      quantity: "9".repeat(500),
    }),
    "Enter the size as a number",
  ],
  [
    "approve: malformed currency",
    () => ({
      intent: "approve-review",
      id: reviewItemId,
      peptide_id: peptideId,
      currency: long(TEXT_LIMITS.code),
    }),
    "three-letter currency code",
  ],
  [
    "alias: malformed peptide id",
    () => ({ intent: "alias-review", id: reviewItemId, peptide_id: "kpv" }),
    "Choose a peptide",
  ],
  [
    "alias: dangling peptide id",
    () => ({ intent: "alias-review", id: reviewItemId, peptide_id: MISSING_ID }),
    "Peptide not found",
  ],
  [
    "reject: dangling item id",
    () => ({ intent: "reject-review", id: MISSING_ID }),
    "Review item not found",
  ],
  [
    "ignore: malformed item id",
    () => ({ intent: "ignore-review", id: long(50) }),
    "Unknown record",
  ],
  [
    "ignore: dangling item id",
    () => ({ intent: "ignore-review", id: MISSING_ID }),
    "Review item not found",
  ],
  ["unknown intent", () => ({ intent: "truncate-sources" }), "Unknown action"],
];

describe("every scraping intent refuses bad input with a 4xx and a message, writing nothing", () => {
  it.each(cases)("%s", async (_label, fields, message) => {
    const before = await snapshot();
    const response = await server.postForm("/admin/scraping", fields(), { cookie: adminCookie });
    const text = await response.text();
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(text).toContain(message);
    expect(await snapshot()).toEqual(before);
  });

  it("answers a refused save with the field's error, for the dialog to show under it", async () => {
    const response = await server.fetch("/admin/scraping.data", {
      method: "POST",
      headers: {
        origin: server.baseUrl,
        cookie: adminCookie,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        intent: "create-source",
        ...validSource(),
        retailer_name: long(TEXT_LIMITS.name),
      }),
    });
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain("fieldErrors");
    expect(body).toContain("retailer_name");
    expect(body).toContain("Failed to add source");
  });
});

describe("the scraping page's text boxes", () => {
  it("each take at most as many characters as their schema allows (maxlength)", async () => {
    const response = await server.fetch("/admin/scraping", { headers: { cookie: adminCookie } });
    const html = await response.text();
    const inputs = [...html.matchAll(/<input\b[^>]*>/g)].map((match) => match[0]);
    const textBoxes = inputs.filter(
      (input) => !/type="(hidden|checkbox|radio|number|file|submit)"/.test(input),
    );
    expect(textBoxes.some((input) => input.includes('name="quantity"'))).toBe(true);
    expect(textBoxes.filter((input) => !/maxLength="\d+"|maxlength="\d+"/i.test(input))).toEqual(
      [],
    );
  });
});
