import { describe, expect, it } from "vitest";

import {
  differOnlyIn,
  groupBySize,
  revalidateUnlessOnly,
  formatPack,
  shippingNote,
  isInStockOnly,
  isTestedOnly,
  parseOfferSort,
  withInStockOnly,
  withTestedOnly,
  withOfferSort,
  perMgDelivered,
  perVerifiedMg,
} from "./offer-view";

const COLUMNS = ["vendor", "afterCoupon", "total"] as const;

describe("offer sort in the URL", () => {
  it("reads a known column and direction, else the default ascending", () => {
    expect(
      parseOfferSort(new URLSearchParams("sort=total&dir=desc"), COLUMNS, "afterCoupon"),
    ).toEqual({ column: "total", direction: "desc" });
    expect(
      parseOfferSort(new URLSearchParams("sort=bogus&dir=up"), COLUMNS, "afterCoupon"),
    ).toEqual({ column: "afterCoupon", direction: "asc" });
  });

  it("writes only what differs from the default and keeps other parameters", () => {
    const params = new URLSearchParams("size=abc&sort=total");
    expect(
      withOfferSort(params, { column: "afterCoupon", direction: "asc" }, "afterCoupon").toString(),
    ).toBe("size=abc");
    expect(
      withOfferSort(params, { column: "vendor", direction: "desc" }, "afterCoupon").toString(),
    ).toBe("size=abc&sort=vendor&dir=desc");
  });
});

describe("in-stock switch", () => {
  it("round-trips through the URL", () => {
    const on = withInStockOnly(new URLSearchParams("size=x"), true);
    expect(on.toString()).toBe("size=x&stock=in");
    expect(isInStockOnly(on)).toBe(true);
    expect(isInStockOnly(withInStockOnly(on, false))).toBe(false);
  });
});

describe("Tested only switch", () => {
  it("round-trips through the URL as ?tested=1 beside the stock switch", () => {
    const on = withTestedOnly(new URLSearchParams("size=x&stock=in"), true);
    expect(on.toString()).toBe("size=x&stock=in&tested=1");
    expect(isTestedOnly(on)).toBe(true);
    expect(isInStockOnly(on)).toBe(true);
    expect(isTestedOnly(withTestedOnly(on, false))).toBe(false);
    expect(isTestedOnly(new URLSearchParams("tested=yes"))).toBe(false);
  });
});

describe("differOnlyIn", () => {
  const url = (s: string) => new URL(s, "http://x");
  it("is true when only the listed parameters changed", () => {
    expect(differOnlyIn(url("/p/a?size=1"), url("/p/a?size=2&sort=total"), ["size", "sort"])).toBe(
      true,
    );
  });
  it("is false for another path or another parameter", () => {
    expect(differOnlyIn(url("/p/a"), url("/p/b"), ["sort"])).toBe(false);
    expect(differOnlyIn(url("/compare?peptide=a"), url("/compare?peptide=b"), ["sort"])).toBe(
      false,
    );
  });
});

describe("revalidateUnlessOnly", () => {
  const args = (current: string, next: string, formMethod?: "POST") => ({
    currentUrl: new URL(current, "http://x"),
    nextUrl: new URL(next, "http://x"),
    formMethod,
    defaultShouldRevalidate: true,
  });
  it("keeps the loaded data when only the listed parameters changed", () => {
    expect(revalidateUnlessOnly(args("/c?peptide=a", "/c?peptide=a&sort=total"), ["sort"])).toBe(
      false,
    );
  });
  it("revalidates after a form or when anything else changed", () => {
    expect(revalidateUnlessOnly(args("/c", "/c?sort=total", "POST"), ["sort"])).toBe(true);
    expect(revalidateUnlessOnly(args("/c?peptide=a", "/c?peptide=b"), ["sort"])).toBe(true);
  });
});

describe("formatPack and shippingNote", () => {
  it("names a kit by its vials", () => {
    expect(formatPack("10mg", 1)).toBe("10mg");
    expect(formatPack("10mg", 5)).toBe("10mg × 5 vials");
  });
  it("says whether shipping is covered", () => {
    expect(shippingNote(0)).toBe("free shipping");
    expect(shippingNote(4.99)).toBe("incl. shipping");
    expect(shippingNote(null)).toBe("+ shipping (not stated)");
  });
});

describe("perMgDelivered: the one per-mg basis (issue 30)", () => {
  it("is the landed total per mg when shipping is stated", () => {
    // $39.90 after coupon, $5 shipping, 10 mg: $4.49/mg delivered, $3.99/mg before shipping.
    expect(perMgDelivered({ perMg: 3.99, totalPerMg: 4.49 })).toEqual({
      amount: 4.49,
      delivered: true,
    });
  });

  it("falls back to the price per mg, said not delivered, when shipping is not stated", () => {
    expect(perMgDelivered({ perMg: 3.99, totalPerMg: null })).toEqual({
      amount: 3.99,
      delivered: false,
    });
  });

  it("has none without milligrams or without an exchange rate", () => {
    expect(perMgDelivered({ perMg: null, totalPerMg: null })).toBeNull();
    expect(perMgDelivered(null)).toBeNull();
  });
});

describe("perVerifiedMg: the price per verified mg (issue 34)", () => {
  it("divides the landed total by the peptide the test found in the pack", () => {
    // $44.90 delivered for a 10 mg vial that held 10.12 mg at 99.3 %: 10.04916 mg verified.
    const perMg = perVerifiedMg({
      display: { priceAfterCoupon: 39.9, total: 44.9 },
      vials: 1,
      verified: { mgPerVial: 10.04916 },
    });
    expect(perMg?.delivered).toBe(true);
    expect(perMg?.amount).toBeCloseTo(44.9 / 10.04916, 10);
  });

  it("counts every vial of a kit", () => {
    const kit = perVerifiedMg({
      display: { priceAfterCoupon: 90, total: 100 },
      vials: 5,
      verified: { mgPerVial: 8 },
    });
    expect(kit?.amount).toBeCloseTo(2.5, 10);
  });

  it("uses the price after coupon, said not delivered, when shipping is not stated", () => {
    expect(
      perVerifiedMg({
        display: { priceAfterCoupon: 40, total: null },
        vials: 1,
        verified: { mgPerVial: 8 },
      }),
    ).toEqual({ amount: 5, delivered: false });
  });

  it("is not verified without a passing test or a rate: never a guess from the label", () => {
    const display = { priceAfterCoupon: 40, total: 45 };
    expect(perVerifiedMg({ display, vials: 1, verified: null })).toBeNull();
    expect(perVerifiedMg({ display: null, vials: 1, verified: { mgPerVial: 8 } })).toBeNull();
  });
});

describe("groupBySize", () => {
  const row = (id: string, sizeId: string, quantity: number) => ({
    id,
    sizeId,
    sizeLabel: `${quantity} mg`,
    quantity,
  });

  it("groups sorted rows by size, smallest size first, each group in the sorted order", () => {
    const sorted = [row("a", "10", 10), row("b", "5", 5), row("c", "10", 10), row("d", "5", 5)];
    expect(groupBySize(sorted).map((group) => [group.label, group.rows.map((r) => r.id)])).toEqual([
      ["5 mg", ["b", "d"]],
      ["10 mg", ["a", "c"]],
    ]);
  });

  it("makes one group of one size, and none of no rows", () => {
    expect(groupBySize([row("a", "5", 5)])).toHaveLength(1);
    expect(groupBySize([])).toEqual([]);
  });
});
