import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  getCatalogue,
  getDiagnostics,
  getSitemapEntries,
} from "~/.server/data/listings/catalogue.server";
import { getHomePageData } from "~/.server/data/listings/home.server";
import {
  getComparePageData,
  getPeptidePageData,
} from "~/.server/data/listings/peptide-pages.server";
import * as t from "~/.server/db/schema";
import { EMPTY_HOME_FILTERS, type HomeFilters, type HomeSort } from "~/lib/home-filters";
import { type PricingContext } from "~/lib/pricing";
import { bestOffer } from "~/lib/ranking";

import { createTestApp, type TestApp } from "../helpers/app";
import { startCountingDatabase } from "../helpers/query-count";
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
    sort: HomeSort;
    pricing: PricingContext;
  }> = {},
) =>
  getHomePageData(app.db, {
    categorySlug: overrides.categorySlug ?? null,
    page: overrides.page ?? 1,
    filters: { ...EMPTY_HOME_FILTERS, ...overrides.filters },
    sort: overrides.sort,
    pricing: overrides.pricing,
  });

/** Raw offers and coupons of one size, straight from the tables. */
async function rawOffers(peptideSlug: string, quantity: number) {
  const result = await app.db.execute(sql`
    select vp.price::float8 as price, c.discount_amount::float8 as amount, c.discount_type as type,
           c.expiration_date::text as expires, v.name as vendor, vp.vials,
           v.shipping_fee::float8 as fee, v.free_shipping_threshold::float8 as threshold,
           vp.stock_status <> 'out_of_stock' and vp.missed_scrapes < 3 as buyable
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
        vials: number;
        fee: number | null;
        threshold: number | null;
        buyable: boolean;
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
      join vendors v on v.id = vp.vendor_id
      where v.name = 'Helix Source' and vp.stock_status <> 'out_of_stock' and vp.missed_scrapes < 3
      order by p.name`);
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

  it("headline price is the lowest in-stock landed total for the size, computed from the raw rows", async () => {
    const data = await home({ categorySlug: "healing-recovery" });
    const card = data.peptides.find((p) => p.slug === "bpc-157")!;
    for (const quantity of [5, 10]) {
      const rows = await rawOffers("bpc-157", quantity);
      const size = card.sizes.find((s) => s.label === `${quantity}mg`)!;
      expect(size.vendorCount).toBe(rows.length);
      // Landed per vial: after coupon plus the fee, free from the threshold; unknown fee → unknown.
      const landed = rows
        .filter((r) => r.buyable)
        .map((r) => {
          const after = expectedAfterCoupon(r);
          const shipping = r.threshold !== null && after >= r.threshold ? 0 : r.fee;
          return {
            total: shipping === null ? null : (after + shipping) / r.vials,
            after: after / r.vials,
          };
        });
      const known = landed.flatMap((l) => (l.total === null ? [] : [l.total]));
      const expected =
        known.length > 0 ? Math.min(...known) : Math.min(...landed.map((l) => l.after));
      expect(size.lowestPrice).toBeCloseTo(expected, 6);
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
      // The demo history reaches back past 90 days for some offers; each has recent rows too.
      expect(offer.lowestPrice90Days).not.toBeNull();
    }
    expect(data.history.offers.length).toBeGreaterThan(0);
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

describe("best means buyable, by landed total, in the display currency", () => {
  const pricing = (displayCurrency = "USD", shipTo: string | null = null): PricingContext => ({
    displayCurrency,
    rates: { EUR: 0.8 },
    staleAfterMissedRuns: 3,
    scrapeIntervalSeconds: 3600,
    now: new Date(),
    shipTo,
  });
  let sizeId = "";

  beforeAll(async () => {
    const [category] = await app.db
      .insert(t.categories)
      .values({ name: "Offer rules", slug: "offer-rules" })
      .returning();
    const [peptide] = await app.db
      .insert(t.peptides)
      .values({ name: "Offer Rules Peptide", slug: "offer-rules-peptide", categoryId: category.id })
      .returning();
    const [size] = await app.db
      .insert(t.sizeOptions)
      .values({ peptideId: peptide.id, quantity: 10, unit: "mg" })
      .returning();
    sizeId = size.id;
    const vendorRows = await app.db
      .insert(t.vendors)
      .values([
        { name: "Rules Sold Out", rating: 4 },
        { name: "Rules Stale", rating: 4 },
        {
          name: "Rules Euro",
          currency: "EUR",
          shippingFee: 8,
          freeShippingThreshold: 100,
          shipsTo: ["US", "DE"],
        },
        { name: "Rules Dollar", shippingFee: 5, shipsTo: ["US"] },
        { name: "Rules Yen", currency: "JPY" },
        { name: "Rules Pack" },
      ])
      .returning({ id: t.vendors.id, name: t.vendors.name });
    const vendor = (name: string) => vendorRows.find((v) => v.name === `Rules ${name}`)!.id;
    const offer = { peptideId: peptide.id, sizeOptionId: size.id };
    await app.db.insert(t.vendorPeptides).values([
      { ...offer, vendorId: vendor("Sold Out"), price: 10, stockStatus: "out_of_stock" },
      { ...offer, vendorId: vendor("Stale"), price: 11, missedScrapes: 3 },
      // €32 is $40 at 0.8 €/$.
      { ...offer, vendorId: vendor("Euro"), price: 32, currency: "EUR" },
      { ...offer, vendorId: vendor("Dollar"), price: 42, stockStatus: "low_stock" },
      // No rate for the yen: shown in its own currency, never compared.
      { ...offer, vendorId: vendor("Yen"), price: 1, currency: "JPY" },
      // Five vials for $205 is $41 a vial: compared per vial, cheaper than one vial for $42.
      { ...offer, vendorId: vendor("Pack"), price: 205, vials: 5 },
    ]);
  });

  it("the detail page marks as best the lowest landed total per vial, and flags the rest", async () => {
    const data = (await getPeptidePageData(app.db, "offer-rules-peptide", pricing()))!;
    const byVendor = (name: string) => data.offers.find((o) => o.vendorName === `Rules ${name}`)!;
    expect(byVendor("Sold Out").buyable).toBe(false);
    expect(byVendor("Stale")).toMatchObject({ buyable: false, stale: true, inStock: true });
    expect(byVendor("Dollar").buyable).toBe(true);
    expect(byVendor("Euro").display).toMatchObject({ currency: "USD", converted: true });
    expect(byVendor("Euro").display!.priceAfterCoupon).toBeCloseTo(40);
    expect(byVendor("Euro").display!.shipping).toBeCloseTo(10);
    expect(byVendor("Euro").display!.total).toBeCloseTo(50);
    expect(byVendor("Dollar").display!.total).toBeCloseTo(47);
    expect(byVendor("Yen").display).toBeNull();
    expect(byVendor("Pack").display!.perVial).toBeCloseTo(41);
    expect(byVendor("Pack").display!.perMg).toBeCloseTo(4.1);
    // The pack is cheapest before shipping, but its shipping is not stated: never $0.
    expect(byVendor("Pack").display!.total).toBeNull();
    // $42 + $5 shipping beats €32 + €8 ($40 + $10) and the pack of unknown shipping.
    expect(bestOffer(data.offers, {})?.vendorName).toBe("Rules Dollar");
    const withoutDollar = data.offers.filter((o) => o.vendorName !== "Rules Dollar");
    expect(bestOffer(withoutDollar, {})?.vendorName).toBe("Rules Euro");
    const unknownOnly = data.offers.filter((o) => o.display?.total === null);
    expect(bestOffer(unknownOnly, {})?.vendorName).toBe("Rules Pack");
  });

  it("follows the destination: a vendor that does not ship there is never best", async () => {
    const toGermany = (await getPeptidePageData(
      app.db,
      "offer-rules-peptide",
      pricing("USD", "DE"),
    ))!;
    const dollar = toGermany.offers.find((o) => o.vendorName === "Rules Dollar")!;
    expect(dollar).toMatchObject({ shipsToDestination: false, shipping: null });
    expect(bestOffer(toGermany.offers, {})?.vendorName).toBe("Rules Euro");
    // Nobody says they ship to Britain: only offers of unknown shipping are left.
    const toBritain = (await getPeptidePageData(
      app.db,
      "offer-rules-peptide",
      pricing("USD", "GB"),
    ))!;
    expect(bestOffer(toBritain.offers, {})?.vendorName).toBe("Rules Pack");
    const card = (await home({ categorySlug: "offer-rules", pricing: pricing("USD", "DE") }))
      .peptides[0].sizes[0];
    expect(card).toMatchObject({ shippingStated: true, convertedFrom: { currency: "EUR" } });
    expect(card.lowestPrice).toBeCloseTo(50);
    const britain = (await home({ categorySlug: "offer-rules", pricing: pricing("USD", "GB") }))
      .peptides[0].sizes[0];
    expect(britain).toMatchObject({ lowestPrice: 41, shippingStated: false, vials: 5 });
  });

  it("the home card's lowest price is the best landed total, skipping unbuyable offers", async () => {
    const data = await home({ categorySlug: "offer-rules", pricing: pricing() });
    const [size] = data.peptides[0].sizes;
    expect(size).toMatchObject({ lowestPrice: 47, shipping: 5, shippingStated: true });
    expect(size.convertedFrom).toBeNull();
    // Vendors that can be bought from, as search counts them: not the sold-out or stale one.
    expect(size.vendorCount).toBe(4);
    const inEuro = await home({ categorySlug: "offer-rules", pricing: pricing("EUR") });
    expect(inEuro.peptides[0].sizes[0].lowestPrice).toBeCloseTo(37.6);
    expect(inEuro.peptides[0].sizes[0].convertedFrom).toEqual({ price: 42, currency: "USD" });
    const packOnly = await home({
      categorySlug: "offer-rules",
      filters: { vendors: ["Rules Pack"] },
      pricing: pricing(),
    });
    expect(packOnly.peptides[0].sizes[0]).toMatchObject({
      lowestPrice: 41,
      vials: 5,
      shippingStated: false,
    });
  });

  it("a vendor or price filter makes the card show the total of an offer that passed it", async () => {
    const byVendor = await home({
      categorySlug: "offer-rules",
      filters: { vendors: ["Rules Euro"] },
      pricing: pricing(),
    });
    expect(byVendor.peptides[0].sizes[0].lowestPrice).toBeCloseTo(50);
    const byPrice = await home({
      categorySlug: "offer-rules",
      filters: { minPrice: 48 },
      pricing: pricing(),
    });
    expect(byPrice.peptides[0].sizes[0].lowestPrice).toBeCloseTo(50);
    // Only out of stock below $20: the peptide does not pass.
    const cheap = await home({
      categorySlug: "offer-rules",
      filters: { maxPrice: 20 },
      pricing: pricing(),
    });
    expect(cheap.peptides).toEqual([]);
    // The price filter is in the display currency: $47 (€37.60) passes "at most 40" only in euros.
    expect(
      (await home({ categorySlug: "offer-rules", filters: { maxPrice: 40 } })).peptides,
    ).toEqual([]);
    const inEuro = await home({
      categorySlug: "offer-rules",
      filters: { maxPrice: 40 },
      pricing: pricing("EUR"),
    });
    expect(inEuro.peptides[0]?.sizes[0].lowestPrice).toBeCloseTo(37.6);
  });

  it("compare offers only the chosen size, with the same rules", async () => {
    const data = await getComparePageData(
      app.db,
      { peptideSlug: "offer-rules-peptide", sizeId },
      pricing(),
    );
    expect(data.offers).toHaveLength(6);
    expect(bestOffer(data.offers, {})?.vendorName).toBe("Rules Dollar");
  });

  afterAll(async () => {
    await app.db.delete(t.peptides).where(eq(t.peptides.slug, "offer-rules-peptide"));
    await app.db.delete(t.categories).where(eq(t.categories.slug, "offer-rules"));
    await app.db.delete(t.vendors).where(sql`${t.vendors.name} like 'Rules %'`);
  });
});

describe("home sorting", () => {
  it("sorts by the card's price (its best landed total), price per mg and most vendors", async () => {
    const pricing: PricingContext = {
      displayCurrency: "USD",
      rates: {},
      staleAfterMissedRuns: 3,
      scrapeIntervalSeconds: 3600,
      now: new Date(),
      shipTo: null,
    };
    const byName = await home({ pricing });
    const byPrice = await home({ sort: "price", pricing });
    const byPerMg = await home({ sort: "per-mg", pricing });
    const byVendors = await home({ sort: "vendors", pricing });
    expect(byPrice.total).toBe(byName.total);
    // What the card shows: its first size's Best Price.
    const lowest = (card: (typeof byPrice.peptides)[number]) =>
      card.sizes.find((s) => s.id === card.defaultSizeId)?.lowestPrice ?? Infinity;
    for (const shipTo of ["GB", "DE"]) {
      const cards = (await home({ sort: "price", pricing: { ...pricing, shipTo } })).peptides;
      const shown = cards.map(lowest).filter(Number.isFinite);
      expect(shown.length).toBeGreaterThan(3);
      expect(shown).toEqual([...shown].sort((a, b) => a - b));
    }
    const prices = byPrice.peptides.map(lowest).filter(Number.isFinite);
    expect(prices.length).toBeGreaterThan(3);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const perMg = byPerMg.peptides
      .map((card) => card.sizes.find((s) => s.id === card.defaultSizeId)?.perMg ?? Infinity)
      .filter(Number.isFinite);
    expect(perMg).toEqual([...perMg].sort((a, b) => a - b));
    expect(byPerMg.peptides.map((p) => p.slug)).not.toEqual(byPrice.peptides.map((p) => p.slug));
    const vendorCounts = await app.db.execute(sql`
      select p.slug, count(distinct vp.vendor_id)::int as n from peptides p
      left join vendor_peptides vp on vp.peptide_id = p.id group by p.slug`);
    const countOf = new Map(
      (vendorCounts as unknown as { rows: { slug: string; n: number }[] }).rows.map((r) => [
        r.slug,
        r.n,
      ]),
    );
    const counts = byVendors.peptides.map((p) => countOf.get(p.slug)!);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
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
    const sections = await getCatalogue(app.db);
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
  const database = startCountingDatabase();
  const { measure } = database;

  it("home and detail need the same few queries for 20 and for 500 peptides", async () => {
    const counts: Record<number, { home: number; detail: number }> = {};
    for (const size of [20, 500]) {
      const { firstSlug } = await seedSyntheticCatalogue(database.handle.db, size);
      const homeCount = await measure(() =>
        getHomePageData(database.handle.db, {
          categorySlug: null,
          page: 1,
          filters: EMPTY_HOME_FILTERS,
        }),
      );
      const filtered = await measure(() =>
        getHomePageData(database.handle.db, {
          categorySlug: "synthetic-1",
          page: 2,
          filters: { ...EMPTY_HOME_FILTERS, sizes: ["5mg"], maxPrice: 500 },
        }),
      );
      expect(filtered).toBe(homeCount);
      const sorted = await measure(() =>
        getHomePageData(database.handle.db, {
          categorySlug: null,
          page: 1,
          filters: { ...EMPTY_HOME_FILTERS, vendors: ["Synthetic Vendor 2"] },
          sort: "per-mg",
          pricing: {
            displayCurrency: "EUR",
            rates: { EUR: 0.9 },
            staleAfterMissedRuns: 3,
            scrapeIntervalSeconds: 3600,
            now: new Date(),
            shipTo: "GB",
          },
        }),
      );
      expect(sorted).toBe(homeCount);
      const detail = await measure(async () => {
        expect(await getPeptidePageData(database.handle.db, firstSlug)).not.toBeNull();
      });
      counts[size] = { home: homeCount, detail };
    }
    expect(counts[500]).toEqual(counts[20]);
    expect(counts[20].home).toBeLessThanOrEqual(4);
    // Peptide, offers, history, recommended, and its lab tests with their thresholds (issue 23).
    expect(counts[20].detail).toBeLessThanOrEqual(5);
  });
});
