import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { getHomePageData } from "~/.server/data/listings/home.server";
import { AGE_CONFIRMATION_MS, AGE_VERIFIED_KEY } from "~/lib/constants";
import { formatPrice } from "~/lib/format";
import { EMPTY_HOME_FILTERS } from "~/lib/home-filters";

import { expectConsoleError, newVerifiedContext, waitForHydration } from "../helpers/browser";
import { startPublicBrowser } from "../helpers/public-browser";

const site = startPublicBrowser();
const { url } = site;

/**
 * Clicks a toggle until it reports pressed: a click that lands before hydration does
 * nothing, and pressing an already pressed toggle changes nothing, so retrying is safe.
 */
async function pressUntilOn(toggle: Locator) {
  await expect
    .poll(async () => {
      await toggle.click();
      return toggle.getAttribute("aria-pressed");
    })
    .toBe("true");
}

const mainGrid = (page: Page) => page.getByTestId("peptide-grid");

describe("age gate", () => {
  it("blocks a new visitor over the server-rendered page until confirmed, and remembers it for 30 days", async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.goto(url("/"));
    const gate = page.getByRole("alertdialog");
    await gate.waitFor({ state: "visible" });
    await expect.poll(() => gate.getByRole("button", { name: "I Confirm" }).isVisible()).toBe(true);
    expect(await gate.getByRole("button", { name: "Exit" }).isVisible()).toBe(true);
    // The gate is in the server's HTML: a click before hydration would be lost.
    await waitForHydration(page);
    // The page itself is rendered under the modal, not replaced by it.
    expect(await page.getByRole("heading", { name: "Featured Peptides" }).count()).toBe(1);
    expect(await mainGrid(page).locator("article").count()).toBeGreaterThan(0);

    const before = Date.now();
    await gate.getByRole("button", { name: "I Confirm" }).click();
    await gate.waitFor({ state: "hidden" });
    const stored = Number(
      await page.evaluate((key) => localStorage.getItem(key), AGE_VERIFIED_KEY),
    );
    expect(stored).toBeGreaterThanOrEqual(before + AGE_CONFIRMATION_MS);
    expect(stored).toBeLessThanOrEqual(Date.now() + AGE_CONFIRMATION_MS);

    await page.reload();
    // Once a toggle responds the page is hydrated, so the gate would have shown by now.
    await pressUntilOn(
      mainGrid(page).locator('article[aria-label="BPC-157"]').getByRole("button", { name: "10mg" }),
    );
    expect(await gate.count()).toBe(0);

    await page.evaluate(
      (key) => localStorage.setItem(key, String(Date.now() - 1000)),
      AGE_VERIFIED_KEY,
    );
    await page.reload();
    await gate.waitFor({ state: "visible" });
    // The gate removes the stale entry when it reads storage, as hydration reaches it.
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key), AGE_VERIFIED_KEY), {
        timeout: 15_000,
      })
      .toBeNull();
    expect(await gate.isVisible()).toBe(true);
    await context.close();
  });

  /** A page whose scripts never load: what the server's HTML shows before hydration. */
  async function openWithoutHydration(context: BrowserContext, path: string) {
    expectConsoleError(/Failed to load resource/);
    const page = await context.newPage();
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(url(path));
    expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);
    return page;
  }

  it("paints with the server's HTML for a new visitor, not on hydration", async () => {
    const context = await site.browser.newContext();
    const page = await openWithoutHydration(context, "/compare");
    const gate = page.getByRole("alertdialog", { name: "Age Verification" });
    expect(await gate.isVisible()).toBe(true);
    expect(await gate.getByText("at least 21 years old").isVisible()).toBe(true);
    // Modal from the first paint: the page behind is inert and still, the gate has the focus.
    await expect
      .poll(() =>
        page.evaluate(() => ({
          headerInert: document.querySelector("header")?.closest("[inert]") !== null,
          mainInert: document.querySelector("main")?.closest("[inert]") !== null,
          overflow: getComputedStyle(document.documentElement).overflow,
          focused: document.activeElement?.textContent,
        })),
      )
      .toEqual({ headerInert: true, mainInert: true, overflow: "hidden", focused: "I Confirm" });
    await context.close();
  });

  it("stays hidden before hydration for a visitor verified on this device, and without JavaScript", async () => {
    const verified = await newVerifiedContext(site.browser);
    const page = await openWithoutHydration(verified, "/compare");
    expect(await page.locator("[data-age-gate]").count()).toBe(1);
    expect(await page.getByRole("alertdialog").isVisible()).toBe(false);
    expect(await page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.querySelector("[inert]") === null)).toBe(true);
    await verified.close();

    // Nobody could confirm without JavaScript: such a visitor browses as before the gate.
    const noScript = await site.browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(url("/compare"));
    expect(await plain.getByRole("alertdialog").isVisible()).toBe(false);
    expect(await plain.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
    await noScript.close();
  });
});

describe("home page", () => {
  it("narrows the cards to a category and puts it in the URL", async () => {
    const context = await newVerifiedContext(site.browser);
    const page = await context.newPage();
    await page.goto(url("/"));
    const allCount = await mainGrid(page).locator("article").count();
    await page
      .getByRole("navigation", { name: "Categories" })
      .getByRole("link", { name: "Metabolic" })
      .click();
    await page.waitForURL(/\?category=metabolic$/);
    await expect
      .poll(async () => (await mainGrid(page).locator("article").allInnerTexts()).length)
      .toBe(3);
    const names = await mainGrid(page)
      .locator("article")
      .evaluateAll((cards) => cards.map((card) => card.getAttribute("aria-label")));
    expect(names.sort()).toEqual(["AOD-9604", "Semaglutide", "Tirzepatide"]);
    expect(allCount).toBeGreaterThan(3);
    await context.close();
  });

  it("switching a card's size shows that size's lowest price in place", async () => {
    const home = await getHomePageData(site.server.app.db, {
      categorySlug: null,
      page: 1,
      filters: EMPTY_HOME_FILTERS,
    });
    const bpc = home.peptides.find((p) => p.slug === "bpc-157")!;
    const [five, ten] = bpc.sizes;
    expect(five.lowestPrice).not.toBe(ten.lowestPrice);

    const context = await newVerifiedContext(site.browser);
    const page = await context.newPage();
    await page.goto(url("/"));
    const card = mainGrid(page).locator('article[aria-label="BPC-157"]');
    const price = card.getByTestId("card-price");
    expect(await price.textContent()).toBe(formatPrice(five.lowestPrice!, five.currency));
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await pressUntilOn(card.getByRole("button", { name: ten.label }));
    expect(await price.textContent()).toBe(formatPrice(ten.lowestPrice!, ten.currency));
    expect(await card.getByTestId("card-vendors").textContent()).toBe(`${ten.vendorCount} vendors`);
    // No loader request: the price of every size came with the page.
    expect(requests.filter((r) => new URL(r).pathname.endsWith(".data"))).toEqual([]);
    await context.close();
  });

  it("opens a card's page from anywhere on the card: one link, one tab stop", async () => {
    const page = await site.openPage("/");
    const card = mainGrid(page).locator('article[aria-label="BPC-157"]');
    expect(await card.getByRole("link").count()).toBe(1);
    // The top left corner: the picture, not the name.
    await card.click({ position: { x: 12, y: 12 } });
    await page.waitForURL(/\/peptide\/bpc-157$/);
    await page.context().close();
  });
});

describe("peptide detail", () => {
  it("sorts the price table by Price ascending, then descending", async () => {
    const context = await newVerifiedContext(site.browser);
    const page = await context.newPage();
    await page.goto(url("/peptide/bpc-157"));

    const header = page.getByRole("columnheader", { name: /^Price$/ });
    await waitForHydration(page);
    await header.getByRole("button").click();
    // The sort goes into the URL; the table follows once that navigation commits.
    await expect
      .poll(() => header.getAttribute("aria-sort"), { timeout: 15_000 })
      .toBe("ascending");
    // "All" shows a group per size: each group's buyable offers are in price order, the
    // out-of-stock and stale ones below them in both directions.
    const bySize = async () => {
      const rows = await page.getByTestId("price-row").evaluateAll((cards) =>
        cards.map((card) => ({
          size: card.getAttribute("data-size") ?? "",
          buyable: card.getAttribute("data-buyable") === "true",
          price: Number(
            card.querySelector('[data-testid="price"]')?.textContent?.replace(/[^0-9.]/g, ""),
          ),
        })),
      );
      const groups = new Map<string, number[]>();
      for (const row of rows.filter((r) => r.buyable)) {
        groups.set(row.size, [...(groups.get(row.size) ?? []), row.price]);
      }
      // Within a size, no buyable offer comes after one that is not.
      const buyableFirst = rows.every(
        (row, i) =>
          !row.buyable ||
          rows.slice(0, i).every((above) => above.size !== row.size || above.buyable),
      );
      return { groups: [...groups.values()], buyableFirst };
    };
    const ascending = await bySize();
    expect(ascending.buyableFirst).toBe(true);
    expect(ascending.groups.some((group) => group.length > 2)).toBe(true);
    for (const group of ascending.groups) expect(group).toEqual([...group].sort((a, b) => a - b));

    await header.getByRole("button").click();
    await expect
      .poll(() => header.getAttribute("aria-sort"), { timeout: 15_000 })
      .toBe("descending");
    const descending = await bySize();
    expect(descending.buyableFirst).toBe(true);
    for (const group of descending.groups) expect(group).toEqual([...group].sort((a, b) => b - a));
    await context.close();
  });

  it("copies a coupon code to the clipboard and confirms with a toast", async () => {
    const context = await newVerifiedContext(site.browser, {
      permissions: ["clipboard-read", "clipboard-write"],
    });
    const page = await context.newPage();
    await page.goto(url("/peptide/bpc-157?size=5mg"));
    const copy = page
      .getByTestId("price-table")
      .getByRole("button", { name: /^Copy coupon code / })
      .first();
    const code = (await copy.getAttribute("aria-label"))!.replace("Copy coupon code ", "");
    await waitForHydration(page);
    await copy.click();
    await page.getByText("Coupon code copied!").waitFor({ state: "visible" });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await context.close();
  });
});
