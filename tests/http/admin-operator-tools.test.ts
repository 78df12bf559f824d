import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { upsertOffer } from "~/.server/data/vendor-peptides.server";
import * as t from "~/.server/db/schema";
import { PRIVATE_SOURCE_ADDRESS_MESSAGE } from "~/.server/reader/source-address.server";

import { startAdminHttp } from "../helpers/admin-http";
import { versionOf } from "../helpers/row-version";

/** Issue 32 Must 4: source URLs checked when saved; the audit log names what an id stands for. */
const admin = startAdminHttp();

async function vendorId(name: string): Promise<string> {
  const [vendor] = await admin
    .db()
    .select({ id: t.vendors.id })
    .from(t.vendors)
    .where(eq(t.vendors.name, name));
  return vendor!.id;
}

const source = async (overrides: Record<string, string>) => ({
  intent: "create-source",
  retailer_name: "Guarded Shop",
  url: "https://guarded.example/shop",
  page_type: "single",
  product_selector: ".card",
  price_selector: ".price",
  name_selector: ".name",
  vendor_id: await vendorId("Apex Peptide Labs"),
  is_active: "on",
  ...overrides,
});

async function sourcesNamed(name: string) {
  return admin
    .db()
    .select({ id: t.scrapeSources.id })
    .from(t.scrapeSources)
    .where(eq(t.scrapeSources.retailerName, name));
}

describe("a scrape source's URL passes the address guard when it is saved", () => {
  it.each([
    "http://169.254.169.254/latest/meta-data/",
    "http://127.0.0.1:5432/",
    "http://[::1]/",
    "http://10.0.0.7/shop",
  ])("refuses %s under its field, saving nothing", async (url) => {
    const answer = await admin.post(
      "/admin/scraping",
      await source({ retailer_name: "Metadata Shop", url }),
    );
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(
      "This address is on a private or local network: the scraper will not fetch it",
    );
    expect(await sourcesNamed("Metadata Shop")).toEqual([]);
  });

  it("refuses an edit that points a source at a private address", async () => {
    const [demo] = await admin
      .db()
      .select()
      .from(t.scrapeSources)
      .where(eq(t.scrapeSources.retailerName, "Demo Retailer (catalogue)"));
    const answer = await admin.post(
      "/admin/scraping",
      await source({
        intent: "update-source",
        id: demo!.id,
        version: await versionOf(admin.db(), t.scrapeSources, demo!.id),
        retailer_name: demo!.retailerName,
        url: "http://169.254.169.254/",
      }),
    );
    expect(answer.status).toBe(400);
    const [after] = await admin
      .db()
      .select({ url: t.scrapeSources.url })
      .from(t.scrapeSources)
      .where(eq(t.scrapeSources.id, demo!.id));
    expect(after!.url).toBe(demo!.url);
  });

  it("saves a public address, and the app's own demo shop", async () => {
    expect((await admin.post("/admin/scraping", await source({}))).status).toBe(200);
    const own = await source({
      retailer_name: "Own Demo",
      url: `${admin.server.baseUrl}/demo-retailer/shop`,
    });
    expect((await admin.post("/admin/scraping", own)).status).toBe(200);
    expect(await sourcesNamed("Own Demo")).toHaveLength(1);
  });
});

describe("a shop's address passes the same address guard on Add shop", () => {
  const ADD_SHOP = "/admin/scraping/add-shop";
  const previewsOf = async (address: string) =>
    admin
      .db()
      .select({ id: t.shopPreviews.id })
      .from(t.shopPreviews)
      .where(eq(t.shopPreviews.address, address));

  it.each([
    "http://169.254.169.254/latest/meta-data/",
    "http://127.0.0.1:5432/",
    "http://[::1]/",
    // A name, not an address: refused for what it resolves to (/etc/hosts: 127.0.0.1).
    "http://localhost:8080/shop",
  ])("refuses to detect %s under its field, queuing no preview job", async (address) => {
    const answer = await admin.post(ADD_SHOP, { intent: "detect", address });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(PRIVATE_SOURCE_ADDRESS_MESSAGE);
    expect(answer.text).toMatch(/fieldErrors.*address/s);
    expect(await previewsOf(address)).toEqual([]);
  });

  it("refuses to save a shop whose read address is private, creating no vendor", async () => {
    const [preview] = await admin
      .db()
      .insert(t.shopPreviews)
      .values({
        address: "https://redirecting.example/",
        requestedBy: "admin@example.com",
        status: "succeeded",
        shopUrl: "http://169.254.169.254/",
        kind: "shopify",
      })
      .returning({ id: t.shopPreviews.id });
    const answer = await admin.post(ADD_SHOP, {
      intent: "create-shop",
      preview_id: preview!.id,
      vendor_name: "Metadata Vendor",
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(PRIVATE_SOURCE_ADDRESS_MESSAGE);
    const vendors = await admin
      .db()
      .select({ id: t.vendors.id })
      .from(t.vendors)
      .where(eq(t.vendors.name, "Metadata Vendor"));
    expect(vendors).toEqual([]);
  });
});

describe("the audit log names the records an entry's ids point at", () => {
  it("shows a source's vendor by name, linked to it, not its id", async () => {
    const apex = await vendorId("Apex Peptide Labs");
    await admin.post("/admin/scraping", await source({ retailer_name: "Audited Shop" }));
    const page = await admin.get("/admin/audit?q=Audited+Shop");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Audited Shop");
    // What the page shows (the loader data in its scripts keeps the ids, as it must).
    const shown = page.text.replace(/<script[\s\S]*?<\/script>/g, "");
    expect(shown).not.toContain(apex);
    expect(shown).toMatch(
      /Vendor:<\/span> <del[^>]*>—<\/del> → <ins[^>]*><a [^>]*href="\/admin\/vendors\?q=Apex\+Peptide\+Labs"[^>]*>Apex Peptide Labs<\/a>/,
    );
  });
});

describe("a peptide goes public with its first price, or when the admin publishes it", () => {
  async function addPeptide(name: string, published: boolean) {
    const answer = await admin.post("/admin/peptides", {
      intent: "create-peptide",
      name,
      ...(published ? { published: "on" } : {}),
    });
    expect(answer.status).toBe(200);
    const [row] = await admin
      .db()
      .select({ id: t.peptides.id, slug: t.peptides.slug })
      .from(t.peptides)
      .where(eq(t.peptides.name, name));
    return row!;
  }

  const isPublic = async (slug: string, name: string) => {
    const detail = await admin.get(`/peptide/${slug}`, null);
    const catalog = await admin.get("/catalog", null);
    return { detail: detail.status, inCatalogue: catalog.text.includes(name) };
  };

  it("a new peptide without prices stays off the public pages until its first price", async () => {
    const peptide = await addPeptide("Unpriced Peptide", false);
    expect(await isPublic(peptide.slug, "Unpriced Peptide")).toEqual({
      detail: 404,
      inCatalogue: false,
    });

    const [size] = await admin
      .db()
      .insert(t.sizeOptions)
      .values({ peptideId: peptide.id, quantity: 5, unit: "mg" })
      .returning({ id: t.sizeOptions.id });
    await upsertOffer(admin.db(), {
      peptideId: peptide.id,
      sizeOptionId: size!.id,
      vendorId: await vendorId("Apex Peptide Labs"),
      price: 40,
      currency: "USD",
      source: "manual",
    });
    admin.server.app.cache.clear();
    expect(await isPublic(peptide.slug, "Unpriced Peptide")).toEqual({
      detail: 200,
      inCatalogue: true,
    });
  });

  it("'Published' makes it public at once, prices or not", async () => {
    const peptide = await addPeptide("Announced Peptide", true);
    expect(await isPublic(peptide.slug, "Announced Peptide")).toEqual({
      detail: 200,
      inCatalogue: true,
    });
  });
});
