import { describe, expect, it } from "vitest";

import {
  applyCoupon,
  bestOffer,
  bestOfferIds,
  buyableFirst,
  couponFromColumns,
  formatCouponDiscount,
  isCouponActive,
  isBuyable,
  isGoodDeal,
  isInStock,
  isStale,
  lowestPrice,
  priceOffer,
  roundToCents,
  shippingFor,
  type Coupon,
} from "~/lib/pricing";

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

describe("isGoodDeal", () => {
  it("is true within the margin over the lowest price ever", () => {
    expect(isGoodDeal(100, 100)).toBe(true);
    expect(isGoodDeal(105, 100)).toBe(true);
    expect(isGoodDeal(10.5, 10)).toBe(true);
    expect(isGoodDeal(90, 100)).toBe(true);
  });

  it("is false above the margin or without a history", () => {
    expect(isGoodDeal(105.01, 100)).toBe(false);
    expect(isGoodDeal(50, null)).toBe(false);
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

  it("is stale from the configured number of missed runs on", () => {
    expect(isStale(2, 3)).toBe(false);
    expect(isStale(3, 3)).toBe(true);
    expect(isBuyable({ stockStatus: "low_stock", missedScrapes: 0 }, 3)).toBe(true);
    expect(isBuyable({ stockStatus: "in_stock", missedScrapes: 3 }, 3)).toBe(false);
    expect(isBuyable({ stockStatus: "out_of_stock", missedScrapes: 0 }, 3)).toBe(false);
  });
});

describe("shippingFor", () => {
  const terms = { currency: "USD", shippingFee: 5, freeShippingThreshold: 75 };
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
});

describe("priceOffer", () => {
  const rates = { EUR: 0.8, GBP: 0.5 };
  const context = { displayCurrency: "USD", rates, staleAfterMissedRuns: 3, now: NOW };
  const base = {
    price: 40,
    currency: "USD",
    vials: 1,
    mgPerVial: 10,
    coupon: null,
    stockStatus: "in_stock",
    missedScrapes: 0,
    vendor: { currency: "USD", shippingFee: 5, freeShippingThreshold: 100 },
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
    });
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
      { id: "yen", ...priceOffer({ ...base, currency: "JPY", price: 1 }, context) },
      { id: "usd", ...priceOffer(base, context) },
    ];
    expect(bestOffer(offers)?.id).toBe("usd");
  });

  it("is not buyable when out of stock or stale", () => {
    expect(priceOffer({ ...base, stockStatus: "out_of_stock" }, context).buyable).toBe(false);
    expect(priceOffer({ ...base, missedScrapes: 3 }, context).buyable).toBe(false);
    expect(priceOffer({ ...base, stockStatus: "low_stock" }, context).buyable).toBe(true);
  });
});

describe("bestOffer and bestOfferIds", () => {
  const offer = (id: string, perVial: number, buyable = true, size = "5mg") => ({
    id,
    size,
    buyable,
    display: { perVial },
  });

  it("compares price per vial, so a pack can be best", () => {
    expect(bestOffer([offer("single", 30), offer("pack", 25)])?.id).toBe("pack");
  });

  it("skips out-of-stock and stale offers even when they are cheaper", () => {
    expect(bestOffer([offer("gone", 10, false), offer("here", 30)])?.id).toBe("here");
    expect(bestOffer([offer("gone", 10, false)])).toBeUndefined();
  });

  it("marks one best per size", () => {
    const ids = bestOfferIds(
      [offer("a", 30), offer("b", 20), offer("c", 50, true, "10mg"), offer("d", 40, false, "10mg")],
      (o) => o.size,
    );
    expect([...ids].sort()).toEqual(["b", "c"]);
  });

  it("lists buyable offers first, keeping each part's order", () => {
    const rows = [offer("x", 1, false), offer("a", 3), offer("y", 2, false), offer("b", 1)];
    expect(buyableFirst(rows).map((o) => o.id)).toEqual(["a", "b", "x", "y"]);
  });
});
