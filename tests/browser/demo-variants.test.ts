import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { getActiveScrapeRuns } from "~/.server/data/scrape-runs.server";
import { executeScrapeRun } from "~/.server/jobs/jobs.server";
import { demoShopItems } from "~/.server/scraper/demo-retailer.server";
import { formatPrice } from "~/lib/format";

import { startAdminBrowser } from "../helpers/admin-browser";

const admin = startAdminBrowser();

const VENDOR = "Meridian Biolabs";

/** The vendor's price cell for one size in the public price table. */
const priceOf = (page: Page, size: string) =>
  page
    .getByTestId("price-row")
    // The vendor's link, not its cell: the cell also says purity and source.
    .filter({ has: page.getByRole("link", { name: VENDOR, exact: true }) })
    .filter({ has: page.getByRole("cell", { name: size, exact: true }) })
    .getByTestId("price");

describe("demo retailer's WooCommerce and Shopify products", () => {
  it("scrapes every size of both from /admin/scraping and shows them on the public detail pages", async () => {
    const { page } = admin;
    await page.goto(`${admin.server.baseUrl}/admin/scraping`);
    const sources = page.getByRole("table", { name: "Scrape sources" });
    await sources.getByText("Demo Retailer (WooCommerce variable product)").waitFor();
    await sources.getByText("Demo Retailer (Shopify product)").waitFor();

    await page.getByRole("button", { name: "Start Scraping" }).click();
    // The run waits in the queue; this test server runs no jobs, so the test is the worker.
    await page.getByRole("status").filter({ hasText: "queued, waiting for a worker" }).waitFor();
    const [run] = await getActiveScrapeRuns(admin.server.app.db);
    await executeScrapeRun(admin.server.app, run.id);
    await page
      .getByRole("status")
      .filter({ hasText: "Scraping completed successfully." })
      .waitFor({ timeout: 30_000 });

    const shop = demoShopItems();
    for (const [peptideSlug, sizes] of [
      ["tb-500", ["5mg", "10mg"]],
      ["ghk-cu", ["50mg", "100mg"]],
    ] as const) {
      await page.goto(`${admin.server.baseUrl}/peptide/${peptideSlug}`);
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
