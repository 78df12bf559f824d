/**
 * The search results page lists its peptides in the one offer table of the detail, compare and
 * vendor pages (issue 22): a table from 640 px, a card per result below, never wider than the
 * screen, each result's peptide link and Buy reachable from the keyboard.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { PHONE, SETTLE, startPublicBrowser } from "../helpers/public-browser";

const site = startPublicBrowser();

const DESKTOP = { width: 1366, height: 900 };
const RESULTS = '[data-testid="search-results"]';
const ROW = `${RESULTS} [data-testid="search-result"]`;

/** How far the page reaches past the right edge of the window (0 when nothing sticks out). */
function overflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe("search results are the offer table", () => {
  it("at 1366 px: a table with the search page's columns, fitting its box and the page", async () => {
    const page = await site.openPage("/search?q=glp", { viewport: DESKTOP });
    const table = page.locator(RESULTS);
    expect(await table.evaluate((element) => element.tagName)).toBe("TABLE");
    expect(await table.locator("thead").isVisible()).toBe(true);
    expect(
      await table.locator("thead th").evaluateAll((cells) => cells.map((c) => c.textContent)),
    ).toEqual(["Peptide", "Size", "Vendor", "Total", "Vendors", "Actions"]);
    const rows = page.locator(ROW);
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    expect(await rows.first().evaluate((row) => getComputedStyle(row).display)).toBe("table-row");
    const [tableWidth, boxWidth] = await table.evaluate((element) => [
      element.scrollWidth,
      element.parentElement!.clientWidth,
    ]);
    expect(tableWidth).toBeLessThanOrEqual(boxWidth);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // Relevance order, not price order: the results sort by nothing the visitor did not ask for.
    expect(await table.locator("thead button").count()).toBe(0);
    await page.context().close();
  });

  it("at 390 px: a card per result with its peptide, total and Buy on screen, no sideways scroll", async () => {
    const page = await site.openPage("/search?q=glp", { viewport: PHONE });
    expect(await page.locator(`${RESULTS} thead`).isVisible()).toBe(false);
    const cards = page.locator(ROW);
    expect(await cards.count()).toBeGreaterThanOrEqual(2);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    for (let i = 0; i < 2; i++) {
      const card = cards.nth(i);
      expect(await card.evaluate((row) => getComputedStyle(row).display)).toBe("grid");
      await card.scrollIntoViewIfNeeded();
      for (const part of [
        card.locator('a[href^="/peptide/"]'),
        card.getByTestId("total"),
        card.getByTestId("buy"),
      ]) {
        expect(await part.isVisible()).toBe(true);
        const box = (await part.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      }
    }
    await page.context().close();
  });

  it("reaches a result's peptide link and Buy with Tab, and Enter on the peptide opens its page", async () => {
    const page = await site.openPage("/search?q=bpc157", { viewport: DESKTOP });
    const first = page.locator(ROW).first();
    const peptideLink = first.locator('td:first-child a[href^="/peptide/"]');
    const href = await peptideLink.getAttribute("href");
    expect(href).toBe("/peptide/bpc-157");
    const focused = (locator: typeof peptideLink) =>
      locator.evaluate((element) => element === document.activeElement);
    /** Presses Tab until `locator` has the focus; false after `limit` presses. */
    async function tabTo(locator: typeof peptideLink, limit: number) {
      for (let i = 0; i < limit; i++) {
        await page.keyboard.press("Tab");
        if (await focused(locator)) return true;
      }
      return false;
    }
    await page.locator("main h1").click();
    expect(await tabTo(peptideLink, 40)).toBe(true);
    // Then the row's vendor, then Buy: no trap, nothing out of reach in between.
    expect(await tabTo(first.getByTestId("buy"), 4)).toBe(true);
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    expect(await focused(peptideLink)).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForURL(site.url("/peptide/bpc-157"), SETTLE);
    await page.context().close();
  });
});
