import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { newVerifiedContext } from "../helpers/browser";
import { SETTLE, startPublicBrowser } from "../helpers/public-browser";

const site = startPublicBrowser();
const { url } = site;
const PRICE = /\$\d+\.\d\d/;
const DATE = /[A-Z][a-z]{2} \d{1,2}, \d{4}/;

const openDetail = (path = "/peptide/bpc-157") => site.openPage(path);

const rangeLink = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "History range" }).getByRole("link", { name });

describe("price history", () => {
  it("speaks the table's price: the current price after coupon is one the offer table shows", async () => {
    const page = await openDetail();
    const current = (await page.getByTestId("history-current").textContent()) ?? "";
    const price = PRICE.exec(current)![0];
    // The chart shows the first size; its offers are in the table with every size.
    const table = page.locator("table").filter({ hasText: "Vendor" }).first();
    expect(await table.textContent()).toContain(price);
    // With a coupon in the demo data, the price before it is drawn as a second, dashed line.
    await page.locator('[data-testid="price-history-before-coupon"]:visible').first().waitFor();
    await page.getByTestId("history-before-coupon-toggle").uncheck();
    await page.locator('[data-testid="price-history-before-coupon"]').first().waitFor({
      state: "detached",
    });
    await page.context().close();
  });

  it("switches range through the URL, and the table follows", async () => {
    const page = await openDetail();
    expect(await rangeLink(page, "90 days").getAttribute("aria-current")).toBe("true");
    await page.getByText("Price history as a table").click();
    const table = page.getByTestId("price-history-table");
    await table.waitFor();
    const rowsIn90 = await table.locator("tbody tr").count();

    await rangeLink(page, "30 days").click();
    await page.waitForURL(/[?&]range=30d/, SETTLE);
    await page.waitForFunction(
      () =>
        document.querySelector('nav[aria-label="History range"] a[aria-current="true"]')
          ?.textContent === "30 days",
      undefined,
      SETTLE,
    );
    expect(await table.locator("caption").textContent()).toContain("30 days");
    expect(await table.locator("tbody tr").count()).toBeLessThan(rowsIn90);
    // Lowest, highest and current each say which price they are and name it, a vendor and a date.
    for (const id of ["history-lowest", "history-highest", "history-current"]) {
      const text = (await page.getByTestId(id).textContent()) ?? "";
      expect(text).toContain("(after coupon)");
      expect(text).toMatch(PRICE);
      expect(text).toMatch(DATE);
    }
    await page.context().close();
  });

  it("works without JavaScript: the range links are plain links, the table a link away", async () => {
    const context = await newVerifiedContext(site.browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(url("/peptide/bpc-157"));
    await rangeLink(page, "All").click();
    await page.waitForURL(/[?&]range=all/, SETTLE);
    expect(await rangeLink(page, "All").getAttribute("aria-current")).toBe("true");

    await page.getByText("Price history as a table").click();
    await page.getByRole("link", { name: /^Show the \d+ prices as a table$/ }).click();
    await page.waitForURL(/[?&]history=table/, SETTLE);
    const table = page.getByRole("table", { name: /Prices of BPC-157/ });
    await table.waitFor({ state: "visible" });
    expect(await table.locator("caption").textContent()).toMatch(
      /after each vendor's current coupon, all:/,
    );
    expect(await table.locator("tbody tr").count()).toBeGreaterThan(1);
    await context.close();
  });

  it("shows a tooltip with date, vendor and price on hover", async () => {
    const page = await openDetail();
    const svg = page.locator('[data-testid="price-history-svg"]:visible');
    await svg.scrollIntoViewIfNeeded();
    const box = (await svg.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 3 });
    const tooltip = page.locator('[data-testid="price-history-tooltip"]:visible');
    await tooltip.waitFor(SETTLE);
    const text = (await tooltip.textContent()) ?? "";
    expect(text).toMatch(PRICE);
    expect(text).toMatch(DATE);
    const vendors = await page.locator("figcaption li").allTextContents();
    expect(vendors.some((vendor) => text.includes(vendor.trim()))).toBe(true);
    await page.mouse.move(0, 0);
    await tooltip.waitFor({ state: "detached" });
    await page.context().close();
  });

  it("shows the tooltip on a tap on a phone", async () => {
    const page = await site.openPage("/peptide/bpc-157", {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const svg = page.locator('[data-testid="price-history-svg"]:visible');
    await svg.scrollIntoViewIfNeeded();
    const box = (await svg.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width * 0.6, box.y + box.height * 0.5);
    const tooltip = page.locator('[data-testid="price-history-tooltip"]:visible');
    await tooltip.waitFor(SETTLE);
    expect(await tooltip.textContent()).toMatch(PRICE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.context().close();
  });

  it("steps through the prices with the arrow keys and says each one", async () => {
    const page = await openDetail();
    const chart = page.getByRole("group", { name: /Price history chart/ });
    await chart.focus();
    const said = page.locator(
      `#${await chart.getAttribute("aria-describedby")}`.replace(/:/g, "\\:"),
    );
    await page.locator('[data-testid="price-history-tooltip"]:visible').waitFor();
    const last = (await said.textContent()) ?? "";
    expect(last).toMatch(PRICE);
    await page.keyboard.press("Home");
    const first = (await said.textContent()) ?? "";
    expect(first).not.toBe(last);
    await page.keyboard.press("ArrowRight");
    expect(await said.textContent()).not.toBe(first);
    await page.keyboard.press("ArrowLeft");
    expect(await said.textContent()).toBe(first);
    await page.keyboard.press("Escape");
    await page.locator('[data-testid="price-history-tooltip"]').waitFor({ state: "detached" });
    await page.context().close();
  });

  it("has a table behind the chart with a caption and headers", async () => {
    const page = await openDetail();
    await page.getByText("Price history as a table").click();
    const table = page.getByRole("table", { name: /Prices of BPC-157/ });
    await table.waitFor({ state: "visible" });
    const headers = await table.getByRole("columnheader").allTextContents();
    expect(headers.slice(0, 3)).toEqual(["Date", "Vendor", "Price"]);
    const firstRow = table.locator("tbody tr").first();
    expect(await firstRow.getByRole("rowheader").textContent()).toMatch(DATE);
    expect(await firstRow.locator("td").last().textContent()).toMatch(PRICE);
    await page.context().close();
  });
});
