import { describe, expect, it } from "vitest";

import {
  applyCoupon,
  couponFromColumns,
  formatCouponDiscount,
  isCouponActive,
  isGoodDeal,
  lowestPrice,
  roundToCents,
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
