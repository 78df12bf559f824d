import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { updateSettings } from "~/.server/data/settings.server";
import {
  readProgressText,
  readShopSource,
} from "~/.server/scraper/platforms/shop-catalogue.server";
import { createFetcher } from "~/.server/reader/scrape-page.server";
import { DEFAULT_SETTINGS } from "~/lib/constants";

import { createTestApp, type TestApp } from "../helpers/app";
import {
  startWooCommerceShop,
  type FixtureProduct,
  type ShopFixture,
} from "../helpers/shop-fixtures";

/**
 * Issue 31 Must 4, the "tiny share": a run with many sources gives a WooCommerce source a share
 * of its URL cap smaller than one page of products with its variations request (1 URL where a
 * page costs 2). The source's cursor still moves on every run, so the catalogue is read whole
 * over a stated number of runs, instead of its first page begun and dropped run after run.
 */

let app: TestApp;
let shop: ShopFixture;
/** The run's whole cap; the source's share of it is 1. */
const RUN_CAP = 10;

beforeAll(async () => {
  app = await createTestApp({ SCRAPER_ALLOW_PRIVATE_HOSTS: "true", SEED_DEMO: "false" });
  await updateSettings(app.db, { ...DEFAULT_SETTINGS, requestDelayMs: 0, maxUrlsPerRun: RUN_CAP });
  // Every fifth product is variable (2.5 mg and 5 mg): each page of 100 lists 20 of them, so
  // it needs a second request for their 40 variations.
  const products: FixtureProduct[] = Array.from({ length: 250 }, (_, i) => ({
    name: `Quelmorin ${i}`,
    variants:
      i % 5 === 0
        ? [
            { label: "2.5mg", price: 18 },
            { label: "5mg", price: 30 },
          ]
        : [{ label: "", price: 20 + (i % 50) }],
  }));
  shop = await startWooCommerceShop(products);
});

afterAll(async () => {
  await shop?.close();
  await app?.dispose();
});

const pageOf = (path: string) => Number(new URL(path, "http://x").searchParams.get("page"));

describe("a WooCommerce source whose share is 1 URL", () => {
  it("reads one page with its variations a run: 250 products whole in 3 runs, then again from the first page", async () => {
    let stored = { cursor: 0, total: null as number | null };
    const offers = new Set<string>();
    const texts: string[] = [];
    const productPages: number[] = [];
    for (let run = 1; run <= 4; run += 1) {
      const before = shop.paths.length;
      const fetcher = await createFetcher(app);
      const read = await readShopSource(fetcher.withShare(1), {
        kind: "woocommerce",
        url: `${shop.baseUrl}/`,
        readCursor: stored.cursor,
        readTotal: stored.total,
      });
      expect(read.error).toBeNull();
      const requests = shop.paths.slice(before).filter((path) => path !== "/robots.txt");
      const lists = requests.filter((path) => !path.includes("type=variation"));
      // One page of products and the one request for its variations; no more of the run's cap.
      expect(lists).toHaveLength(1);
      expect(requests.length - lists.length).toBe(1);
      expect(fetcher.budget.spent).toBe(2);
      productPages.push(...lists.map(pageOf));
      if (run <= 3) for (const listing of read.listings) offers.add(listing.name);
      texts.push(readProgressText(read.progress!));
      stored = { cursor: read.progress!.nextCursor, total: read.progress!.total };
    }
    expect(productPages).toEqual([1, 2, 3, 1]);
    expect(texts.slice(0, 3)).toEqual([
      "read 100 of 250 products this run, full pass every 3 runs",
      "read 100 of 250 products this run, full pass every 3 runs",
      "read 50 of 250 products this run, full pass every 3 runs",
    ]);
    // Every offer of the catalogue in the first pass: 200 simple products and 50 × 2 sizes.
    expect(offers.size).toBe(200 + 50 * 2);
    expect(offers).toContain("Quelmorin 245 – 5mg");
  });
});
