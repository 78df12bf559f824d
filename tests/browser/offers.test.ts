import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { DISPLAY_CURRENCY_COOKIE } from "~/lib/money";

import { newVerifiedContext, waitForHydration } from "../helpers/browser";
import { PHONE, SETTLE, startPublicBrowser } from "../helpers/public-browser";

const site = startPublicBrowser();
const { url } = site;

/** Whether an element's box lies wholly inside the page's width (no sideways scrolling to reach it). */
async function insideViewportWidth(page: Page, selector: string, index: number) {
  const box = await page.locator(selector).nth(index).boundingBox();
  expect(box).not.toBeNull();
  return box!.x >= 0 && box!.x + box!.width <= PHONE.width;
}

describe("the header on a 390 px phone", () => {
  it("fits without JavaScript too, where the Ship to and currency choices show their Apply buttons", async () => {
    const context = await newVerifiedContext(site.browser, {
      viewport: PHONE,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    for (const path of ["/", "/peptide/tb-500", "/stack"]) {
      await page.goto(url(path));
      await page.getByRole("button", { name: "Apply ship to" }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
    }
    await context.close();
  });
});

describe("offers on a 390 px phone", () => {
  for (const path of ["/peptide/tb-500", "/compare?peptide=bpc-157"]) {
    it(`${path}: the landed total and Buy of the first three offers are on screen`, async () => {
      const context = await newVerifiedContext(site.browser, { viewport: PHONE });
      const page = await context.newPage();
      await page.goto(url(path));
      // One rendering of the offers: below 640 px the table's rows are cards, its header row hidden.
      const row = path.startsWith("/compare") ? "compare-row" : "price-row";
      const cards = page.getByTestId(row);
      await cards.first().waitFor({ state: "visible" });
      expect(await page.locator('[data-testid="offer-card"]').count()).toBe(0);
      expect(await page.locator(".offer-table thead").isVisible()).toBe(false);
      expect(await cards.first().evaluate((card) => getComputedStyle(card).display)).toBe("grid");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      expect(await cards.count()).toBeGreaterThanOrEqual(3);
      for (let i = 0; i < 3; i++) {
        const card = cards.nth(i);
        const price = card.getByTestId("total");
        const buy = card.getByTestId("buy");
        await card.scrollIntoViewIfNeeded();
        expect(await price.isVisible()).toBe(true);
        expect(await buy.isVisible()).toBe(true);
        expect(
          await insideViewportWidth(page, `[data-testid="${row}"] [data-testid="total"]`, i),
        ).toBe(true);
        expect(
          await insideViewportWidth(page, `[data-testid="${row}"] [data-testid="buy"]`, i),
        ).toBe(true);
      }
      // Above the fold without scrolling: the first card's price and Buy lie inside 390 × 844.
      await page.evaluate(() => window.scrollTo(0, 0));
      await cards.first().scrollIntoViewIfNeeded();
      const first = await cards.first().getByTestId("buy").boundingBox();
      expect(first!.y + first!.height).toBeLessThanOrEqual(PHONE.height);
      await context.close();
    });
  }

  it("the sort control above the cards reorders them and lands in the URL", async () => {
    const page = await site.openPage("/peptide/bpc-157", { viewport: PHONE });
    await page.getByLabel("Sort by").selectOption({ label: "Vendor: A to Z" });
    await page.waitForURL((u) => u.searchParams.get("sort") === "vendor");
    const buyable = page.locator('[data-testid="price-row"][data-buyable="true"]');
    const names = () =>
      buyable.evaluateAll((cards) =>
        cards.map((card) => ({
          size: card.getAttribute("data-size"),
          name: card.querySelector('[data-testid="vendor-link"]')?.textContent ?? "",
        })),
      );
    // The URL changes as the navigation starts; the cards follow when it commits. "All" shows
    // a group per size, each sorted.
    await expect
      .poll(async () => {
        const shown = await names();
        return (
          shown.length > 2 &&
          shown.every(
            (card, i) =>
              i === 0 || shown[i - 1].size !== card.size || shown[i - 1].name <= card.name,
          )
        );
      }, SETTLE)
      .toBe(true);
    await page.context().close();
  });
});

describe("the visitor's display currency", () => {
  const firstRow = (page: Page) => page.getByTestId("price-row").first();

  it("the header switcher shows converted prices with their origin", async () => {
    const context = await newVerifiedContext(site.browser);
    const page = await context.newPage();
    await page.goto(url("/peptide/bpc-157"));
    expect(await firstRow(page).getByTestId("price-after-coupon").textContent()).toMatch(
      /^\$\d+\.\d{2}$/,
    );
    await waitForHydration(page);
    await page.getByRole("banner").getByLabel("Display currency").selectOption("EUR");
    await expect
      .poll(() => firstRow(page).getByTestId("price-after-coupon").textContent(), SETTLE)
      .toMatch(/^≈ €\d+\.\d{2}$/);
    expect(await firstRow(page).getByTestId("converted-from").textContent()).toMatch(
      /^ · from \$\d+\.\d{2}$/,
    );
    expect((await context.cookies()).find((c) => c.name === DISPLAY_CURRENCY_COOKIE)?.value).toBe(
      "EUR",
    );
    await context.close();
  });

  it("a display_currency cookie alone converts the home cards", async () => {
    const context = await newVerifiedContext(site.browser);
    await context.addCookies([
      { name: DISPLAY_CURRENCY_COOKIE, value: "GBP", url: site.server.baseUrl },
    ]);
    const page = await context.newPage();
    await page.goto(url("/"));
    const price = page.getByTestId("peptide-grid").getByTestId("card-price").first();
    expect(await price.textContent()).toMatch(/^≈ £\d+\.\d{2}$/);
    expect(
      await page.getByTestId("peptide-grid").getByTestId("card-details").first().textContent(),
    ).toMatch(/^from \$\d+\.\d{2} · /);
    await context.close();
  });
});

describe("the detail page keeps its view in the URL", () => {
  it("size, sort and stock switch survive Back, Forward and a shared link", async () => {
    const page = await site.openPage("/peptide/bpc-157");
    const sizes = page.getByRole("navigation", { name: "Size" });
    await sizes.getByRole("link", { name: "10mg" }).click();
    await expect
      .poll(() => sizes.getByRole("link", { name: "10mg" }).getAttribute("aria-current"), SETTLE)
      .toBe("true");
    // Total (landed) is the default order; another column's sort lands in the URL.
    const header = page.getByRole("columnheader", { name: /^Per mg, delivered$/ });
    await header.getByRole("button").click();
    await expect.poll(() => header.getAttribute("aria-sort"), SETTLE).toBe("ascending");
    expect(new URL(page.url()).searchParams.get("sort")).toBe("perMg");
    await page.getByRole("switch", { name: "In stock only" }).click();
    await page.waitForURL(/stock=in/);
    await expect
      .poll(() => page.locator('[data-testid="price-row"][data-buyable="false"]').count(), SETTLE)
      .toBe(0);
    const shared = page.url();
    expect(await page.getByTestId("price-row").count()).toBeGreaterThan(0);
    const labels = await page
      .getByTestId("price-row")
      .evaluateAll((rows) => rows.map((row) => row.querySelectorAll("td")[1]?.textContent));
    expect(new Set(labels)).toEqual(new Set(["10mg"]));

    // Back and Forward change the URL first; the page follows when the navigation commits.
    await page.goBack();
    await expect
      .poll(
        () => page.getByRole("switch", { name: "In stock only" }).getAttribute("aria-checked"),
        SETTLE,
      )
      .toBe("false");
    expect(new URL(page.url()).searchParams.has("stock")).toBe(false);
    await page.goBack();
    await expect.poll(() => header.getAttribute("aria-sort"), SETTLE).toBe("none");
    expect(new URL(page.url()).searchParams.get("size")).toBe("10mg");
    await page.goForward();
    await expect.poll(() => header.getAttribute("aria-sort"), SETTLE).toBe("ascending");

    const other = await page.context().newPage();
    await other.goto(shared);
    expect(
      await other
        .getByRole("columnheader", { name: /^Per mg, delivered$/ })
        .getAttribute("aria-sort"),
    ).toBe("ascending");
    expect(
      await other
        .getByRole("navigation", { name: "Size" })
        .getByRole("link", { name: "10mg" })
        .getAttribute("aria-current"),
    ).toBe("true");
    expect(await other.locator('[data-testid="price-row"][data-buyable="false"]').count()).toBe(0);
    await page.context().close();
  });
});

describe("offer rows a buyer can scan (issue 18 Must 9)", () => {
  it("at 1366 px the offer tables fit their box, no column cut off", async () => {
    const context = await newVerifiedContext(site.browser, {
      viewport: { width: 1366, height: 900 },
    });
    const page = await context.newPage();
    for (const path of [
      "/peptide/bpc-157",
      "/compare?peptide=bpc-157",
      "/vendor/apex-peptide-labs",
    ]) {
      await page.goto(url(path));
      const [tableWidth, boxWidth] = await page
        .locator(".offer-table")
        .evaluate((table) => [table.scrollWidth, table.parentElement!.clientWidth]);
      expect(tableWidth, path).toBeLessThanOrEqual(boxWidth);
    }
    await context.close();
  });

  it("an out-of-stock row has no Buy, only a quiet 'View at vendor'", async () => {
    const context = await newVerifiedContext(site.browser);
    const page = await context.newPage();
    await page.goto(url("/peptide/tb-500"));
    const unavailable = page.locator('[data-testid="price-row"][data-buyable="false"]');
    expect(await unavailable.count()).toBeGreaterThan(0);
    expect(await unavailable.getByTestId("buy").count()).toBe(0);
    expect(await unavailable.getByTestId("view-at-vendor").count()).toBe(await unavailable.count());
    await context.close();
  });

  it("on a phone an offer card takes about a third of the screen, the rest behind Details", async () => {
    const page = await site.openPage("/peptide/bpc-157", { viewport: PHONE });
    const card = page.getByTestId("price-row").first();
    const height = (await card.boundingBox())!.height;
    expect(height).toBeLessThanOrEqual(PHONE.height / 3);
    expect(await card.getByTestId("price-after-coupon").isVisible()).toBe(false);
    await card.locator("summary").click();
    await expect.poll(() => card.getByTestId("price-after-coupon").isVisible(), SETTLE).toBe(true);
    await page.context().close();
  });
});
