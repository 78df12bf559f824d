import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { updateSettings } from "~/.server/data/settings.server";
import { DEFAULT_SETTINGS } from "~/lib/constants";

import { signIn } from "../helpers/auth";
import { startTestServer, type TestServer } from "../helpers/server";
import { startSitemapShop, type ShopFixture } from "../helpers/shop-fixtures";

let server: TestServer;
let adminCookie: string;
let shop: ShopFixture;

beforeAll(async () => {
  server = await startTestServer({ SCRAPER_ALLOW_PRIVATE_HOSTS: "true" });
  await updateSettings(server.app.db, { ...DEFAULT_SETTINGS, requestDelayMs: 0 });
  adminCookie = await signIn(server, "admin@peptideprices.test", "admin-password");
  shop = await startSitemapShop([{ name: "TB-500 10mg", variants: [{ label: "", price: 45 }] }]);
});
afterAll(async () => {
  await shop?.close();
  await server?.close();
});

const post = (fields: Record<string, string>) =>
  server.postForm("/admin/scraping/add-shop", fields, { cookie: adminCookie });

describe("Add shop: bad input", () => {
  it("answers 400 with a clear message for an address that is not a web URL", async () => {
    const response = await post({ intent: "detect", address: "javascript:alert(1)" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Enter the shop's address");
  });

  it("answers 400 for a create with a forged or missing preview", async () => {
    const response = await post({ intent: "create-shop", vendor_name: "X", preview: "{not json" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Detect the shop first");
  });
});

describe("Add shop: detection", () => {
  it("falls back to the sitemap when the REST API is disabled, and says what it found", async () => {
    const response = await post({ intent: "detect", address: `${shop.baseUrl}/` });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain("No WooCommerce Store API");
    expect(body).toContain("No Shopify product JSON");
    expect(body).toContain("A sitemap at /sitemap.xml with 1 product pages");
    expect(body).toContain("TB-500 10mg");
  });
});
