import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { launchBrowser, newAdminContext, waitForHydration } from "../helpers/browser";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  context = await newAdminContext(server, browser);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

async function open(pathname: string) {
  await page.goto(`${server.baseUrl}${pathname}`);
  await waitForHydration(page);
}

/** Polls until the value matches: a navigation's loader may take a while on a busy machine. */
const settles = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 });

const peptideRows = () => page.getByRole("table").first().locator("tbody tr");
const pager = () => page.getByRole("navigation", { name: "Peptides pages" });

describe("admin table paging in a browser", () => {
  it("changes rows per page, keeps it in the URL and remembers it for the table", async () => {
    await open("/admin/peptides");
    await settles(() => peptideRows().count()).toBe(5);
    await settles(() => pager().textContent()).toContain("Page 1 of 4");

    await page.getByLabel("Rows per page").first().selectOption("25");
    await page.waitForURL(/size=25/);
    await settles(() => peptideRows().count()).toBe(20);
    await settles(() => pager().textContent()).toContain("Page 1 of 1");

    // A later visit without ?size= asks for the remembered size again.
    await open("/admin/peptides");
    await page.waitForURL(/size=25/);
    await settles(() => peptideRows().count()).toBe(20);

    // Back to the default: remembered too, so the table stays at 5.
    await page.getByLabel("Rows per page").first().selectOption("5");
    await page.waitForURL((url) => !url.search.includes("size="));
    await open("/admin/peptides");
    await settles(() => peptideRows().count()).toBe(5);
    expect(page.url()).not.toContain("size=");
  });

  it("jumps to the last page, the first page and a page typed by number", async () => {
    await open("/admin/peptides");
    await page.evaluate(() => window.localStorage.clear());
    await open("/admin/peptides");
    await pager().getByRole("link", { name: "Last page" }).click();
    await page.waitForURL(/page=4/);
    await settles(() => pager().textContent()).toContain("Page 4 of 4");

    await pager().getByRole("link", { name: "First page" }).click();
    await page.waitForURL((url) => !url.search.includes("page="));
    await settles(() => pager().textContent()).toContain("Page 1 of 4");

    const field = page.getByLabel("Go to page").first();
    await field.fill("3");
    await field.press("Enter");
    await page.waitForURL(/page=3/);
    await settles(() => pager().textContent()).toContain("Page 3 of 4");
  });
});

describe("keyboard", () => {
  it("reaches the page's content from the skip link, the first stop of the Tab key", async () => {
    await open("/admin/peptides");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await settles(() => skip.evaluate((link) => link === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await settles(() => page.evaluate(() => document.activeElement?.tagName.toLowerCase())).toBe(
      "main",
    );
    // The next Tab lands inside the page, not in the header or the sidebar.
    await page.keyboard.press("Tab");
    await settles(() => page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(
      true,
    );
  });
});
