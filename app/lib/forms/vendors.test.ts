import { describe, expect, it } from "vitest";

import { vendorPageSchema } from "./vendors";

const vendor = (fields: Record<string, string>) =>
  vendorPageSchema.safeParse({ intent: "create-vendor", name: "Shipping Co", ...fields });

describe("vendor form: shipping terms", () => {
  it("reads the fee, the free-shipping threshold, the currency and the countries", () => {
    const parsed = vendor({
      currency: "eur",
      shippingFee: "4.99",
      freeShippingThreshold: "75",
      shipsTo: "us, ca;GB  us",
    });
    expect(parsed.success && parsed.data).toMatchObject({
      currency: "EUR",
      shippingFee: 4.99,
      freeShippingThreshold: 75,
      shipsTo: ["US", "CA", "GB"],
    });
  });

  it("leaves unknown terms empty and the currency in dollars", () => {
    const parsed = vendor({});
    expect(parsed.success && parsed.data).toMatchObject({
      currency: "USD",
      shippingFee: null,
      freeShippingThreshold: null,
      shipsTo: [],
    });
  });

  it("refuses negative amounts, bad currency codes and bad country codes", () => {
    expect(vendor({ shippingFee: "-1" }).success).toBe(false);
    expect(vendor({ freeShippingThreshold: "-5" }).success).toBe(false);
    expect(vendor({ currency: "EURO" }).success).toBe(false);
    expect(vendor({ shipsTo: "USA" }).success).toBe(false);
  });
});
