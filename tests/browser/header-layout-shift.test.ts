import type { BrowserContext, Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";

import { newVerifiedContext, waitForHydration } from "../helpers/browser";
import { PHONE, SETTLE, startPublicBrowser } from "../helpers/public-browser";

const site = startPublicBrowser();

const DESKTOP = { width: 1366, height: 900 };
const PAGES = ["/", "/peptide/bpc-157", "/compare"];

/**
 * Sums every layout shift of the document from navigation on, as Lighthouse's CLS does (shifts
 * right after an input excluded). The observer is buffered, so shifts before it is made count.
 */
function cumulativeLayoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as {
            value: number;
            hadRecentInput: boolean;
          }[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        // Buffered entries are delivered before the next frames render; a shift caused by
        // hydration's last commit is reported by the frame that paints it.
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve(total))));
      }),
  );
}

const applyButtons = (page: Page) =>
  page.getByRole("banner").getByRole("button", { name: /^Apply/, includeHidden: true });

describe.each([
  ["phone", PHONE],
  ["desktop", DESKTOP],
])("the header's no-JavaScript fallbacks on a %s", (_, viewport) => {
  it.each(PAGES)("%s does not shift from navigation through hydration", async (path) => {
    const context = await newVerifiedContext(site.browser, { viewport });
    const page = await context.newPage();
    await page.goto(site.url(path));
    await waitForHydration(page);
    // Both switchers render, so their fallbacks were in the server's HTML.
    await expect.poll(() => applyButtons(page).count()).toBe(2);
    expect(await cumulativeLayoutShift(page)).toBe(0);
    await context.close();
  });

  it("are hidden before any of the app's JavaScript has run", async () => {
    const context = await newVerifiedContext(site.browser, { viewport });
    const page = await context.newPage();
    // The app's modules are held back: the page paints from the server's HTML alone.
    const held: Route[] = [];
    await page.route(/\/assets\/.*\.js$/, (route) => void held.push(route));
    await page.goto(site.url("/"), { waitUntil: "commit" });
    await page.getByRole("banner").getByLabel("Ship to").waitFor(SETTLE);
    await expect.poll(() => held.length, SETTLE).toBeGreaterThan(0);
    expect(await applyButtons(page).count()).toBe(2);
    for (const button of await applyButtons(page).all())
      expect(await button.isVisible()).toBe(false);
    // Released, then unrouted: Playwright lets through any request the handler still held.
    await Promise.all(held.splice(0).map((route) => route.continue()));
    await page.unroute(/\/assets\/.*\.js$/);
    await waitForHydration(page);
    for (const button of await applyButtons(page).all())
      expect(await button.isVisible()).toBe(false);
    await context.close();
  });

  it("show and work without JavaScript", async () => {
    const context: BrowserContext = await newVerifiedContext(site.browser, {
      viewport,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(site.url("/compare"));
    const banner = page.getByRole("banner");
    expect(await banner.getByRole("button", { name: "Apply ship to" }).isVisible()).toBe(true);
    expect(await banner.getByRole("button", { name: "Apply display currency" }).isVisible()).toBe(
      true,
    );
    await banner.getByLabel("Display currency").selectOption("EUR");
    await banner.getByRole("button", { name: "Apply display currency" }).click();
    await page.waitForURL(site.url("/compare"));
    expect(await banner.getByLabel("Display currency").inputValue()).toBe("EUR");
    await context.close();
  });
});
