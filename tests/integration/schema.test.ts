import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as t from "~/.server/db/schema";
import { installDemoData } from "~/.server/seed/demo.server";

import { createTestApp, type TestApp } from "../helpers/app";
import { expectConstraintRefusal } from "../helpers/constraints";

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.dispose();
});

async function rowCount(table: Parameters<ReturnType<TestApp["db"]["select"]>["from"]>[0]) {
  const [{ n }] = await app.db.select({ n: count() }).from(table);
  return n;
}

describe("demo data", () => {
  it("installs the catalogue of PRODUCT.md §5", async () => {
    expect(await rowCount(t.peptides)).toBe(20);
    expect(await rowCount(t.categories)).toBe(6);
    expect(await rowCount(t.vendors)).toBe(8);
    const sizesPerPeptide = await app.db
      .select({ n: count() })
      .from(t.sizeOptions)
      .groupBy(t.sizeOptions.peptideId);
    expect(sizesPerPeptide.every(({ n }) => n >= 1 && n <= 3)).toBe(true);
    const [{ oldest }] = await app.db
      .select({ oldest: sql<string>`min(${t.priceHistory.observedAt})` })
      .from(t.priceHistory);
    const days = (Date.now() - new Date(oldest).getTime()) / 86_400_000;
    // PRODUCT.md's 60 days, grown to 100 so the market index and the 90-day chart are full
    // (issue 23).
    expect(days).toBeGreaterThan(90);
    expect(days).toBeLessThanOrEqual(101);
  });

  it("creates the two demo accounts, one of them admin", async () => {
    const admins = await app.db
      .select({ email: t.adminUsers.email })
      .from(t.adminUsers)
      .innerJoin(t.user, eq(t.user.id, t.adminUsers.userId));
    expect(admins.map((a) => a.email)).toEqual(["admin@peptideprices.test"]);
    expect(await rowCount(t.user)).toBe(2);
  });

  it("is idempotent: a second install changes nothing", async () => {
    const before = await rowCount(t.vendorPeptides);
    expect(await installDemoData(app.db, app.auth, { baseUrl: app.baseUrl })).toBe(false);
    expect(await rowCount(t.vendorPeptides)).toBe(before);
  });
});

describe("constraints", () => {
  it("deleting a vendor removes its coupon and its prices (and their history)", async () => {
    const [vendor] = await app.db
      .select({ id: t.vendors.id })
      .from(t.vendors)
      .innerJoin(t.coupons, eq(t.coupons.vendorId, t.vendors.id))
      .limit(1);
    await app.db.delete(t.vendors).where(eq(t.vendors.id, vendor.id));
    const coupons = await app.db.select().from(t.coupons).where(eq(t.coupons.vendorId, vendor.id));
    const prices = await app.db
      .select()
      .from(t.vendorPeptides)
      .where(eq(t.vendorPeptides.vendorId, vendor.id));
    expect(coupons).toHaveLength(0);
    expect(prices).toHaveLength(0);
  });

  it("deleting a category leaves its peptides uncategorised", async () => {
    const [peptide] = await app.db
      .select({ id: t.peptides.id, categoryId: t.peptides.categoryId })
      .from(t.peptides)
      .limit(1);
    await app.db.delete(t.categories).where(eq(t.categories.id, peptide.categoryId!));
    const [after] = await app.db
      .select({ categoryId: t.peptides.categoryId })
      .from(t.peptides)
      .where(eq(t.peptides.id, peptide.id));
    expect(after.categoryId).toBeNull();
  });

  it("keeps a price in any ISO 4217 currency", async () => {
    const [price] = await app.db
      .select({ id: t.vendorPeptides.id })
      .from(t.vendorPeptides)
      .limit(1);
    const [row] = await app.db
      .update(t.vendorPeptides)
      .set({ currency: "AUD" })
      .where(eq(t.vendorPeptides.id, price.id))
      .returning({ currency: t.vendorPeptides.currency });
    expect(row.currency).toBe("AUD");
  });

  it("refuses values outside every enumeration and range", async () => {
    const [price] = await app.db
      .select({ id: t.vendorPeptides.id })
      .from(t.vendorPeptides)
      .limit(1);
    const [peptide] = await app.db.select({ id: t.peptides.id }).from(t.peptides).limit(1);
    const [vendor] = await app.db.select({ id: t.vendors.id }).from(t.vendors).limit(1);
    const setPrice = (values: Partial<typeof t.vendorPeptides.$inferInsert>) => () =>
      app.db.update(t.vendorPeptides).set(values).where(eq(t.vendorPeptides.id, price.id));
    await expectConstraintRefusal("vendor_peptides_currency_check", setPrice({ currency: "usd" }));
    await expectConstraintRefusal("vendor_peptides_currency_check", setPrice({ currency: "$" }));
    await expectConstraintRefusal("vendor_peptides_vials_positive", setPrice({ vials: 0 }));
    await expectConstraintRefusal(
      "vendor_peptides_stock_status_check",
      setPrice({ stockStatus: "maybe" }),
    );
    await expectConstraintRefusal("vendor_peptides_price_nonnegative", setPrice({ price: -1 }));
    await expectConstraintRefusal("peptides_popular_order_range", () =>
      app.db
        .update(t.peptides)
        // Popular, so only the range is wrong (a popular flag without an order is another check).
        .set({ isPopular: true, popularOrder: 4 })
        .where(eq(t.peptides.id, peptide.id)),
    );
    await expectConstraintRefusal("vendors_rating_range", () =>
      app.db.update(t.vendors).set({ rating: 6 }).where(eq(t.vendors.id, vendor.id)),
    );
    await expectConstraintRefusal("size_options_unit_check", () =>
      app.db.insert(t.sizeOptions).values({ peptideId: peptide.id, quantity: 5, unit: "kg" }),
    );
    await expectConstraintRefusal("footer_content_section_unique", () =>
      app.db.insert(t.footerContent).values({ section: "about", title: "Twice", content: "" }),
    );
  });

  it("allows one coupon per vendor and unique peptide slugs", async () => {
    const [coupon] = await app.db.select({ vendorId: t.coupons.vendorId }).from(t.coupons).limit(1);
    await expectConstraintRefusal("coupons_vendor_id_unique", () =>
      app.db
        .insert(t.coupons)
        .values({ vendorId: coupon.vendorId, code: "X", discountAmount: 1, discountType: "fixed" }),
    );
    await expectConstraintRefusal("peptides_slug_unique", () =>
      app.db.insert(t.peptides).values({ name: "Dup", slug: "bpc-157" }),
    );
  });

  it("keeps money exact: numeric columns, not floating point", async () => {
    const [row] = await app.db.select({ id: t.vendorPeptides.id }).from(t.vendorPeptides).limit(1);
    await app.db
      .update(t.vendorPeptides)
      .set({ price: 0.1 + 0.2 })
      .where(eq(t.vendorPeptides.id, row.id));
    const [{ exact }] = await app.db
      .select({ exact: sql<string>`${t.vendorPeptides.price}::text` })
      .from(t.vendorPeptides)
      .where(eq(t.vendorPeptides.id, row.id));
    // Three decimals: every ISO 4217 minor unit the site takes (KWD's 3 included).
    expect(exact).toBe("0.300");
  });
});
