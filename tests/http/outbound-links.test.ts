/**
 * Issue 34: Buy links leave through /go/{offerId}, which sends to the stored address with the
 * vendor's affiliate template and nowhere else; clicks are counted by the rules docs/operations.md
 * states; affiliation changes no ranking.
 */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { setAffiliateLinksEnabled } from "~/.server/data/settings.server";
import { outboundClicks, peptides, vendorPeptides, vendors } from "~/.server/db/schema";

import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0";
let uaCounter = 0;
/** A user agent no other test shares, so one test's clicks never look like another's repeat. */
const freshVisitor = () => `${BROWSER} test/${++uaCounter}`;

let offer: { id: string; url: string; vendorId: string; peptideSlug: string };

beforeAll(async () => {
  server = await startTestServer();
  const [row] = await server.app.db
    .select({
      id: vendorPeptides.id,
      url: vendorPeptides.url,
      vendorId: vendorPeptides.vendorId,
      peptideSlug: peptides.slug,
    })
    .from(vendorPeptides)
    .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId))
    .where(
      and(
        isNotNull(vendorPeptides.url),
        eq(vendorPeptides.active, true),
        eq(peptides.active, true),
      ),
    )
    .limit(1);
  offer = { ...row!, url: row!.url! };
});
afterAll(async () => {
  await server?.close();
});

async function setTemplate(vendorId: string, template: string | null) {
  await server.app.db
    .update(vendors)
    .set({ affiliateTemplate: template })
    .where(eq(vendors.id, vendorId));
  server.app.cache.clear();
}

async function clicksOf(offerId: string) {
  return server.app.db.select().from(outboundClicks).where(eq(outboundClicks.offerId, offerId));
}

function go(path: string, userAgent = freshVisitor(), headers: Record<string, string> = {}) {
  return server.fetch(path, { headers: { "user-agent": userAgent, ...headers } });
}

describe("/go/{offerId}", () => {
  beforeEach(async () => {
    await setAffiliateLinksEnabled(server.app.db, true);
    await setTemplate(offer.vendorId, "ref=pp-test");
  });

  it("answers 302 to the stored address with the vendor's template, never cached", async () => {
    const expected = new URL(offer.url);
    expected.searchParams.set("ref", "pp-test");
    const response = await go(`/go/${offer.id}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(expected.href);
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
    expect(response.headers.get("x-page-cache")).not.toBe("hit");
  });

  it("applies a {url} template, and none while affiliation is switched off site-wide", async () => {
    await setTemplate(offer.vendorId, "https://track.network.test/c?to={url}");
    expect((await go(`/go/${offer.id}`)).headers.get("location")).toBe(
      `https://track.network.test/c?to=${encodeURIComponent(new URL(offer.url).href)}`,
    );
    await setAffiliateLinksEnabled(server.app.db, false);
    expect((await go(`/go/${offer.id}`)).headers.get("location")).toBe(new URL(offer.url).href);
  });

  it.each([
    (id: string) => `/go/${id}?url=https://evil.test/`,
    (id: string) => `/go/${id}?to=%2F%2Fevil.test&redirect=https%3A%2F%2Fevil.test`,
    (id: string) => `/go/${id}/?url=//evil.test`,
  ])("ignores a target in the query: %s", async (path) => {
    const response = await go(path(offer.id));
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location")!).origin).toBe(new URL(offer.url).origin);
  });

  it.each([
    "/go//evil.test",
    "/go/%2F%2Fevil.test",
    "/go/https%3A%2F%2Fevil.test",
    "/go/https:%2F%2Fevil.test%2F",
    "/go/%5C%5Cevil.test",
    "/go/1?url=https://evil.test",
    "/go/abc",
    "/go/00000000-0000-4000-8000-000000000000",
    "/go/vendor/00000000-0000-4000-8000-000000000000",
    "/go/vendor/https%3A%2F%2Fevil.test",
    "/go/",
  ])("sends nowhere for %s", async (path) => {
    const response = await go(path);
    expect(response.status).toBe(404);
    expect(response.headers.get("location")).toBeNull();
  });

  it("the vendor page's link goes to the vendor's website the same way", async () => {
    const [vendor] = await server.app.db
      .select({ id: vendors.id, website: vendors.website })
      .from(vendors)
      .where(eq(vendors.id, offer.vendorId));
    if (!vendor?.website) throw new Error("the demo vendor has a website");
    const expected = new URL(vendor.website);
    expected.searchParams.set("ref", "pp-test");
    const response = await go(`/go/vendor/${vendor.id}?url=https://evil.test`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(expected.href);
  });

  it("the page links Buy to /go, marked sponsored and labelled, and the API keeps the shop's address", async () => {
    const html = await (await server.fetch(`/peptide/${offer.peptideSlug}`)).text();
    const buy = new RegExp(`<a[^>]*href="/go/${offer.id}"[^>]*rel="sponsored nofollow noopener"`);
    expect(html).toMatch(buy);
    const note = html.match(/<a[^>]*data-testid="affiliate-note"[^>]*>Affiliate link<\/a>/)?.[0];
    expect(note).toContain('href="/disclosure"');
    expect(html).not.toContain(`href="${offer.url}"`);

    const api = (await (
      await server.fetch(`/api/v1/peptides/${offer.peptideSlug}/offers`)
    ).json()) as {
      data: { id?: string; url: string | null }[];
    };
    const urls = api.data.map((o) => o.url);
    expect(urls).toContain(offer.url);
    expect(urls.some((url) => url?.includes("/go/") || url?.includes("ref=pp-test"))).toBe(false);

    await setTemplate(offer.vendorId, null);
    const plain = await (await server.fetch(`/peptide/${offer.peptideSlug}`)).text();
    expect(plain).toMatch(new RegExp(`<a[^>]*href="/go/${offer.id}"[^>]*rel="nofollow noopener"`));
    expect(plain).not.toContain("Affiliate link</a>");
  });

  it("the disclosure page states the ranking rules and the tie-break", async () => {
    const response = await server.fetch("/disclosure");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Money never buys rank");
    expect(html).toContain("When two landed totals are equal");
  });
});

describe("counting clicks", () => {
  it("counts a human click with time, offer, vendor, page and ship-to", async () => {
    const before = (await clicksOf(offer.id)).length;
    await go(`/go/${offer.id}`, freshVisitor(), {
      referer: `${server.baseUrl}/peptide/${offer.peptideSlug}?size=5mg`,
      cookie: "ship_to=DE",
    });
    const rows = await clicksOf(offer.id);
    expect(rows).toHaveLength(before + 1);
    const last = rows.at(-1)!;
    expect(last).toMatchObject({
      vendorId: offer.vendorId,
      page: `/peptide/${offer.peptideSlug}`,
      shipTo: "DE",
    });
    expect(last.clickedAt).toBeInstanceOf(Date);
  });

  it("leaves bots out, and keeps a page of another site out of the page column", async () => {
    const before = (await clicksOf(offer.id)).length;
    for (const bot of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "curl/8.5.0",
      "",
    ]) {
      const response = await go(`/go/${offer.id}`, bot);
      expect(response.status).toBe(302);
    }
    expect(await clicksOf(offer.id)).toHaveLength(before);
    await go(`/go/${offer.id}`, freshVisitor(), { referer: "https://elsewhere.test/list" });
    expect((await clicksOf(offer.id)).at(-1)!.page).toBeNull();
  });

  it("counts a repeat from the same visitor within 30 s once, another visitor again", async () => {
    const before = (await clicksOf(offer.id)).length;
    const visitor = freshVisitor();
    await go(`/go/${offer.id}`, visitor);
    const repeat = await go(`/go/${offer.id}`, visitor);
    expect(repeat.status).toBe(302);
    expect(await clicksOf(offer.id)).toHaveLength(before + 1);
    await go(`/go/${offer.id}`, freshVisitor());
    expect(await clicksOf(offer.id)).toHaveLength(before + 2);
  });

  it("stores no address, user agent or cookie", async () => {
    const result = (await server.app.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'outbound_clicks'`,
    )) as unknown as { rows: { column_name: string }[] };
    const columns = result.rows.map((row) => row.column_name).sort();
    expect(columns).toEqual(
      ["affiliated", "clicked_at", "id", "offer_id", "page", "ship_to", "vendor_id"].sort(),
    );
  });
});

describe("affiliation never changes a ranking", () => {
  const SORTS = [
    "",
    "?sort=total&dir=desc",
    "?sort=afterCoupon",
    "?sort=perMg",
    "?sort=vendor",
    "?sort=updated",
    "?stock=in&sort=total",
  ];
  const STACK = [
    { peptide: "bpc-157", size: "10mg", quantity: 2 },
    { peptide: "tb-500", size: "5mg", quantity: 1 },
    { peptide: "ipamorelin", size: "5mg", quantity: 3 },
  ];

  /** Each offer row in page order: its offer, Best Price and Good Deal. */
  function rankingOf(html: string) {
    return html
      .split("<tr ")
      .slice(1)
      .map((row) => row.slice(0, row.indexOf("</tr>")))
      .filter((row) => row.includes("data-offer="))
      .map((row) => ({
        offer: row.match(/data-offer="([^"]+)"/)![1],
        best: row.includes('data-best="true"'),
        goodDeal: row.includes(">Good Deal"),
      }));
  }

  async function everything(slugs: string[]) {
    server.app.cache.clear();
    const pages: Record<string, unknown> = {};
    for (const slug of slugs) {
      for (const sort of SORTS) {
        const path = `/peptide/${slug}${sort}`;
        pages[path] = rankingOf(await (await server.fetch(path)).text());
      }
      const compare = `/compare?peptide=${slug}`;
      pages[compare] = rankingOf(await (await server.fetch(compare)).text());
    }
    const stack = await server.fetch("/api/v1/stack", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ items: STACK }),
    });
    pages.stack = await stack.json();
    return pages;
  }

  it("Best Price, Good Deal, every sort order and the stack's answer are the same with every vendor affiliated or none", async () => {
    const busiest = await server.app.db
      .select({ slug: peptides.slug })
      .from(peptides)
      .innerJoin(vendorPeptides, eq(vendorPeptides.peptideId, peptides.id))
      .where(eq(peptides.active, true))
      .groupBy(peptides.slug)
      .orderBy(sql`count(*) desc`, peptides.slug)
      .limit(2);
    const slugs = busiest.map((p) => p.slug);

    await server.app.db.update(vendors).set({ affiliateTemplate: null });
    await setAffiliateLinksEnabled(server.app.db, true);
    const none = await everything(slugs);

    await server.app.db.update(vendors).set({ affiliateTemplate: "ref=pp-rank" });
    const all = await everything(slugs);
    await setAffiliateLinksEnabled(server.app.db, false);
    const switchedOff = await everything(slugs);

    // The comparison reads something: offers, a Best Price per page and a stack with baskets.
    const first = none[`/peptide/${slugs[0]}`] as ReturnType<typeof rankingOf>;
    expect(first.length).toBeGreaterThan(2);
    expect(first.some((row) => row.best)).toBe(true);
    expect((none[`/compare?peptide=${slugs[0]}`] as unknown[]).length).toBeGreaterThan(1);
    expect((none.stack as { baskets: unknown[] }).baskets.length).toBeGreaterThan(0);
    expect(all).toEqual(none);
    expect(switchedOff).toEqual(none);
    // Three passes over some thirty pages: more than the default 30 s on a loaded machine.
  }, 180_000);
});
