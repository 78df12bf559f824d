import { describe, expect, it } from "vitest";

import {
  differOnlyIn,
  revalidateUnlessOnly,
  formatPack,
  shippingNote,
  isInStockOnly,
  isTestedOnly,
  parseOfferSort,
  withInStockOnly,
  withTestedOnly,
  withOfferSort,
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
