import { describe, expect, it } from "vitest";

import { TEXT_LIMITS } from "~/lib/text-limits";
import {
  MAX_BULK_SOURCES,
  scrapeSourceFields,
  scrapingActionSchema,
  shopSourceFields,
  sourceDisplayStatus,
} from "./scraping";

const ID = "6f1c3c1e-8a4b-4c57-9a0e-3d0c1f2b7a10";
const OTHER_ID = "0b7e5f0e-2d7c-4b8a-8f3e-1c2d3e4f5a6b";

const validSource = {
  retailer_name: "Shop",
  url: "https://shop.example/p/bpc-157",
  product_selector: ".product",
  price_selector: ".price",
  name_selector: ".name",
};

describe("scrapeSourceFields", () => {
  it("names the limit of an over-long field, under that field", () => {
    const result = scrapeSourceFields.safeParse({
      ...validSource,
      retailer_name: "x".repeat(TEXT_LIMITS.name + 1),
      price_selector: "y".repeat(TEXT_LIMITS.short + 1),
    });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues).toEqual([
      ["retailer_name", "Retailer name can be at most 200 characters"],
      ["price_selector", "Price selector can be at most 500 characters"],
    ]);
  });

  it("keeps SPEC's required-fields message and refuses a URL that is not http(s)", () => {
    const missing = scrapeSourceFields.safeParse({ ...validSource, name_selector: " " });
    expect(missing.error?.issues[0]?.message).toBe("Please fill in all required fields");
    const ftp = scrapeSourceFields.safeParse({ ...validSource, url: "ftp://shop.example/" });
    expect(ftp.error?.issues[0]?.message).toBe("Please enter a valid URL (http:// or https://)");
  });

  it("refuses a vendor reference that is not an id", () => {
    const result = scrapeSourceFields.safeParse({ ...validSource, vendor_id: "not-an-id" });
    expect(result.error?.issues[0]).toMatchObject({
      path: ["vendor_id"],
      message: "Selected vendor not found",
    });
  });
});

describe("bulk intents", () => {
  it("reads the selected ids from one comma-separated field", () => {
    const parsed = scrapingActionSchema.parse({
      intent: "bulk-sources",
      operation: "deactivate",
      ids: `${ID},${OTHER_ID}`,
    });
    // No versions posted: none to check (a bulk bar posts the versions its page showed).
    expect(parsed).toEqual({
      intent: "bulk-sources",
      operation: "deactivate",
      ids: [ID, OTHER_ID],
      versions: new Map(),
    });
  });

  it("refuses an empty selection, a malformed id and too many ids", () => {
    const messageOf = (ids: string) =>
      scrapingActionSchema.safeParse({ intent: "bulk-sources", operation: "delete", ids }).error
        ?.issues[0]?.message;
    expect(messageOf("")).toBe("Select at least one source");
    expect(messageOf(`${ID},nope`)).toBe("Unknown record");
    expect(
      messageOf(
        Array(MAX_BULK_SOURCES + 1)
          .fill(ID)
          .join(","),
      ),
    ).toBe(`Select at most ${MAX_BULK_SOURCES} sources at a time`);
  });

  it("answers an unknown intent with 'Unknown action'", () => {
    const result = scrapingActionSchema.safeParse({ intent: "drop-table" });
    expect(result.error?.issues[0]?.message).toBe("Unknown action");
  });
});

describe("sourceDisplayStatus", () => {
  it("shows a switched-off source as inactive whatever its last run did", () => {
    expect(sourceDisplayStatus({ isActive: false, status: "error" })).toBe("inactive");
    expect(sourceDisplayStatus({ isActive: false, status: "active" })).toBe("inactive");
    expect(sourceDisplayStatus({ isActive: true, status: "error" })).toBe("error");
    // A source that has never run yet is stored as 'inactive' but is switched on.
    expect(sourceDisplayStatus({ isActive: true, status: "inactive" })).toBe("active");
  });
});

describe("shopSourceFields", () => {
  it("saves a shop source without selectors, as the Add-shop page made it", () => {
    const parsed = shopSourceFields.parse({
      retailer_name: "Feed Shop",
      url: "https://feed-shop.example/",
      vendor_id: ID,
      is_active: "on",
      currency: " jpy ",
    });
    expect(parsed).toMatchObject({
      retailerName: "Feed Shop",
      pageType: "category",
      productSelector: "",
      paginationSelector: null,
      vendorId: ID,
      isActive: true,
      currency: "JPY",
    });
  });

  it("still asks for the name and a web address", () => {
    const result = shopSourceFields.safeParse({ retailer_name: "", url: "ftp://x" });
    expect(result.success).toBe(false);
  });
});
