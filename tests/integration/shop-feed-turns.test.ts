import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { updateSettings } from "~/.server/data/settings.server";
import {
  readProgressText,
  readShopSource,
  type ShopKind,
} from "~/.server/scraper/platforms/shop-catalogue.server";
import { createFetcher } from "~/.server/reader/scrape-page.server";
import { DEFAULT_SETTINGS } from "~/lib/constants";

import { createTestApp, type TestApp } from "../helpers/app";
import {
  startShopifyShop,
  startWooCommerceShop,
  type FixtureProduct,
  type ShopFixture,
} from "../helpers/shop-fixtures";

/**
 * Issue 31 Must 4 at a real shop's scale: a WooCommerce shop of 5,000 products and a Shopify
 * shop of 5,000 variants, each answering as its platform documents paging (Store API: per_page
 * at most 100, X-WP-Total and X-WP-TotalPages, `parent` and `orderby` filters; Shopify's
 * storefront: `limit` at most 250, `page`, no total, 400 past 25,000), read within a small share
 * of the run's URL cap. Each run goes on where the last stopped (the stored cursor), so the
 * whole catalogue is read over a stated number of runs and no page of it twice in a pass.
 */

let app: TestApp;
const shops: ShopFixture[] = [];

beforeAll(async () => {
  app = await createTestApp({ SCRAPER_ALLOW_PRIVATE_HOSTS: "true", SEED_DEMO: "false" });
});

afterAll(async () => {
  await Promise.all(shops.map((shop) => shop.close()));
  await app.dispose();
});

/** One run of a shop source as run.server.ts makes it: its share, its stored cursor and total. */
async function runInTurns(
  kind: ShopKind,
  shop: ShopFixture,
  share: number,
  stored: { cursor: number; total: number | null },
) {
  await updateSettings(app.db, { ...DEFAULT_SETTINGS, requestDelayMs: 0, maxUrlsPerRun: share });
  const before = shop.paths.length;
  const read = await readShopSource((await createFetcher(app)).withShare(share), {
    kind,
    url: `${shop.baseUrl}/`,
    readCursor: stored.cursor,
    readTotal: stored.total,
  });
  expect(read.error).toBeNull();
  const progress = read.progress!;
  return {
    read,
    text: readProgressText(progress),
    next: { cursor: progress.nextCursor, total: progress.total },
    requests: shop.paths.slice(before).filter((path) => path !== "/robots.txt"),
  };
}

const pageOf = (path: string) => Number(new URL(path, "http://x").searchParams.get("page"));

describe("a WooCommerce shop of 5,000 products", () => {
  it("is read whole in 5 runs of 20 URLs, each page of products and its variations once", async () => {
    // Every fifth product is variable (2.5 mg and 5 mg), so a page of 100 products needs one
    // more request for its 40 variations: 2 requests a page, 10 pages a run.
    const products: FixtureProduct[] = Array.from({ length: 5_000 }, (_, i) => ({
      name: `Quelmorin ${i}`,
      variants:
        i % 5 === 0
          ? [
              { label: "2.5mg", price: 18 },
              { label: "5mg", price: 30 },
            ]
          : [{ label: "", price: 20 + (i % 50) }],
    }));
    const shop = await startWooCommerceShop(products);
    shops.push(shop);
    let stored = { cursor: 0, total: null as number | null };
    const productPages: number[] = [];
    const offers = new Set<string>();
    for (let run = 1; run <= 5; run += 1) {
      const result = await runInTurns("woocommerce", shop, 20, stored);
      stored = result.next;
      expect(result.text).toBe("read 1,000 of 5,000 products this run, full pass every 5 runs");
      const lists = result.requests.filter((path) => !path.includes("type=variation"));
      const variationLists = result.requests.filter((path) => path.includes("type=variation"));
      expect(lists.map(pageOf)).toEqual(
        Array.from({ length: 10 }, (_, k) => (run - 1) * 10 + k + 1),
      );
      expect(variationLists).toHaveLength(10);
      productPages.push(...lists.map(pageOf));
      for (const offer of result.read.listings) offers.add(offer.name);
      // A part of the catalogue is not all of it: offers not reached are not counted missing.
      expect(result.read.cutShort).toBe(true);
    }
    // Every page once, then the next run starts the next pass at page 1.
    expect(productPages).toEqual(Array.from({ length: 50 }, (_, k) => k + 1));
    expect(offers.size).toBe(4_000 + 1_000 * 2);
    expect(offers).toContain("Quelmorin 0 – 2.5mg");
    expect(stored.cursor).toBe(0);
  });
});

describe("a Shopify shop of 5,000 variants", () => {
  it("is read whole in 3 runs of 2 pages, and learns its size at the end of the first pass", async () => {
    // 1,100 products (900 with 4 sizes, 200 with 7): 5,000 variants on 5 pages of 250.
    const products: FixtureProduct[] = Array.from({ length: 1_100 }, (_, i) => ({
      name: `Zorvatide ${i}`,
      variants: Array.from({ length: i < 900 ? 4 : 7 }, (_, v) => ({
        label: `${v + 1}mg`,
        price: 10 + v,
      })),
    }));
    const shop = await startShopifyShop(products);
    shops.push(shop);
    let stored = { cursor: 0, total: null as number | null };
    const pages: number[] = [];
    const variants = new Set<string>();
    const texts: string[] = [];
    for (let run = 1; run <= 4; run += 1) {
      // Three URLs a run: the shop's currency from /cart.js, then two pages of products.
      const result = await runInTurns("shopify", shop, 3, stored);
      stored = result.next;
      texts.push(result.text);
      const lists = result.requests.filter((path) => path.startsWith("/products.json"));
      expect(result.requests[0]).toBe("/cart.js");
      expect(lists.every((path) => path.includes("limit=250"))).toBe(true);
      pages.push(...lists.map(pageOf));
      if (run <= 3) {
        for (const offer of result.read.listings) variants.add(offer.name);
      }
    }
    // Pages 1 to 5 once (page 5 is short: the end), then the next pass from page 1.
    expect(pages).toEqual([1, 2, 3, 4, 5, 1, 2, 3]);
    expect(variants.size).toBe(5_000);
    expect(texts).toEqual([
      "read 500 products this run, the catalogue's end not reached yet",
      "read 500 products this run, the catalogue's end not reached yet",
      "read 350 of 1,100 products this run, full pass every 3 runs",
      "read 500 of 1,100 products this run, full pass every 3 runs",
    ]);
  });

  it("stops at Shopify's paging cap of 25,000 products and goes on from the first page", async () => {
    const products: FixtureProduct[] = Array.from({ length: 25_100 }, (_, i) => ({
      name: `Velnapride ${i}`,
      variants: [{ label: "", price: 12 }],
    }));
    const shop = await startShopifyShop(products);
    shops.push(shop);
    // The cursor stands on page 100 (index 99), the last Shopify serves at 250 a page.
    const result = await runInTurns("shopify", shop, 3, { cursor: 99, total: null });
    expect(result.requests).toEqual([
      "/cart.js",
      "/products.json?limit=250&page=100",
      "/products.json?limit=250&page=1",
    ]);
    expect(result.read.truncated).toEqual([
      "truncated at 25,000 products: Shopify pages no further",
    ]);
    expect(result.next.cursor).toBe(1);
  });
});
