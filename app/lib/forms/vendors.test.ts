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

describe("vendor form: amounts of money (issue 37)", () => {
  const messageOf = (fields: Record<string, string>) => {
    const parsed = vendor(fields);
    return parsed.success ? null : parsed.error.issues.map((issue) => issue.message);
  };

  it("refuses an amount below the currency's smallest unit instead of rounding it", () => {
    expect(messageOf({ shippingFee: "0.004" })).toEqual([
      "Shipping fee in USD can have at most 2 decimals",
    ]);
    expect(messageOf({ shippingFee: "0.0004" })).toEqual([
      "Shipping fee can have at most 3 decimals",
    ]);
    expect(messageOf({ currency: "JPY", shippingFee: "12.5" })).toEqual([
      "Shipping fee in JPY must be a whole number",
    ]);
    expect(messageOf({ currency: "JPY", freeShippingThreshold: "5000.00" })).toBeNull();
    // KWD has 3 decimals, and the money columns keep them.
    expect(messageOf({ currency: "KWD", shippingFee: "1.234" })).toBeNull();
    expect(messageOf({ currency: "KWD", shippingFee: "1.2345" })).toEqual([
      "Shipping fee can have at most 3 decimals",
    ]);
  });

  it("refuses hexadecimal, exponents and grouping, which Number() would read as another amount", () => {
    for (const text of ["0x10", "1e2", "1e-9", "1,000", "Infinity", "0b11", "1_000", "+5"]) {
      expect(messageOf({ shippingFee: text }), text).toEqual([
        "Enter the shipping fee as a number",
      ]);
    }
  });

  it("checks a fixed coupon in the vendor's currency, a percentage only to what is stored", () => {
    const coupon = { couponCode: "SAVE", discountAmount: "2.5" };
    expect(messageOf({ ...coupon, currency: "JPY", discountType: "fixed" })).toEqual([
      "Discount amount in JPY must be a whole number",
    ]);
    expect(messageOf({ ...coupon, currency: "JPY", discountType: "percentage" })).toBeNull();
    expect(messageOf({ ...coupon, discountAmount: "2.5555" })).toEqual([
      "Discount amount can have at most 3 decimals",
    ]);
  });
});

describe("vendor form: affiliate template (issue 34)", () => {
  const website = "https://shop.test";
  const error = (parsed: ReturnType<typeof vendor>) =>
    parsed.success ? null : parsed.error.issues.map((issue) => issue.path.join("."));

  it("takes parameters to add, and a {url} template on the shop's own host", () => {
    expect(vendor({ website, affiliateTemplate: "ref=pp" }).success).toBe(true);
    expect(vendor({ website, affiliateTemplate: "https://go.shop.test/r?to={url}" }).success).toBe(
      true,
    );
    const none = vendor({ website, affiliateTemplate: "" });
    expect(
      none.success && "affiliateTemplate" in none.data && none.data.affiliateTemplate,
    ).toBeNull();
  });

  it("refuses templates that are not http(s) or of neither form", () => {
    for (const affiliateTemplate of [
      "javascript:{url}",
      "ftp://x.test/{url}",
      "https://x.test/go",
    ]) {
      expect(error(vendor({ website, affiliateTemplate })), affiliateTemplate).toEqual([
        "affiliateTemplate",
      ]);
    }
  });

  it("sends through another host only once the admin confirms it", () => {
    const affiliateTemplate = "https://track.network.test/c?to={url}";
    expect(error(vendor({ website, affiliateTemplate }))).toEqual(["affiliateTemplate"]);
    expect(vendor({ website, affiliateTemplate, affiliateOtherHost: "on" }).success).toBe(true);
  });
});
