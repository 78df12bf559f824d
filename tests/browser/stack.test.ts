import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { newVerifiedContext, waitForHydration } from "../helpers/browser";
import { SETTLE, startPublicBrowser } from "../helpers/public-browser";

const site = startPublicBrowser();
const { url } = site;

const FOUR_ITEMS = [
  { path: "/peptide/bpc-157?size=10mg", label: "BPC-157 10mg" },
  { path: "/peptide/tb-500?size=5mg", label: "TB-500 5mg" },
  { path: "/peptide/ipamorelin?size=2mg", label: "Ipamorelin 2mg" },
  { path: "/peptide/epitalon?size=10mg", label: "Epitalon 10mg" },
];

/** "$1,234.56" → 123456. */
function cents(text: string): number {
  return Math.round(Number(text.replace(/[^0-9.]/g, "")) * 100);
}

async function totals(page: Page) {
  const total = cents(await page.getByTestId("stack-total").innerText());
  const baskets = await page.getByTestId("stack-basket-total").allInnerTexts();
  return { total, baskets: baskets.map(cents) };
}

describe("stack optimizer", () => {
  it("a stack of four items shows the optimizer's total and the baskets add up to it", async () => {
    const context = await newVerifiedContext(site.browser);
    const page = await context.newPage();
    for (const item of FOUR_ITEMS) {
      await page.goto(url(item.path));
      await waitForHydration(page);
      await page.getByRole("link", { name: `Add to stack: ${item.label}` }).click();
      await page.getByText(`Added ${item.label} to your stack`).waitFor(SETTLE);
    }
    expect(await page.getByTestId("stack-count").innerText()).toBe("4");

    // /stack shows the stack kept in this browser, under its shareable URL.
    await page.goto(url("/stack"));
    await page.waitForURL(/\/stack\?items=/, SETTLE);
    await page.getByTestId("stack-total").waitFor(SETTLE);
    expect(await page.getByTestId("stack-line").count()).toBe(4);

    const shown = await totals(page);
    expect(shown.baskets.length).toBeGreaterThan(0);
    expect(shown.baskets.reduce((sum, basket) => sum + basket, 0)).toBe(shown.total);

    // The same total as the API's optimizer for this stack.
    const items = new URL(page.url()).searchParams
      .get("items")!
      .split(",")
      .map((item) => {
        const [peptide, size, quantity] = item.split(":");
        return { peptide, size, quantity: Number(quantity) };
      });
    const api = await site.server.fetch("/api/v1/stack", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ items }),
    });
    expect(cents(String(((await api.json()) as { total: number }).total))).toBe(shown.total);
    expect(await page.getByTestId("stack-basket").locator("a", { hasText: "Buy" }).count()).toBe(4);

    // A changed quantity is optimized again, and the baskets still add up.
    await waitForHydration(page);
    await page.getByLabel("Quantity").first().fill("3");
    const shownTotal = await page.getByTestId("stack-total").textContent();
    await page.getByRole("button", { name: "Update quantities" }).click();
    await page.waitForURL(/bpc-157:10mg:3/, SETTLE);
    // The address changes as the new quote starts to render: wait for the total it brings.
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="stack-total"]')?.textContent !== before,
      shownTotal,
      SETTLE,
    );
    const changed = await totals(page);
    expect(changed.total).toBeGreaterThan(shown.total);
    expect(changed.baskets.reduce((sum, basket) => sum + basket, 0)).toBe(changed.total);
    await context.close();
  });

  it("fits a 390 px phone: no sideways scrolling, the total and a Buy link on screen", async () => {
    const context = await newVerifiedContext(site.browser, {
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto(
      url("/stack?items=bpc-157:10mg:2,tb-500:5mg:1,ipamorelin:2mg:1,epitalon:10mg:1"),
    );
    await page.getByTestId("stack-total").waitFor(SETTLE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    const buy = page.getByTestId("stack-basket").first().locator("a", { hasText: "Buy" }).first();
    await buy.scrollIntoViewIfNeeded();
    const box = await buy.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await context.close();
  });
});
