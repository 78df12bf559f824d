/**
 * An edit conflict's current values (issue 17 Must 7) are the row as its form posts it: read
 * back by the form's own schema, they give the row again, so "Reload, keep my changes" puts
 * exactly the stored values into the untouched fields.
 */
import { describe, expect, it } from "vitest";

import { categoryFormValues, categoryPageSchema, filterFormValues } from "./catalog";
import { scrapeSourceFields, sourceFormValues } from "./scraping";
import { settingsFormSchema, settingsFormValues } from "./settings";
import { vendorFormValues, vendorPageSchema } from "./vendors";

const ID = "3f6a3f2e-8f43-4c8a-9d43-2b1d1e4c9a10";

describe("an edit conflict's values read back through the form's schema", () => {
  it("settings", () => {
    const row = {
      scrapeIntervalSeconds: 7200,
      maxUrlsPerRun: 25,
      requestDelayMs: 0,
      staleAfterMissedRuns: 4,
      respectRobotsTxt: true,
      priceAlertsEnabled: false,
      priceAlertThresholdPercent: 12.5,
      version: "1732470000000001",
    };
    expect(settingsFormSchema.parse(settingsFormValues(row))).toEqual(row);
  });

  it("a vendor and its coupon", () => {
    const row = {
      name: "Apex Labs",
      website: "https://apex.example/",
      logoUrl: null,
      isPreferred: true,
      shippingCost: "Free over $100",
      currency: "EUR",
      shippingFee: 7.5,
      freeShippingThreshold: 100,
      shipsTo: ["US", "DE"],
      rating: 4.5,
      couponCode: "SAVE10",
      discountAmount: 10,
      discountType: "percentage",
      expirationDate: "2027-01-31",
      version: "2",
    };
    const parsed = vendorPageSchema.parse({
      intent: "update-vendor",
      id: ID,
      ...vendorFormValues(row),
    });
    expect(parsed).toMatchObject({ ...row, id: ID });
  });

  it("a scrape source, its pagination fields only for a category page", () => {
    const row = {
      retailerName: "Acme",
      url: "https://acme.example/shop",
      pageType: "category" as const,
      productSelector: ".product",
      priceSelector: ".price",
      nameSelector: ".name",
      linkSelector: null,
      soldOutSelector: ".gone",
      paginationSelector: ".pages",
      nextPageSelector: "a.next",
      vendorId: ID,
      isActive: false,
      currency: "USD",
      version: "3",
    };
    const { version: _version, ...fields } = row;
    expect(scrapeSourceFields.parse(sourceFormValues(row))).toEqual(fields);
    expect(sourceFormValues({ ...row, pageType: "single" })).not.toHaveProperty(
      "pagination_selector",
    );
  });

  it("a category and a home filter", () => {
    const category = { name: "Healing", description: null, version: "4" };
    expect(
      categoryPageSchema.parse({
        intent: "update-category",
        id: ID,
        ...categoryFormValues(category),
      }),
    ).toEqual({ intent: "update-category", id: ID, ...category });
    const filter = {
      name: "Size",
      type: "checkbox",
      field: "size",
      position: 2,
      enabled: false,
      version: "5",
    };
    expect(
      categoryPageSchema.parse({ intent: "update-filter", id: ID, ...filterFormValues(filter) }),
    ).toEqual({ intent: "update-filter", id: ID, ...filter });
  });
});
