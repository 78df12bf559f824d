import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { updateSettings } from "~/.server/data/settings.server";
import { scrapeAllSources } from "~/.server/scraper/run.server";
import { DEFAULT_SETTINGS, type ScrapeSourceKind } from "~/lib/constants";

import { getActiveScrapeSources, getScrapeSource } from "~/.server/data/scrape-sources.server";
import { createSourceWithVendor } from "../helpers/scrape-sources";
import { createTestApp, type TestApp } from "../helpers/app";
import { seedShopCatalogue } from "../helpers/shop-catalogue";
import { startSitemapShop, startWooCommerceShop, type ShopFixture } from "../helpers/shop-fixtures";

/**
 * Issue 31 Must 4: the run's URL cap is shared across its sources (a shop source does not
 * starve a page source), and a sitemap shop larger than its share goes on next run where the
 * last stopped, so its whole catalogue is read over a stated number of runs.
 */

const PRODUCTS = 82;
const CAP = 50;

let app: TestApp;
let shop: ShopFixture;
/** Another site, whose one product page a page source reads. */
let other: ShopFixture;

beforeAll(async () => {
  app = await createTestApp({ SCRAPER_ALLOW_PRIVATE_HOSTS: "true", SEED_DEMO: "false" });
  await seedShopCatalogue(app.db);
  await updateSettings(app.db, { ...DEFAULT_SETTINGS, requestDelayMs: 0, maxUrlsPerRun: CAP });
  shop = await startSitemapShop(
    Array.from({ length: PRODUCTS }, (_, i) => ({
      name: `Quelmorin ${i} 10mg`,
      variants: [{ label: "", price: 20 + i }],
    })),
  );
  other = await startSitemapShop([{ name: "Semax 10mg", variants: [{ label: "", price: 30 }] }]);
});

afterAll(async () => {
  await shop.close();
  await other.close();
  await app.dispose();
});

async function source(kind: ScrapeSourceKind, url: string, selectors: boolean) {
  const { id } = await createSourceWithVendor(app.db, {
    retailerName: `Fair ${kind}`,
    url,
    kind,
    pageType: "single",
    productSelector: selectors ? "body" : "",
    nameSelector: selectors ? "h1" : "",
    priceSelector: selectors ? ".price" : "",
  });
  return id;
}

const activeSourceIds = async () =>
  (await getActiveScrapeSources(app.db)).map((active) => active.id);

const productPaths = (paths: string[]) => paths.filter((path) => path.startsWith("/product/"));

describe("a shared URL cap with a stored cursor", () => {
  it("leaves the page source its share and reads the sitemap shop in turns until every product is read", async () => {
    const shopId = await source("sitemap", `${shop.baseUrl}/`, false);
    const pageId = await source("page", `${other.baseUrl}/product/semax-10mg/`, true);
    // Two sources share 50 URLs: 25 each. The shop's share pays for its sitemap index and
    // product sitemap, so 23 product pages a run: 82 products in 4 runs.
    const perRun = CAP / 2 - 2;
    const runs = Math.ceil(PRODUCTS / perRun);
    const seen = new Set<string>();
    for (let run = 1; run <= runs; run += 1) {
      const before = shop.paths.length;
      const result = await scrapeAllSources(app);
      const page = result.results.find((r) => r.sourceId === pageId);
      expect(page).toMatchObject({ ok: true, summary: { listings: 1 } });
      const read = productPaths(shop.paths.slice(before));
      const stored = await getScrapeSource(app.db, shopId);
      expect(stored?.readProgress).toBe(
        `read ${perRun} of ${PRODUCTS} products this run, full pass every ${runs} runs`,
      );
      expect(stored?.status).toBe("active");
      expect(read).toHaveLength(perRun);
      for (const path of read) seen.add(path);
      // Each run goes on where the last stopped: nothing read twice before the pass ends.
      expect(seen.size).toBe(Math.min(PRODUCTS, run * perRun));
    }
    expect(seen.size).toBe(PRODUCTS);
  });
});

describe("a WooCommerce shop larger than the run's cap", () => {
  it("stores the page the next run starts at and says how far the run got", async () => {
    await updateSettings(app.db, { ...DEFAULT_SETTINGS, requestDelayMs: 0, maxUrlsPerRun: 2 });
    const woo = await startWooCommerceShop(
      Array.from({ length: 300 }, (_, i) => ({
        name: `Tarvolin ${i} 10mg`,
        variants: [{ label: "", price: 20 + i }],
      })),
    );
    try {
      const id = await source("woocommerce", `${woo.baseUrl}/`, false);
      const progress = [];
      for (let run = 1; run <= 2; run += 1) {
        await scrapeAllSources(app, {
          skipSourceIds: (await activeSourceIds()).filter((other) => other !== id),
        });
        const stored = await getScrapeSource(app.db, id);
        progress.push([stored?.readCursor, stored?.readTotal, stored?.readProgress]);
      }
      // 3 pages of 100, 2 a run: pages 1–2, then 3 and (a new pass) 1.
      expect(progress).toEqual([
        [2, 300, "read 200 of 300 products this run, full pass every 2 runs"],
        [1, 300, "read 200 of 300 products this run, full pass every 2 runs"],
      ]);
      const pages = woo.paths
        .filter((path) => path.startsWith("/wp-json/"))
        .map((path) => new URL(path, woo.baseUrl).searchParams.get("page"));
      expect(pages).toEqual(["1", "2", "3", "1"]);
    } finally {
      await woo.close();
    }
  });
});
