import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { waitForHydration, newVerifiedContext } from "../helpers/browser";
import { PHONE, startPublicBrowser } from "../helpers/public-browser";

/** Issue 32 Must 7: the detail page's price table reads at a glance. */
const site = startPublicBrowser();
const DESKTOP = { width: 1366, height: 900 };

async function detailPage(viewport: { width: number; height: number }, currency?: string) {
  const context = await newVerifiedContext(site.browser, { viewport });
  if (currency) {
    await context.addCookies([{ name: "display_currency", value: currency, url: site.url("/") }]);
  }
  const page = await context.newPage();
  await page.goto(site.url("/peptide/bpc-157"));
  await waitForHydration(page);
  return page;
}

/** Each row's size, under the heading it follows: "heading|row size" pairs in table order. */
function rowsUnderHeadings(page: Page) {
  return page.getByTestId("price-table").evaluate((table) => {
    let heading = "";
    const pairs: { heading: string; size: string }[] = [];
    for (const row of table.querySelectorAll("tbody tr")) {
      if (row.matches("[data-testid=size-group]")) heading = row.textContent!.trim();
      else if (row.matches("[data-testid=price-row]")) {
        const sizeCell = [...row.querySelectorAll("td")].find(
          (cell) => cell.getAttribute("data-label") === "Size",
        );
        pairs.push({ heading, size: sizeCell?.textContent?.trim() ?? "" });
      }
    }
    return pairs;
  });
}

describe("the detail page's price table", () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`shows purity and source on each row and a heading per size in All at ${viewport.width} px`, async () => {
      const page = await detailPage(viewport);
      const firstRow = page.getByTestId("price-row").first();
      const purity = firstRow.getByTestId("purity-source");
      expect(await purity.isVisible()).toBe(true);
      expect(await purity.textContent()).toMatch(/(Scraped|Manual)$/);

      const pairs = await rowsUnderHeadings(page);
      const headings = new Set(pairs.map((pair) => pair.heading));
      expect(headings.size).toBeGreaterThan(1);
      for (const { heading, size } of pairs) expect(size.startsWith(heading)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await page.context().close();
    });
  }

  it("keeps 'updated … ago' on one line at 1366 px", async () => {
    const page = await detailPage(DESKTOP);
    const heights = await page
      .getByTestId("price-table")
      .locator("tbody time")
      .evaluateAll((times) =>
        times.map((time) => {
          const lineHeight = parseFloat(getComputedStyle(time).lineHeight);
          return time.getBoundingClientRect().height / lineHeight;
        }),
      );
    expect(heights.length).toBeGreaterThan(0);
    for (const lines of heights) expect(lines).toBeLessThan(1.5);
    await page.context().close();
  });

  it("shows the Price column in the display currency, the listed price on hover", async () => {
    const page = await detailPage(DESKTOP, "EUR");
    const price = page.getByTestId("price-row").first().getByTestId("price");
    expect(await price.textContent()).toMatch(/^≈ €/);
    expect(await price.getAttribute("title")).toMatch(/^from \$\d/);
    await page.context().close();
  });
});
