import { beforeAll, describe, expect, it } from "vitest";

import { peptides, vendorPeptides, vendors } from "~/.server/db/schema";

import { startAdminHttp } from "../helpers/admin-http";
import { rowCountsOfAllTables } from "../helpers/row-counts";

const admin = startAdminHttp();

let peptideId: string;
let vendorId: string;
let priceId: string;

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const long = (length: number) => "x".repeat(length);

beforeAll(async () => {
  const db = admin.server.app.db;
  [{ id: peptideId }] = await db.select({ id: peptides.id }).from(peptides).limit(1);
  [{ id: vendorId }] = await db.select({ id: vendors.id }).from(vendors).limit(1);
  [{ id: priceId }] = await db.select({ id: vendorPeptides.id }).from(vendorPeptides).limit(1);
});

/** Every table's row count, and the prices' values: a refused post changes none of them. */
async function snapshot() {
  const db = admin.server.app.db;
  const counts = await rowCountsOfAllTables(db);
  const prices = await db
    .select({ price: vendorPeptides.price, url: vendorPeptides.url })
    .from(vendorPeptides)
    .orderBy(vendorPeptides.id);
  return { counts, prices };
}

const validPeptide = () => ({ intent: "create-peptide", name: "Bounded Peptide" });
const validPrice = () => ({
  intent: "create-vendor-price",
  peptideId,
  vendorId,
  price: "10",
  quantity: "5",
  unit: "mg",
});
const validVendor = () => ({ intent: "create-vendor", name: "Bounded Vendor" });

type Case = [
  path: string,
  label: string,
  fields: Record<string, string>,
  status: number,
  message: string,
];

const cases = (): Case[] => [
  // peptides: over-long, malformed, dangling
  [
    "/admin/peptides",
    "peptide name",
    { ...validPeptide(), name: long(3000) },
    400,
    "Peptide name can be at most 200 characters",
  ],
  [
    "/admin/peptides",
    "slug",
    { ...validPeptide(), slug: long(3000) },
    400,
    "Slug can be at most 200 characters",
  ],
  [
    "/admin/peptides",
    "description",
    { ...validPeptide(), description: long(20_000) },
    400,
    "Description can be at most 10,000 characters",
  ],
  [
    "/admin/peptides",
    "image URL",
    { ...validPeptide(), imageUrl: `https://a.example/${long(3000)}` },
    400,
    "Image URL can be at most 2,048 characters",
  ],
  [
    "/admin/peptides",
    "image URL scheme",
    { ...validPeptide(), imageUrl: "javascript:alert(1)" },
    400,
    "Enter a full URL (https://…) or a path starting with /",
  ],
  [
    "/admin/peptides",
    "key benefit",
    { ...validPeptide(), keyBenefits: long(600) },
    400,
    "A key benefit can be at most 500 characters",
  ],
  [
    "/admin/peptides",
    "alias",
    { ...validPeptide(), aliases: long(101) },
    400,
    "An alias can be at most 100 characters",
  ],
  [
    "/admin/peptides",
    "category id",
    { ...validPeptide(), categoryId: "nope" },
    400,
    "Unknown category",
  ],
  [
    "/admin/peptides",
    "unknown category",
    { ...validPeptide(), categoryId: UNKNOWN_ID },
    400,
    "Unknown category",
  ],
  [
    "/admin/peptides",
    "popular order",
    { ...validPeptide(), isPopular: "on", popularOrder: "4" },
    400,
    "Popular order must be a number from 1 to 3",
  ],
  [
    "/admin/peptides",
    "update unknown",
    { ...validPeptide(), intent: "update-peptide", id: UNKNOWN_ID, version: "1" },
    404,
    "Peptide not found",
  ],
  [
    "/admin/peptides",
    "update bad id",
    { ...validPeptide(), intent: "update-peptide", id: "1 or 1=1" },
    400,
    "Unknown record",
  ],
  [
    "/admin/peptides",
    "delete bad id",
    { intent: "delete-peptide", id: long(3000) },
    400,
    "Unknown record",
  ],
  [
    "/admin/peptides",
    "delete unknown",
    { intent: "delete-peptide", id: UNKNOWN_ID },
    404,
    "Peptide not found",
  ],
  [
    "/admin/peptides",
    "promote unknown",
    { intent: "promote-peptide", id: UNKNOWN_ID },
    404,
    "Peptide not found",
  ],
  [
    "/admin/peptides",
    "bulk bad ids",
    { intent: "bulk-peptides", operation: "delete", ids: "a,b" },
    400,
    "Unknown record",
  ],
  [
    "/admin/peptides",
    "bulk no ids",
    { intent: "bulk-peptides", operation: "delete", ids: "" },
    400,
    "Select at least one row",
  ],
  [
    "/admin/peptides",
    "bulk too many",
    {
      intent: "bulk-peptides",
      operation: "delete",
      ids: Array.from(
        { length: 201 },
        (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      ).join(","),
    },
    400,
    "At most 200 rows at once",
  ],
  [
    "/admin/peptides",
    "bulk operation",
    { intent: "bulk-peptides", operation: "explode", ids: peptideIdPlaceholder() },
    400,
    "Choose what to do with the selected rows",
  ],
  [
    "/admin/peptides",
    "bulk unknown",
    { intent: "bulk-peptides", operation: "delete", ids: UNKNOWN_ID },
    404,
    "Peptide not found",
  ],
  ["/admin/peptides", "unknown intent", { intent: "drop-everything" }, 400, "Unknown action"],
  // offers
  [
    "/admin/prices",
    "notes",
    { ...validPrice(), notes: long(20_000) },
    400,
    "Notes can be at most 10,000 characters",
  ],
  [
    "/admin/prices",
    "purity",
    { ...validPrice(), purity: long(100) },
    400,
    "Purity can be at most 64 characters",
  ],
  [
    "/admin/prices",
    "link length",
    { ...validPrice(), url: `https://a.example/${long(3000)}` },
    400,
    "Link can be at most 2,048 characters",
  ],
  [
    "/admin/prices",
    "link scheme",
    { ...validPrice(), url: "ftp://a.example/x" },
    400,
    "Enter a full URL starting with http:// or https://",
  ],
  [
    "/admin/prices",
    "custom unit",
    { ...validPrice(), unit: "other", unitLabel: long(100) },
    400,
    "Custom unit can be at most 64 characters",
  ],
  [
    "/admin/prices",
    "price word",
    { ...validPrice(), price: "cheap" },
    400,
    "Enter the price as a number",
  ],
  [
    "/admin/prices",
    "price length",
    { ...validPrice(), price: long(3000) },
    400,
    "Price can be at most 40 characters",
  ],
  [
    "/admin/prices",
    "negative price",
    { ...validPrice(), price: "-1" },
    400,
    "Price cannot be negative",
  ],
  [
    "/admin/prices",
    "unknown peptide",
    { ...validPrice(), peptideId: UNKNOWN_ID },
    404,
    "Selected peptide not found",
  ],
  [
    "/admin/prices",
    "unknown vendor",
    { ...validPrice(), vendorId: UNKNOWN_ID },
    404,
    "Selected vendor not found",
  ],
  [
    "/admin/prices",
    "malformed vendor",
    { ...validPrice(), vendorId: "1; drop table vendors" },
    400,
    "Please fill in all required fields",
  ],
  [
    "/admin/prices",
    "inline unknown",
    {
      intent: "update-vendor-price",
      id: UNKNOWN_ID,
      version: "1",
      price: "5",
      stockStatus: "in_stock",
    },
    404,
    "Vendor price not found",
  ],
  [
    "/admin/prices",
    "inline stock",
    {
      intent: "update-vendor-price",
      id: priceIdPlaceholder(),
      version: "1",
      price: "5",
      stockStatus: "gone",
    },
    400,
    "Choose in stock, low stock or out of stock",
  ],
  [
    "/admin/prices",
    "inline link",
    {
      intent: "update-vendor-price",
      id: priceIdPlaceholder(),
      version: "1",
      price: "5",
      stockStatus: "in_stock",
      url: `https://a.example/${long(3000)}`,
    },
    400,
    "Link can be at most 2,048 characters",
  ],
  [
    "/admin/prices",
    "inline price",
    {
      intent: "update-vendor-price",
      id: priceIdPlaceholder(),
      version: "1",
      price: "",
      stockStatus: "in_stock",
    },
    400,
    "Enter a price",
  ],
  [
    "/admin/prices",
    "delete bad id",
    { intent: "delete-vendor-price", id: "x" },
    400,
    "Unknown record",
  ],
  [
    "/admin/prices",
    "delete unknown",
    { intent: "delete-vendor-price", id: UNKNOWN_ID },
    404,
    "Vendor price not found",
  ],
  [
    "/admin/prices",
    "bulk bad ids",
    { intent: "bulk-vendor-prices", operation: "delete", ids: `${UNKNOWN_ID},x` },
    400,
    "Unknown record",
  ],
  [
    "/admin/prices",
    "bulk unknown",
    { intent: "bulk-vendor-prices", operation: "delete", ids: UNKNOWN_ID },
    404,
    "Vendor price not found",
  ],
  ["/admin/prices", "unknown intent", { intent: "drop-everything" }, 400, "Unknown action"],
  // vendors
  ["/admin/vendors", "unknown intent", { intent: "drop-everything" }, 400, "Unknown action"],
  [
    "/admin/vendors",
    "vendor name",
    { ...validVendor(), name: long(3000) },
    400,
    "Vendor name can be at most 200 characters",
  ],
  [
    "/admin/vendors",
    "website",
    { ...validVendor(), website: `https://a.example/${long(3000)}` },
    400,
    "Website can be at most 2,048 characters",
  ],
  [
    "/admin/vendors",
    "logo URL",
    { ...validVendor(), logoUrl: "javascript:alert(1)" },
    400,
    "Enter a full URL (https://…) or a path starting with /",
  ],
  [
    "/admin/vendors",
    "shipping cost",
    { ...validVendor(), shippingCost: long(600) },
    400,
    "Shipping cost can be at most 500 characters",
  ],
  [
    "/admin/vendors",
    "ships to",
    { ...validVendor(), shipsTo: long(20_000) },
    400,
    "Ships to can be at most 10,000 characters",
  ],
  [
    "/admin/vendors",
    "coupon code",
    { ...validVendor(), couponCode: long(100), discountAmount: "10" },
    400,
    "Coupon code can be at most 64 characters",
  ],
  [
    "/admin/vendors",
    "expiry date",
    { ...validVendor(), couponCode: "SAVE", discountAmount: "10", expirationDate: "2026-02-30" },
    400,
    "Enter the expiration date as YYYY-MM-DD",
  ],
  [
    "/admin/vendors",
    "currency",
    { ...validVendor(), currency: long(3000) },
    400,
    "Enter a three-letter currency code",
  ],
  [
    "/admin/vendors",
    "rating",
    { ...validVendor(), rating: "lots" },
    400,
    "Rating must be from 0 to 5",
  ],
  [
    "/admin/vendors",
    "update unknown",
    { ...validVendor(), intent: "update-vendor", id: UNKNOWN_ID, version: "1" },
    404,
    "Vendor not found",
  ],
  ["/admin/vendors", "delete bad id", { intent: "delete-vendor", id: "x" }, 400, "Unknown record"],
  [
    "/admin/vendors",
    "delete unknown",
    { intent: "delete-vendor", id: UNKNOWN_ID },
    404,
    "Vendor not found",
  ],
];

// Ids of real rows are read in beforeAll; the table is built after it, when they are known.
function peptideIdPlaceholder() {
  return peptideId;
}
function priceIdPlaceholder() {
  return priceId;
}

describe("catalogue admin intents refuse bad input with a 4xx and a message, writing nothing", () => {
  // The cases read ids known only once beforeAll ran: each test builds them again by its label.
  it.each(cases().map(([path, label]) => [path, label]))(
    "%s: answers %s so",
    async (path, label) => {
      const [, , fields, status, message] = cases().find(
        (entry) => entry[0] === path && entry[1] === label,
      )!;
      const before = await snapshot();
      const response = await admin.server.postForm(path, fields, { cookie: admin.adminCookie });
      const text = await response.text();
      expect({ label, status: response.status }).toEqual({ label, status });
      expect(text, label).toContain(message);
      expect(await snapshot(), label).toEqual(before);
    },
  );

  it("names the refused field, so the dialog shows the message under it", async () => {
    const response = await admin.server.postForm(
      "/admin/vendors",
      { ...validVendor(), name: long(3000) },
      { cookie: admin.adminCookie },
    );
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toContain("fieldErrors");
    expect(text).toContain("Vendor name can be at most 200 characters");
  });
});
