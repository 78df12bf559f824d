import { load } from "cheerio";
import { count, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { recordAuditEntries } from "~/.server/data/audit.server";
import { updateSettings } from "~/.server/data/settings.server";
import {
  auditLog,
  coupons,
  peptides,
  scrapeLogs,
  scrapeReviewItems,
  scrapeSources,
  user,
  vendorPeptides,
  vendors,
} from "~/.server/db/schema";

import { createUserWithPassword, signIn } from "../helpers/auth";
import { startTestServer, type TestServer } from "../helpers/server";

const ADMIN = { email: "admin@peptideprices.test", password: "admin-password" };
const PLAIN = { email: "dashboard-user@peptideprices.test", password: "dashboard-user-password" };
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

let server: TestServer;
let adminCookie: string;
let userCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  adminCookie = await signIn(server, ADMIN.email, ADMIN.password);
  await createUserWithPassword(server.app, PLAIN.email, PLAIN.password);
  userCookie = await signIn(server, PLAIN.email, PLAIN.password);
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.app.db;

async function dashboard(cookie: string | null = adminCookie) {
  const response = await server.fetch("/admin", { headers: cookie ? { cookie } : {} });
  const html = await response.text();
  return { status: response.status, html, $: load(html) };
}

/** The text of one dashboard widget, found by its heading. */
function widget($: ReturnType<typeof load>, title: string): string {
  const heading = $("[id^=dashboard-]")
    .filter((_, element) => $(element).text().startsWith(title))
    .first();
  expect(heading.length, `widget "${title}"`).toBe(1);
  return $(`[aria-labelledby="${heading.attr("id")}"]`).text();
}

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);
}

/** A calm catalogue: every price fresh, no failing source, coupons far off, nothing queued. */
async function calmCatalogue() {
  await updateSettings(db(), { scrapeIntervalSeconds: 3600 });
  await db().update(vendorPeptides).set({ priceCheckedAt: new Date() });
  await db().update(scrapeSources).set({ status: "active", lastError: null });
  await db()
    .update(coupons)
    .set({ expirationDate: isoDay(60) });
  await db().delete(scrapeReviewItems);
  await db().delete(scrapeLogs);
  await db().delete(auditLog);
}

/** An offer with its peptide and vendor names, for the stale-offer cases. */
async function someOffers(limit: number) {
  return db()
    .select({ id: vendorPeptides.id, peptide: peptides.name, vendor: vendors.name })
    .from(vendorPeptides)
    .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId))
    .innerJoin(vendors, eq(vendors.id, vendorPeptides.vendorId))
    .orderBy(vendorPeptides.id)
    .limit(limit);
}

beforeEach(calmCatalogue);

describe("/admin dashboard", () => {
  it("refuses visitors and plain users", async () => {
    const visitor = await dashboard(null);
    expect(visitor.status).toBe(403);
    expect(visitor.html).toContain("Admin Access Required");
    expect(visitor.html).not.toContain("Stale offers");
    expect((await dashboard(userCookie)).status).toBe(403);
  });

  it("is titled Dashboard and shows the catalogue counts, each linking to its table", async () => {
    const { status, $ } = await dashboard();
    expect(status).toBe(200);
    expect($("title").text()).toMatch(/^Dashboard/);
    expect($("h1").text()).toContain("Dashboard");
    const expected = {
      Peptides: [peptides, "/admin/peptides"],
      Vendors: [vendors, "/admin/vendors"],
      Offers: [vendorPeptides, "/admin/prices"],
      Users: [user, "/admin/users"],
    } as const;
    for (const [label, [table, href]] of Object.entries(expected)) {
      const [{ n }] = await db().select({ n: count() }).from(table);
      expect(n).toBeGreaterThan(0);
      // Named by its visible text ("Peptides 12"): no aria-label that replaces it (axe).
      const link = $(`a[href="${href}"]`).filter(
        (_, a) => $(a).text().replace(/\s+/g, " ").trim() === `${label}${n}`,
      );
      expect(link.length, label).toBe(1);
    }
  });

  it("shows an empty state in every widget when nothing needs attention", async () => {
    const { $ } = await dashboard();
    expect(widget($, "Stale offers")).toContain("Every offer was refreshed");
    expect(widget($, "Failing sources")).toContain("No scrape source is failing.");
    expect(widget($, "Coupons expiring")).toContain("No coupon expires within 7 days.");
    expect(widget($, "Review queue")).toContain("No scraped listing is waiting for review.");
    expect(widget($, "Last runs")).toContain("The scraper has not run yet.");
    expect(widget($, "Recent changes")).toContain("No admin change has been recorded yet.");
  });

  it("lists offers not confirmed within the freshness window (runs without a price × interval) as stale", async () => {
    const [stale, fresh] = await someOffers(2);
    await db()
      .update(vendorPeptides)
      .set({ priceCheckedAt: new Date(Date.now() - 3.5 * HOUR_MS) })
      .where(eq(vendorPeptides.id, stale!.id));
    await db()
      .update(vendorPeptides)
      .set({ priceCheckedAt: new Date(Date.now() - 2.5 * HOUR_MS) })
      .where(eq(vendorPeptides.id, fresh!.id));

    const { $ } = await dashboard();
    const text = widget($, "Stale offers");
    expect(text).toContain("(1)");
    expect(text).toContain(`${stale!.peptide}`);
    expect(text).toContain(stale!.vendor);
    expect($('a[href="/admin/prices?stale=1"]').length).toBe(1);

    // A longer scrape interval moves the threshold: 3.5 hours is within three 4-hour intervals.
    await updateSettings(db(), { scrapeIntervalSeconds: 4 * 3600 });
    expect(widget((await dashboard()).$, "Stale offers")).toContain("Every offer was refreshed");
  });

  it("lists failing sources with their error", async () => {
    const [source] = await db()
      .select({ id: scrapeSources.id, name: scrapeSources.retailerName })
      .from(scrapeSources)
      .limit(1);
    await db()
      .update(scrapeSources)
      .set({ status: "error", lastError: "HTTP 503 from the shop" })
      .where(eq(scrapeSources.id, source!.id));

    const { $ } = await dashboard();
    const text = widget($, "Failing sources");
    expect(text).toContain("(1)");
    expect(text).toContain(source!.name);
    expect(text).toContain("HTTP 503 from the shop");
    expect($('a[href="/admin/scraping?status=error"]').length).toBe(1);
  });

  it("lists coupons expiring within 7 days and flags expired ones, not later ones", async () => {
    const rows = await db()
      .select({ id: coupons.id, code: coupons.code })
      .from(coupons)
      .orderBy(coupons.code);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const [soon, expired, later] = rows;
    await db()
      .update(coupons)
      .set({ expirationDate: isoDay(3) })
      .where(eq(coupons.id, soon!.id));
    await db()
      .update(coupons)
      .set({ expirationDate: isoDay(-1) })
      .where(eq(coupons.id, expired!.id));
    await db()
      .update(coupons)
      .set({ expirationDate: isoDay(30) })
      .where(eq(coupons.id, later!.id));

    const { $ } = await dashboard();
    const text = widget($, "Coupons expiring");
    expect(text).toContain("(2)");
    expect(text).toContain(`${soon!.code} expires ${isoDay(3)}`);
    expect(text).toContain(`${expired!.code} Expiredexpired ${isoDay(-1)}`);
    expect(text).not.toContain(later!.code);
    expect($('a[href="/admin/vendors?coupon=expiring"]').length).toBe(1);
  });

  it("counts pending review items only, and shows the last runs and recent changes", async () => {
    await db()
      .insert(scrapeReviewItems)
      .values([
        { name: "Mystery peptide 5mg", reason: "unknown_peptide", status: "pending" },
        { name: "Another mystery 10mg", reason: "unknown_peptide", status: "pending" },
        { name: "Rejected thing", reason: "price_outlier", status: "rejected" },
      ]);
    const [source] = await db()
      .select({ id: scrapeSources.id, name: scrapeSources.retailerName })
      .from(scrapeSources)
      .where(ne(scrapeSources.retailerName, ""))
      .limit(1);
    await db().insert(scrapeLogs).values({
      sourceId: source!.id,
      url: "https://shop.example/",
      status: "error",
      details: "Timed out after 30 s",
    });
    const [admin] = await db()
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(eq(user.email, ADMIN.email));
    await recordAuditEntries(db(), admin!, [
      {
        action: "update",
        entity: "vendor",
        entityId: crypto.randomUUID(),
        name: "Alpha Labs",
        before: { website: "https://a.example" },
        after: { website: "https://alpha.example" },
      },
    ]);

    const { $ } = await dashboard();
    expect(widget($, "Review queue")).toContain("2 scraped listings are waiting for review.");
    expect($('a[href="/admin/scraping?review=pending"]').length).toBe(1);
    const runs = widget($, "Last runs");
    expect(runs).toContain(source!.name);
    expect(runs).toContain("Timed out after 30 s");
    const changes = widget($, "Recent changes");
    expect(changes).toContain(ADMIN.email);
    expect(changes).toContain("Alpha Labs");
    expect($('a[href="/admin/audit"]').length).toBeGreaterThan(0);
    expect($('a[href="/admin/audit?entity=vendor"]').length).toBe(1);
  });
});
