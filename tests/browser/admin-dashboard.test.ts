import { count, eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { categories, peptides, scrapeSources, vendorPeptides } from "~/.server/db/schema";

import { launchBrowser, newAdminContext } from "../helpers/browser";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  context = await newAdminContext(server, browser);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});
beforeEach(async () => {
  page = await context.newPage();
});
afterEach(async () => {
  await page.close();
});

const toast = (text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const sidebar = () => page.locator('[data-slot="sidebar"][data-state]');

/** Waits until the page has hydrated, so clicks and key presses reach React handlers. */
async function open(pathname: string) {
  await page.goto(`${server.baseUrl}${pathname}`);
  await page.waitForFunction(
    () => "__reactRouterRouteModules" in window && document.readyState === "complete",
  );
}

describe("admin dashboard, audit log, tables and shortcuts in a browser", () => {
  it("the dashboard shows the counts and its links open the filtered tables", async () => {
    const [{ n: peptideCount }] = await server.app.db.select({ n: count() }).from(peptides);
    const [{ n: offerCount }] = await server.app.db.select({ n: count() }).from(vendorPeptides);
    const [source] = await server.app.db
      .select({ id: scrapeSources.id })
      .from(scrapeSources)
      .limit(1);
    await server.app.db
      .update(scrapeSources)
      .set({ status: "error", lastError: "Connection refused" })
      .where(eq(scrapeSources.id, source!.id));

    await open("/admin");
    expect(await page.title()).toMatch(/^Dashboard/);
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await page.getByRole("link", { name: `Peptides: ${peptideCount}` }).waitFor();
    await page.getByRole("link", { name: `Offers: ${offerCount}` }).waitFor();

    const entries = sidebar().getByRole("link");
    expect(await entries.first().textContent()).toBe("Dashboard");
    expect(await entries.first().getAttribute("aria-current")).toBe("page");
    const titles = await entries.allTextContents();
    expect(titles.indexOf("Audit log")).toBe(titles.indexOf("Settings") + 1);

    const failing = page.getByRole("region", { name: /Failing sources/ });
    await failing.getByText("Connection refused").waitFor();
    await failing.getByRole("link", { name: "View failing sources" }).click();
    await page.waitForURL(`${server.baseUrl}/admin/scraping?status=error`);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
  });

  it("after a category edit the audit log names it and shows before → after", async () => {
    const [category] = await server.app.db
      .select({ name: categories.name })
      .from(categories)
      .orderBy(categories.name)
      .limit(1);
    const renamed = `${category!.name} (renamed)`;
    await open("/admin/categories");
    await page.getByRole("button", { name: `Edit ${category!.name}`, exact: true }).click();
    await page.getByRole("dialog").getByLabel("Name").fill(renamed);
    await page.getByRole("dialog").getByRole("button", { name: "Save Changes" }).click();
    await toast("Category updated successfully").waitFor();

    await sidebar().getByRole("link", { name: "Audit log" }).click();
    await page.waitForURL(`${server.baseUrl}/admin/audit`);
    const row = page.getByRole("row").filter({ hasText: renamed }).first();
    await row.getByRole("link", { name: renamed }).waitFor();
    const changes = row.getByRole("list", { name: "Changes" });
    expect(await changes.textContent()).toContain(`Name: ${category!.name} → ${renamed}`);
    await row.getByText("admin@peptideprices.test").waitFor();

    await page.getByLabel("Entity").selectOption("category");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/\/admin\/audit\?(.*&)?entity=category/);
    await page.getByRole("row").filter({ hasText: renamed }).first().waitFor();
  });

  it("the first click on a numeric column sorts it ascending", async () => {
    await open("/admin/prices");
    const table = page.getByRole("table", { name: "Vendor prices" });
    await table.getByRole("link", { name: "Price", exact: true }).click();
    await page.waitForURL(/[?&]sort=price/);
    const header = table.getByRole("columnheader", { name: "Price", exact: true });
    await table.locator('th[aria-sort="ascending"]', { hasText: "Price" }).waitFor();
    expect(await header.getAttribute("aria-sort")).toBe("ascending");
  });

  it("Ctrl+B in the footer editor makes text bold and leaves the sidebar alone", async () => {
    await open("/admin/footer");
    expect(await sidebar().getAttribute("data-state")).toBe("expanded");
    const editor = page.getByRole("textbox", { name: "Content" }).first();
    await editor.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("ControlOrMeta+b");
    await page.keyboard.press("ControlOrMeta+b");
    await page.keyboard.press("ControlOrMeta+b");
    expect(await sidebar().getAttribute("data-state")).toBe("expanded");
    expect(await editor.locator("b, strong").count()).toBeGreaterThan(0);

    // Outside an editor the shortcut still toggles the sidebar.
    await page.getByRole("heading", { level: 1 }).first().click();
    await page.keyboard.press("ControlOrMeta+b");
    await expect.poll(() => sidebar().getAttribute("data-state")).toBe("collapsed");
  });
});
