import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  getCatalog,
  getComparePageData,
  getDiagnostics,
  getHomePageData,
  getPeptidePageData,
  getSitemapEntries,
} from "~/.server/data/listings.server";
import { openDatabase, type DatabaseHandle } from "~/.server/db/client";
import * as t from "~/.server/db/schema";
import { EMPTY_HOME_FILTERS, type HomeFilters } from "~/lib/home-filters";

import { createTestApp, type TestApp } from "../helpers/app";
import { seedSyntheticCatalogue } from "../helpers/synthetic-catalogue";

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.dispose();
});

const home = (
  overrides: Partial<{
    categorySlug: string | null;
    page: number;
    filters: Partial<HomeFilters>;
  }> = {},
) =>
  getHomePageData(app.db, {
    categorySlug: overrides.categorySlug ?? null,
    page: overrides.page ?? 1,
    filters: { ...EMPTY_HOME_FILTERS, ...overrides.filters },
  });

/** Raw vendor prices and coupons of one size, straight from the tables. */
async function rawOffers(peptideSlug: string, quantity: number) {
  const result = await app.db.execute(sql`
    select vp.price::float8 as price, c.discount_amount::float8 as amount, c.discount_type as type,
           c.expiration_date::text as expires, v.name as vendor
      from vendor_peptides vp
      join peptides p on p.id = vp.peptide_id
      join size_options s on s.id = vp.size_option_id
      join vendors v on v.id = vp.vendor_id
      left join coupons c on c.vendor_id = vp.vendor_id
     where p.slug = ${peptideSlug} and s.quantity = ${quantity}`);
  return (
    result as unknown as {
      rows: {
        price: number;
        amount: number | null;
        type: string | null;
        expires: string | null;
        vendor: string;
      }[];
    }
  ).rows;
}

/** SPEC.md §5's arithmetic, written out independently of app/lib/pricing.ts. */
function expectedAfterCoupon(row: {
  price: number;
  amount: number | null;
  type: string | null;
  expires: string | null;
}) {
  const today = new Date().toISOString().slice(0, 10);
  if (row.amount === null || (row.expires !== null && row.expires < today)) return row.price;
  const raw =
    row.type === "percentage"
      ? row.price * (1 - row.amount / 100)
      : Math.max(0, row.price - row.amount);
  return Math.round(raw * 100) / 100;
}

describe("home page data (demo catalogue)", () => {
  it("pages the peptides 24 at a time with a total, in name order", async () => {
    const data = await home();
    const [{ n }] = await app.db.select({ n: sql<number>`count(*)::int` }).from(t.peptides);
    expect(data.total).toBe(n);
    expect(data.peptides.length).toBe(Math.min(24, n));
    const names = data.peptides.map((p) => p.name);
    const byLowerCase = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1);
    expect(names).toEqual([...names].sort(byLowerCase));
    expect(data.categories.length).toBe(6);
  });

  it("pages: a second page holds the rest when the catalogue has more than 24", async () => {
    const category = await app.db
      .insert(t.categories)
      .values({ name: "Paging test", slug: "paging-test" })
      .returning();
    await app.db.insert(t.peptides).values(
      Array.from({ length: 26 }, (_, i) => ({
        name: `Zeta paging ${String(i).padStart(2, "0")}`,
        slug: `zeta-paging-${i}`,
        categoryId: category[0].id,
      })),
    );
    const first = await home({ categorySlug: "paging-test" });
    const second = await home({ categorySlug: "paging-test", page: 2 });
    expect(first.total).toBe(26);
    expect(first.pageCount).toBe(2);
    expect(first.peptides).toHaveLength(24);
    expect(second.peptides.map((p) => p.name)).toEqual(["Zeta paging 24", "Zeta paging 25"]);
    await app.db.delete(t.peptides).where(eq(t.peptides.categoryId, category[0].id));
    await app.db.delete(t.categories).where(eq(t.categories.id, category[0].id));
  });

  it("narrows to one category", async () => {
    const data = await home({ categorySlug: "metabolic" });
    expect(data.peptides.map((p) => p.name).sort()).toEqual([
      "AOD-9604",
      "Semaglutide",
      "Tirzepatide",
    ]);
    expect(data.peptides.every((p) => p.categorySlug === "metabolic")).toBe(true);
  });

  it("filters by vial size, vendor, price and rating", async () => {
    const bySize = await home({ filters: { sizes: ["15mg"] } });
    expect(bySize.peptides.map((p) => p.name)).toEqual(["Tirzepatide"]);
    // The card opens on the size the visitor filtered for.
    const card = bySize.peptides[0];
    expect(card.sizes.find((s) => s.id === card.defaultSizeId)?.label).toBe("15mg");

    const vendorRows = await app.db.execute(sql`
      select distinct p.name from peptides p join vendor_peptides vp on vp.peptide_id = p.id
      join vendors v on v.id = vp.vendor_id where v.name = 'Helix Source' order by p.name`);
    const expected = (vendorRows as unknown as { rows: { name: string }[] }).rows.map(
      (r) => r.name,
    );
    const byVendor = await home({ filters: { vendors: ["Helix Source"] } });
    expect(byVendor.peptides.map((p) => p.name).sort()).toEqual([...expected].sort());
    expect(expected.length).toBeGreaterThan(0);

    const cheap = await home({ filters: { maxPrice: 20 } });
    const all = await home();
    expect(cheap.total).toBeGreaterThan(0);
    expect(cheap.total).toBeLessThan(all.total);
    const nothing = await home({ filters: { minPrice: 1_000_000 } });
    expect(nothing.peptides).toEqual([]);
    expect(nothing.total).toBe(0);

    const rated = await home({ filters: { minRating: 4.8, vendors: ["Helix Source"] } });
    expect(rated.total).toBe(0);
    expect(all.filterOptions.sizes).toContain("5mg");
    expect(all.filterOptions.vendors).toContain("Apex Peptide Labs");
  });

  it("headline price is the lowest price after coupons for the size, computed from the raw rows", async () => {
    const data = await home({ categorySlug: "healing-recovery" });
    const card = data.peptides.find((p) => p.slug === "bpc-157")!;
    for (const quantity of [5, 10]) {
      const rows = await rawOffers("bpc-157", quantity);
      const size = card.sizes.find((s) => s.label === `${quantity}mg`)!;
      expect(size.vendorCount).toBe(rows.length);
      expect(size.lowestPrice).toBe(Math.min(...rows.map(expectedAfterCoupon)));
    }
    expect(card.defaultSizeId).toBe(card.sizes[0].id);
    expect(card.sizes[0].label).toBe("5mg");
  });

  it("fills the featured slots by popular_order, empty slots as null", async () => {
    const data = await home();
    expect(data.featured.map((f) => f?.slug ?? null)).toEqual(["bpc-157", "semaglutide", "tb-500"]);
    await app.db
      .update(t.peptides)
      .set({ isPopular: false, popularOrder: null })
      .where(eq(t.peptides.slug, "semaglutide"));
    const fewer = await home();
    expect(fewer.featured.map((f) => f?.slug ?? null)).toEqual(["bpc-157", null, "tb-500"]);
    await app.db
      .update(t.peptides)
      .set({ isPopular: true, popularOrder: 2 })
      .where(eq(t.peptides.slug, "semaglutide"));
  });
});

describe("peptide page data", () => {
  it("returns the peptide, its sizes, every vendor price with coupon arithmetic, history and recommendations", async () => {
    const data = (await getPeptidePageData(app.db, "bpc-157"))!;
    expect(data.peptide.name).toBe("BPC-157");
    expect(data.peptide.categoryName).toBe("Healing & Recovery");
    expect(data.peptide.keyBenefits.length).toBeGreaterThan(0);
    expect(data.sizes.map((s) => s.label)).toEqual(["5mg", "10mg"]);
    const raw = [...(await rawOffers("bpc-157", 5)), ...(await rawOffers("bpc-157", 10))];
    expect(data.offers).toHaveLength(raw.length);
    for (const offer of data.offers) {
      const row = raw.find((r) => r.vendor === offer.vendorName && r.price === offer.price)!;
      expect(offer.priceAfterCoupon).toBe(expectedAfterCoupon(row));
      expect(offer.pricePerMg).toBeCloseTo(offer.priceAfterCoupon / offer.quantity, 6);
      expect(offer.lowestEverPrice).not.toBeNull();
    }
    expect(data.history.length).toBeGreaterThan(0);
    expect(data.recommended.length).toBeGreaterThan(0);
    expect(data.recommended.length).toBeLessThanOrEqual(4);
    expect(data.recommended.some((r) => r.slug === "bpc-157")).toBe(false);
    // Same category first.
    expect(data.recommended[0].categoryName).toBe("Healing & Recovery");
  });

  it("does not apply an expired coupon", async () => {
    const [meridian] = await app.db
      .select({ id: t.vendors.id })
      .from(t.vendors)
      .where(eq(t.vendors.name, "Meridian Biolabs"));
    const [{ slug }] = await app.db
      .select({ slug: t.peptides.slug })
      .from(t.vendorPeptides)
      .innerJoin(t.peptides, eq(t.peptides.id, t.vendorPeptides.peptideId))
      .where(eq(t.vendorPeptides.vendorId, meridian.id))
      .limit(1);
    const data = (await getPeptidePageData(app.db, slug))!;
    const offer = data.offers.find((o) => o.vendorName === "Meridian Biolabs")!;
    expect(offer.coupon?.code).toBe("SPRING20");
    expect(offer.priceAfterCoupon).toBe(offer.price);
  });

  it("returns null for an unknown slug", async () => {
    expect(await getPeptidePageData(app.db, "no-such-peptide")).toBeNull();
  });
});

describe("compare, catalog, sitemap, diagnostics", () => {
  it("compare defaults to the first peptide alphabetically and its first size", async () => {
    const data = await getComparePageData(app.db, { peptideSlug: null, sizeId: null });
    expect(data.selected?.name).toBe(data.peptides[0].name);
    expect(data.selectedSizeId).toBe(data.sizes[0].id);
    expect(data.offers.every((o) => o.sizeId === data.selectedSizeId)).toBe(true);
  });

  it("compare preselects a peptide and a size", async () => {
    const first = await getComparePageData(app.db, { peptideSlug: "bpc-157", sizeId: null });
    const tenMg = first.sizes.find((s) => s.label === "10mg")!;
    const data = await getComparePageData(app.db, { peptideSlug: "bpc-157", sizeId: tenMg.id });
    expect(data.selected?.slug).toBe("bpc-157");
    expect(data.selectedSizeId).toBe(tenMg.id);
    expect(data.offers.length).toBe((await rawOffers("bpc-157", 10)).length);
    expect(data.offers.every((o) => o.sizeLabel === "10mg")).toBe(true);
  });

  it("catalog lists every category with its peptides, and the uncategorised ones", async () => {
    await app.db.insert(t.peptides).values({ name: "Orphan peptide", slug: "orphan-peptide" });
    const sections = await getCatalog(app.db);
    expect(sections.find((s) => s.slug === "metabolic")?.peptides.map((p) => p.name)).toEqual([
      "AOD-9604",
      "Semaglutide",
      "Tirzepatide",
    ]);
    expect(sections.at(-1)).toMatchObject({
      name: "Uncategorised",
      peptides: [{ slug: "orphan-peptide" }],
    });
    await app.db.delete(t.peptides).where(eq(t.peptides.slug, "orphan-peptide"));
  });

  it("sitemap entries cover every peptide with a last-modified time", async () => {
    const entries = await getSitemapEntries(app.db);
    expect(entries.map((e) => e.slug)).toContain("bpc-157");
    expect(entries.every((e) => !Number.isNaN(Date.parse(e.lastModified)))).toBe(true);
  });

  it("diagnostics count the catalogue", async () => {
    const d = await getDiagnostics(app.db);
    expect(d.peptides).toBeGreaterThanOrEqual(20);
    expect(d.vendors).toBe(8);
    expect(d.prices).toBeGreaterThan(0);
  });
});

describe("a page costs a fixed number of queries", () => {
  let handle: DatabaseHandle;
  let queries = 0;

  beforeAll(async () => {
    handle = await openDatabase({
      dataDir: "memory://",
      logger: { logQuery: () => void queries++ },
    });
    await handle.migrate();
  });
  afterAll(async () => {
    await handle?.close();
  });

  async function measure(run: () => Promise<unknown>): Promise<number> {
    queries = 0;
    await run();
    return queries;
  }

  it("home and detail need the same few queries for 20 and for 500 peptides", async () => {
    const counts: Record<number, { home: number; detail: number }> = {};
    for (const size of [20, 500]) {
      const { firstSlug } = await seedSyntheticCatalogue(handle.db, size);
      const homeCount = await measure(() =>
        getHomePageData(handle.db, { categorySlug: null, page: 1, filters: EMPTY_HOME_FILTERS }),
      );
      const filtered = await measure(() =>
        getHomePageData(handle.db, {
          categorySlug: "synthetic-1",
          page: 2,
          filters: { ...EMPTY_HOME_FILTERS, sizes: ["5mg"], maxPrice: 500 },
        }),
      );
      expect(filtered).toBe(homeCount);
      const detail = await measure(async () => {
        expect(await getPeptidePageData(handle.db, firstSlug)).not.toBeNull();
      });
      counts[size] = { home: homeCount, detail };
    }
    expect(counts[500]).toEqual(counts[20]);
    expect(counts[20].home).toBeLessThanOrEqual(4);
    expect(counts[20].detail).toBeLessThanOrEqual(4);
  });
});
