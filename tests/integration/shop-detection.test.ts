import http from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getScrapeSource } from "~/.server/data/scrape-sources.server";
import { updateSettings } from "~/.server/data/settings.server";
import {
  demoShopItems,
  renderDemoProductPage,
  renderDemoSitemap,
} from "~/.server/scraper/demo-retailer.server";
import { detectShopPlatform } from "~/.server/scraper/platforms/shop-catalogue.server";
import { scrapeSource } from "~/.server/scraper/run.server";
import { createFetcher } from "~/.server/reader/scrape-page.server";
import { DEFAULT_SETTINGS } from "~/lib/constants";

import { createTestApp, type TestApp } from "../helpers/app";
import { createSourceWithVendor } from "../helpers/scrape-sources";
import { storedOffersOf } from "../helpers/shop-catalogue";
import { startShopifyShop, type ShopFixture } from "../helpers/shop-fixtures";

/**
 * Issue 31 Must 5: detection from any address of a shop. A Shopify shop on its own domain is
 * known by its pages' marks (headers, `Shopify.shop`), not by a myshopify.com host; the demo
 * retailer, a shop in a sub-directory of a site whose own sitemap lists no products, is added as
 * a sitemap shop and read whole (its product pages are ProductGroups with a variant per size).
 */

let app: TestApp;
let shopify: ShopFixture;
let site: http.Server;
let siteUrl = "";
const sitePaths: string[] = [];

beforeAll(async () => {
  app = await createTestApp({ SCRAPER_ALLOW_PRIVATE_HOSTS: "true", SEED_DEMO: "true" });
  await updateSettings(app.db, { ...DEFAULT_SETTINGS, requestDelayMs: 0 });
  shopify = await startShopifyShop([{ name: "BPC-157", variants: [{ label: "5mg", price: 30 }] }]);
  // The app's demo retailer as the app serves it, under a site with a sitemap of its own.
  site = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", siteUrl);
    sitePaths.push(url.pathname);
    const send = (type: string, body: string | null) =>
      body === null
        ? res.writeHead(404).end("Not found")
        : res.writeHead(200, { "content-type": type }).end(body);
    if (url.pathname === "/robots.txt") return send("text/plain", "User-agent: *\nAllow: /\n");
    if (url.pathname === "/sitemap.xml")
      return send(
        "application/xml",
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${siteUrl}/peptides/bpc-157</loc></url></urlset>`,
      );
    if (url.pathname === "/demo-retailer/sitemap.xml")
      return send("application/xml", renderDemoSitemap(siteUrl));
    const product = /^\/demo-retailer\/products\/([^/]+)$/.exec(url.pathname)?.[1];
    if (product) return send("text/html", renderDemoProductPage(siteUrl, product));
    return send("text/html", null);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await shopify.close();
  site.closeAllConnections();
  await new Promise<void>((resolve) => site.close(() => resolve()));
  await app.dispose();
});

describe("Shopify on its own domain", () => {
  it("is known by the pasted page's Shopify marks, with no WordPress probe", async () => {
    const detection = await detectShopPlatform(
      await createFetcher(app),
      `${shopify.baseUrl}/products/bpc-157`,
    );
    expect(detection).toMatchObject({ kind: "shopify", shopUrl: `${shopify.baseUrl}/` });
    expect(detection.findings).toEqual([
      "A Shopify storefront (its x-shopid header)",
      "Shopify product JSON at /products.json",
    ]);
    expect(shopify.paths.some((path) => path.startsWith("/wp-json/"))).toBe(false);
  });
});

describe("the demo retailer", () => {
  it("is added as a sitemap shop in its sub-directory and every size is read right", async () => {
    const detection = await detectShopPlatform(
      await createFetcher(app),
      `${siteUrl}/demo-retailer/shop`,
    );
    expect(detection).toMatchObject({ kind: "sitemap", shopUrl: `${siteUrl}/demo-retailer/` });
    expect(detection.findings.at(-1)).toMatch(
      /^A sitemap at \/demo-retailer\/sitemap\.xml with \d+ product pages$/,
    );
    const { id, vendorId } = await createSourceWithVendor(app.db, {
      kind: "sitemap",
      url: detection.shopUrl,
    });
    const before = sitePaths.length;
    const result = await scrapeSource(app, (await getScrapeSource(app.db, id))!);
    expect(result.ok).toBe(true);
    const items = demoShopItems();
    const stored = await storedOffersOf(app.db, vendorId);
    const known = items.filter((item) => item.peptideSlug !== "mystery-blend");
    const right = known.filter((item) =>
      stored.some(
        (row) =>
          `${row.peptide} ${Number(row.mg)}mg` === item.title &&
          Number(row.price) === item.price &&
          (row.stock === "out_of_stock") === item.soldOut,
      ),
    );
    const requests = sitePaths.slice(before).filter((path) => path !== "/robots.txt").length;
    console.info(
      `demo retailer as a sitemap shop: ${items.length} offers, right ${right.length}, held ${result.summary.queued}, wrong published ${stored.length - right.length}, missing ${known.length - right.length}; requests per full run ${requests}`,
    );
    expect(stored).toHaveLength(right.length);
    expect(right).toHaveLength(known.length);
    expect(result.summary.queued).toBe(1);
  });
});
