import { describe, expect, it } from "vitest";

import { goodDeals, GOOD_DEAL_TOOLTIP } from "./good-deal";

import {
  applyCoupon,
  couponFromColumns,
  formatCouponDiscount,
  isCouponActive,
  isBuyable,
  shipsToDestination,
  isInStock,
  lowestPrice,
  priceOffer,
  roundToCents,
  shippingFor,
  type Coupon,
} from "~/lib/pricing";
import {
  bestOffer,
  bestOfferIds,
  buyableFirst,
  compareLanded,
  countBuyableVendors,
} from "~/lib/ranking";

const NOW = new Date("2025-03-15T12:00:00Z");

function coupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    code: "SAVE",
    discountAmount: 10,
    discountType: "percentage",
    expirationDate: null,
    ...overrides,
  };
}

/** The buyer's default: offers that failed a lab test stay out of Best Price and Good Deal. */
const EXCLUDE_FAILED = { includeFailedLabOffers: false };
const INCLUDE_FAILED = { includeFailedLabOffers: true };

describe("isCouponActive", () => {
  it("is false without a coupon", () => {
    expect(isCouponActive(null, NOW)).toBe(false);
    expect(isCouponActive(undefined, NOW)).toBe(false);
  });

  it("is true for a coupon that never expires", () => {
    expect(isCouponActive(coupon(), NOW)).toBe(true);
  });

  it("stays valid through its expiration day and lapses the day after", () => {
    expect(isCouponActive(coupon({ expirationDate: "2025-03-16" }), NOW)).toBe(true);
    expect(isCouponActive(coupon({ expirationDate: "2025-03-15" }), NOW)).toBe(true);
    expect(isCouponActive(coupon({ expirationDate: "2025-03-14" }), NOW)).toBe(false);
  });

  it("compares calendar days in UTC", () => {
    const lateOnExpiryDay = new Date("2025-03-15T23:59:59Z");
    const firstSecondAfter = new Date("2025-03-16T00:00:00Z");
    expect(isCouponActive(coupon({ expirationDate: "2025-03-15" }), lateOnExpiryDay)).toBe(true);
    expect(isCouponActive(coupon({ expirationDate: "2025-03-15" }), firstSecondAfter)).toBe(false);
  });

  it("treats a malformed date as inactive", () => {
    expect(isCouponActive(coupon({ expirationDate: "soon" }), NOW)).toBe(false);
  });
});

describe("applyCoupon", () => {
  it("takes a percentage off", () => {
    expect(applyCoupon(100, coupon({ discountAmount: 15 }), NOW)).toBe(85);
  });

  it("rounds to cents", () => {
    // 19.99 * 0.9 = 17.991
    expect(applyCoupon(19.99, coupon(), NOW)).toBe(17.99);
    // 49.95 * 0.85 = 42.4575
    expect(applyCoupon(49.95, coupon({ discountAmount: 15 }), NOW)).toBe(42.46);
  });

  it("rounds the price after a percentage half up once, in the price's minor units", () => {
    // 19.95 × 0.9 = 17.955, held in binary as 17.95499…: still 17.96.
    expect(applyCoupon(19.95, coupon({ discountAmount: 10 }), NOW)).toBe(17.96);
    expect(applyCoupon(100.97, coupon({ discountAmount: 10 }), NOW)).toBe(90.87);
    expect(applyCoupon(3625, coupon({ discountAmount: 15 }), NOW, "JPY")).toBe(3081);
  });

  it("takes a fixed amount off and never goes below zero", () => {
    expect(applyCoupon(49.99, coupon({ discountType: "fixed", discountAmount: 5 }), NOW)).toBe(
      44.99,
    );
    expect(applyCoupon(4, coupon({ discountType: "fixed", discountAmount: 5 }), NOW)).toBe(0);
  });

  it("never makes a price negative with an oversized percentage", () => {
    expect(applyCoupon(30, coupon({ discountAmount: 120 }), NOW)).toBe(0);
  });

  it("leaves the price alone without an active coupon", () => {
    expect(applyCoupon(19.99, null, NOW)).toBe(19.99);
    expect(applyCoupon(19.99, coupon({ expirationDate: "2025-03-14" }), NOW)).toBe(19.99);
  });
});

describe("roundToCents", () => {
  it("rounds half up despite binary representation", () => {
    expect(roundToCents(1.005)).toBe(1.01);
    expect(roundToCents(10.005)).toBe(10.01);
    expect(roundToCents(2.344)).toBe(2.34);
  });
});

describe("formatCouponDiscount", () => {
  it("shows percentages as N% and fixed amounts as $N", () => {
    expect(formatCouponDiscount({ discountType: "percentage", discountAmount: 10 })).toBe("10%");
    expect(formatCouponDiscount({ discountType: "fixed", discountAmount: 5 })).toBe("$5");
  });

  it("shows a fixed amount in the vendor's currency", () => {
    expect(formatCouponDiscount({ discountType: "fixed", discountAmount: 5 }, "EUR")).toBe("€5");
    expect(formatCouponDiscount({ discountType: "fixed", discountAmount: 5 }, "CHF")).toBe("CHF 5");
  });

  it("shows fractional amounts with two decimals", () => {
    expect(formatCouponDiscount({ discountType: "fixed", discountAmount: 5.5 })).toBe("$5.50");
    expect(formatCouponDiscount({ discountType: "percentage", discountAmount: 12.5 })).toBe(
      "12.50%",
    );
  });
});

describe("lowestPrice", () => {
  const rows = [
    { vendor: "a", price: 30 },
    { vendor: "b", price: 20 },
    { vendor: "c", price: 20 },
    { vendor: "d", price: Number.NaN },
  ];

  it("returns the first row with the smallest price", () => {
    expect(lowestPrice(rows, (r) => r.price)?.vendor).toBe("b");
  });

  it("ignores rows without a numeric price", () => {
    expect(lowestPrice([rows[3], rows[0]], (r) => r.price)?.vendor).toBe("a");
  });

  it("returns undefined for no rows", () => {
    expect(lowestPrice([], (r: { price: number }) => r.price)).toBeUndefined();
  });
});

describe("couponFromColumns", () => {
  it("builds a coupon from a joined row's columns, reading numeric text as a number", () => {
    expect(
      couponFromColumns({
        code: "SAVE",
        discountAmount: "12.50",
        discountType: "fixed",
        expirationDate: "2025-04-01",
      }),
    ).toEqual({
      code: "SAVE",
      discountAmount: 12.5,
      discountType: "fixed",
      expirationDate: "2025-04-01",
    });
  });

  it("is null when the vendor has no coupon", () => {
    const none = { code: null, discountAmount: null, discountType: null, expirationDate: null };
    expect(couponFromColumns(none)).toBeNull();
  });
});

describe("buyable offers", () => {
  it("counts in stock and low stock as in stock, out of stock not", () => {
    expect(isInStock("in_stock")).toBe(true);
    expect(isInStock("low_stock")).toBe(true);
    expect(isInStock("out_of_stock")).toBe(false);
  });

  it("is buyable in stock and fresh by the one freshness rule", () => {
    const rule = { staleAfterMissedRuns: 3, scrapeIntervalSeconds: 3600, now: NOW };
    const fresh = { missedScrapes: 0, priceCheckedAt: NOW };
    expect(isBuyable({ ...fresh, stockStatus: "low_stock" }, rule)).toBe(true);
    expect(isBuyable({ ...fresh, stockStatus: "in_stock", missedScrapes: 3 }, rule)).toBe(false);
    expect(isBuyable({ ...fresh, stockStatus: "out_of_stock" }, rule)).toBe(false);
    const checked32HoursAgo = new Date(NOW.getTime() - 32 * 3_600_000);
    expect(
      isBuyable({ ...fresh, stockStatus: "in_stock", priceCheckedAt: checked32HoursAgo }, rule),
    ).toBe(false);
  });
});

describe("countBuyableVendors", () => {
  it("counts each vendor with a buyable offer once, and no vendor that has none", () => {
    const offers = [
      { vendorId: "a", buyable: true },
      { vendorId: "a", buyable: true },
      { vendorId: "b", buyable: false },
      { vendorId: "c", buyable: true },
      { vendorId: "d", buyable: false },
    ];
    expect(countBuyableVendors(offers)).toBe(2);
    expect(countBuyableVendors([])).toBe(0);
  });
});

describe("shippingFor", () => {
  const terms = {
    currency: "USD",
    shippingFee: 5,
    freeShippingThreshold: 75,
    shipsTo: ["US", "CA"],
  };
  it("charges the fee below the threshold and nothing from it on", () => {
    expect(shippingFor(74.99, terms)).toBe(5);
    expect(shippingFor(75, terms)).toBe(0);
  });
  it("is unknown without a fee, unless the threshold is reached", () => {
    const unknownFee = { ...terms, shippingFee: null };
    expect(shippingFor(10, unknownFee)).toBeNull();
    expect(shippingFor(80, unknownFee)).toBe(0);
    expect(shippingFor(10, { ...terms, freeShippingThreshold: null })).toBe(5);
  });
  it("follows the destination: none where the vendor does not ship or has not said", () => {
    expect(shippingFor(10, terms, "CA")).toBe(5);
    expect(shippingFor(80, terms, "GB")).toBeNull();
    expect(shippingFor(10, { ...terms, shipsTo: [] }, "GB")).toBeNull();
    expect(shippingFor(10, { ...terms, shipsTo: [] }, null)).toBe(5);
  });
});

describe("shipsToDestination", () => {
  it("tells 'does not ship there' (false) from 'not stated' (null)", () => {
    expect(shipsToDestination("GB", ["US"])).toBe(false);
    expect(shipsToDestination("GB", [])).toBeNull();
    expect(shipsToDestination("US", ["US"])).toBe(true);
    expect(shipsToDestination(null, [])).toBe(true);
  });
});

describe("priceOffer", () => {
  const rates = { EUR: 0.8, GBP: 0.5 };
  const context = {
    displayCurrency: "USD",
    rates,
    staleAfterMissedRuns: 3,
    scrapeIntervalSeconds: 3600,
    now: NOW,
    shipTo: null,
  };
  const base = {
    price: 40,
    currency: "USD",
    vials: 1,
    mgPerVial: 10,
    coupon: null,
    stockStatus: "in_stock",
    missedScrapes: 0,
    priceCheckedAt: NOW,
    vendor: {
      currency: "USD",
      shippingFee: 5,
      freeShippingThreshold: 100,
      shipsTo: ["US"] as string[],
    },
  };

  it("prices per vial and per mg after coupon, with shipping and total for one pack", () => {
    const priced = priceOffer(
      { ...base, price: 100, vials: 5, coupon: coupon({ discountAmount: 10 }) },
      context,
    );
    expect(priced.priceAfterCoupon).toBe(90);
    expect(priced.display).toMatchObject({
      currency: "USD",
      converted: false,
      priceAfterCoupon: 90,
      perVial: 18,
      shipping: 5,
      total: 95,
      totalPerVial: 19,
    });
    expect(priced.display!.totalPerMg).toBeCloseTo(1.9);
    expect(priced.display!.perMg).toBeCloseTo(1.8);
  });

  it("converts a price in another currency and says so", () => {
    const priced = priceOffer(
      { ...base, currency: "EUR", vendor: { ...base.vendor, currency: "EUR" } },
      context,
    );
    expect(priced.display!.converted).toBe(true);
    expect(priced.display!.priceAfterCoupon).toBeCloseTo(50);
    expect(priced.display!.shipping).toBeCloseTo(6.25);
    expect(priced.shipping).toEqual({ amount: 5, currency: "EUR" });
  });

  it("takes a fixed coupon off in the vendor's currency", () => {
    const priced = priceOffer(
      {
        ...base,
        currency: "USD",
        coupon: coupon({ discountType: "fixed", discountAmount: 4 }),
        vendor: { ...base.vendor, currency: "GBP" },
      },
      context,
    );
    // £4 is $8.
    expect(priced.priceAfterCoupon).toBe(32);
    expect(priced.couponApplied).toBe(true);
  });

  it("has no display price without a rate, and is then never best", () => {
    const priced = priceOffer({ ...base, currency: "JPY" }, context);
    expect(priced.display).toBeNull();
    const offers = [
      {
        id: "yen",
        labWarning: null,
        ...priceOffer({ ...base, currency: "JPY", price: 1 }, context),
      },
      { id: "usd", labWarning: null, ...priceOffer(base, context) },
    ];
    expect(bestOffer(offers, EXCLUDE_FAILED)?.id).toBe("usd");
  });

  it("is not buyable when out of stock or stale", () => {
    expect(priceOffer({ ...base, stockStatus: "out_of_stock" }, context).buyable).toBe(false);
    expect(priceOffer({ ...base, missedScrapes: 3 }, context).buyable).toBe(false);
    const lastChecked32HoursAgo = new Date(NOW.getTime() - 32 * 3_600_000);
    const unconfirmed = priceOffer({ ...base, priceCheckedAt: lastChecked32HoursAgo }, context);
    expect(unconfirmed).toMatchObject({ stale: true, buyable: false });
    expect(priceOffer({ ...base, stockStatus: "low_stock" }, context).buyable).toBe(true);
  });
});

describe("landed totals for a destination", () => {
  const context = {
    displayCurrency: "USD",
    rates: {},
    staleAfterMissedRuns: 3,
    scrapeIntervalSeconds: 3600,
    now: NOW,
    shipTo: "GB",
  };
  const input = (shipsTo: string[], shippingFee: number | null = 5) => ({
    price: 40,
    currency: "USD",
    vials: 1,
    mgPerVial: 10,
    coupon: coupon({ discountAmount: 10 }),
    stockStatus: "in_stock",
    missedScrapes: 0,
    priceCheckedAt: NOW,
    vendor: { currency: "USD", shippingFee, freeShippingThreshold: 36, shipsTo },
  });

  it("applies the free-shipping threshold to the price after coupon", () => {
    // $40 less 10% is $36: the threshold is reached, shipping is free.
    expect(priceOffer(input(["GB"]), context).display).toMatchObject({ shipping: 0, total: 36 });
    expect(
      priceOffer({ ...input(["GB"]), coupon: null, price: 35 }, context).display,
    ).toMatchObject({ shipping: 5, total: 40 });
  });

  it("has no total, and says so, where the vendor does not ship", () => {
    const priced = priceOffer(input(["US"]), context);
    expect(priced.shipsToDestination).toBe(false);
    expect(priced.display).toMatchObject({ shipping: null, total: null, totalPerVial: null });
    expect(bestOffer([{ id: "x", labWarning: null, ...priced }], EXCLUDE_FAILED)).toBeUndefined();
  });

  it("has no total where the vendor has not said where it ships", () => {
    const priced = priceOffer(input([]), context);
    expect(priced.shipsToDestination).toBeNull();
    expect(priced.display!.total).toBeNull();
  });
});

describe("bestOffer and bestOfferIds", () => {
  const offer = (
    id: string,
    totalPerVial: number | null,
    {
      buyable = true,
      size = "5mg",
      perVial = totalPerVial ?? 0,
      ships = true as boolean | null,
      labWarning = null as { text: string } | null,
    } = {},
  ) => ({
    id,
    size,
    buyable,
    shipsToDestination: ships,
    display: { perVial, totalPerVial },
    labWarning,
  });

  it("ranks by landed total per vial, not by price before shipping", () => {
    // Cheaper before shipping, dearer delivered.
    const apex = offer("apex", 31.24, { perVial: 24.99 });
    const pure = offer("pure", 29.71, { perVial: 26.0 });
    expect(bestOffer([apex, pure], EXCLUDE_FAILED)?.id).toBe("pure");
    expect(bestOffer([offer("single", 30), offer("pack", 25)], EXCLUDE_FAILED)?.id).toBe("pack");
  });

  it("puts unknown shipping after known totals: best only when no total is known", () => {
    const unknown = offer("helix", null, { perVial: 10, ships: null });
    expect(bestOffer([unknown, offer("known", 40)], EXCLUDE_FAILED)?.id).toBe("known");
    expect(
      bestOffer([unknown, offer("dear", 12, { perVial: 99 })].reverse(), EXCLUDE_FAILED)?.id,
    ).toBe("dear");
    expect(bestOffer([unknown], EXCLUDE_FAILED)?.id).toBe("helix");
    expect([offer("known", 10), unknown].sort(compareLanded)[0].id).toBe("known");
    expect([unknown, offer("same", 10)].sort(compareLanded).map((o) => o.id)).toEqual([
      "same",
      "helix",
    ]);
  });

  it("never picks a vendor that does not ship to the destination", () => {
    const abroad = offer("abroad", 1, { ships: false });
    expect(bestOffer([abroad, offer("home", 50)], EXCLUDE_FAILED)?.id).toBe("home");
    expect(bestOffer([abroad], EXCLUDE_FAILED)).toBeUndefined();
  });

  it("skips out-of-stock and stale offers even when they are cheaper", () => {
    expect(
      bestOffer([offer("gone", 10, { buyable: false }), offer("here", 30)], EXCLUDE_FAILED)?.id,
    ).toBe("here");
    expect(bestOffer([offer("gone", 10, { buyable: false })], EXCLUDE_FAILED)).toBeUndefined();
  });

  it("never picks an offer whose lab test of its size failed, however cheap (issue 30)", () => {
    const failed = offer("failed", 10, { labWarning: { text: "Failed lab test" } });
    expect(bestOffer([failed, offer("passed", 30)], EXCLUDE_FAILED)?.id).toBe("passed");
    expect(bestOffer([failed], EXCLUDE_FAILED)).toBeUndefined();
    const ids = bestOfferIds(
      [failed, offer("other", 20, { size: "10mg" })],
      (o) => o.size,
      EXCLUDE_FAILED,
    );
    expect([...ids]).toEqual(["other"]);
  });

  it("ranks a failed-lab offer like any other when the buyer includes them", () => {
    const failed = offer("failed", 10, { labWarning: { text: "Failed lab test" } });
    expect(bestOffer([failed, offer("passed", 30)], INCLUDE_FAILED)?.id).toBe("failed");
    expect(bestOffer([failed, offer("passed", 30)], {})?.id).toBe("passed");
    // Included or not, it must still be buyable.
    const gone = offer("gone", 5, { buyable: false, labWarning: { text: "Failed lab test" } });
    expect(bestOffer([gone, offer("passed", 30)], INCLUDE_FAILED)?.id).toBe("passed");
  });

  it("marks one best per size", () => {
    const ids = bestOfferIds(
      [
        offer("a", 30),
        offer("b", 20),
        offer("c", 50, { size: "10mg" }),
        offer("d", 40, { buyable: false, size: "10mg" }),
      ],
      (o) => o.size,
      EXCLUDE_FAILED,
    );
    expect([...ids].sort()).toEqual(["b", "c"]);
  });

  it("lists buyable offers first, keeping each part's order", () => {
    const rows = [
      offer("x", 1, { buyable: false }),
      offer("a", 3),
      offer("y", 2, { buyable: false }),
      offer("b", 1),
    ];
    expect(buyableFirst(rows).map((o) => o.id)).toEqual(["a", "b", "x", "y"]);
  });
});

describe("goodDeals", () => {
  const offer = (
    id: string,
    totalPerMg: number | null,
    {
      price = 100,
      low = null as number | null,
      vendorId = id,
      buyable = true,
      labWarning = null as object | null,
    } = {},
  ) => ({
    id,
    vendorId,
    buyable,
    labWarning,
    shipsToDestination: true as boolean | null,
    price,
    lowestPrice90Days: low,
    display: { totalPerMg },
  });

  it("marks an offer 10% or more below the median of the other vendors", () => {
    const deals = goodDeals(
      [offer("a", 9), offer("b", 10), offer("c", 10), offer("d", 12)],
      EXCLUDE_FAILED,
    );
    expect(deals.get("a")).toBe("below-market");
    expect(deals.has("b")).toBe(false);
    expect(GOOD_DEAL_TOOLTIP["below-market"]).toMatch(/10% below the median/);
  });

  it("marks an offer at its 90-day low only when it is at or below the median", () => {
    const market = [offer("b", 10), offer("c", 10), offer("d", 12)];
    const atLow = offer("a", 9.5, { price: 50, low: 50 });
    expect(goodDeals([atLow, ...market], EXCLUDE_FAILED).get("a")).toBe("own-low");
    const aboveMedian = offer("a", 10.5, { price: 50, low: 50 });
    expect(goodDeals([aboveMedian, ...market], EXCLUDE_FAILED).has("a")).toBe(false);
    const notAtLow = offer("a", 9.5, { price: 50, low: 45 });
    expect(goodDeals([notAtLow, ...market], EXCLUDE_FAILED).has("a")).toBe(false);
  });

  it("needs three offers of other vendors; a vendor's own offers are not its market", () => {
    expect(goodDeals([offer("a", 5), offer("b", 10), offer("c", 10)], EXCLUDE_FAILED).size).toBe(0);
    const sameVendor = [offer("a", 5), offer("a2", 10, { vendorId: "a" }), offer("b", 10)];
    expect(goodDeals([...sameVendor, offer("c", 10)], EXCLUDE_FAILED).has("a")).toBe(false);
    expect(
      goodDeals([...sameVendor, offer("c", 10), offer("d", 10)], EXCLUDE_FAILED).get("a"),
    ).toBe("below-market");
  });

  it("is never the dearest offer, never unknown shipping, never an unbuyable offer", () => {
    // Every offer at its low: the dearest still gets nothing.
    const all = [9, 10, 10, 11].map((perMg, i) => offer(`o${i}`, perMg, { price: 1, low: 1 }));
    const deals = goodDeals(all, EXCLUDE_FAILED);
    expect(deals.has("o3")).toBe(false);
    expect(goodDeals([offer("x", null), ...all], EXCLUDE_FAILED).has("x")).toBe(false);
    expect(goodDeals([offer("x", 1, { buyable: false }), ...all], EXCLUDE_FAILED).has("x")).toBe(
      false,
    );
  });

  it("is never a failed-lab offer unless the buyer includes them; its price still counts", () => {
    const failed = offer("a", 9, { labWarning: { testId: "t" } });
    const market = [offer("b", 10), offer("c", 10), offer("d", 12)];
    expect(goodDeals([failed, ...market], EXCLUDE_FAILED).has("a")).toBe(false);
    expect(goodDeals([failed, ...market], INCLUDE_FAILED).get("a")).toBe("below-market");
    // The failed offer's 9 stays in the market the others are weighed against.
    const cheap = offer("e", 8.5);
    expect(
      goodDeals([cheap, failed, offer("b", 10), offer("c", 10)], EXCLUDE_FAILED).get("e"),
    ).toBe("below-market");
  });
});
