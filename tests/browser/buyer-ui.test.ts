import { describe, expect, it } from "vitest";

import { STACK_STORAGE_KEY } from "~/lib/stack-line";

import { newVerifiedContext, waitForHydration } from "../helpers/browser";
import { startPublicBrowser } from "../helpers/public-browser";

const site = startPublicBrowser();
const { url } = site;

describe("home page on a phone", () => {
  it("lists peptides as compact rows (name, lowest price, vendors) and fetches no card image", async () => {
    const page = await site.openPage("/", { viewport: { width: 390, height: 844 } });

    const rows = page.getByTestId("peptide-grid").getByTestId("peptide-card");
    expect(await rows.count()).toBeGreaterThan(10);
    const first = rows.first();
    expect(await first.getByRole("link").first().isVisible()).toBe(true);
    expect(await first.getByTestId("card-price").innerText()).toMatch(/\d/);
    expect(await first.getByTestId("card-vendors").innerText()).toMatch(/^\d+ vendors?$/);
    expect(await first.locator("img").isVisible()).toBe(false);
    expect(await first.getByRole("group").isVisible()).toBe(false);
    // A row, not a card: a dozen peptides fit on one screen.
    const heights = await rows.evaluateAll((elements) =>
      elements.slice(0, 12).map((element) => element.getBoundingClientRect().height),
    );
    for (const height of heights) expect(height).toBeLessThan(80);

    // No image is preloaded, and no card image was downloaded.
    expect(await page.locator('link[rel="preload"][as="image"]').count()).toBe(0);
    const cardImages = await page
      .locator("[data-testid=peptide-card] img")
      .evaluateAll((images) =>
        images.map((image) => new URL(image.getAttribute("src")!, location.href).pathname),
      );
    const downloaded = await page.evaluate(() =>
      performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname),
    );
    expect(downloaded.filter((path) => cardImages.includes(path))).toEqual([]);
    await page.context().close();
  });

  it("keeps the image cards from 640 px up", async () => {
    const context = await newVerifiedContext(site.browser, {
      viewport: { width: 1366, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(url("/"));
    const first = page.getByTestId("peptide-grid").getByTestId("peptide-card").first();
    expect(await first.locator("img").isVisible()).toBe(true);
    expect(await first.getByRole("group").isVisible()).toBe(true);
    await context.close();
  });
});

describe("add to stack from a detail page", () => {
  it("with all sizes shown asks for the size, and adds the one chosen", async () => {
    const page = await site.openPage("/peptide/bpc-157", {
      viewport: { width: 1366, height: 900 },
    });
    // No one-click link that would add whichever size comes first.
    expect(await page.getByTestId("add-to-stack").count()).toBe(0);
    const size = page.getByLabel("Size of BPC-157");
    const offered = await size.locator("option").allTextContents();
    expect(offered.length).toBeGreaterThan(1);
    const chosen = offered.at(-1)!;
    await size.selectOption(chosen);
    await page.getByRole("button", { name: "Add to stack: BPC-157" }).click();
    await page.getByText(`Added BPC-157 ${chosen} to your stack`).waitFor();
    const stored = await page.evaluate((key) => localStorage.getItem(key), STACK_STORAGE_KEY);
    expect(JSON.parse(stored!)).toEqual([{ peptide: "bpc-157", size: chosen, quantity: 1 }]);

    // With one size chosen, the button adds that size at once.
    await page.goto(url(`/peptide/bpc-157?size=${offered[0]}`));
    await waitForHydration(page);
    expect(await page.getByLabel("Size of BPC-157").count()).toBe(0);
    expect(await page.getByTestId("add-to-stack").getAttribute("aria-label")).toBe(
      `Add to stack: BPC-157 ${offered[0]}`,
    );
    await page.context().close();
  });
});
