import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getScrapeSource } from "~/.server/data/scrape-sources.server";
import { addVendorMember } from "~/.server/data/vendor-accounts.server";
import { updateSettings } from "~/.server/data/settings.server";
import { scrapeSource } from "~/.server/scraper/run.server";
import * as t from "~/.server/db/schema";
import { DEFAULT_SETTINGS } from "~/lib/constants";

import { createUserWithPassword, readHtml, signIn } from "../helpers/auth";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-site";
import { startTestServer, type TestServer } from "../helpers/server";
import { runQueuedShopReads } from "../helpers/shop-reads";

/**
 * Issue 33 Musts 4 and 5 over HTTP against a local shop: an API key's PUT verified against the
 * storefront by a background read (issue 37: the PUT answers 202, each offer pending) (one price agreeing goes live "vendor-supplied", one disagreeing is held with both
 * values for the admin); the key's scopes, per-key limit (429 with Retry-After) and revocation;
 * the public labels; and the vendor's Merchant feed read by the ordinary scrape run.
 */

let server: TestServer;
let metaShop: FixtureSite;
let adminCookie: string;
const db = () => server.app.db;

async function vendorNamed(name: string) {
  const [row] = await db()
    .select({ id: t.vendors.id, slug: t.vendors.slug })
    .from(t.vendors)
    .where(eq(t.vendors.name, name));
  return row!;
}

async function createKey(slug: string, cookie: string, fields: Record<string, string | string[]>) {
  const response = await server.postForm(
    `/vendor/${slug}/manage`,
    { intent: "create-key", ...fields },
    { cookie },
  );
  const key = /ppk_[0-9a-f]{8}_[A-Za-z0-9_-]{32,}/.exec(await readHtml(response))?.[0];
  if (!key) throw new Error(`no key in the answer (${response.status})`);
  return key;
}

function putOffers(key: string, offers: unknown[]) {
  return server.fetch("/api/v1/vendor/offers", {
    method: "PUT",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ offers }),
  });
}

/** The submission as it stands once the background storefront read (run here) is done. */
async function verified(submissionId: string) {
  await runQueuedShopReads(server.app, "vendor-offers");
  const [row] = await db()
    .select()
    .from(t.vendorOfferSubmissions)
    .where(eq(t.vendorOfferSubmissions.id, submissionId));
  return row!;
}

let apex: { id: string; slug: string };
let ownerCookie: string;
let ownerId: string;

beforeAll(async () => {
  server = await startTestServer({ SCRAPER_ALLOW_PRIVATE_HOSTS: "true" });
  await updateSettings(db(), { ...DEFAULT_SETTINGS, requestDelayMs: 0 });
  metaShop = await startFixtureSite();
  apex = await vendorNamed("Apex Peptide Labs");
  await db()
    .update(t.vendors)
    .set({ website: `${metaShop.baseUrl}/` })
    .where(eq(t.vendors.id, apex.id));
  ownerId = await createUserWithPassword(server.app, "owner@example.com", "owner-password-1");
  ownerCookie = await signIn(server, "owner@example.com", "owner-password-1");
  // Claiming is vendor-claims.test.ts's; here the owner is granted as an admin would.
  await addVendorMember(db(), { vendorId: apex.id, userId: ownerId, via: "admin" });
  adminCookie = await signIn(server, "admin@peptideprices.test", "admin-password");
});
afterAll(async () => {
  await metaShop?.close();
  await server?.close();
});

describe("PUT /api/v1/vendor/offers", () => {
  const offer = (price: number, path = "/jsonld/bpc-157") => ({
    peptide: "bpc-157",
    size: "10mg",
    price,
    currency: "USD",
    stock: "in_stock",
    url: `${metaShop.baseUrl}${path}`,
  });

  async function apexOffer() {
    const [row] = await db()
      .select({
        price: t.vendorPeptides.price,
        suppliedAt: t.vendorPeptides.vendorSuppliedAt,
        checkedAt: t.vendorPeptides.priceCheckedAt,
      })
      .from(t.vendorPeptides)
      .innerJoin(t.sizeOptions, eq(t.sizeOptions.id, t.vendorPeptides.sizeOptionId))
      .innerJoin(t.peptides, eq(t.peptides.id, t.sizeOptions.peptideId))
      .where(
        and(
          eq(t.vendorPeptides.vendorId, apex.id),
          eq(t.peptides.slug, "bpc-157"),
          eq(t.sizeOptions.quantity, 10),
          eq(t.vendorPeptides.vials, 1),
        ),
      );
    return row!;
  }

  it("puts a price the storefront agrees with live, marked vendor-supplied", async () => {
    const key = await createKey(apex.slug, ownerCookie, {
      name: "feed bot",
      scopes: ["offers:write", "offers:read"],
      requestsPerMinute: "20",
    });
    const response = await putOffers(key, [offer(41.5)]);
    expect(response.status).toBe(202);
    const body = (await response.json()) as {
      results: { status: string; submissionId: string }[];
    };
    expect(body.results[0]!.status).toBe("pending");
    expect((await verified(body.results[0]!.submissionId)).status).toBe("live");
    const live = await apexOffer();
    expect(live.price).toBe(41.5);
    expect(live.suppliedAt?.getTime()).toBe(live.checkedAt.getTime());
  });

  it("holds a price the storefront does not show, with both values for the admin, until approved", async () => {
    const key = await createKey(apex.slug, ownerCookie, {
      name: "held",
      scopes: ["offers:write"],
      requestsPerMinute: "20",
    });
    const before = await apexOffer();
    const response = await putOffers(key, [offer(36.25)]);
    const body = (await response.json()) as {
      results: { status: string; submissionId: string }[];
    };
    expect(body.results[0]).toMatchObject({ status: "pending" });
    expect(await verified(body.results[0]!.submissionId)).toMatchObject({
      status: "held",
      storefrontPrice: 41.5,
    });
    expect((await apexOffer()).price).toBe(before.price);

    const page = await readHtml(
      await server.fetch("/admin/vendor-accounts", { headers: { cookie: adminCookie } }),
    );
    expect(page).toContain("36.25 USD");
    expect(page).toContain("41.5");

    const approved = await server.postForm(
      "/admin/vendor-accounts",
      { intent: "approve-submission", id: body.results[0]!.submissionId },
      { cookie: adminCookie },
    );
    expect(approved.status).toBe(200);
    expect((await apexOffer()).price).toBe(36.25);
  });

  it("refuses an offer whose url is off the vendor's shop, and reads nothing there", async () => {
    const key = await createKey(apex.slug, ownerCookie, {
      name: "off-host",
      scopes: ["offers:write"],
      requestsPerMinute: "20",
    });
    const response = await putOffers(key, [
      { ...offer(41.5), url: `${server.baseUrl}/demo-retailer/shop` },
    ]);
    const body = (await response.json()) as { results: { status: string }[] };
    expect(body.results[0]!.status).toBe("refused");
  });

  it("holds each key to its scopes, its per-minute limit and its revocation", async () => {
    const readOnly = await createKey(apex.slug, ownerCookie, {
      name: "reader",
      scopes: ["offers:read"],
      requestsPerMinute: "20",
    });
    expect((await putOffers(readOnly, [offer(41.5)])).status).toBe(403);
    expect(
      (
        await server.fetch("/api/v1/vendor/offers", {
          headers: { authorization: `Bearer ${readOnly}` },
        })
      ).status,
    ).toBe(200);

    const limited = await createKey(apex.slug, ownerCookie, {
      name: "limited",
      scopes: ["offers:read"],
      requestsPerMinute: "2",
    });
    const get = () =>
      server.fetch("/api/v1/vendor/offers", { headers: { authorization: `Bearer ${limited}` } });
    expect((await get()).status).toBe(200);
    expect((await get()).status).toBe(200);
    const refused = await get();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);

    const [row] = await db()
      .select({ id: t.vendorApiKeys.id, hash: t.vendorApiKeys.keyHash })
      .from(t.vendorApiKeys)
      .where(eq(t.vendorApiKeys.prefix, readOnly.slice(0, 12)));
    expect(row!.hash).not.toContain(readOnly);
    await server.postForm(
      `/vendor/${apex.slug}/manage`,
      { intent: "revoke-key", id: row!.id },
      { cookie: ownerCookie },
    );
    expect(
      (
        await server.fetch("/api/v1/vendor/offers", {
          headers: { authorization: `Bearer ${readOnly}` },
        })
      ).status,
    ).toBe(401);
    expect((await server.fetch("/api/v1/vendor/offers")).status).toBe(401);
  });
});

describe("what the public sees of the vendor's own words", () => {
  it("marks the vendor's price vendor-supplied, its coupon reported by the vendor, and shows its lab reply", async () => {
    const terms = await server.postForm(
      `/vendor/${apex.slug}/manage`,
      {
        intent: "update-terms",
        couponCode: "APEX15",
        discountAmount: "15",
        discountType: "percentage",
        currency: "USD",
      },
      { cookie: ownerCookie },
    );
    expect(terms.status).toBe(200);
    const [test] = await db()
      .select({ id: t.labTests.id })
      .from(t.labTests)
      .where(eq(t.labTests.vendorId, apex.id))
      .limit(1);
    const reply = await server.postForm(
      `/vendor/${apex.slug}/manage`,
      { intent: "reply-lab-test", id: test!.id, body: "Batch recalled and retested in March." },
      { cookie: ownerCookie },
    );
    expect(reply.status).toBe(200);
    const page = await readHtml(await server.fetch(`/vendor/${apex.slug}`));
    expect(page).toContain("vendor-supplied");
    expect(page).toContain("reported by the vendor");
    expect(page).toContain("Batch recalled and retested in March.");
    const audited = await db()
      .select({ entity: t.auditLog.entity })
      .from(t.auditLog)
      .where(eq(t.auditLog.actorUserId, ownerId));
    expect(audited.map((row) => row.entity)).toEqual(
      expect.arrayContaining(["vendor_api_key", "vendor", "vendor_reply", "vendor_submission"]),
    );
  });
});

describe("the vendor's product feed", () => {
  const item = (id: string, title: string, path: string, price: string) =>
    `<item><g:id>${id}</g:id><g:title>${title}</g:title><g:link>${metaShop.baseUrl}${path}</g:link><g:price>${price} USD</g:price><g:availability>in stock</g:availability></item>`;

  it("is read by the ordinary scrape run: an item the storefront agrees with goes live vendor-supplied, the other is held in the submissions queue with both prices", async () => {
    metaShop.setPage(
      "/merchant-feed.xml",
      `<?xml version="1.0"?><rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>${item("1", "BPC-157 10mg", "/jsonld/bpc-157", "41.50")}${item("2", "TB-500 5mg", "/jsonld/graph", "12.00")}</channel></rss>`,
    );
    const saved = await server.postForm(
      `/vendor/${apex.slug}/manage`,
      { intent: "set-feed", feedUrl: `${metaShop.baseUrl}/merchant-feed.xml` },
      { cookie: ownerCookie },
    );
    expect(saved.status).toBe(200);
    const offSite = await server.postForm(
      `/vendor/${apex.slug}/manage`,
      { intent: "set-feed", feedUrl: "https://elsewhere.example/feed.xml" },
      { cookie: ownerCookie },
    );
    expect(offSite.status).toBe(400);

    const [row] = await db()
      .select({ id: t.scrapeSources.id })
      .from(t.scrapeSources)
      .where(and(eq(t.scrapeSources.vendorId, apex.id), eq(t.scrapeSources.kind, "merchant_feed")));
    const result = await scrapeSource(server.app, (await getScrapeSource(db(), row!.id))!);
    expect(result.ok).toBe(true);
    expect(result.summary.listings).toBe(1);
    const [offer] = await db()
      .select({ price: t.vendorPeptides.price })
      .from(t.vendorPeptides)
      .innerJoin(t.sizeOptions, eq(t.sizeOptions.id, t.vendorPeptides.sizeOptionId))
      .innerJoin(t.peptides, eq(t.peptides.id, t.sizeOptions.peptideId))
      .where(
        and(
          eq(t.vendorPeptides.vendorId, apex.id),
          eq(t.peptides.slug, "bpc-157"),
          eq(t.sizeOptions.quantity, 10),
          eq(t.vendorPeptides.vials, 1),
        ),
      );
    expect(offer!.price).toBe(41.5);
    const [log] = await db()
      .select({ details: t.scrapeLogs.details })
      .from(t.scrapeLogs)
      .where(eq(t.scrapeLogs.sourceId, row!.id));
    expect(log!.details).toContain('held "TB-500 5mg": the feed says 12, the storefront shows');
    expect(metaShop.requestsFor("/jsonld/graph").length).toBeGreaterThanOrEqual(1);

    // The agreeing price is the vendor's word, marked like a PUT's.
    const [live] = await db()
      .select({
        suppliedAt: t.vendorPeptides.vendorSuppliedAt,
        checkedAt: t.vendorPeptides.priceCheckedAt,
      })
      .from(t.vendorPeptides)
      .innerJoin(t.sizeOptions, eq(t.sizeOptions.id, t.vendorPeptides.sizeOptionId))
      .innerJoin(t.peptides, eq(t.peptides.id, t.sizeOptions.peptideId))
      .where(
        and(
          eq(t.vendorPeptides.vendorId, apex.id),
          eq(t.peptides.slug, "bpc-157"),
          eq(t.sizeOptions.quantity, 10),
          eq(t.vendorPeptides.vials, 1),
        ),
      );
    expect(live!.suppliedAt?.getTime()).toBe(live!.checkedAt.getTime());

    // The disagreeing item waits in the PUT path's queue with both values, not only in the log.
    const feedSubmissions = () =>
      db()
        .select({
          id: t.vendorOfferSubmissions.id,
          status: t.vendorOfferSubmissions.status,
          price: t.vendorOfferSubmissions.price,
          storefrontPrice: t.vendorOfferSubmissions.storefrontPrice,
          storefrontStock: t.vendorOfferSubmissions.storefrontStock,
        })
        .from(t.vendorOfferSubmissions)
        .where(
          and(
            eq(t.vendorOfferSubmissions.vendorId, apex.id),
            eq(t.vendorOfferSubmissions.via, "feed"),
          ),
        );
    const filed = await feedSubmissions();
    expect(filed).toHaveLength(2);
    const held = filed.find((row) => row.status === "held");
    expect(held).toMatchObject({
      price: 12,
      storefrontPrice: 30.95,
      storefrontStock: "out_of_stock",
    });
    expect(filed.find((row) => row.status === "live")).toMatchObject({ price: 41.5 });
    const queue = await readHtml(
      await server.fetch("/admin/vendor-accounts", { headers: { cookie: adminCookie } }),
    );
    expect(queue).toContain("12 USD");
    expect(queue).toContain("30.95");
    const audited = await db()
      .select({ entityId: t.auditLog.entityId })
      .from(t.auditLog)
      .where(eq(t.auditLog.entity, "vendor_submission"));
    expect(audited.map((row) => row.entityId)).toContain(held!.id);

    // The next run reads the same feed: nothing is filed twice.
    await scrapeSource(server.app, (await getScrapeSource(db(), row!.id))!);
    expect(await feedSubmissions()).toHaveLength(2);

    const approved = await server.postForm(
      "/admin/vendor-accounts",
      { intent: "approve-submission", id: held!.id },
      { cookie: adminCookie },
    );
    expect(approved.status).toBe(200);
    const [tb500] = await db()
      .select({ price: t.vendorPeptides.price })
      .from(t.vendorPeptides)
      .innerJoin(t.sizeOptions, eq(t.sizeOptions.id, t.vendorPeptides.sizeOptionId))
      .innerJoin(t.peptides, eq(t.peptides.id, t.sizeOptions.peptideId))
      .where(
        and(
          eq(t.vendorPeptides.vendorId, apex.id),
          eq(t.peptides.slug, "tb-500"),
          eq(t.sizeOptions.quantity, 5),
          eq(t.vendorPeptides.vials, 1),
        ),
      );
    expect(tb500!.price).toBe(12);
  });
});
