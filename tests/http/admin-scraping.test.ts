import { and, count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { updateSettings } from "~/.server/data/settings.server";
import * as t from "~/.server/db/schema";
import { getActiveScrapeRuns } from "~/.server/data/scrape-runs.server";
import { executeScrapeRun } from "~/.server/jobs/jobs.server";
import { DEFAULT_SETTINGS } from "~/lib/constants";

import { createUserWithPassword, signIn } from "../helpers/auth";
import { queuedShopReads, runQueuedShopReads } from "../helpers/shop-reads";
import { versionOf } from "../helpers/row-version";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let adminCookie: string;
let userCookie: string;
let apexId: string;

const PLAIN = { email: "scraping-user@peptideprices.test", password: "scraping-user-password" };

beforeAll(async () => {
  server = await startTestServer();
  adminCookie = await signIn(server, "admin@peptideprices.test", "admin-password");
  await createUserWithPassword(server.app, PLAIN.email, PLAIN.password);
  userCookie = await signIn(server, PLAIN.email, PLAIN.password);
  // The demo retailer is this server itself; no need to wait a second between its pages.
  await updateSettings(server.app.db, { ...DEFAULT_SETTINGS, requestDelayMs: 0 });
  const [apex] = await db()
    .select({ id: t.vendors.id })
    .from(t.vendors)
    .where(eq(t.vendors.name, "Apex Peptide Labs"));
  apexId = apex.id;
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.app.db;

async function post(fields: Record<string, string>, cookie: string | null = adminCookie) {
  const response = await server.postForm("/admin/scraping", fields, { cookie });
  return { status: response.status, text: await response.text() };
}

/** Starts a run the way the page does: the answer comes at once; the run waits in the queue. */
async function startRun(fields: Record<string, string>) {
  const result = await post(fields);
  const runs = await getActiveScrapeRuns(db());
  const run = runs.find((r) => r.sourceId === (fields.id ?? null));
  return { ...result, runId: run?.id ?? "", activeRuns: runs.length };
}

async function runProgress(runId: string) {
  const response = await server.fetch(`/admin/scraping/runs/${runId}`, {
    headers: { cookie: adminCookie },
  });
  return { status: response.status, body: await response.text() };
}

async function sourceCount() {
  const [row] = await db().select({ n: count() }).from(t.scrapeSources);
  return row.n;
}

async function sourceByName(name: string) {
  const [row] = await db()
    .select()
    .from(t.scrapeSources)
    .where(eq(t.scrapeSources.retailerName, name));
  return row ?? null;
}

async function demoSource(pageType: "single" | "category") {
  const [row] = await db()
    .select()
    .from(t.scrapeSources)
    .where(and(eq(t.scrapeSources.pageType, pageType), eq(t.scrapeSources.vendorId, apexId)));
  return row;
}

const validSource = (overrides: Record<string, string> = {}) => ({
  intent: "create-source",
  retailer_name: "Acme Peptides",
  url: "https://acme.example/shop",
  page_type: "category",
  product_selector: ".card",
  price_selector: ".price",
  name_selector: ".name",
  link_selector: "a",
  pagination_selector: ".pages",
  next_page_selector: "a.next",
  vendor_id: apexId,
  is_active: "on",
  ...overrides,
});

describe("access", () => {
  it("shows visitors and plain users 'Admin Access Required'", async () => {
    for (const cookie of [null, userCookie]) {
      const response = await server.fetch("/admin/scraping", { headers: cookie ? { cookie } : {} });
      expect(response.status).toBe(403);
      expect(await response.text()).toContain("Admin Access Required");
    }
  });

  it.each([
    ["a visitor", null],
    ["a plain user", "user"],
  ])("refuses every action from %s and changes nothing", async (_who, who) => {
    const cookie = who === "user" ? userCookie : null;
    const before = await sourceCount();
    const single = await demoSource("single");
    const actions: Record<string, string>[] = [
      validSource({ retailer_name: "Sneaky" }),
      { intent: "delete-source", id: single.id },
      { intent: "run-source", id: single.id },
      { intent: "run-all" },
    ];
    for (const fields of actions) {
      const result = await post(fields, cookie);
      expect(result.status).toBe(403);
    }
    expect(await sourceCount()).toBe(before);
    expect((await demoSource("single")).lastScrapedAt).toBeNull();
  });
});

describe("scrape source CRUD", () => {
  it("adds a source (sold-out selector optional), records the change, then edits and deletes it", async () => {
    const added = await post(validSource());
    expect(added.status).toBe(200);
    expect(added.text).toContain("Source added successfully");
    const row = (await sourceByName("Acme Peptides"))!;
    expect(row).toMatchObject({
      url: "https://acme.example/shop",
      pageType: "category",
      soldOutSelector: null,
      nextPageSelector: "a.next",
      vendorId: apexId,
      isActive: true,
      status: "inactive",
    });
    const [audit] = await db().select().from(t.auditLog).where(eq(t.auditLog.entityId, row.id));
    expect(audit).toMatchObject({
      action: "create",
      entity: "scrape_source",
      actorEmail: "admin@peptideprices.test",
    });

    const updated = await post(
      validSource({
        intent: "update-source",
        id: row.id,
        version: await versionOf(db(), t.scrapeSources, row.id),
        retailer_name: "Acme Labs",
        page_type: "single",
        sold_out_selector: ".gone",
        is_active: "",
      }),
    );
    expect(updated.text).toContain("Source updated successfully");
    expect(await sourceByName("Acme Labs")).toMatchObject({
      id: row.id,
      pageType: "single",
      soldOutSelector: ".gone",
      nextPageSelector: null,
      paginationSelector: null,
      isActive: false,
    });

    const deleted = await post({ intent: "delete-source", id: row.id });
    expect(deleted.text).toContain("Source deleted successfully");
    expect(await sourceByName("Acme Labs")).toBeNull();
  });

  it.each(["retailer_name", "url", "product_selector", "price_selector", "name_selector"])(
    "answers 'Please fill in all required fields' without %s",
    async (field) => {
      const before = await sourceCount();
      const result = await post(validSource({ [field]: "  " }));
      expect(result.status).toBe(400);
      expect(result.text).toContain("Please fill in all required fields");
      expect(await sourceCount()).toBe(before);
    },
  );

  it("refuses a URL that is not http(s), an unknown vendor and an unknown intent", async () => {
    expect((await post(validSource({ url: "ftp://acme.example/" }))).status).toBe(400);
    const vendor = await post(validSource({ vendor_id: "00000000-0000-4000-8000-000000000000" }));
    expect(vendor.status).toBe(400);
    expect(vendor.text).toContain("Selected vendor not found");
    expect((await post({ intent: "drop-table" })).status).toBe(400);
  });

  it("answers 'Failed to delete source' for an unknown id", async () => {
    const result = await post({
      intent: "delete-source",
      id: "00000000-0000-4000-8000-000000000000",
    });
    expect(result.status).toBe(404);
    expect(result.text).toContain("Failed to delete source");
  });
});

describe("running the scraper", () => {
  it("answers the missing-selectors error for a source without a name selector", async () => {
    const [row] = await db()
      .insert(t.scrapeSources)
      .values({
        retailerName: "Half configured",
        url: "https://half.example/",
        productSelector: ".p",
        priceSelector: ".price",
        nameSelector: "",
        isActive: false,
      })
      .returning({ id: t.scrapeSources.id });
    const result = await post({ intent: "run-source", id: row.id });
    expect(result.status).toBe(422);
    expect(result.text).toContain("Error: One or more selectors are missing.");
    expect((await sourceByName("Half configured"))!.status).toBe("error");
  });

  it("queues a run of the demo retailer's product page, answers at once, and never starts it twice", async () => {
    const single = await demoSource("single");
    const started = await startRun({ intent: "run-source", id: single.id });
    expect(started.status).toBe(202);
    expect(started.text).toContain("Scraping started.");
    expect(started.activeRuns).toBe(1);
    const again = await startRun({ intent: "run-source", id: single.id });
    expect(again.status).toBe(202);
    expect(again.text).toContain("This scraping run is already under way.");
    expect(again).toMatchObject({ runId: started.runId, activeRuns: 1 });
    // Nothing was fetched by the request itself: the run waits for a worker.
    expect((await demoSource("single")).lastScrapedAt).toBeNull();
    const queued = await runProgress(started.runId);
    expect(queued.status).toBe(200);
    expect(JSON.parse(queued.body)).toMatchObject({ status: "queued", sourcesDone: 0 });

    // This instance runs no jobs (JOBS_ENABLED=false); the test is the worker that takes it.
    await executeScrapeRun(server.app, started.runId);
    const finished = JSON.parse((await runProgress(started.runId)).body) as Record<string, unknown>;
    expect(finished).toMatchObject({
      status: "succeeded",
      ok: true,
      message: "Scraping completed successfully.",
      sourcesTotal: 1,
      sourcesDone: 1,
      pagesFetched: 1,
    });
    expect(JSON.stringify(finished.result)).toContain("BPC-157 10mg");
    const stored = (await demoSource("single"))!;
    expect(stored.status).toBe("active");
    expect(stored.lastScrapedAt).not.toBeNull();
    const [log] = await db()
      .select()
      .from(t.scrapeLogs)
      .where(eq(t.scrapeLogs.sourceId, single.id))
      .orderBy(desc(t.scrapeLogs.createdAt));
    expect(log.status).toBe("success");
    const page = await server.fetch("/admin/scraping", { headers: { cookie: adminCookie } });
    const html = await page.text();
    expect(html).toContain("Scraping Logs");
    expect(html).toContain(log.details!);
    expect(html).toContain("Scraping completed successfully.");
  });

  it("keeps run progress from visitors and answers an unknown run with 404", async () => {
    const unknown = await runProgress("00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
    expect((await runProgress("not-a-uuid")).status).toBe(400);
    const visitor = await server.fetch("/admin/scraping/runs/00000000-0000-4000-8000-000000000000");
    expect(visitor.status).toBe(403);
  });

  it("tests selectors against the demo catalogue in the background and shows the result", async () => {
    const fields = {
      intent: "test-selectors",
      url: `${server.baseUrl}/demo-retailer/shop`,
      product_selector: ".product-card",
      name_selector: ".product-card__name",
      price_selector: ".product-card__price",
    };
    /** Posts the test the dialog's way, does the worker's part, and answers the read. */
    const testRead = async (posted: Record<string, string>) => {
      const queued = await post(posted);
      expect(queued.status).toBe(202);
      const [readId] = await queuedShopReads(server.app, "selector-test");
      expect(await runQueuedShopReads(server.app, "selector-test")).toBe(1);
      const response = await server.fetch(`/admin/shop-reads/${readId}`, {
        headers: { cookie: adminCookie },
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { status: string; message: string; result: unknown };
    };
    const ok = await testRead(fields);
    expect(ok).toMatchObject({ status: "succeeded", message: "Selector test succeeded." });
    expect(JSON.stringify(ok.result)).toContain("BPC-157 5mg");
    const missing = await post({ ...fields, price_selector: "" });
    expect(missing.status).toBe(422);
    expect(missing.text).toContain("Error: One or more selectors are missing.");
    const unreachable = await testRead({ ...fields, url: "http://10.255.255.1/" });
    expect(unreachable.status).toBe("failed");
    expect(unreachable.message).toContain("Error testing selectors: Refused to fetch 10.255.255.1");
    const visitor = await server.fetch("/admin/shop-reads/00000000-0000-4000-8000-000000000000");
    expect(visitor.status).toBe(403);
  });

  it("runs every active source, queues the unknown listing, and lets the admin reject it", async () => {
    const started = await startRun({ intent: "run-all" });
    expect(started.status).toBe(202);
    expect(started.text).toContain("Scraping started.");
    await executeScrapeRun(server.app, started.runId);
    const active = await db()
      .select({ id: t.scrapeSources.id })
      .from(t.scrapeSources)
      .where(eq(t.scrapeSources.isActive, true));
    expect(JSON.parse((await runProgress(started.runId)).body)).toMatchObject({
      status: "succeeded",
      message: "Scraping completed successfully.",
      sourcesTotal: active.length,
      sourcesDone: active.length,
    });
    const [item] = await db()
      .select()
      .from(t.scrapeReviewItems)
      .where(eq(t.scrapeReviewItems.name, "Mystery Blend X 5mg"));
    expect(item).toMatchObject({ reason: "blend", status: "pending", vendorId: apexId });

    const rejected = await post({ intent: "reject-review", id: item.id });
    expect(rejected.text).toContain("Listing rejected");
    const [after] = await db()
      .select({ status: t.scrapeReviewItems.status })
      .from(t.scrapeReviewItems)
      .where(eq(t.scrapeReviewItems.id, item.id));
    expect(after.status).toBe("rejected");
    expect((await post({ intent: "reject-review", id: item.id })).status).toBe(409);
  });
});

describe("review queue actions", () => {
  async function queueItem(
    name: string,
    fields: Partial<typeof t.scrapeReviewItems.$inferInsert> = {},
  ) {
    const [row] = await db()
      .insert(t.scrapeReviewItems)
      .values({
        vendorId: apexId,
        name,
        price: 42,
        currency: "USD",
        reason: "unknown_peptide",
        quantity: 7,
        unit: "mg",
        ...fields,
      })
      .returning({ id: t.scrapeReviewItems.id });
    return row.id;
  }

  async function statusOf(id: string) {
    const [row] = await db()
      .select({ status: t.scrapeReviewItems.status })
      .from(t.scrapeReviewItems)
      .where(eq(t.scrapeReviewItems.id, id));
    return row.status;
  }

  async function peptide(name: string) {
    const [row] = await db()
      .select({ id: t.peptides.id, aliases: t.peptides.aliases })
      .from(t.peptides)
      .where(eq(t.peptides.name, name));
    return row;
  }

  it("refuses every review action from a visitor or a plain user and changes nothing", async () => {
    const id = await queueItem("Guarded Listing 7mg");
    const kpv = await peptide("KPV");
    for (const cookie of [null, userCookie]) {
      const actions: Record<string, string>[] = [
        { intent: "approve-review", id, peptide_id: kpv.id },
        { intent: "alias-review", id, peptide_id: kpv.id },
        { intent: "reject-review", id },
        { intent: "ignore-review", id },
      ];
      for (const fields of actions) expect((await post(fields, cookie)).status).toBe(403);
    }
    expect(await statusOf(id)).toBe("pending");
    expect((await peptide("KPV")).aliases).toEqual([]);
  });

  it("answers bad input with a 4xx and a clear message", async () => {
    const id = await queueItem("Bad Input Listing 7mg");
    const kpv = await peptide("KPV");
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "approve-review", id, peptide_id: "not-a-peptide" }, 400, "Choose a peptide"],
      [{ intent: "approve-review", id: "nope", peptide_id: kpv.id }, 400, "Unknown record"],
      [
        { intent: "approve-review", id, peptide_id: kpv.id, currency: "dollars" },
        400,
        "three-letter currency code",
      ],
      [{ intent: "approve-review", id, peptide_id: kpv.id, vials: "0" }, 400, "At least 1 vial"],
      [
        { intent: "approve-review", id, peptide_id: "6b1f6a2e-2f43-4a8e-9d57-0d3d2b8b6c11" },
        404,
        "Peptide not found",
      ],
      [
        { intent: "ignore-review", id: "6b1f6a2e-2f43-4a8e-9d57-0d3d2b8b6c11" },
        404,
        "Review item not found",
      ],
    ];
    for (const [fields, status, message] of cases) {
      const result = await post(fields);
      expect(result.status, JSON.stringify(fields)).toBe(status);
      expect(result.text).toContain(message);
    }
    expect(await statusOf(id)).toBe("pending");
  });

  it("approves for the item's vendor only, creating the size, and keeps the alias", async () => {
    const id = await queueItem("Lysine-Proline-Valine 7mg x 2 vials", { vials: 2, currency: null });
    const kpv = await peptide("KPV");
    const othersBefore = await db()
      .select({ id: t.vendorPeptides.id, price: t.vendorPeptides.price })
      .from(t.vendorPeptides)
      .where(eq(t.vendorPeptides.peptideId, kpv.id));

    const noCurrency = await post({ intent: "approve-review", id, peptide_id: kpv.id });
    expect(noCurrency.status).toBe(409);
    expect(noCurrency.text).toContain("Choose the currency of this price");

    const approved = await post({
      intent: "approve-review",
      id,
      peptide_id: kpv.id,
      currency: "eur",
      add_alias: "on",
    });
    expect(approved.status).toBe(200);
    expect(approved.text).toContain("Price approved");
    expect(await statusOf(id)).toBe("approved");
    const [offer] = await db()
      .select({
        vendorId: t.vendorPeptides.vendorId,
        price: t.vendorPeptides.price,
        currency: t.vendorPeptides.currency,
        vials: t.vendorPeptides.vials,
        quantity: t.sizeOptions.quantity,
      })
      .from(t.vendorPeptides)
      .innerJoin(t.sizeOptions, eq(t.sizeOptions.id, t.vendorPeptides.sizeOptionId))
      .where(and(eq(t.vendorPeptides.peptideId, kpv.id), eq(t.sizeOptions.quantity, 7)));
    expect(offer).toEqual({ vendorId: apexId, price: 42, currency: "EUR", vials: 2, quantity: 7 });
    const othersAfter = await db()
      .select({ id: t.vendorPeptides.id, price: t.vendorPeptides.price })
      .from(t.vendorPeptides)
      .where(eq(t.vendorPeptides.peptideId, kpv.id));
    for (const before of othersBefore) expect(othersAfter).toContainEqual(before);
    expect((await peptide("KPV")).aliases).toContain("Lysine-Proline-Valine");
    expect((await post({ intent: "approve-review", id, peptide_id: kpv.id })).status).toBe(409);
  });

  it("adds an alias, and ignores a listing for good", async () => {
    const aliasId = await queueItem("Semax Nootropic 7mg");
    const semax = await peptide("Semax");
    const aliased = await post({ intent: "alias-review", id: aliasId, peptide_id: semax.id });
    expect(aliased.status).toBe(200);
    expect((await peptide("Semax")).aliases).toContain("Semax Nootropic");
    expect(await statusOf(aliasId)).toBe("pending");

    const ignoredId = await queueItem("Totally Unknown 7mg");
    const ignored = await post({ intent: "ignore-review", id: ignoredId });
    expect(ignored.status).toBe(200);
    expect(ignored.text).toContain("Listing ignored for good");
    expect(await statusOf(ignoredId)).toBe("ignored");
  });
});
