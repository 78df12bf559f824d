import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getActiveScrapeRuns } from "~/.server/data/scrape-runs.server";
import { executeScrapeRun } from "~/.server/infra/jobs.server";
import { demoShopItems } from "~/.server/scraper/demo-retailer.server";
import { formatPrice } from "~/lib/format";

import { launchBrowser, newAdminContext } from "../helpers/browser";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let browser: Browser;
let context: BrowserContext;

const VENDOR = "Meridian Biolabs";

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  context = await newAdminContext(server, browser);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

/** The vendor's price cell for one size in the public price table. */
const priceOf = (page: Page, size: string) =>
  page
    .getByTestId("price-row")
    .filter({ has: page.getByRole("cell", { name: VENDOR, exact: true }) })
    .filter({ has: page.getByRole("cell", { name: size, exact: true }) })
    .getByTestId("price");

describe("demo retailer's WooCommerce and Shopify products", () => {
  it("scrapes every size of both from /admin/scraping and shows them on the public detail pages", async () => {
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/admin/scraping`);
    const sources = page.getByRole("table", { name: "Scrape sources" });
    await sources.getByText("Demo Retailer (WooCommerce variable product)").waitFor();
    await sources.getByText("Demo Retailer (Shopify product)").waitFor();

    await page.getByRole("button", { name: "Start Scraping" }).click();
    // The run waits in the queue; this test server runs no jobs, so the test is the worker.
    await page.getByRole("status").filter({ hasText: "queued, waiting for a worker" }).waitFor();
    const [run] = await getActiveScrapeRuns(server.app.db);
    await executeScrapeRun(server.app, run.id);
    await page
      .getByRole("status")
      .filter({ hasText: "Scraping completed successfully." })
      .waitFor({ timeout: 30_000 });

    const shop = demoShopItems();
    for (const [peptideSlug, sizes] of [
      ["tb-500", ["5mg", "10mg"]],
      ["ghk-cu", ["50mg", "100mg"]],
    ] as const) {
      await page.goto(`${server.baseUrl}/peptide/${peptideSlug}`);
      for (const size of sizes) {
        const item = shop.find((i) => i.slug === `${peptideSlug}-${size}`)!;
        await expect
          .poll(() => priceOf(page, size).textContent())
          .toBe(formatPrice(item.price, "USD"));
      }
    }
    await page.close();
  }, 90_000);
});
