import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import * as t from "~/.server/db/schema";

import { startAdminHttp } from "../helpers/admin-http";

/**
 * Issue 33's admin review lists are paged like every admin table: however many reports,
 * reviews, lab reports, held submissions or vendor members wait, a page holds 25, in the
 * list's order, with the pager's links to the next page.
 */

const admin = startAdminHttp();
const db = () => admin.db();

const two = (n: number) => String(n).padStart(2, "0");
const three = (n: number) => String(n).padStart(3, "0");
/** Oldest first by number: the lists that serve the longest waiting first put 000 on top. */
const at = (n: number) => new Date(Date.UTC(2020, 0, 1) + n * 60_000);

beforeAll(async () => {
  const [vendor] = await db()
    .select({ id: t.vendors.id })
    .from(t.vendors)
    .where(eq(t.vendors.name, "Apex Peptide Labs"));
  const [offer] = await db()
    .select({
      id: t.vendorPeptides.id,
      peptideId: t.vendorPeptides.peptideId,
      sizeOptionId: t.vendorPeptides.sizeOptionId,
    })
    .from(t.vendorPeptides)
    .where(eq(t.vendorPeptides.vendorId, vendor!.id))
    .limit(1);
  await db()
    .insert(t.offerReports)
    .values(
      Array.from({ length: 500 }, (_, n) => ({
        vendorPeptideId: offer!.id,
        vendorId: vendor!.id,
        kind: "price",
        detail: `PAGED-REPORT-${three(n)}`,
        reportedPrice: 10,
        reportedCurrency: "USD",
        reportedStock: "in_stock",
        createdAt: at(n),
      })),
    );
  const users = await db()
    .insert(t.user)
    .values(
      Array.from({ length: 60 }, (_, n) => ({
        id: `paged-member-${two(n)}`,
        name: `Paged member ${two(n)}`,
        email: `paged-member-${two(n)}@example.com`,
        emailVerified: true,
      })),
    )
    .returning({ id: t.user.id });
  await db()
    .insert(t.vendorMembers)
    .values(users.map((u) => ({ vendorId: vendor!.id, userId: u.id, grantedVia: "admin" })));
  await db()
    .insert(t.vendorReviews)
    .values(
      users.map((u, n) => ({
        vendorId: vendor!.id,
        userId: u.id,
        stars: 4,
        text: `PAGED-REVIEW-${two(n)} arrived in a week, well packed.`,
        createdAt: at(n),
      })),
    );
  await db()
    .insert(t.vendorLabReports)
    .values(
      Array.from({ length: 60 }, (_, n) => ({
        vendorId: vendor!.id,
        peptideId: offer!.peptideId,
        sizeOptionId: offer!.sizeOptionId,
        labName: "Janoshik",
        testedOn: "2026-01-15",
        batch: `PAGED-LAB-${two(n)}`,
        reportUrl: `/uploads/lab-report-paged-${two(n)}.pdf`,
        createdAt: at(n),
      })),
    );
  await db()
    .insert(t.vendorOfferSubmissions)
    .values(
      Array.from({ length: 60 }, (_, n) => ({
        vendorId: vendor!.id,
        sizeOptionId: offer!.sizeOptionId,
        vendorPeptideId: offer!.id,
        via: "api",
        price: 20,
        currency: "USD",
        stockStatus: "in_stock",
        url: "https://example.com/product",
        status: "held",
        reason: `PAGED-HELD-${two(n)}`,
        createdAt: at(n),
      })),
    );
});

/** The markers a page names, in order, each once (the page's data repeats what it shows). */
const named = (html: string, pattern: RegExp) => [
  ...new Set([...html.matchAll(pattern)].map((m) => m[1])),
];

async function markers(path: string, pattern: RegExp) {
  const page = await admin.get(path);
  expect(page.status).toBe(200);
  return { html: page.text, found: named(page.text, pattern) };
}

describe("the admin's trust review lists", () => {
  it("show 500 offer reports 25 at a time, the longest waiting first", async () => {
    const first = await markers("/admin/reports", /PAGED-REPORT-(\d{3})/g);
    expect(first.found).toEqual(Array.from({ length: 25 }, (_, n) => three(n)));
    expect(first.html).toMatch(/Page 1 of (\d+)/);
    expect(first.html).toContain('href="/admin/reports?page=2"');
    expect(first.html).toContain("500 open");
    const second = await markers("/admin/reports?page=2", /PAGED-REPORT-(\d{3})/g);
    expect(second.found).toEqual(Array.from({ length: 25 }, (_, n) => three(25 + n)));
    const big = await markers("/admin/reports?page=5&size=100", /PAGED-REPORT-(\d{3})/g);
    expect(big.found).toEqual(Array.from({ length: 100 }, (_, n) => three(400 + n)));
  });

  it("page the reviews to moderate", async () => {
    const pattern = /PAGED-REVIEW-(\d\d)/g;
    const first = await markers("/admin/reviews", pattern);
    expect(first.found).toEqual(Array.from({ length: 25 }, (_, n) => two(n)));
    expect(first.html).toContain("Page 1 of 3");
    const last = await markers("/admin/reviews?page=3", pattern);
    expect(last.found).toEqual(Array.from({ length: 10 }, (_, n) => two(50 + n)));
  });

  it("page the vendors' lab reports under the lab tests, keeping the table's own parameters", async () => {
    const pattern = /PAGED-LAB-(\d\d)/g;
    const first = await markers("/admin/lab-tests", pattern);
    expect(first.found).toEqual(Array.from({ length: 25 }, (_, n) => two(n)));
    expect(first.html).toContain('href="/admin/lab-tests?reportsPage=2"');
    const second = await markers("/admin/lab-tests?q=x&reportsPage=2", pattern);
    expect(second.found).toEqual(Array.from({ length: 25 }, (_, n) => two(25 + n)));
    expect(second.html).toContain('href="/admin/lab-tests?q=x&amp;reportsPage=3"');
  });

  it("page the held submissions (newest first) and the vendor members apart", async () => {
    const held = /PAGED-HELD-(\d\d)/g;
    const members = /paged-member-(\d\d)@example\.com/g;
    const first = await markers("/admin/vendor-accounts", held);
    expect(first.found).toEqual(Array.from({ length: 25 }, (_, n) => two(59 - n)));
    expect(named(first.html, members)).toEqual(Array.from({ length: 25 }, (_, n) => two(n)));
    const second = await markers("/admin/vendor-accounts?heldPage=3&membersPage=2", held);
    expect(second.found).toEqual(Array.from({ length: 10 }, (_, n) => two(9 - n)));
    expect(named(second.html, members)).toEqual(Array.from({ length: 25 }, (_, n) => two(25 + n)));
  });
});
