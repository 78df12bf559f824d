import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { updateSettings } from "~/.server/data/settings.server";
import * as t from "~/.server/db/schema";
import { executeShopRead } from "~/.server/jobs/shop-read-job.server";
import { DEFAULT_SETTINGS } from "~/lib/constants";
import type { ShopReadKind } from "~/lib/shop-reads";

import { DEMO_ADMIN } from "../helpers/admin-http";
import { createUserWithPassword, readHtml, signIn } from "../helpers/auth";
import { FIXTURE_PAGES } from "../helpers/fixture-site";
import { startSlowShop, type SlowShop } from "../helpers/hostile-shops";
import { startTestServer, type TestServer } from "../helpers/server";
import { queuedShopReads } from "../helpers/shop-reads";

/**
 * Issue 37 Must 2, "no shop read runs inside an HTTP request": the four requests that used to
 * read a shop while they waited (the admin's Test selectors, a vendor claim's meta-tag check,
 * the vendor API's PUT, a report's Re-check now), each against a shop that answers one byte a
 * second. Each request answers while the shop has answered nothing; the read then runs as a
 * background job (executed here as the worker would), the asking page shows it pending while
 * the shop still holds its connection open, and shows the outcome once the shop finished.
 */

const SETTLE = { timeout: 60_000, interval: 50 };

let server: TestServer;
let shop: SlowShop;
let adminCookie: string;
let ownerCookie: string;
let ownerId: string;
let apex: { id: string; slug: string };
/** The vendor API key the PUT test creates (offers:write and offers:read). */
let auth: { authorization: string };
const db = () => server.app.db;

beforeAll(async () => {
  server = await startTestServer({ SCRAPER_ALLOW_PRIVATE_HOSTS: "true" });
  await updateSettings(db(), { ...DEFAULT_SETTINGS, requestDelayMs: 0 });
  shop = await startSlowShop({
    "/shop": FIXTURE_PAGES["/shop"]!,
    "/jsonld/bpc-157": FIXTURE_PAGES["/jsonld/bpc-157"]!,
  });
  const [row] = await db()
    .select({ id: t.vendors.id, slug: t.vendors.slug })
    .from(t.vendors)
    .where(eq(t.vendors.name, "Apex Peptide Labs"));
  apex = row!;
  await db()
    .update(t.vendors)
    .set({ website: `${shop.baseUrl}/` })
    .where(eq(t.vendors.id, apex.id));
  adminCookie = await signIn(server, DEMO_ADMIN.email, DEMO_ADMIN.password);
  ownerId = await createUserWithPassword(server.app, "slow-owner@example.com", "owner-password-1");
  ownerCookie = await signIn(server, "slow-owner@example.com", "owner-password-1");
}, 120_000);
afterAll(async () => {
  await shop?.close();
  await server?.close();
});

/**
 * The request answers while the shop has answered nothing; then the job reads the shop, and
 * `whilePending` runs while the shop still holds that read's connection open; once the shop
 * finished, the job ends and `once done` may look at the outcome.
 */
async function answersBeforeTheShop(
  kind: ShopReadKind,
  request: () => Promise<Response>,
  whilePending: (readId: string) => Promise<void>,
): Promise<Response> {
  shop.hold();
  const answeredBefore = shop.answered();
  const response = await request();
  expect(response.status).toBe(202);
  expect(shop.answered()).toBe(answeredBefore);
  const [readId] = await queuedShopReads(server.app, kind);
  expect(readId).toBeDefined();
  const job = executeShopRead(server.app, readId!);
  await vi.waitFor(() => expect(shop.open()).toBeGreaterThan(0), SETTLE);
  await whilePending(readId!);
  // The page answered while the shop was still mid-answer.
  expect(shop.open()).toBeGreaterThan(0);
  expect(shop.answered()).toBe(answeredBefore);
  shop.release();
  await job;
  expect(shop.answered()).toBeGreaterThan(answeredBefore);
  return response;
}

const page = async (path: string, cookie: string) =>
  readHtml(await server.fetch(path, { headers: { cookie } }));

describe("no shop read inside a request (a shop answering a byte a second)", () => {
  it("Test selectors answers at once; the dialog's poll shows the report once read", async () => {
    let readId = "";
    const poll = async () => {
      const response = await server.fetch(`/admin/shop-reads/${readId}`, {
        headers: { cookie: adminCookie },
      });
      return (await response.json()) as { status: string; message: string; result: unknown };
    };
    await answersBeforeTheShop(
      "selector-test",
      () =>
        server.postForm(
          "/admin/scraping",
          {
            intent: "test-selectors",
            url: `${shop.baseUrl}/shop`,
            product_selector: ".item",
            name_selector: ".item-name",
            price_selector: ".item-price",
          },
          { cookie: adminCookie },
        ),
      async (id) => {
        readId = id;
        expect((await poll()).status).toBe("running");
      },
    );
    const done = await poll();
    expect(done).toMatchObject({ status: "succeeded", message: "Selector test succeeded." });
    expect(JSON.stringify(done.result)).toContain("BPC-157 5mg");
  });

  it("a claim's meta-tag check answers at once; the claim page follows it to the grant", async () => {
    const claimPage = `/vendor/${apex.slug}/claim`;
    const token = /data-testid="claim-token">([^<]+)</.exec(
      await page(claimPage, ownerCookie),
    )![1]!;
    shop.setPage(
      "/",
      `<!doctype html><html><head><meta name="peptideprices-verification" content="${token}"></head><body>Shop</body></html>`,
    );
    await answersBeforeTheShop(
      "vendor-claim",
      () => server.postForm(claimPage, { intent: "verify-meta" }, { cookie: ownerCookie }),
      async () => {
        expect(await page(claimPage, ownerCookie)).toContain("Checking your shop for the token…");
      },
    );
    const after = await server.fetch(claimPage, { headers: { cookie: ownerCookie } });
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toBe(`/vendor/${apex.slug}/manage`);
    const [member] = await db()
      .select()
      .from(t.vendorMembers)
      .where(eq(t.vendorMembers.userId, ownerId));
    expect(member?.grantedVia).toBe("meta");
  });

  it("the vendor API's PUT answers 202 pending verification; GET shows it live once read", async () => {
    const created = await server.postForm(
      `/vendor/${apex.slug}/manage`,
      {
        intent: "create-key",
        name: "slow shop bot",
        scopes: ["offers:write", "offers:read"],
        requestsPerMinute: "20",
      },
      { cookie: ownerCookie },
    );
    const key = /ppk_[0-9a-f]{8}_[A-Za-z0-9_-]{32,}/.exec(await readHtml(created))![0];
    auth = { authorization: `Bearer ${key}` };
    const listed = async () => {
      const response = await server.fetch("/api/v1/vendor/offers", { headers: auth });
      return ((await response.json()) as { data: { id: string; status: string }[] }).data;
    };
    const response = await answersBeforeTheShop(
      "vendor-offers",
      () =>
        server.fetch("/api/v1/vendor/offers", {
          method: "PUT",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({
            offers: [
              {
                peptide: "bpc-157",
                size: "10mg",
                price: 41.5,
                currency: "USD",
                stock: "in_stock",
                url: `${shop.baseUrl}/jsonld/bpc-157`,
              },
            ],
          }),
        }),
      async () => {
        expect((await listed())[0]).toMatchObject({ status: "pending" });
      },
    );
    const body = (await response.json()) as {
      results: { status: string; submissionId: string }[];
    };
    expect(body.results).toEqual([{ status: "pending", submissionId: expect.any(String) }]);
    const [submission] = (await listed()).filter((row) => row.id === body.results[0]!.submissionId);
    expect(submission).toMatchObject({ status: "live" });
  });

  it("Re-check now answers at once; the reports page shows it under way, then the correction", async () => {
    const [offer] = await db()
      .select({ id: t.vendorPeptides.id, price: t.vendorPeptides.price })
      .from(t.vendorPeptides)
      .innerJoin(t.sizeOptions, eq(t.sizeOptions.id, t.vendorPeptides.sizeOptionId))
      .innerJoin(t.peptides, eq(t.peptides.id, t.vendorPeptides.peptideId))
      .where(
        and(
          eq(t.vendorPeptides.vendorId, apex.id),
          eq(t.peptides.slug, "bpc-157"),
          eq(t.sizeOptions.quantity, 10),
          eq(t.vendorPeptides.vials, 1),
        ),
      );
    // The shop shows 41.50 (the API's check above put it live); the offer is given a wrong one.
    await db()
      .update(t.vendorPeptides)
      .set({ price: 999.99, url: `${shop.baseUrl}/jsonld/bpc-157` })
      .where(eq(t.vendorPeptides.id, offer!.id));
    server.app.cache.clear();
    const reported = await server.postForm(`/offers/${offer!.id}/report`, {
      kind: "price",
      detail: "",
    });
    expect(reported.status).toBe(200);
    const [report] = await db()
      .select({ id: t.offerReports.id })
      .from(t.offerReports)
      .where(eq(t.offerReports.vendorPeptideId, offer!.id));
    await answersBeforeTheShop(
      "offer-recheck",
      () =>
        server.postForm(
          "/admin/reports",
          { intent: "recheck", id: report!.id },
          { cookie: adminCookie },
        ),
      async () => {
        expect(await page("/admin/reports", adminCookie)).toContain("Re-check under way");
      },
    );
    const [closed] = await db()
      .select()
      .from(t.offerReports)
      .where(eq(t.offerReports.id, report!.id));
    expect(closed).toMatchObject({ status: "corrected" });
    const reports = await page("/admin/reports", adminCookie);
    expect(reports).not.toContain("Re-check under way");
    expect(reports).toContain(closed!.recheckResult!.slice(0, 40));
  });

  it("leaves nothing pending for ever: a storefront read whose worker died holds its offers", async () => {
    const put = await server.fetch("/api/v1/vendor/offers", {
      method: "PUT",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({
        offers: [
          {
            peptide: "bpc-157",
            size: "10mg",
            price: 40,
            currency: "USD",
            stock: "in_stock",
            url: `${shop.baseUrl}/jsonld/bpc-157`,
          },
        ],
      }),
    });
    expect(put.status).toBe(202);
    const { results } = (await put.json()) as { results: { submissionId: string }[] };
    // A worker on another host took the read, then fell silent (killed mid-read).
    const [readId] = await queuedShopReads(server.app, "vendor-offers");
    await db()
      .update(t.shopReads)
      .set({
        status: "running",
        ownerInstanceId: "gone-host:4242:deadbeef",
        lastHeartbeatAt: new Date(Date.now() - 10 * 60_000),
      })
      .where(eq(t.shopReads.id, readId!));
    const response = await server.fetch("/api/v1/vendor/offers", { headers: auth });
    const { data } = (await response.json()) as {
      data: { id: string; status: string; reason: string | null }[];
    };
    const held = data.find((row) => row.id === results[0]!.submissionId);
    expect(held).toMatchObject({ status: "held" });
    expect(held!.reason).toContain("the storefront check did not finish");
    const [read] = await db().select().from(t.shopReads).where(eq(t.shopReads.id, readId!));
    expect(read).toMatchObject({ status: "failed" });
  });
});
