import { and, count, eq, getTableColumns, inArray } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";

import { deliverDueAlertMessages } from "~/.server/alerts/deliver.server";

import {
  auditLog,
  categories,
  categoryFilters,
  coupons,
  mailOutbox,
  peptides,
  priceHistory,
  savedDeals,
  sizeOptions,
  vendorPeptides,
  vendors,
} from "~/.server/db/schema";

import { rowVersion } from "~/.server/data/row-version.server";

import { startAdminHttp } from "../helpers/admin-http";
import { rowCountsOfAllTables } from "../helpers/row-counts";
import { versionOf } from "../helpers/row-version";

const PLAIN = { email: "catalog-user@peptideprices.test", password: "catalog-user-password" };
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

const admin = startAdminHttp({ plainUser: PLAIN });
const { post, db } = admin;

async function page(pathname: string, cookie: string | null = admin.adminCookie, extraCookie = "") {
  const header = [cookie, extraCookie].filter(Boolean).join("; ");
  const response = await admin.server.fetch(pathname, {
    headers: header ? { cookie: header } : {},
  });
  return {
    status: response.status,
    text: await response.text(),
    location: response.headers.get("location"),
  };
}

async function rowCount(table: PgTable) {
  const [row] = await db().select({ n: count() }).from(table);
  return row!.n;
}

/** Every table's row count and the popular peptides: a refused request changes neither. */
async function catalogueSnapshot() {
  return {
    ...(await rowCountsOfAllTables(db())),
    popular: (
      await db().select({ id: peptides.id }).from(peptides).where(eq(peptides.isPopular, true))
    ).length,
  };
}

async function peptideBySlug(slug: string) {
  const [row] = await db()
    .select({ ...getTableColumns(peptides), version: rowVersion(peptides) })
    .from(peptides)
    .where(eq(peptides.slug, slug));
  return row;
}

async function anyVendor() {
  const [row] = await db().select({ id: vendors.id, name: vendors.name }).from(vendors).limit(1);
  return row!;
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#2277aa" } })
    .png()
    .toBuffer();

describe("the admin layout", () => {
  it("answers a visitor with 403 and 'Admin Access Required' with a link to the admin login", async () => {
    const { status, text } = await page("/admin/peptides", null);
    expect(status).toBe(403);
    expect(text).toContain("Admin Access Required");
    expect(text).toContain("Go to Admin Login");
    expect(text).toContain('href="/admin-login?redirectTo=%2Fadmin%2Fpeptides"');
  });

  it("answers a plain user with 403 too", async () => {
    expect((await page("/admin/categories", admin.userCookie)).status).toBe(403);
    expect((await page("/admin/vendors", admin.userCookie)).status).toBe(403);
  });

  it("shows the dashboard at /admin for an admin, and refuses a visitor", async () => {
    const admin = await page("/admin");
    expect(admin.status).toBe(200);
    expect(admin.text).toContain("<title>Dashboard");
    expect((await page("/admin", null)).status).toBe(403);
  });

  it("renders the sidebar with every section, expanded by default", async () => {
    const { status, text } = await page("/admin/peptides");
    expect(status).toBe(200);
    for (const section of [
      "Peptides",
      "Categories",
      "Scraping",
      "Vendors",
      "Ads",
      "Hero",
      "Footer",
      "Users",
      "Settings",
    ]) {
      expect(text).toContain(`href="/admin/${section.toLowerCase()}"`);
    }
    expect(text).toContain('aria-label="Admin"');
    expect(text).toContain('data-state="expanded"');
  });

  it("renders the sidebar collapsed on the first paint when the sidebar_state cookie says so", async () => {
    const { text } = await page("/admin/peptides", admin.adminCookie, "sidebar_state=false");
    expect(text).toContain('data-state="collapsed"');
    expect(text).not.toContain('data-state="expanded"');
  });
});

describe("every catalogue action refuses visitors and plain users", () => {
  const actions: [string, Record<string, string>][] = [
    ["/admin/peptides", { intent: "create-peptide", name: "Hijack Peptide" }],
    ["/admin/peptides", { intent: "update-peptide", id: UNKNOWN_ID, name: "Hijack" }],
    ["/admin/peptides", { intent: "delete-peptide", id: UNKNOWN_ID }],
    ["/admin/peptides", { intent: "promote-peptide", id: UNKNOWN_ID }],
    [
      "/admin/prices",
      {
        intent: "create-vendor-price",
        peptideId: UNKNOWN_ID,
        vendorId: UNKNOWN_ID,
        price: "1",
        quantity: "1",
        unit: "mg",
      },
    ],
    ["/admin/prices", { intent: "delete-vendor-price", id: UNKNOWN_ID }],
    ["/admin/categories", { intent: "create-category", name: "Hijack Category" }],
    ["/admin/categories", { intent: "update-category", id: UNKNOWN_ID, name: "Hijack" }],
    ["/admin/categories", { intent: "delete-category", id: UNKNOWN_ID }],
    [
      "/admin/categories",
      { intent: "create-filter", name: "Hijack", type: "checkbox", field: "size" },
    ],
    [
      "/admin/categories",
      { intent: "update-filter", id: UNKNOWN_ID, name: "Hijack", type: "checkbox", field: "size" },
    ],
    ["/admin/categories", { intent: "delete-filter", id: UNKNOWN_ID }],
    ["/admin/vendors", { intent: "create-vendor", name: "Hijack Vendor" }],
    ["/admin/vendors", { intent: "update-vendor", id: UNKNOWN_ID, name: "Hijack" }],
    ["/admin/vendors", { intent: "delete-vendor", id: UNKNOWN_ID }],
  ];

  it.each(actions)(
    "%s %o → 403 for a visitor and for a plain user, nothing changes",
    async (pathname, fields) => {
      const before = await catalogueSnapshot();
      expect((await post(pathname, fields, null)).status).toBe(403);
      expect((await post(pathname, fields, admin.userCookie)).status).toBe(403);
      expect(await catalogueSnapshot()).toEqual(before);
    },
  );

  it("refuses destructive intents on real rows from a plain user", async () => {
    const vendor = await anyVendor();
    const [category] = await db().select({ id: categories.id }).from(categories).limit(1);
    const [peptide] = await db().select({ id: peptides.id }).from(peptides).limit(1);
    const before = await catalogueSnapshot();
    expect(
      (await post("/admin/vendors", { intent: "delete-vendor", id: vendor.id }, admin.userCookie))
        .status,
    ).toBe(403);
    expect(
      (
        await post(
          "/admin/categories",
          { intent: "delete-category", id: category!.id },
          admin.userCookie,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await post(
          "/admin/peptides",
          { intent: "delete-peptide", id: peptide!.id },
          admin.userCookie,
        )
      ).status,
    ).toBe(403);
    expect(await catalogueSnapshot()).toEqual(before);
  });
});

describe("peptides page", () => {
  it("create-peptide: adds the peptide with a derived slug, benefits per line, popular order 1 when left empty", async () => {
    const [category] = await db().select({ id: categories.id }).from(categories).limit(1);
    const auditBefore = await rowCount(auditLog);
    const { status, text } = await post("/admin/peptides", {
      intent: "create-peptide",
      name: "Test Peptide Alpha",
      slug: "",
      categoryId: category!.id,
      description: "A test peptide.",
      keyBenefits: "First benefit\n\n  Second benefit  \n",
      isPopular: "on",
      popularOrder: "",
    });
    expect(status).toBe(200);
    expect(text).toContain("Peptide added");
    const row = await peptideBySlug("test-peptide-alpha");
    expect(row).toMatchObject({
      name: "Test Peptide Alpha",
      categoryId: category!.id,
      keyBenefits: ["First benefit", "Second benefit"],
      isPopular: true,
      popularOrder: 1,
    });
    // The demo's popular #1 handed its slot over: that change is recorded too.
    expect(await rowCount(auditLog)).toBe(auditBefore + 2);
  });

  it("create-peptide: refuses an empty name with 'Peptide name is required'", async () => {
    const before = await rowCount(peptides);
    const { status, text } = await post("/admin/peptides", {
      intent: "create-peptide",
      name: "   ",
    });
    expect(status).toBe(400);
    expect(text).toContain("Peptide name is required");
    expect(await rowCount(peptides)).toBe(before);
  });

  it("create-peptide: refuses a slug another peptide uses, with a clear message", async () => {
    const before = await rowCount(peptides);
    const { status, text } = await post("/admin/peptides", {
      intent: "create-peptide",
      name: "Another",
      slug: "bpc-157",
    });
    expect(status).toBe(409);
    expect(text).toContain("is already used by another peptide");
    expect(await rowCount(peptides)).toBe(before);
  });

  it("create-peptide: refuses a popular order outside 1–3", async () => {
    const before = await rowCount(peptides);
    const { status, text } = await post("/admin/peptides", {
      intent: "create-peptide",
      name: "Order Four",
      isPopular: "on",
      popularOrder: "4",
    });
    expect(status).toBe(400);
    expect(text).toContain("Popular order must be a number from 1 to 3");
    expect(await rowCount(peptides)).toBe(before);
  });

  it("create-peptide: stores an uploaded image and refuses a file that is not an image", async () => {
    const image = new File([new Uint8Array(await png(40, 30))], "vial.png", { type: "image/png" });
    const ok = await post("/admin/peptides", {
      intent: "create-peptide",
      name: "Image Peptide",
      image,
    });
    expect(ok.status).toBe(200);
    const row = await peptideBySlug("image-peptide");
    expect(row?.imageUrl).toMatch(/^\/uploads\/peptide-image-peptide-[0-9a-f]+\.webp$/);
    expect((await admin.server.fetch(row!.imageUrl!)).status).toBe(200);

    const before = await rowCount(peptides);
    const fake = new File(["<svg onload=alert(1)>"], "evil.png", { type: "image/png" });
    const refused = await post("/admin/peptides", {
      intent: "create-peptide",
      name: "Fake Image",
      image: fake,
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Image Upload Error");
    expect(refused.text).toContain("Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded");
    expect(await rowCount(peptides)).toBe(before);
  });

  it("update-peptide: deletes the stored file (and its variants) of a replaced image, not one another peptide names", async () => {
    const imageFile = async () =>
      new File([new Uint8Array(await png(900, 600))], "vial.png", { type: "image/png" });
    const variantOf = (url: string) => url.replace("/uploads/", "/uploads/w400/");
    const status = async (url: string) => (await admin.server.fetch(url)).status;
    const replaceImage = async (slug: string) => {
      const row = await peptideBySlug(slug);
      const saved = await post("/admin/peptides", {
        intent: "update-peptide",
        id: row!.id,
        version: row!.version,
        name: row!.name,
        slug,
        image: await imageFile(),
      });
      expect(saved.status).toBe(200);
      return (await peptideBySlug(slug))!.imageUrl!;
    };

    await post("/admin/peptides", {
      intent: "create-peptide",
      name: "Swap Image",
      image: await imageFile(),
    });
    const first = (await peptideBySlug("swap-image"))!.imageUrl!;
    // A visitor's page had the server make a variant of it.
    expect([await status(first), await status(variantOf(first))]).toEqual([200, 200]);
    const second = await replaceImage("swap-image");
    expect(second).not.toBe(first);
    expect([await status(first), await status(variantOf(first))]).toEqual([404, 404]);
    expect(await status(second)).toBe(200);

    // Another peptide names the image by its URL: replacing it on the first keeps the file.
    await post("/admin/peptides", {
      intent: "create-peptide",
      name: "Borrows Image",
      imageUrl: second,
    });
    expect((await peptideBySlug("borrows-image"))!.imageUrl).toBe(second);
    const third = await replaceImage("swap-image");
    expect(third).not.toBe(second);
    expect(await status(second)).toBe(200);
    expect(await status(third)).toBe(200);
  });

  it("update-peptide: saves changes; switching popular off clears the order", async () => {
    const row = await peptideBySlug("test-peptide-alpha");
    const { status, text } = await post("/admin/peptides", {
      intent: "update-peptide",
      id: row!.id,
      version: row!.version,
      name: "Test Peptide Alpha Prime",
      slug: "alpha-prime",
      categoryId: "",
      description: "",
      keyBenefits: "Only one",
      popularOrder: "2",
    });
    expect(status).toBe(200);
    expect(text).toContain("Peptide updated");
    const updated = await peptideBySlug("alpha-prime");
    expect(updated).toMatchObject({
      id: row!.id,
      name: "Test Peptide Alpha Prime",
      categoryId: null,
      description: null,
      keyBenefits: ["Only one"],
      isPopular: false,
      popularOrder: null,
    });
  });

  it("update-peptide: refuses an empty name and leaves the peptide as it was", async () => {
    const row = await peptideBySlug("alpha-prime");
    const { status, text } = await post("/admin/peptides", {
      intent: "update-peptide",
      id: row!.id,
      version: row!.version,
      name: "",
    });
    expect(status).toBe(400);
    expect(text).toContain("Peptide name is required");
    expect((await peptideBySlug("alpha-prime"))?.name).toBe("Test Peptide Alpha Prime");
  });

  it("promote-peptide: takes the highest popular order plus 1, starting at 1, and stops at 3 with a clear message", async () => {
    await db().update(peptides).set({ isPopular: false, popularOrder: null });
    const rows = await db()
      .select({ id: peptides.id })
      .from(peptides)
      .orderBy(peptides.name)
      .limit(4);
    for (const [index, row] of rows.slice(0, 3).entries()) {
      const { status, text } = await post("/admin/peptides", {
        intent: "promote-peptide",
        id: row.id,
      });
      expect(status).toBe(200);
      expect(text).toContain(`Peptide marked popular (#${index + 1})`);
      const [stored] = await db().select().from(peptides).where(eq(peptides.id, row.id));
      expect(stored).toMatchObject({ isPopular: true, popularOrder: index + 1 });
    }
    const refused = await post("/admin/peptides", { intent: "promote-peptide", id: rows[3]!.id });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain("All 3 popular slots are taken");
    const [fourth] = await db().select().from(peptides).where(eq(peptides.id, rows[3]!.id));
    expect(fourth).toMatchObject({ isPopular: false, popularOrder: null });
  });

  it("promote-peptide: refuses an unknown peptide", async () => {
    const { status } = await post("/admin/peptides", { intent: "promote-peptide", id: UNKNOWN_ID });
    expect(status).toBe(404);
  });

  it("create-vendor-price: creates the size on the fly, the price and a price_history row", async () => {
    const peptide = await peptideBySlug("alpha-prime");
    const vendor = await anyVendor();
    const { status, text } = await post("/admin/prices", {
      intent: "create-vendor-price",
      peptideId: peptide!.id,
      vendorId: vendor.id,
      price: "42.50",
      currency: "EUR",
      quantity: "7.5",
      unit: "mg",
      purity: "99%",
      notes: "Manual",
      url: "https://vendor.example/alpha",
    });
    expect(status).toBe(200);
    expect(text).toContain("Vendor peptide data added successfully");
    const sizes = await db()
      .select()
      .from(sizeOptions)
      .where(eq(sizeOptions.peptideId, peptide!.id));
    expect(sizes).toHaveLength(1);
    expect(sizes[0]).toMatchObject({ quantity: 7.5, unit: "mg", unitLabel: null });
    const [price] = await db()
      .select()
      .from(vendorPeptides)
      .where(eq(vendorPeptides.sizeOptionId, sizes[0]!.id));
    expect(price).toMatchObject({
      vendorId: vendor.id,
      price: 42.5,
      currency: "EUR",
      purity: "99%",
      source: "manual",
    });
    const history = await db()
      .select()
      .from(priceHistory)
      .where(eq(priceHistory.vendorPeptideId, price!.id));
    expect(history.map((h) => h.price)).toEqual([42.5]);
  });

  it("create-vendor-price: the same vendor and size again updates the price and adds history", async () => {
    const peptide = await peptideBySlug("alpha-prime");
    const vendor = await anyVendor();
    const { status } = await post("/admin/prices", {
      intent: "create-vendor-price",
      peptideId: peptide!.id,
      vendorId: vendor.id,
      price: "39.99",
      currency: "EUR",
      quantity: "7.5",
      unit: "mg",
    });
    expect(status).toBe(200);
    const prices = await db()
      .select()
      .from(vendorPeptides)
      .where(eq(vendorPeptides.peptideId, peptide!.id));
    expect(prices).toHaveLength(1);
    expect(prices[0]!.price).toBe(39.99);
    const history = await db()
      .select()
      .from(priceHistory)
      .where(eq(priceHistory.vendorPeptideId, prices[0]!.id));
    expect(history.map((h) => h.price).sort()).toEqual([39.99, 42.5]);
  });

  it("create-vendor-price: 'other' creates a size with its free-text unit", async () => {
    const peptide = await peptideBySlug("alpha-prime");
    const vendor = await anyVendor();
    const { status } = await post("/admin/prices", {
      intent: "create-vendor-price",
      peptideId: peptide!.id,
      vendorId: vendor.id,
      price: "10",
      currency: "USD",
      quantity: "2",
      unit: "other",
      unitLabel: "vials",
    });
    expect(status).toBe(200);
    const [size] = await db()
      .select()
      .from(sizeOptions)
      .where(and(eq(sizeOptions.peptideId, peptide!.id), eq(sizeOptions.unit, "other")));
    expect(size).toMatchObject({ quantity: 2, unitLabel: "vials" });
  });

  it.each([
    ["a missing price", { price: "" }],
    ["a missing quantity", { quantity: "" }],
    ["a missing peptide", { peptideId: "" }],
    ["'other' without its unit", { unit: "other", unitLabel: "" }],
  ])(
    "create-vendor-price: refuses %s with 'Please fill in all required fields'",
    async (_name, override) => {
      const peptide = await peptideBySlug("alpha-prime");
      const vendor = await anyVendor();
      const before = await catalogueSnapshot();
      const { status, text } = await post("/admin/prices", {
        intent: "create-vendor-price",
        peptideId: peptide!.id,
        vendorId: vendor.id,
        price: "12",
        currency: "USD",
        quantity: "3",
        unit: "mg",
        ...override,
      });
      expect(status).toBe(400);
      expect(text).toContain("Please fill in all required fields");
      expect(await catalogueSnapshot()).toEqual(before);
    },
  );

  it("create-vendor-price: refuses a vendor that does not exist with 'Selected vendor not found'", async () => {
    const peptide = await peptideBySlug("alpha-prime");
    const before = await catalogueSnapshot();
    const { status, text } = await post("/admin/prices", {
      intent: "create-vendor-price",
      peptideId: peptide!.id,
      vendorId: UNKNOWN_ID,
      price: "12",
      currency: "USD",
      quantity: "99",
      unit: "mg",
    });
    expect(status).toBe(404);
    expect(text).toContain("Selected vendor not found");
    expect(await catalogueSnapshot()).toEqual(before);
  });

  it("create-vendor-price: a lower price for a saved deal sends the owner a price-drop e-mail", async () => {
    const [listing] = await db()
      .select({
        id: vendorPeptides.id,
        peptideId: vendorPeptides.peptideId,
        vendorId: vendorPeptides.vendorId,
        price: vendorPeptides.price,
        currency: vendorPeptides.currency,
        quantity: sizeOptions.quantity,
        unit: sizeOptions.unit,
      })
      .from(vendorPeptides)
      .innerJoin(sizeOptions, eq(sizeOptions.id, vendorPeptides.sizeOptionId))
      .where(eq(sizeOptions.unit, "mg"))
      .limit(1);
    await db().insert(savedDeals).values({
      userId: admin.userId,
      vendorPeptideId: listing!.id,
      peptideName: "Saved",
      vendorName: "Saved vendor",
      priceAtSave: listing!.price,
      currency: listing!.currency,
    });
    const newPrice = Math.round(listing!.price * 50) / 100;
    const { status } = await post("/admin/prices", {
      intent: "create-vendor-price",
      peptideId: listing!.peptideId,
      vendorId: listing!.vendorId,
      price: String(newPrice),
      currency: listing!.currency,
      quantity: String(listing!.quantity),
      unit: "mg",
    });
    expect(status).toBe(200);
    const [stored] = await db()
      .select()
      .from(vendorPeptides)
      .where(eq(vendorPeptides.id, listing!.id));
    expect(stored!.price).toBe(newPrice);
    // Queued with the save; the delivery job sends it.
    await deliverDueAlertMessages(admin.server.app);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, PLAIN.email));
    expect(mails).toHaveLength(1);
  });

  it("delete-vendor-price: deletes the price and its history; an unknown id is a 404", async () => {
    const peptide = await peptideBySlug("alpha-prime");
    const [price] = await db()
      .select({ id: vendorPeptides.id })
      .from(vendorPeptides)
      .where(eq(vendorPeptides.peptideId, peptide!.id));
    const { status, text } = await post("/admin/prices", {
      intent: "delete-vendor-price",
      id: price!.id,
    });
    expect(status).toBe(200);
    expect(text).toContain("Vendor peptide deleted");
    expect(
      await db().select().from(vendorPeptides).where(eq(vendorPeptides.id, price!.id)),
    ).toHaveLength(0);
    expect(
      await db().select().from(priceHistory).where(eq(priceHistory.vendorPeptideId, price!.id)),
    ).toHaveLength(0);
    expect(
      (await post("/admin/prices", { intent: "delete-vendor-price", id: price!.id })).status,
    ).toBe(404);
    expect(
      (await post("/admin/prices", { intent: "delete-vendor-price", id: "not-a-uuid" })).status,
    ).toBe(400);
  });

  it("delete-peptide: deletes the peptide with its sizes and prices; a bad id changes nothing", async () => {
    const peptide = await peptideBySlug("alpha-prime");
    const before = await rowCount(peptides);
    expect((await post("/admin/peptides", { intent: "delete-peptide", id: "nope" })).status).toBe(
      400,
    );
    expect(await rowCount(peptides)).toBe(before);
    const { status, text } = await post("/admin/peptides", {
      intent: "delete-peptide",
      id: peptide!.id,
    });
    expect(status).toBe(200);
    expect(text).toContain("Peptide deleted");
    expect(await peptideBySlug("alpha-prime")).toBeUndefined();
    expect(
      await db().select().from(sizeOptions).where(eq(sizeOptions.peptideId, peptide!.id)),
    ).toHaveLength(0);
  });

  it("lists peptides and vendor prices for the admin", async () => {
    const { status, text } = await page("/admin/peptides");
    expect(status).toBe(200);
    expect(text).toContain('href="/admin/prices"');
    expect(text).toContain("Page 1 of");
    const prices = await page("/admin/prices");
    expect(prices.status).toBe(200);
    expect(prices.text).toContain("Vendor Prices");
    expect(prices.text).toContain("Page 1 of");
  });
});

describe("categories page", () => {
  it("create-category: adds a category with a derived slug", async () => {
    const { status, text } = await post("/admin/categories", {
      intent: "create-category",
      name: "Test Category One",
      description: "For tests",
    });
    expect(status).toBe(200);
    expect(text).toContain("Category added successfully");
    const [row] = await db()
      .select()
      .from(categories)
      .where(eq(categories.name, "Test Category One"));
    expect(row).toMatchObject({ slug: "test-category-one", description: "For tests" });
  });

  it("create-category: refuses an empty name with 'Please enter a category name'", async () => {
    const before = await rowCount(categories);
    const { status, text } = await post("/admin/categories", {
      intent: "create-category",
      name: "",
    });
    expect(status).toBe(400);
    expect(text).toContain("Please enter a category name");
    expect(await rowCount(categories)).toBe(before);
  });

  it("create-category: refuses a duplicate name under 'Failed to add category'", async () => {
    const before = await rowCount(categories);
    const { status, text } = await post("/admin/categories", {
      intent: "create-category",
      name: "test category one",
    });
    expect(status).toBe(409);
    expect(text).toContain("Failed to add category");
    expect(await rowCount(categories)).toBe(before);
  });

  it("update-category: saves the new name and slug; an empty name gives 'Category name is required'", async () => {
    const [row] = await db()
      .select()
      .from(categories)
      .where(eq(categories.name, "Test Category One"));
    const invalid = await post("/admin/categories", {
      intent: "update-category",
      id: row!.id,
      version: await versionOf(db(), categories, row!.id),
      name: " ",
    });
    expect(invalid.status).toBe(400);
    expect(invalid.text).toContain("Category name is required");
    const { status, text } = await post("/admin/categories", {
      intent: "update-category",
      id: row!.id,
      version: await versionOf(db(), categories, row!.id),
      name: "Test Category Two",
      description: "",
    });
    expect(status).toBe(200);
    expect(text).toContain("Category updated successfully");
    const [updated] = await db().select().from(categories).where(eq(categories.id, row!.id));
    expect(updated).toMatchObject({
      name: "Test Category Two",
      slug: "test-category-two",
      description: null,
    });
  });

  it("update-category: a name another category has is refused under 'Failed to update category'", async () => {
    const [row] = await db()
      .select()
      .from(categories)
      .where(eq(categories.name, "Test Category Two"));
    const [other] = await db().select().from(categories).where(eq(categories.slug, "metabolic"));
    const { status, text } = await post("/admin/categories", {
      intent: "update-category",
      id: row!.id,
      version: await versionOf(db(), categories, row!.id),
      name: other!.name,
    });
    expect(status).toBe(409);
    expect(text).toContain("Failed to update category");
    const [unchanged] = await db().select().from(categories).where(eq(categories.id, row!.id));
    expect(unchanged!.name).toBe("Test Category Two");
  });

  it("delete-category: deletes it and its peptides become uncategorised", async () => {
    const [category] = await db().select().from(categories).where(eq(categories.slug, "metabolic"));
    const members = await db()
      .select({ id: peptides.id })
      .from(peptides)
      .where(eq(peptides.categoryId, category!.id));
    expect(members.length).toBeGreaterThan(0);
    const { status, text } = await post("/admin/categories", {
      intent: "delete-category",
      id: category!.id,
    });
    expect(status).toBe(200);
    expect(text).toContain("Category deleted successfully");
    const after = await db()
      .select({ categoryId: peptides.categoryId })
      .from(peptides)
      .where(
        inArray(
          peptides.id,
          members.map((m) => m.id),
        ),
      );
    expect(after).toHaveLength(members.length);
    expect(after.every((p) => p.categoryId === null)).toBe(true);
    expect(
      (await post("/admin/categories", { intent: "delete-category", id: category!.id })).status,
    ).toBe(404);
  });

  it("create-filter / update-filter / delete-filter persist the home page's filters", async () => {
    const created = await post("/admin/categories", {
      intent: "create-filter",
      name: "Customer Rating",
      type: "radio",
      field: "rating",
      enabled: "on",
    });
    expect(created.status).toBe(200);
    const [filter] = await db()
      .select()
      .from(categoryFilters)
      .where(eq(categoryFilters.name, "Customer Rating"));
    expect(filter).toMatchObject({ type: "radio", field: "rating", enabled: true });
    expect(filter!.position).toBeGreaterThan(3);

    const updated = await post("/admin/categories", {
      intent: "update-filter",
      id: filter!.id,
      version: await versionOf(db(), categoryFilters, filter!.id),
      name: "Rating",
      type: "range",
      field: "rating",
      position: "0",
    });
    expect(updated.status).toBe(200);
    expect(updated.text).toContain("Filter updated successfully");
    const [changed] = await db()
      .select()
      .from(categoryFilters)
      .where(eq(categoryFilters.id, filter!.id));
    expect(changed).toMatchObject({ name: "Rating", type: "range", position: 0, enabled: false });

    const deleted = await post("/admin/categories", { intent: "delete-filter", id: filter!.id });
    expect(deleted.status).toBe(200);
    expect(deleted.text).toContain("Filter deleted successfully");
    expect(
      await db().select().from(categoryFilters).where(eq(categoryFilters.id, filter!.id)),
    ).toHaveLength(0);

    // Like every admin delete, it went to the trash: the toast's Undo brings it back as it was.
    const [entry] = await db()
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, filter!.id), eq(auditLog.action, "delete")));
    expect(entry!.details).toMatchObject({ name: "Rating" });
    const { trashBatchId } = entry!.details as { trashBatchId: string };
    expect(deleted.text).toContain(trashBatchId);
    const trash = await page("/admin/trash");
    expect(trash.text).toContain(`aria-label="Restore Rating"`);
    const undo = await post("/admin/trash", { intent: "restore-batch", batchId: trashBatchId });
    expect(undo.status).toBe(200);
    const [restored] = await db()
      .select()
      .from(categoryFilters)
      .where(eq(categoryFilters.id, filter!.id));
    expect(restored).toEqual(changed);
  });

  it("filters: refuses an empty name with 'Filter name is required' and an unknown type", async () => {
    const [filter] = await db().select().from(categoryFilters).limit(1);
    const before = await db().select().from(categoryFilters).orderBy(categoryFilters.id);
    const empty = await post("/admin/categories", {
      intent: "update-filter",
      id: filter!.id,
      version: await versionOf(db(), categoryFilters, filter!.id),
      name: "",
      type: "checkbox",
      field: "size",
    });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Filter name is required");
    const badType = await post("/admin/categories", {
      intent: "create-filter",
      name: "X",
      type: "dropdown",
      field: "size",
    });
    expect(badType.status).toBe(400);
    expect(await db().select().from(categoryFilters).orderBy(categoryFilters.id)).toEqual(before);
    expect(
      (await post("/admin/categories", { intent: "delete-filter", id: UNKNOWN_ID })).status,
    ).toBe(404);
  });
});

describe("vendors page", () => {
  async function vendorByName(name: string) {
    const [row] = await db().select().from(vendors).where(eq(vendors.name, name));
    return row;
  }
  async function couponOf(vendorId: string) {
    const [row] = await db().select().from(coupons).where(eq(coupons.vendorId, vendorId));
    return row;
  }

  it("create-vendor: adds the vendor with its coupon", async () => {
    const { status, text } = await post("/admin/vendors", {
      intent: "create-vendor",
      name: "Test Vendor Labs",
      website: "https://test-vendor.example",
      logoUrl: "",
      isPreferred: "on",
      shippingCost: "Free (orders $75+)",
      rating: "4.5",
      couponCode: "SAVE10",
      discountAmount: "10",
      discountType: "percentage",
      expirationDate: "2030-01-31",
    });
    expect(status).toBe(200);
    expect(text).toContain("Vendor added");
    const vendor = await vendorByName("Test Vendor Labs");
    expect(vendor).toMatchObject({
      isPreferred: true,
      rating: 4.5,
      shippingCost: "Free (orders $75+)",
    });
    expect(await couponOf(vendor!.id)).toMatchObject({
      code: "SAVE10",
      discountAmount: 10,
      discountType: "percentage",
      expirationDate: "2030-01-31",
    });
  });

  it("create-vendor: keeps the shipping terms and refuses bad ones with a 400", async () => {
    const { status } = await post("/admin/vendors", {
      intent: "create-vendor",
      name: "Shipping Terms Labs",
      currency: "eur",
      shippingFee: "6.5",
      freeShippingThreshold: "80",
      shipsTo: "de, fr, at",
    });
    expect(status).toBe(200);
    expect(await vendorByName("Shipping Terms Labs")).toMatchObject({
      currency: "EUR",
      shippingFee: 6.5,
      freeShippingThreshold: 80,
      shipsTo: ["DE", "FR", "AT"],
    });
    const bad = await post("/admin/vendors", {
      intent: "create-vendor",
      name: "Bad Shipping Labs",
      shippingFee: "-2",
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Shipping fee cannot be negative");
    expect(await vendorByName("Bad Shipping Labs")).toBeUndefined();
  });

  it("create-vendor: refuses an empty name, a coupon without amount, and a duplicate name", async () => {
    const before = await catalogueSnapshot();
    const empty = await post("/admin/vendors", { intent: "create-vendor", name: "" });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Vendor name is required");
    const noAmount = await post("/admin/vendors", {
      intent: "create-vendor",
      name: "Half Coupon",
      couponCode: "X1",
    });
    expect(noAmount.status).toBe(400);
    expect(noAmount.text).toContain("A coupon needs a discount amount");
    const duplicate = await post("/admin/vendors", {
      intent: "create-vendor",
      name: "test vendor labs",
    });
    expect(duplicate.status).toBe(409);
    expect(await catalogueSnapshot()).toEqual(before);
  });

  it("update-vendor: a new code upserts the coupon; a cleared code deletes it", async () => {
    const vendor = await vendorByName("Test Vendor Labs");
    const changed = await post("/admin/vendors", {
      intent: "update-vendor",
      id: vendor!.id,
      version: await versionOf(db(), vendors, vendor!.id),
      name: "Test Vendor Labs",
      couponCode: "FLAT5",
      discountAmount: "5",
      discountType: "fixed",
      expirationDate: "",
    });
    expect(changed.status).toBe(200);
    expect(changed.text).toContain("Vendor updated");
    expect(await couponOf(vendor!.id)).toMatchObject({
      code: "FLAT5",
      discountAmount: 5,
      discountType: "fixed",
      expirationDate: null,
    });
    expect(await db().select().from(coupons).where(eq(coupons.vendorId, vendor!.id))).toHaveLength(
      1,
    );

    const cleared = await post("/admin/vendors", {
      intent: "update-vendor",
      id: vendor!.id,
      version: await versionOf(db(), vendors, vendor!.id),
      name: "Test Vendor Labs",
      couponCode: "",
      discountAmount: "5",
      discountType: "fixed",
    });
    expect(cleared.status).toBe(200);
    expect(await couponOf(vendor!.id)).toBeUndefined();
    expect(await vendorByName("Test Vendor Labs")).toMatchObject({
      isPreferred: false,
      rating: null,
      website: null,
    });
  });

  it("update-vendor: refuses a rating above 5 and leaves the vendor unchanged", async () => {
    const vendor = await vendorByName("Test Vendor Labs");
    const { status, text } = await post("/admin/vendors", {
      intent: "update-vendor",
      id: vendor!.id,
      version: await versionOf(db(), vendors, vendor!.id),
      name: "Renamed",
      rating: "7",
    });
    expect(status).toBe(400);
    expect(text).toContain("Rating must be from 0 to 5");
    expect((await vendorByName("Test Vendor Labs"))?.id).toBe(vendor!.id);
  });

  it("delete-vendor: removes its coupon, the vendor and its prices", async () => {
    const [vendor] = await db()
      .select({ id: vendors.id })
      .from(vendors)
      .innerJoin(coupons, eq(coupons.vendorId, vendors.id))
      .innerJoin(vendorPeptides, eq(vendorPeptides.vendorId, vendors.id))
      .limit(1);
    expect(vendor).toBeDefined();
    const { status, text } = await post("/admin/vendors", {
      intent: "delete-vendor",
      id: vendor!.id,
    });
    expect(status).toBe(200);
    expect(text).toContain("Vendor deleted");
    expect(await db().select().from(vendors).where(eq(vendors.id, vendor!.id))).toHaveLength(0);
    expect(await db().select().from(coupons).where(eq(coupons.vendorId, vendor!.id))).toHaveLength(
      0,
    );
    expect(
      await db().select().from(vendorPeptides).where(eq(vendorPeptides.vendorId, vendor!.id)),
    ).toHaveLength(0);
    expect((await post("/admin/vendors", { intent: "delete-vendor", id: vendor!.id })).status).toBe(
      404,
    );
  });

  it("lists vendors with their coupons for the admin", async () => {
    const { status, text } = await page("/admin/vendors");
    expect(status).toBe(200);
    expect(text).toContain("Coupon Code");
    expect(text).toContain("Expiration Date");
  });
});
