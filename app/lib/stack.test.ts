import { describe, expect, it } from "vitest";

import type { PricingContext } from "./pricing";
import {
  addToStack,
  formatStackParam,
  MAX_STACK_LINES,
  mergeStackLines,
  parseStackParam,
  readStoredStack,
  STACK_STORAGE_KEY,
  stackUrl,
  type StackLine,
  type StackOfferRow,
} from "./stack";
import { priceStack } from "./stack-pricing";

const context: PricingContext = {
  displayCurrency: "USD",
  rates: { EUR: 0.5 },
  staleAfterMissedRuns: 3,
  scrapeIntervalSeconds: 3600,
  now: new Date("2026-06-01T12:00:00Z"),
  shipTo: null,
};

function offer(overrides: Partial<StackOfferRow>): StackOfferRow {
  return {
    peptideSlug: "bpc-157",
    sizeLabel: "10mg",
    offerId: "offer-a",
    price: 50,
    currency: "USD",
    vials: 1,
    stockStatus: "in_stock",
    missedScrapes: 0,
    priceCheckedAt: new Date("2026-06-01T11:00:00Z"),
    url: "https://shop.example/bpc",
    vendorId: "vendor-a",
    vendorSlug: "alpha-labs",
    vendorName: "Alpha Labs",
    vendorCurrency: "USD",
    shippingFee: 10,
    freeShippingThreshold: null,
    shipsTo: [],
    coupon: null,
    labWarning: null,
    ...overrides,
  };
}

const names = new Map([
  ["bpc-157", "BPC-157"],
  ["tb-500", "TB-500"],
]);

describe("stack URL form", () => {
  it("round-trips lines, escaping the separators", () => {
    const lines: StackLine[] = [
      { peptide: "bpc-157", size: "10mg", quantity: 2 },
      { peptide: "odd", size: "5 vials: a,b", quantity: 1 },
    ];
    expect(parseStackParam(formatStackParam(lines))).toEqual(lines);
    expect(stackUrl([])).toBe("/stack");
  });

  it("skips malformed items and quantities out of range", () => {
    expect(parseStackParam("bpc-157:10mg:2,:5mg:1,tb-500:5mg:0,tb-500:5mg:abc,x:%E0:1")).toEqual([
      { peptide: "bpc-157", size: "10mg", quantity: 2 },
    ]);
  });
});

describe("mergeStackLines", () => {
  it("sums items of one peptide and size, whatever the size's spelling", () => {
    expect(
      mergeStackLines([
        { peptide: "BPC-157", size: "10mg", quantity: 1 },
        { peptide: "bpc-157", size: "10 MG", quantity: 2 },
      ]),
    ).toEqual({ lines: [{ peptide: "bpc-157", size: "10mg", quantity: 3 }], error: null });
  });

  it("refuses more lines than the optimizer solves and quantities over 100", () => {
    const many = Array.from({ length: MAX_STACK_LINES + 1 }, (_, i) => ({
      peptide: `p${i}`,
      size: "5mg",
      quantity: 1,
    }));
    expect(mergeStackLines(many).error).toBe("A stack holds at most 15 different peptide sizes");
    expect(
      mergeStackLines([
        { peptide: "a", size: "5mg", quantity: 60 },
        { peptide: "a", size: "5mg", quantity: 60 },
      ]).error,
    ).toBe("Quantity of a 5mg must be at most 100");
  });
});

describe("the browser's copy", () => {
  it("reads nothing from garbage and keeps only valid lines", () => {
    const storage = (value: string | null) => ({ getItem: () => value });
    expect(readStoredStack(storage("{not json"))).toEqual([]);
    expect(
      readStoredStack(
        storage(JSON.stringify([{ peptide: "a", size: "5mg", quantity: 1 }, { peptide: 3 }])),
      ),
    ).toEqual([{ peptide: "a", size: "5mg", quantity: 1 }]);
    expect(STACK_STORAGE_KEY).toBe("peptideprices.stack");
  });

  it("adds a new line or raises an existing one, and leaves a full stack alone", () => {
    const one = addToStack([], { peptide: "a", size: "5mg", quantity: 1 });
    expect(addToStack(one, { peptide: "a", size: "5mg", quantity: 1 })).toEqual([
      { peptide: "a", size: "5mg", quantity: 2 },
    ]);
    const full = Array.from({ length: MAX_STACK_LINES }, (_, i) => ({
      peptide: `p${i}`,
      size: "5mg",
      quantity: 1,
    }));
    expect(addToStack(full, { peptide: "new", size: "5mg", quantity: 1 })).toBe(full);
  });
});

describe("priceStack", () => {
  const line = { peptide: "bpc-157", size: "10mg", quantity: 2 };

  it("never buys an offer whose lab test failed unless the buyer includes them (issue 30)", () => {
    const warning = {
      testId: "t1",
      text: "Failed lab test by Janoshik on Nov 2, 2026 (purity 96.4%, mass 8.3 mg of 10 mg)",
      reportUrl: "https://reports.example.org/t1.pdf",
    };
    const offers = [
      offer({
        offerId: "failed",
        price: 20,
        vendorId: "v1",
        vendorSlug: "cheap",
        labWarning: warning,
      }),
      offer({ offerId: "passed", price: 30, vendorId: "v2", vendorSlug: "dear" }),
    ];
    const excluded = priceStack([line], offers, names, context);
    expect(excluded.baskets.map((basket) => basket.vendor)).toEqual(["dear"]);
    expect(excluded.total).toBe(70);
    expect(excluded.baskets[0]!.items[0]!.labWarning).toBeNull();
    const sameWithFalse = priceStack([line], offers, names, {
      ...context,
      includeFailedLabOffers: false,
    });
    expect(sameWithFalse.total).toBe(70);
    // Only the failed offer sells it: the line is unavailable, not bought from it.
    expect(priceStack([line], [offers[0]!], names, context).unavailable).toEqual([line]);

    const included = priceStack([line], offers, names, {
      ...context,
      includeFailedLabOffers: true,
    });
    expect(included.baskets.map((basket) => basket.vendor)).toEqual(["cheap"]);
    expect(included.total).toBe(50);
    expect(included.baskets[0]!.items[0]!.labWarning).toEqual(warning);
  });

  it("counts only buyable offers with a rate, and says which lines no one sells", () => {
    const result = priceStack(
      [line, { peptide: "tb-500", size: "5mg", quantity: 1 }],
      [
        offer({ offerId: "out", price: 1, stockStatus: "out_of_stock", vendorId: "v1" }),
        offer({ offerId: "stale", price: 1, missedScrapes: 3, vendorId: "v2" }),
        offer({ offerId: "no-rate", price: 1, currency: "CHF", vendorId: "v3" }),
        offer({ offerId: "ok" }),
        offer({ peptideSlug: "tb-500", sizeLabel: "5mg", stockStatus: "out_of_stock" }),
      ],
      names,
      context,
    );
    expect(result.total).toBe(110);
    expect(result.baskets).toHaveLength(1);
    expect(result.baskets[0]).toMatchObject({
      vendor: "alpha-labs",
      subtotal: 100,
      shipping: 10,
      total: 110,
      items: [{ peptide: "bpc-157", peptideName: "BPC-157", unitPrice: 50, packs: 2 }],
    });
    expect(result.unavailable).toEqual([{ peptide: "tb-500", size: "5mg", quantity: 1 }]);
  });

  it("buys packs that cover the quantity for least, and converts currencies", () => {
    const result = priceStack(
      [{ ...line, quantity: 3 }],
      [
        offer({ offerId: "single", price: 40 }),
        // One 5-vial kit at €50 ($100) covers three vials for less than three singles ($120).
        offer({ offerId: "kit", price: 50, currency: "EUR", vials: 5 }),
      ],
      names,
      { ...context, rates: { EUR: 0.5 } },
    );
    expect(result.baskets[0]!.items[0]).toMatchObject({
      packs: 1,
      vialsPerPack: 5,
      unitPrice: 100,
    });
    expect(result.total).toBe(110);
  });

  it("applies an active coupon before the free-shipping threshold, and names its code", () => {
    const coupon = { code: "SAVE10", discountAmount: 10, discountType: "fixed" as const };
    const terms = { shippingFee: 10, freeShippingThreshold: 95 };
    const withCouponExpiring = (expirationDate: string) =>
      priceStack(
        [line],
        [offer({ ...terms, coupon: { ...coupon, expirationDate } })],
        names,
        context,
      );
    const active = withCouponExpiring("2026-06-01");
    // 100 − 10 = 90 is under the threshold of 95: 90 + 10 shipping ties with 100 shipped free; the coupon is kept.
    expect(active.baskets[0]).toMatchObject({
      discount: 10,
      shipping: 10,
      total: 100,
      couponCode: "SAVE10",
    });
    const expired = withCouponExpiring("2026-05-31");
    expect(expired.baskets[0]).toMatchObject({
      discount: 0,
      shipping: 0,
      total: 100,
      couponCode: null,
    });
  });

  it("compares with the cheapest single vendor that sells everything", () => {
    const tb = { peptideSlug: "tb-500", sizeLabel: "5mg" };
    const result = priceStack(
      [
        { peptide: "bpc-157", size: "10mg", quantity: 1 },
        { peptide: "tb-500", size: "5mg", quantity: 1 },
      ],
      [
        offer({
          price: 20,
          vendorId: "a",
          vendorSlug: "alpha",
          vendorName: "Alpha",
          shippingFee: 5,
        }),
        offer({
          ...tb,
          price: 80,
          vendorId: "a",
          vendorSlug: "alpha",
          vendorName: "Alpha",
          shippingFee: 5,
        }),
        offer({
          ...tb,
          price: 30,
          vendorId: "b",
          vendorSlug: "beta",
          vendorName: "Beta",
          shippingFee: 5,
        }),
      ],
      names,
      context,
    );
    expect(result.total).toBe(60);
    expect(result.singleVendorBest).toEqual({ vendor: "alpha", vendorName: "Alpha", total: 105 });
    expect(result.saving).toBe(45);
  });
});

describe("priceStack: one money rule", () => {
  const line = { peptide: "bpc-157", size: "10mg", quantity: 1 };
  const tenPercent = {
    code: "TEN",
    discountAmount: 10,
    discountType: "percentage" as const,
    expirationDate: null,
  };

  it("takes 10% of $100.97 as $10.10, the price after it rounded half up as the table does", () => {
    const result = priceStack(
      [line],
      [offer({ price: 100.97, shippingFee: 0, coupon: tenPercent })],
      names,
      context,
    );
    expect(result.baskets[0]).toMatchObject({ subtotal: 100.97, discount: 10.1, total: 90.87 });
  });

  it("takes the percentage once off a line of several packs, not off each pack (issue 30)", () => {
    // 10% of $50.90 is −$5.09; twice 10% of $25.45 rounded ($22.905 → $22.91) made it −$5.08.
    const twoPacks = priceStack(
      [{ ...line, quantity: 2 }],
      [offer({ price: 25.45, shippingFee: 4, coupon: tenPercent })],
      names,
      context,
    );
    expect(twoPacks.baskets[0]).toMatchObject({
      subtotal: 50.9,
      discount: 5.09,
      shipping: 4,
      total: 49.81,
    });
    expect(twoPacks.total).toBe(49.81);
    // 3 × 19.95 = 59.85 at 10% off: the price after it is rounded once, half up, to 53.87.
    const threePacks = priceStack(
      [{ ...line, quantity: 3 }],
      [offer({ price: 19.95, shippingFee: 0, coupon: tenPercent })],
      names,
      context,
    );
    expect(threePacks.baskets[0]).toMatchObject({ subtotal: 59.85, discount: 5.98, total: 53.87 });
  });

  it("works in whole yen when the stack is shown in yen", () => {
    const result = priceStack([line], [offer({ price: 24.17, shippingFee: 0 })], names, {
      ...context,
      displayCurrency: "JPY",
      rates: { JPY: 150 },
    });
    // 24.17 × 150 = 3625.5 yen: one rounding, half up.
    expect(result.total).toBe(3626);
    expect(result.currency).toBe("JPY");
  });
});

describe("priceStack: shipping not stated is never free", () => {
  const bpc = { peptide: "bpc-157", size: "10mg", quantity: 1 };
  const tb = { peptide: "tb-500", size: "5mg", quantity: 1 };
  const tbRow = { peptideSlug: "tb-500", sizeLabel: "5mg" };
  const vendor = (id: string, shippingFee: number | null) => ({
    vendorId: id,
    vendorSlug: id,
    vendorName: id.toUpperCase(),
    shippingFee,
  });

  it("seeks the optimum among vendors that state shipping, and lists the others apart", () => {
    const result = priceStack(
      [bpc, tb],
      [
        offer({ ...vendor("a", null), offerId: "a-bpc", price: 20 }),
        offer({ ...vendor("b", 5), offerId: "b-bpc", price: 30 }),
        offer({ ...vendor("c", null), offerId: "c-tb", price: 40, ...tbRow }),
      ],
      names,
      context,
    );
    // BPC-157 from B (shipping known) though A is cheaper before its shipping; only C sells TB-500.
    expect(result.baskets.map((basket) => [basket.vendor, basket.shipping, basket.total])).toEqual([
      ["b", 5, 35],
      ["c", null, 40],
    ]);
    expect(result.total).toBe(75);
    expect(result.shippingNotStatedVendors).toBe(1);
    expect(result.singleVendorBest).toBeNull();
    expect(result.unknownShippingOption).toMatchObject({ total: 60, shippingNotStatedVendors: 2 });
    expect(result.unknownShippingOption!.baskets.map((basket) => basket.vendor)).toEqual([
      "a",
      "c",
    ]);
  });

  it("says so when the only seller does not state shipping, and counts no $0 shipping", () => {
    const result = priceStack([bpc], [offer({ ...vendor("a", null), price: 20 })], names, context);
    expect(result.total).toBe(20);
    expect(result.shippingNotStatedVendors).toBe(1);
    expect(result.baskets[0]).toMatchObject({ shipping: null, shippingKnown: false });
    expect(result.unknownShippingOption).toBeNull();
  });

  it("lists no option apart when the vendors that state shipping are cheaper anyway", () => {
    const result = priceStack(
      [bpc],
      [
        offer({ ...vendor("a", null), offerId: "a", price: 40 }),
        offer({ ...vendor("b", 5), offerId: "b", price: 30 }),
      ],
      names,
      context,
    );
    expect(result).toMatchObject({ total: 35, shippingNotStatedVendors: 0 });
    expect(result.unknownShippingOption).toBeNull();
  });
});
