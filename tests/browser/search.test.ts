import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { launchBrowser, newVerifiedContext, waitForHydration } from "../helpers/browser";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const url = (path: string) => new URL(path, server.baseUrl).toString();

async function openPage(path: string): Promise<Page> {
  const context = await newVerifiedContext(browser);
  const page = await context.newPage();
  await page.goto(url(path));
  // Public pages hydrate after their first paint; keys typed before that reach no handler.
  await waitForHydration(page);
  return page;
}

const combobox = (page: Page) => page.getByRole("combobox", { name: /search peptides/i });

/** Types into the box until its suggestions answer: keys typed before hydration are lost. */
async function typeUntilSuggested(page: Page, text: string) {
  const box = combobox(page);
  await expect
    .poll(async () => {
      await box.fill("");
      await box.pressSequentially(text);
      await page
        .getByRole("listbox", { name: "Suggestions" })
        .waitFor({ state: "visible", timeout: 2000 })
        .catch(() => {});
      return box.getAttribute("aria-expanded");
    })
    .toBe("true");
}

describe("header search", () => {
  it("suggests a misspelt peptide, moves through suggestions with the arrows and opens one with Enter", async () => {
    const page = await openPage("/catalog");
    await typeUntilSuggested(page, "semaglutid");
    const options = page.getByRole("listbox", { name: "Suggestions" }).getByRole("option");
    // The list may still show an earlier prefix's answer for a moment.
    await expect.poll(() => options.first().textContent()).toContain("Semaglutide");
    const box = combobox(page);
    expect(await box.getAttribute("aria-activedescendant")).toBeNull();

    await box.press("ArrowDown");
    const firstId = await options.first().getAttribute("id");
    expect(await box.getAttribute("aria-activedescendant")).toBe(firstId);
    expect(await options.first().getAttribute("aria-selected")).toBe("true");

    await box.press("Enter");
    await page.waitForURL(url("/peptide/semaglutide"));
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("Semaglutide");
  });

  it("focuses the search box on '/' and, on Enter without a pick, opens the results page", async () => {
    const page = await openPage("/");
    const box = combobox(page);
    await expect
      .poll(async () => {
        await page.locator("body").press("/");
        return box.evaluate((element) => element === document.activeElement);
      })
      .toBe(true);
    await box.pressSequentially("bpc157");
    await box.press("Enter");
    await page.waitForURL((address) => address.pathname === "/search");
    expect(new URL(page.url()).searchParams.get("q")).toBe("bpc157");
    await expect.poll(() => page.title()).toBe("Search results for “bpc157” · PeptidePrices");
    const results = page.getByTestId("search-result");
    expect(await results.first().textContent()).toContain("BPC-157");
    // The results page keeps the query in the box.
    expect(await box.inputValue()).toBe("bpc157");
  });

  it("suggests categories and vendors beside peptides", async () => {
    const page = await openPage("/");
    await typeUntilSuggested(page, "metabol");
    const listbox = page.getByRole("listbox", { name: "Suggestions" });
    await listbox.getByRole("option", { name: "Metabolic, Category" }).click();
    await page.waitForURL(url("/?category=metabolic"));

    await typeUntilSuggested(page, "meridian");
    await expect
      .poll(() => listbox.getByRole("option").evaluateAll((els) => els.map((el) => el.ariaLabel)))
      .toEqual(["Meridian Biolabs, Vendor"]);
  });

  it("closes the suggestions with Escape", async () => {
    const page = await openPage("/");
    await typeUntilSuggested(page, "thymosin");
    const box = combobox(page);
    await box.press("Escape");
    expect(await box.getAttribute("aria-expanded")).toBe("false");
    expect(await page.getByRole("listbox", { name: "Suggestions" }).isVisible()).toBe(false);
  });

  it("searches without JavaScript through the plain form", async () => {
    const context = await newVerifiedContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(url("/compare"));
    const box = combobox(page);
    await box.fill("thymosin");
    await box.press("Enter");
    await page.waitForURL((address) => address.pathname === "/search");
    const names = await page.getByTestId("search-result").allTextContents();
    expect(names.some((text) => text.includes("Thymosin Alpha-1"))).toBe(true);
    await context.close();
  });
});
