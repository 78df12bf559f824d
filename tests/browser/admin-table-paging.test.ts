import { describe, expect, it } from "vitest";

import { startAdminBrowser } from "../helpers/admin-browser";

const admin = startAdminBrowser({ pagePerTest: false });
const { open } = admin;

/** Polls until the value matches: a navigation's loader may take a while on a busy machine. */
const settles = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 });

const peptideRows = () => admin.page.getByRole("table").first().locator("tbody tr");
const pager = () => admin.page.getByRole("navigation", { name: "Peptides pages" });

describe("admin table paging in a browser", () => {
  it("changes rows per page, keeps it in the URL and remembers it for the table", async () => {
    await open("/admin/peptides");
    await settles(() => peptideRows().count()).toBe(5);
    await settles(() => pager().textContent()).toContain("Page 1 of 4");

    await admin.page.getByLabel("Rows per page").first().selectOption("25");
    await admin.page.waitForURL(/size=25/);
    await settles(() => peptideRows().count()).toBe(20);
    await settles(() => pager().textContent()).toContain("Page 1 of 1");

    // A later visit without ?size= asks for the remembered size again.
    await open("/admin/peptides");
    await admin.page.waitForURL(/size=25/);
    await settles(() => peptideRows().count()).toBe(20);

    // Back to the default: remembered too, so the table stays at 5.
    await admin.page.getByLabel("Rows per page").first().selectOption("5");
    await admin.page.waitForURL((url) => !url.search.includes("size="));
    await open("/admin/peptides");
    await settles(() => peptideRows().count()).toBe(5);
    expect(admin.page.url()).not.toContain("size=");
  });

  it("jumps to the last page, the first page and a page typed by number", async () => {
    await open("/admin/peptides");
    await admin.page.evaluate(() => window.localStorage.clear());
    await open("/admin/peptides");
    await pager().getByRole("link", { name: "Last page" }).click();
    await admin.page.waitForURL(/page=4/);
    await settles(() => pager().textContent()).toContain("Page 4 of 4");

    await pager().getByRole("link", { name: "First page" }).click();
    await admin.page.waitForURL((url) => !url.search.includes("page="));
    await settles(() => pager().textContent()).toContain("Page 1 of 4");

    const field = admin.page.getByLabel("Go to page").first();
    await field.fill("3");
    await field.press("Enter");
    await admin.page.waitForURL(/page=3/);
    await settles(() => pager().textContent()).toContain("Page 3 of 4");
  });
});

describe("keyboard", () => {
  it("reaches the page's content from the skip link, the first stop of the Tab key", async () => {
    await open("/admin/peptides");
    await admin.page.keyboard.press("Tab");
    const skip = admin.page.getByRole("link", { name: "Skip to main content" });
    await settles(() => skip.evaluate((link) => link === document.activeElement)).toBe(true);
    await admin.page.keyboard.press("Enter");
    await settles(() =>
      admin.page.evaluate(() => document.activeElement?.tagName.toLowerCase()),
    ).toBe("main");
    // The next Tab lands inside the page, not in the header or the sidebar.
    await admin.page.keyboard.press("Tab");
    await settles(() =>
      admin.page.evaluate(() => document.activeElement?.closest("main") !== null),
    ).toBe(true);
  });
});
