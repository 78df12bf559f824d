import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getVendorDirectory } from "~/.server/data/vendors.server";
import { defaultPricingContext } from "~/.server/data/listings/offer-rows.server";
import * as t from "~/.server/db/schema";
import { DEFAULT_VENDOR_SORT } from "~/lib/vendor-directory";

import { createTestApp, type TestApp } from "../helpers/app";

let app: TestApp;
const NOW = new Date("2026-06-15T12:00:00Z");
const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * HOUR);
/** A euro is worth two dollars here, so the arithmetic is done by eye. */
const pricing = (shipTo: string | null = null) => ({
  ...defaultPricingContext(NOW),
  rates: { EUR: 0.5 },
  shipTo,
});
const byName = DEFAULT_VENDOR_SORT;

beforeAll(async () => {
  app = await createTestApp({ SEED_DEMO: "false" });
  const { db } = app;
  const [apex, euro, varies, empty] = await db
    .insert(t.vendors)
    .values([
      {
        name: "Apex Labs",
        rating: 4.5,
        shippingFee: 10,
        freeShippingThreshold: 100,
        shipsTo: ["US", "CA"],
      },
      { name: "Euro Peptides", currency: "EUR", shippingFee: 5, shipsTo: ["DE"] },
      { name: "Varies Co", rating: 3.9, shippingCost: "Varies" },
      { name: "Empty Shelf", rating: 5 },
    ])
    .returning({ id: t.vendors.id });
  await db.insert(t.coupons).values([
    {
      vendorId: apex.id,
      code: "APEX10",
      discountAmount: 10,
      discountType: "percentage",
      expirationDate: "2026-06-15",
    },
    {
      vendorId: euro.id,
      code: "GONE",
      discountAmount: 5,
      discountType: "fixed",
      expirationDate: "2026-06-14",
    },
    { vendorId: varies.id, code: "FIVE", discountAmount: 5, discountType: "fixed" },
  ]);
  const [shown, hidden] = await db
    .insert(t.peptides)
    .values([
      { name: "BPC-157", slug: "bpc-157" },
      { name: "Withdrawn", slug: "withdrawn", active: false },
    ])
    .returning({ id: t.peptides.id });
  const [shownSize, hiddenSize] = await db
    .insert(t.sizeOptions)
    .values([
      { peptideId: shown.id, quantity: 5, unit: "mg" },
      { peptideId: hidden.id, quantity: 5, unit: "mg" },
    ])
    .returning({ id: t.sizeOptions.id });
  const offer = (
    vendorId: string,
    hours: number,
    extra: Partial<typeof t.vendorPeptides.$inferInsert> = {},
  ) => ({
    peptideId: shown.id,
    sizeOptionId: shownSize.id,
    vendorId,
    price: 40,
    priceCheckedAt: hoursAgo(hours),
    ...extra,
  });
  await db.insert(t.vendorPeptides).values([
    offer(apex.id, 5),
    // Out of stock is still one of its prices, and the freshest.
    offer(apex.id, 2, { vials: 5, stockStatus: "out_of_stock" }),
    // An inactive price and a price of an inactive peptide are neither counted nor dated.
    offer(apex.id, 1, { vials: 10, active: false }),
    offer(apex.id, 0, { peptideId: hidden.id, sizeOptionId: hiddenSize.id }),
    offer(euro.id, 30, { currency: "EUR" }),
    offer(varies.id, 48),
    // Empty Shelf's only price is switched off: it is not an active vendor.
    offer(empty.id, 1, { active: false }),
  ]);
});
afterAll(async () => {
  await app?.dispose();
});

describe("getVendorDirectory", () => {
  it("lists every vendor with a public price, with its public prices counted and dated", async () => {
    const { vendors, destination } = await getVendorDirectory(app.db, pricing(), byName);
    expect(destination).toBeNull();
    expect(vendors.map((v) => [v.name, v.offerCount, v.lastPriceUpdate])).toEqual([
      ["Apex Labs", 2, hoursAgo(2).toISOString()],
      ["Euro Peptides", 1, hoursAgo(30).toISOString()],
      ["Varies Co", 1, hoursAgo(48).toISOString()],
    ]);
  });

  it("gives shipping in the display currency, and the vendor's coupon only while it is valid", async () => {
    const { vendors } = await getVendorDirectory(app.db, pricing(), byName);
    const [apex, euro, varies] = vendors;
    expect(apex).toMatchObject({
      slug: "apex-labs",
      rating: 4.5,
      shipsThere: "yes",
      shipsTo: ["US", "CA"],
      shippingFee: { amount: 10, currency: "USD", converted: false },
      freeShippingOver: { amount: 100, currency: "USD", converted: false },
      coupon: { code: "APEX10", discount: "10%" },
    });
    // €5 at two dollars a euro.
    expect(euro).toMatchObject({
      rating: null,
      shippingFee: { amount: 10, currency: "USD", converted: true },
      freeShippingOver: null,
      coupon: null,
    });
    expect(varies).toMatchObject({
      shipsThere: "unknown",
      shippingFee: null,
      shippingNote: "Varies",
      coupon: { code: "FIVE", discount: "$5" },
    });
    const inEuros = await getVendorDirectory(
      app.db,
      { ...pricing(), displayCurrency: "EUR" },
      byName,
    );
    expect(inEuros.vendors[0].shippingFee).toEqual({ amount: 5, currency: "EUR", converted: true });
  });

  it("says whether each vendor ships to the visitor's destination", async () => {
    const toGermany = await getVendorDirectory(app.db, pricing("DE"), byName);
    expect(toGermany.destination).toBe("DE");
    expect(toGermany.vendors.map((v) => [v.name, v.shipsThere])).toEqual([
      ["Apex Labs", "no"],
      ["Euro Peptides", "yes"],
      ["Varies Co", "unknown"],
    ]);
  });

  it("sorts by each column, vendors without a value last, ties by name", async () => {
    const order = async (
      column: "name" | "rating" | "offers" | "shipping" | "updated",
      direction: "asc" | "desc",
      shipTo: string | null = null,
    ) =>
      (await getVendorDirectory(app.db, pricing(shipTo), { column, direction })).vendors.map(
        (v) => v.name,
      );
    expect(await order("name", "desc")).toEqual(["Varies Co", "Euro Peptides", "Apex Labs"]);
    expect(await order("rating", "desc")).toEqual(["Apex Labs", "Varies Co", "Euro Peptides"]);
    expect(await order("rating", "asc")).toEqual(["Varies Co", "Apex Labs", "Euro Peptides"]);
    expect(await order("offers", "desc")).toEqual(["Apex Labs", "Euro Peptides", "Varies Co"]);
    expect(await order("updated", "desc")).toEqual(["Apex Labs", "Euro Peptides", "Varies Co"]);
    // Both fees are $10 anywhere; to Germany Apex does not deliver, so its fee does not count.
    expect(await order("shipping", "asc")).toEqual(["Apex Labs", "Euro Peptides", "Varies Co"]);
    expect(await order("shipping", "asc", "DE")).toEqual([
      "Euro Peptides",
      "Apex Labs",
      "Varies Co",
    ]);
  });

  it("is empty when no vendor has a public price", async () => {
    const active = await app.db
      .select({ id: t.vendorPeptides.id })
      .from(t.vendorPeptides)
      .where(eq(t.vendorPeptides.active, true));
    await app.db.update(t.vendorPeptides).set({ active: false });
    try {
      expect((await getVendorDirectory(app.db, pricing(), byName)).vendors).toEqual([]);
    } finally {
      await app.db
        .update(t.vendorPeptides)
        .set({ active: true })
        .where(
          inArray(
            t.vendorPeptides.id,
            active.map((row) => row.id),
          ),
        );
    }
  });
});
