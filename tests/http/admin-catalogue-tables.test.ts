import { and, count, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import {
  auditLog,
  coupons,
  peptides,
  priceHistory,
  vendorPeptides,
  vendors,
} from "~/.server/db/schema";

import { rowVersion } from "~/.server/data/row-version.server";

import { startAdminHttp } from "../helpers/admin-http";

const admin = startAdminHttp({
  plainUser: { email: "tables-user@peptideprices.test", password: "tables-password" },
});
const { post, db } = admin;

async function page(path: string) {
  const response = await admin.server.fetch(path, { headers: { cookie: admin.adminCookie } });
  return {
    status: response.status,
    text: await response.text(),
    location: response.headers.get("location"),
  };
}

/** The rows' accessible names in a table page, in order ("Select BPC-157"). */
function selectedNames(html: string): string[] {
  return [...html.matchAll(/aria-label="Select ([^"]+)"/g)]
    .map((match) => match[1]!)
    .filter((name) => !name.startsWith("every row"));
}

async function popularOrders() {
  const rows = await db()
    .select({ order: peptides.popularOrder })
    .from(peptides)
    .where(eq(peptides.isPopular, true));
  return rows.map((row) => row.order).sort();
}

describe("tables that scale: the URL holds search, filters, sort and page", () => {
  it("peptides: one page of 5 rows, sorted by name; a new column sorts ascending first", async () => {
    const { text } = await page("/admin/peptides");
    const names = selectedNames(text);
    expect(names).toHaveLength(5);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(text).toContain('href="/admin/peptides?sort=category"');
    expect(text).toContain('href="/admin/peptides?sort=name&amp;dir=desc"');
    const descending = selectedNames((await page("/admin/peptides?sort=name&dir=desc")).text);
    expect(descending[0]!.localeCompare(names[0]!)).toBeGreaterThan(0);
  });

  it("peptides: searches name and aliases, filters by popular, and pages", async () => {
    const searched = selectedNames((await page("/admin/peptides?q=bpc")).text);
    expect(searched.length).toBeGreaterThan(0);
    expect(searched.every((name) => /bpc/i.test(name))).toBe(true);
    const popular = selectedNames((await page("/admin/peptides?popular=1")).text);
    const [{ n }] = await db()
      .select({ n: count() })
      .from(peptides)
      .where(eq(peptides.isPopular, true));
    expect(popular).toHaveLength(Math.min(n, 5));
    const first = selectedNames((await page("/admin/peptides")).text);
    const second = selectedNames((await page("/admin/peptides?page=2")).text);
    expect(second.length).toBeGreaterThan(0);
    expect(second.some((name) => first.includes(name))).toBe(false);
  });

  it("vendor prices: the dashboard's ?stale=1 lists only offers not confirmed within the freshness window", async () => {
    const [stale] = await db().select({ id: vendorPeptides.id }).from(vendorPeptides).limit(1);
    await db().update(vendorPeptides).set({ priceCheckedAt: new Date() });
    await db()
      .update(vendorPeptides)
      .set({ priceCheckedAt: new Date("2020-01-01T00:00:00Z") })
      .where(eq(vendorPeptides.id, stale!.id));
    const redirected = await page("/admin/peptides?stale=1");
    expect(redirected.status).toBe(302);
    expect(redirected.location).toBe("/admin/prices?stale=1");
    const { text } = await page("/admin/prices?stale=1");
    expect(selectedNames(text)).toHaveLength(1);
    expect(text).toContain("Stale");
  });

  it("vendor prices: filters by vendor and stock, 10 rows a page", async () => {
    const [vendor] = await db()
      .select({ id: vendors.id, name: vendors.name })
      .from(vendors)
      .limit(1);
    const byVendor = selectedNames((await page(`/admin/prices?vendor=${vendor!.id}`)).text);
    expect(byVendor.length).toBeGreaterThan(0);
    expect(byVendor.every((name) => name.startsWith(`${vendor!.name} price for`))).toBe(true);
    expect(selectedNames((await page("/admin/prices")).text)).toHaveLength(10);
    const searched = selectedNames(
      (await page(`/admin/prices?q=${encodeURIComponent(vendor!.name.toUpperCase())}`)).text,
    );
    expect(searched.length).toBeGreaterThan(0);
    expect(searched.every((name) => name.startsWith(`${vendor!.name} price for`))).toBe(true);
    expect(selectedNames((await page("/admin/prices?q=no-such-thing%25")).text)).toEqual([]);
    // The audit log's link to one price: searched by the name it records (one row per size).
    const [named] = byVendor;
    const linked = selectedNames(
      (await page(`/admin/prices?${new URLSearchParams({ q: named! })}`)).text,
    );
    expect(linked.length).toBeGreaterThan(0);
    expect(linked.every((name) => name === named)).toBe(true);
    const [offer] = await db().select({ id: vendorPeptides.id }).from(vendorPeptides).limit(1);
    await db()
      .update(vendorPeptides)
      .set({ stockStatus: "out_of_stock" })
      .where(eq(vendorPeptides.id, offer!.id));
    const [{ n }] = await db()
      .select({ n: count() })
      .from(vendorPeptides)
      .where(eq(vendorPeptides.stockStatus, "out_of_stock"));
    expect(selectedNames((await page("/admin/prices?stock=out")).text)).toHaveLength(
      Math.min(n, 10),
    );
  });

  it("vendors: ?coupon=expiring lists expiring and expired coupons; an expired one is marked", async () => {
    const [vendor] = await db()
      .select({ id: vendors.id, name: vendors.name })
      .from(vendors)
      .limit(1);
    await db()
      .insert(coupons)
      .values({
        vendorId: vendor!.id,
        code: "OLD10",
        discountAmount: 10,
        discountType: "percentage",
        expirationDate: "2020-01-01",
      })
      .onConflictDoUpdate({
        target: coupons.vendorId,
        set: { code: "OLD10", expirationDate: "2020-01-01" },
      });
    const { text } = await page("/admin/vendors?coupon=expiring");
    expect(text).toContain(vendor!.name);
    expect(text).toContain(">Expired<");
    const [{ n }] = await db()
      .select({ n: count() })
      .from(coupons)
      .where(isNotNull(coupons.expirationDate));
    expect(n).toBeGreaterThan(0);
    const searched = await page(`/admin/vendors?q=${encodeURIComponent(vendor!.name)}`);
    expect(searched.text).toContain(vendor!.name);
  });
});

describe("vendor save with a past coupon expiry", () => {
  it("saves it and warns that the coupon will show as expired", async () => {
    const { status, text } = await post("/admin/vendors", {
      intent: "create-vendor",
      name: "Lapsed Coupon Labs",
      couponCode: "GONE5",
      discountAmount: "5",
      expirationDate: "2021-06-30",
    });
    expect(status).toBe(200);
    expect(text).toContain("Vendor added. This date has passed: the coupon will show as expired.");
    const [row] = await db().select().from(vendors).where(eq(vendors.name, "Lapsed Coupon Labs"));
    const [coupon] = await db().select().from(coupons).where(eq(coupons.vendorId, row!.id));
    expect(coupon!.expirationDate).toBe("2021-06-30");
  });
});

describe("inline vendor-price edit (update-vendor-price)", () => {
  it("saves price, stock and link through the one writer: history, audit with before and after", async () => {
    const [offer] = await db()
      .select({
        id: vendorPeptides.id,
        price: vendorPeptides.price,
        version: rowVersion(vendorPeptides),
      })
      .from(vendorPeptides)
      .limit(1);
    const historyBefore = await db()
      .select({ n: count() })
      .from(priceHistory)
      .where(eq(priceHistory.vendorPeptideId, offer!.id));
    const { status, text } = await post("/admin/prices", {
      intent: "update-vendor-price",
      id: offer!.id,
      version: offer!.version,
      confirm: "1",
      price: "123.45",
      stockStatus: "low_stock",
      url: "https://vendor.example/inline",
    });
    expect(status).toBe(200);
    expect(text).toContain("Vendor price updated");
    const [saved] = await db()
      .select()
      .from(vendorPeptides)
      .where(eq(vendorPeptides.id, offer!.id));
    expect(saved).toMatchObject({
      price: 123.45,
      stockStatus: "low_stock",
      url: "https://vendor.example/inline",
      source: "manual",
    });
    const historyAfter = await db()
      .select({ n: count() })
      .from(priceHistory)
      .where(eq(priceHistory.vendorPeptideId, offer!.id));
    expect(historyAfter[0]!.n).toBe(historyBefore[0]!.n + 1);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "vendor_peptide"), eq(auditLog.entityId, offer!.id)));
    const details = entry!.details as {
      name: string;
      changes: Record<string, { before: unknown; after: unknown }>;
    };
    expect(details.name).toMatch(/ price for /);
    expect(details.changes.price).toEqual({ before: offer!.price, after: 123.45 });
    expect(details.changes.stockStatus!.after).toBe("low_stock");
  });

  it("refuses a bad value and a plain user, changing nothing", async () => {
    const [offer] = await db().select().from(vendorPeptides).limit(1);
    const bad = await post("/admin/prices", {
      intent: "update-vendor-price",
      id: offer!.id,
      version: "1",
      price: "-3",
      stockStatus: "in_stock",
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Price cannot be negative");
    const refused = await post(
      "/admin/prices",
      {
        intent: "update-vendor-price",
        id: offer!.id,
        version: "1",
        price: "1",
        stockStatus: "in_stock",
      },
      admin.userCookie,
    );
    expect(refused.status).toBe(403);
    const [after] = await db()
      .select()
      .from(vendorPeptides)
      .where(eq(vendorPeptides.id, offer!.id));
    expect(after).toEqual(offer);
  });
});

describe("bulk delete", () => {
  it("bulk-peptides: deletes the selected peptides and records each by name", async () => {
    const rows = await db()
      .select({ id: peptides.id, name: peptides.name })
      .from(peptides)
      .orderBy(peptides.name)
      .limit(2);
    const ids = rows.map((row) => row.id).join(",");
    expect(
      (
        await post(
          "/admin/peptides",
          { intent: "bulk-peptides", operation: "delete", ids },
          admin.userCookie,
        )
      ).status,
    ).toBe(403);
    const { status, text } = await post("/admin/peptides", {
      intent: "bulk-peptides",
      operation: "delete",
      ids,
    });
    expect(status).toBe(200);
    expect(text).toContain("2 peptides deleted");
    const [{ n }] = await db()
      .select({ n: count() })
      .from(peptides)
      .where(eq(peptides.id, rows[0]!.id));
    expect(n).toBe(0);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "peptide"), eq(auditLog.action, "delete")));
    const names = entries.map((entry) => (entry.details as { name?: string }).name);
    expect(names).toEqual(expect.arrayContaining(rows.map((row) => row.name)));
  });

  it("bulk-vendor-prices: deletes the selected prices with their history", async () => {
    const rows = await db().select({ id: vendorPeptides.id }).from(vendorPeptides).limit(3);
    const { status, text } = await post("/admin/prices", {
      intent: "bulk-vendor-prices",
      operation: "delete",
      ids: rows.map((row) => row.id).join(","),
    });
    expect(status).toBe(200);
    expect(text).toContain("3 vendor prices deleted");
    const [{ n }] = await db()
      .select({ n: count() })
      .from(priceHistory)
      .where(eq(priceHistory.vendorPeptideId, rows[0]!.id));
    expect(n).toBe(0);
  });
});

describe("the popular limit holds under concurrent requests", () => {
  it("six promotions at once make exactly three popular peptides in slots 1, 2 and 3", async () => {
    await db().update(peptides).set({ isPopular: false, popularOrder: null });
    const rows = await db().select({ id: peptides.id }).from(peptides).limit(6);
    const answers = await Promise.all(
      rows.map((row) => post("/admin/peptides", { intent: "promote-peptide", id: row.id })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(3);
    expect(await popularOrders()).toEqual([1, 2, 3]);
  });

  it("four creates and edits claiming slot 1 at once leave one #1 and at most three popular", async () => {
    const others = await db()
      .select({
        id: peptides.id,
        name: peptides.name,
        slug: peptides.slug,
        version: rowVersion(peptides),
      })
      .from(peptides)
      .where(eq(peptides.isPopular, false))
      .limit(2);
    const answers = await Promise.all([
      post("/admin/peptides", {
        intent: "create-peptide",
        name: "Race One",
        isPopular: "on",
        popularOrder: "1",
      }),
      post("/admin/peptides", {
        intent: "create-peptide",
        name: "Race Two",
        isPopular: "on",
        popularOrder: "1",
      }),
      ...others.map((row) =>
        post("/admin/peptides", {
          intent: "update-peptide",
          id: row.id,
          version: row.version,
          name: row.name,
          slug: row.slug,
          isPopular: "on",
          popularOrder: "1",
        }),
      ),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(await popularOrders()).toEqual([1, 2, 3]);
  });
});
