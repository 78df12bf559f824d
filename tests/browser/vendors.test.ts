import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import * as t from "~/.server/db/schema";

import { newVerifiedContext } from "../helpers/browser";
import { PHONE, startPublicBrowser } from "../helpers/public-browser";

const site = startPublicBrowser();
const { url } = site;
const DESKTOP = { width: 1366, height: 900 };

/** Every demo vendor has public prices: slugs by rating, best first, ties by name. */
async function slugsByRating(): Promise<string[]> {
  const rows = await site.server.app.db
    .select({ slug: t.vendors.slug, name: t.vendors.name, rating: t.vendors.rating })
    .from(t.vendors);
  return rows
    .sort(
      (a, b) =>
        (b.rating ?? -1) - (a.rating ?? -1) ||
        a.name.toLowerCase().localeCompare(b.name.toLowerCase()),
    )
    .map((row) => row.slug);
}

const shownOrder = (page: Page, testId: "vendors-row" | "vendors-card") =>
  page
    .getByTestId(testId)
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-vendor")));

describe("/vendors", () => {
  it("is reached from the header, and sorts by a column header by mouse and keyboard", async () => {
    const page = await site.openPage("/", { viewport: DESKTOP });
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Vendors" })
      .click();
    await page.waitForURL(url("/vendors"));
    await page.getByRole("heading", { level: 1, name: "Vendors" }).waitFor();
    expect(await page.title()).toBe(
      "Peptide vendors: shipping, coupons and ratings · PeptidePrices",
    );

    await page.getByRole("columnheader", { name: "Rating" }).getByRole("link").click();
    await page.waitForURL(url("/vendors?sort=rating&dir=desc"));
    await expect.poll(() => shownOrder(page, "vendors-row")).toEqual(await slugsByRating());
    expect(await page.getByRole("columnheader", { name: "Rating" }).getAttribute("aria-sort")).toBe(
      "descending",
    );

    // Keyboard: the next header's link takes the focus and Enter sorts by it.
    const offers = page.getByRole("columnheader", { name: "Offers" }).getByRole("link");
    await offers.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(url("/vendors?sort=offers&dir=desc"));
    await expect
      .poll(() => page.getByRole("columnheader", { name: "Offers" }).getAttribute("aria-sort"))
      .toBe("descending");
    const counts = await page
      .getByTestId("vendors-row")
      .evaluateAll((rows) => rows.map((row) => Number(row.children[5]?.textContent)));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    await page.context().close();
  });

  it("shows cards on a 390 px phone without sideways scrolling, sortable there too", async () => {
    const page = await site.openPage("/vendors", { viewport: PHONE });
    expect(await page.getByTestId("vendors-table").isVisible()).toBe(false);
    expect(await page.getByTestId("vendors-card").first().isVisible()).toBe(true);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await page
      .getByRole("navigation", { name: "Sort vendors" })
      .getByRole("link", { name: "Rating" })
      .click();
    await page.waitForURL(url("/vendors?sort=rating&dir=desc"));
    await expect.poll(() => shownOrder(page, "vendors-card")).toEqual(await slugsByRating());
    // The header's link to the page fits the phone's header too.
    expect(
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Vendors" })
        .isVisible(),
    ).toBe(true);
    await page.context().close();
  });

  it("sorts without JavaScript", async () => {
    const context = await newVerifiedContext(site.browser, {
      viewport: DESKTOP,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(url("/vendors"));
    await page.getByRole("columnheader", { name: "Rating" }).getByRole("link").click();
    await page.waitForURL(url("/vendors?sort=rating&dir=desc"));
    expect(await shownOrder(page, "vendors-row")).toEqual(await slugsByRating());
    await context.close();
  });
});
