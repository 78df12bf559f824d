import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { defaultPricingContext } from "~/.server/data/listings/offer-rows.server";
import { getPriceHistory } from "~/.server/data/price-history.server";
import {
  findVendorSlugRedirect,
  getVendorProfile,
  getVendorSitemapEntries,
} from "~/.server/data/vendor-profile.server";
import * as t from "~/.server/db/schema";

import { createTestApp, type TestApp } from "../helpers/app";

let app: TestApp;
const NOW = new Date("2026-06-15T12:00:00Z");
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);
const pricing = () => ({ ...defaultPricingContext(NOW), rates: { EUR: 0.5 } });

let tenMgOfferId = "";
let fiveMgOfferId = "";

beforeAll(async () => {
  app = await createTestApp({ SEED_DEMO: "false" });
  const { db } = app;
  const [helix, other] = await db
    .insert(t.vendors)
    .values([
      {
        name: "Helix Söurce Labs",
        website: "https://helix.example",
        rating: 4.5,
        shippingFee: 10,
        freeShippingThreshold: 100,
        paymentMethods: ["Visa", "Bitcoin"],
      },
      { name: "Other Vendor" },
    ])
    .returning({ id: t.vendors.id });
  await db.insert(t.coupons).values([
    {
      vendorId: helix.id,
      code: "HELIX10",
      discountAmount: 10,
      discountType: "percentage",
      expirationDate: "2026-06-15",
    },
    {
      vendorId: other.id,
      code: "OLD",
      discountAmount: 5,
      discountType: "fixed",
      expirationDate: "2026-06-14",
    },
  ]);
  const [peptide] = await db
    .insert(t.peptides)
    .values({ name: "BPC-157", slug: "bpc-157" })
    .returning({ id: t.peptides.id });
  const [five, ten] = await db
    .insert(t.sizeOptions)
    .values([
      { peptideId: peptide.id, quantity: 5, unit: "mg" },
      { peptideId: peptide.id, quantity: 10, unit: "mg" },
    ])
    .returning({ id: t.sizeOptions.id });
  const offers = await db
    .insert(t.vendorPeptides)
    .values([
      { peptideId: peptide.id, sizeOptionId: five.id, vendorId: helix.id, price: 40 },
      {
        peptideId: peptide.id,
        sizeOptionId: ten.id,
        vendorId: helix.id,
        price: 60,
        stockStatus: "out_of_stock",
      },
      { peptideId: peptide.id, sizeOptionId: ten.id, vendorId: other.id, price: 50 },
    ])
    .returning({ id: t.vendorPeptides.id });
  [fiveMgOfferId, tenMgOfferId] = offers.map((o) => o.id);
  const history = (vendorPeptideId: string, rows: [number, number, boolean?][]) =>
    rows.map(([days, price, inStock = true]) => ({
      vendorPeptideId,
      price,
      inStock,
      observedAt: daysAgo(days),
    }));
  await db.insert(t.priceHistory).values([
    // 5 mg: first price 400 days ago, changes 45 and 20 days ago, a stock flip 10 days ago.
    ...history(fiveMgOfferId, [
      [400, 48],
      [45, 44],
      [20, 42],
      [10, 42, false],
      [5, 40],
    ]),
    // 10 mg: first price within the window (not a change), then one change.
    ...history(tenMgOfferId, [
      [25, 64],
      [3, 60],
    ]),
    // Another vendor's changes are not Helix's.
    ...history(offers[2].id, [
      [40, 55],
      [2, 50],
    ]),
  ]);
});
afterAll(async () => {
  await app?.dispose();
});

describe("vendor slugs", () => {
  it("derives the slug from the name, accents folded", async () => {
    const profile = await getVendorProfile(app.db, "helix-source-labs", pricing());
    expect(profile?.vendor.name).toBe("Helix Söurce Labs");
  });

  it("keeps a renamed vendor's former slug for a redirect", async () => {
    const [renamed] = await app.db
      .insert(t.vendors)
      .values({ name: "Old Name Co" })
      .returning({ id: t.vendors.id });
    await app.db.update(t.vendors).set({ name: "New Name Co" }).where(eq(t.vendors.id, renamed.id));
    expect(await findVendorSlugRedirect(app.db, "old-name-co")).toBe("new-name-co");
    expect(await findVendorSlugRedirect(app.db, "New-Name-Co")).toBe("new-name-co");
    expect(await findVendorSlugRedirect(app.db, "new-name-co")).toBeNull();
    expect(await findVendorSlugRedirect(app.db, "nobody")).toBeNull();
  });
});

describe("getVendorProfile", () => {
  it("is null for an unknown slug", async () => {
    expect(await getVendorProfile(app.db, "nobody", pricing())).toBeNull();
  });

  it("lists the vendor's offers only, priced with its coupon, per mg and when last checked", async () => {
    const profile = (await getVendorProfile(app.db, "helix-source-labs", pricing()))!;
    expect(profile.vendor).toMatchObject({
      rating: 4.5,
      shippingFee: 10,
      freeShippingThreshold: 100,
      paymentMethods: ["Visa", "Bitcoin"],
    });
    expect(profile.offers.map((o) => [o.sizeLabel, o.price, o.priceAfterCoupon])).toEqual([
      ["5mg", 40, 36],
      ["10mg", 60, 54],
    ]);
    const [five, ten] = profile.offers;
    expect(five.display?.perMg).toBeCloseTo(7.2);
    expect(five.buyable).toBe(true);
    expect(ten.inStock).toBe(false);
    expect(ten.buyable).toBe(false);
    expect(Date.parse(five.priceCheckedAt)).not.toBeNaN();
  });

  it("shows a coupon on its last day and hides an expired one", async () => {
    const helix = (await getVendorProfile(app.db, "helix-source-labs", pricing()))!;
    expect(helix.coupon?.code).toBe("HELIX10");
    const later = { ...pricing(), now: new Date("2026-06-16T00:00:01Z") };
    const expired = (await getVendorProfile(app.db, "helix-source-labs", later))!;
    expect(expired.coupon).toBeNull();
    expect(expired.offers[0].priceAfterCoupon).toBe(40);
    const other = (await getVendorProfile(app.db, "other-vendor", pricing()))!;
    expect(other.coupon).toBeNull();
  });

  it("counts price changes of the last 30 days, not first prices or stock changes", async () => {
    const profile = (await getVendorProfile(app.db, "helix-source-labs", pricing()))!;
    // 5 mg: 20 and 5 days ago; 10 mg: 3 days ago.
    expect(profile.recentChanges).toEqual({ changes: 3, offersChanged: 2 });
    const other = (await getVendorProfile(app.db, "other-vendor", pricing()))!;
    expect(other.recentChanges).toEqual({ changes: 1, offersChanged: 1 });
  });

  it("lists every vendor in the sitemap entries", async () => {
    const slugs = (await getVendorSitemapEntries(app.db)).map((e) => e.slug);
    expect(slugs).toEqual(expect.arrayContaining(["helix-source-labs", "other-vendor"]));
  });
});

describe("getPriceHistory", () => {
  const pointsOf = async (range: "30d" | "90d" | "1y" | "all", id: string) => {
    const history = await getPriceHistory(app.db, "bpc-157", range, NOW);
    return {
      bucket: history.bucket,
      points: history.offers.find((h) => h.vendorPeptideId === id)?.points ?? [],
    };
  };
  const day = (t: number | Date) => new Date(t).toISOString().slice(0, 10);

  it("gives a short range by the day, plus the price that held at its start", async () => {
    const { bucket, points } = await pointsOf("30d", fiveMgOfferId);
    expect(bucket).toBe("day");
    expect(points.map((p) => [day(p.t), p.price])).toEqual([
      [day(daysAgo(45)), 44],
      [day(daysAgo(20)), 42],
      [day(daysAgo(10)), 42],
      [day(daysAgo(5)), 40],
    ]);
  });

  it("sums a year up per week in SQL: the week's last price, its low and high, and when each was recorded", async () => {
    const [extra] = await app.db
      .insert(t.priceHistory)
      .values([
        {
          vendorPeptideId: tenMgOfferId,
          price: 70,
          inStock: true,
          observedAt: new Date(daysAgo(3).getTime() - 3_600_000),
        },
      ])
      .returning({ id: t.priceHistory.id });
    try {
      const { bucket, points } = await pointsOf("1y", tenMgOfferId);
      expect(bucket).toBe("week");
      expect(points).toHaveLength(2);
      // 3 days before Monday 15 June is in the week of Monday 8 June.
      expect(points[1]).toEqual({
        t: Date.parse("2026-06-08T00:00:00Z"),
        price: 60,
        lastAt: daysAgo(3).getTime(),
        low: 60,
        lowAt: daysAgo(3).getTime(),
        high: 70,
        highAt: daysAgo(3).getTime() - 3_600_000,
      });
      // A week of one price: first and last recorded at once.
      expect(points[0]).toEqual({
        t: Date.parse("2026-05-18T00:00:00Z"),
        price: 64,
        lastAt: daysAgo(25).getTime(),
        lowAt: daysAgo(25).getTime(),
        highAt: daysAgo(25).getTime(),
      });
    } finally {
      await app.db.delete(t.priceHistory).where(eq(t.priceHistory.id, extra.id));
    }
  });

  it("reads all of the history by the week when it spans over 90 days, and nothing of another peptide", async () => {
    const all = await getPriceHistory(app.db, "bpc-157", "all", NOW);
    expect(all.bucket).toBe("week");
    expect(all.offers).toHaveLength(3);
    expect(all.offers.find((h) => h.vendorPeptideId === fiveMgOfferId)?.points).toHaveLength(5);
    expect((await getPriceHistory(app.db, "no-such-peptide", "all", NOW)).offers).toEqual([]);
  });
});
