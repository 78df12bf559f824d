import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { categories, peptides, scrapeSources, vendorPeptides } from "~/.server/db/schema";

import { startAdminBrowser } from "../helpers/admin-browser";

const admin = startAdminBrowser();

const { open, toast } = admin;
const sidebar = () => admin.page.locator('[data-slot="sidebar"][data-state]');

describe("admin dashboard, audit log, tables and shortcuts in a browser", () => {
  it("the dashboard shows the counts and its links open the filtered tables", async () => {
    const [{ n: peptideCount }] = await admin.server.app.db.select({ n: count() }).from(peptides);
    const [{ n: offerCount }] = await admin.server.app.db
      .select({ n: count() })
      .from(vendorPeptides);
    const [source] = await admin.server.app.db
      .select({ id: scrapeSources.id })
      .from(scrapeSources)
      .limit(1);
    await admin.server.app.db
      .update(scrapeSources)
      .set({ status: "error", lastError: "Connection refused" })
      .where(eq(scrapeSources.id, source!.id));

    await open("/admin");
    expect(await admin.page.title()).toMatch(/^Dashboard/);
    await admin.page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    // Each count is named by what it shows ("Peptides 12"), with no aria-label replacing it.
    await admin.page
      .getByRole("link", { name: new RegExp(`^Peptides\\s*${peptideCount}$`) })
      .waitFor();
    await admin.page.getByRole("link", { name: new RegExp(`^Offers\\s*${offerCount}$`) }).waitFor();

    const entries = sidebar().getByRole("link");
    expect(await entries.first().textContent()).toBe("Dashboard");
    expect(await entries.first().getAttribute("aria-current")).toBe("page");
    const titles = await entries.allTextContents();
    expect(titles.indexOf("Audit log")).toBe(titles.indexOf("Settings") + 1);

    const failing = admin.page.getByRole("region", { name: /Failing sources/ });
    await failing.getByText("Connection refused").waitFor();
    await failing.getByRole("link", { name: "View failing sources" }).click();
    await admin.page.waitForURL(`${admin.server.baseUrl}/admin/scraping?status=error`);
    await admin.page.getByRole("heading", { level: 1 }).first().waitFor();
  });

  it("after a category edit the audit log names it and shows before → after", async () => {
    const [category] = await admin.server.app.db
      .select({ name: categories.name })
      .from(categories)
      .orderBy(categories.name)
      .limit(1);
    const renamed = `${category!.name} (renamed)`;
    await open("/admin/categories");
    await admin.page.getByRole("button", { name: `Edit ${category!.name}`, exact: true }).click();
    await admin.page.getByRole("dialog").getByLabel("Name").fill(renamed);
    await admin.page.getByRole("dialog").getByRole("button", { name: "Save Changes" }).click();
    await toast("Category updated successfully").waitFor();

    await sidebar().getByRole("link", { name: "Audit log" }).click();
    await admin.page.waitForURL(`${admin.server.baseUrl}/admin/audit`);
    const row = admin.page.getByRole("row").filter({ hasText: renamed }).first();
    await row.getByRole("link", { name: renamed }).waitFor();
    const changes = row.getByRole("list", { name: "Changes" });
    expect(await changes.textContent()).toContain(`Name: ${category!.name} → ${renamed}`);
    await row.getByText("admin@peptideprices.test").waitFor();

    await admin.page.getByLabel("Entity").selectOption("category");
    await admin.page.getByRole("button", { name: "Filter" }).click();
    await admin.page.waitForURL(/\/admin\/audit\?(.*&)?entity=category/);
    await admin.page.getByRole("row").filter({ hasText: renamed }).first().waitFor();
  });

  it("the first click on a numeric column sorts it ascending", async () => {
    await open("/admin/prices");
    const table = admin.page.getByRole("table", { name: "Vendor prices" });
    await table.getByRole("link", { name: "Price", exact: true }).click();
    await admin.page.waitForURL(/[?&]sort=price/);
    const header = table.getByRole("columnheader", { name: "Price", exact: true });
    await table.locator('th[aria-sort="ascending"]', { hasText: "Price" }).waitFor();
    expect(await header.getAttribute("aria-sort")).toBe("ascending");
  });

  it("Ctrl+B in the footer editor makes text bold and leaves the sidebar alone", async () => {
    await open("/admin/footer");
    expect(await sidebar().getAttribute("data-state")).toBe("expanded");
    const editor = admin.page.getByRole("textbox", { name: "Content" }).first();
    await editor.click();
    await admin.page.keyboard.press("ControlOrMeta+a");
    await admin.page.keyboard.press("ControlOrMeta+b");
    await admin.page.keyboard.press("ControlOrMeta+b");
    await admin.page.keyboard.press("ControlOrMeta+b");
    expect(await sidebar().getAttribute("data-state")).toBe("expanded");
    expect(await editor.locator("b, strong").count()).toBeGreaterThan(0);

    // Outside an editor the shortcut still toggles the sidebar.
    await admin.page.getByRole("heading", { level: 1 }).first().click();
    await admin.page.keyboard.press("ControlOrMeta+b");
    await expect.poll(() => sidebar().getAttribute("data-state")).toBe("collapsed");
  });
});
