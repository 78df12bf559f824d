import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";

import { categories, coupons, peptides, vendors } from "~/.server/db/schema";

import { chooseInCombobox, waitForHydration } from "../helpers/browser";
import { startAdminBrowser } from "../helpers/admin-browser";

const admin = startAdminBrowser();
const { open, toast } = admin;

const dialog = () => admin.page.getByRole("dialog");

async function confirmDelete(name: string) {
  await admin.page.getByRole("button", { name: `Delete ${name}`, exact: true }).click();
  await admin.page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
}

describe("admin catalogue pages in a browser", () => {
  it("peptides: create with an image upload → edit → delete, with toasts", async () => {
    await open("/admin/peptides");
    await admin.page.getByRole("button", { name: "Add Peptide" }).click();
    await dialog().getByRole("button", { name: "Add Peptide" }).click();
    // Under its field, and only there (tests/browser/admin-error-placement.test.ts).
    await dialog().getByText("Peptide name is required").waitFor();

    await dialog().getByLabel("Name", { exact: true }).fill("AAA Browser Peptide");
    expect(await dialog().getByLabel("Slug").inputValue()).toBe("aaa-browser-peptide");
    const image = await sharp({
      create: { width: 64, height: 48, channels: 3, background: "#44aa66" },
    })
      .png()
      .toBuffer();
    await dialog()
      .getByLabel("Image upload")
      .setInputFiles({ name: "vial.png", mimeType: "image/png", buffer: image });
    await dialog().getByLabel("Key benefits").fill("Fast\nStable");
    await dialog().getByRole("switch", { name: "Popular" }).click();
    await dialog().getByRole("button", { name: "Add Peptide" }).click();
    await toast("Peptide added").waitFor();
    await dialog().waitFor({ state: "detached" });
    const [created] = await admin.server.app.db
      .select()
      .from(peptides)
      .where(eq(peptides.slug, "aaa-browser-peptide"));
    expect(created!.imageUrl).toMatch(/^\/uploads\/.+\.webp$/);
    expect(created).toMatchObject({
      keyBenefits: ["Fast", "Stable"],
      isPopular: true,
      popularOrder: 1,
    });
    await admin.page
      .getByRole("button", { name: "Edit AAA Browser Peptide", exact: true })
      .waitFor();

    await admin.page.getByRole("button", { name: "Edit AAA Browser Peptide" }).click();
    await dialog().getByLabel("Name", { exact: true }).fill("AAA Browser Peptide Edited");
    expect(await dialog().getByLabel("Slug").inputValue()).toBe("aaa-browser-peptide");
    await dialog().getByRole("button", { name: "Save Changes" }).click();
    await toast("Peptide updated").waitFor();
    await admin.page
      .getByRole("button", { name: "Edit AAA Browser Peptide Edited", exact: true })
      .waitFor();

    await confirmDelete("AAA Browser Peptide Edited");
    await toast("Peptide deleted").waitFor();
    await admin.page
      .getByRole("button", { name: "Edit AAA Browser Peptide Edited", exact: true })
      .waitFor({ state: "detached" });
    expect(
      await admin.server.app.db.select().from(peptides).where(eq(peptides.id, created!.id)),
    ).toHaveLength(0);
  });

  it("vendor prices: manual vendor price entry with an 'other' unit", async () => {
    await open("/admin/prices");
    await admin.page.getByRole("button", { name: "Add Vendor Price" }).click();
    await dialog().getByRole("button", { name: "Add Price" }).click();
    // Each empty field says "Required" rather than the whole sentence.
    await dialog().getByText("Required", { exact: true }).first().waitFor();
    expect(await dialog().getByText("Please fill in all required fields").count()).toBe(0);
    expect(await dialog().getByText("Required", { exact: true }).count()).toBeGreaterThan(1);
    await chooseInCombobox(dialog().getByLabel("Peptide"), "bpc", "BPC-157");
    const [vendor] = await admin.server.app.db
      .select({ name: vendors.name })
      .from(vendors)
      .orderBy(vendors.name)
      .limit(1);
    await chooseInCombobox(dialog().getByLabel("Vendor"), vendor!.name, vendor!.name);
    await dialog().getByLabel("Price").fill("19.99");
    await dialog().getByLabel("Quantity").fill("3");
    await dialog().getByLabel("Unit", { exact: true }).selectOption("other");
    await dialog().getByLabel("Custom unit").fill("capsules");
    await dialog().getByRole("button", { name: "Add Price" }).click();
    await toast("Vendor peptide data added successfully").waitFor();
    const [bpc] = await admin.server.app.db
      .select({ id: peptides.id })
      .from(peptides)
      .where(eq(peptides.name, "BPC-157"));
    await open(`/admin/prices?peptide=${bpc!.id}&sort=unit&dir=desc`);
    await admin.page.getByRole("cell", { name: "capsules" }).waitFor();
  });

  it("categories: create → edit → delete, with toasts", async () => {
    await open("/admin/categories");
    await admin.page.getByRole("button", { name: "Add New Category" }).click();
    await dialog().getByRole("button", { name: "Add Category" }).click();
    await dialog().getByText("Please enter a category name").waitFor();
    await dialog().getByLabel("Name").fill("AAA Browser Category");
    await dialog().getByLabel("Description").fill("Made in a browser");
    await dialog().getByRole("button", { name: "Add Category" }).click();
    await toast("Category added successfully").waitFor();
    await admin.page.getByRole("cell", { name: "AAA Browser Category", exact: true }).waitFor();

    await admin.page.getByRole("button", { name: "Edit AAA Browser Category" }).click();
    await dialog().getByLabel("Name").fill("AAA Browser Category Edited");
    await dialog().getByRole("button", { name: "Save Changes" }).click();
    await toast("Category updated successfully").waitFor();
    await admin.page
      .getByRole("cell", { name: "AAA Browser Category Edited", exact: true })
      .waitFor();

    await confirmDelete("AAA Browser Category Edited");
    await toast("Category deleted successfully").waitFor();
    await admin.page
      .getByRole("cell", { name: "AAA Browser Category Edited", exact: true })
      .waitFor({ state: "detached" });
    expect(
      await admin.server.app.db
        .select()
        .from(categories)
        .where(eq(categories.name, "AAA Browser Category Edited")),
    ).toHaveLength(0);
  });

  it("categories: the filter editor saves a filter's type", async () => {
    await open("/admin/categories");
    await admin.page.getByRole("button", { name: "Edit filter Vendor" }).click();
    await dialog().getByLabel("Type").selectOption({ label: "Radio button" });
    await dialog().getByRole("button", { name: "Save Changes" }).click();
    await toast("Filter updated successfully").waitFor();
    await admin.page.getByRole("list", { name: "Filters" }).getByText("Radio button").waitFor();
  });

  it("vendors: create with a coupon → edit clearing the coupon → delete, with toasts", async () => {
    await open("/admin/vendors");
    await admin.page.getByRole("button", { name: "Add Vendor" }).click();
    await dialog().getByLabel("Name").fill("AAA Browser Vendor");
    await dialog().getByLabel("Website", { exact: true }).fill("https://browser-vendor.example");
    await dialog().getByLabel("Coupon Code").fill("BROWSER10");
    await dialog().getByLabel("Discount Amount").fill("10");
    await dialog().getByRole("button", { name: "Add Vendor" }).click();
    await toast("Vendor added").waitFor();
    await admin.page.getByRole("cell", { name: "BROWSER10" }).waitFor();
    const [vendor] = await admin.server.app.db
      .select()
      .from(vendors)
      .where(eq(vendors.name, "AAA Browser Vendor"));
    expect(
      await admin.server.app.db.select().from(coupons).where(eq(coupons.vendorId, vendor!.id)),
    ).toHaveLength(1);

    await admin.page.getByRole("button", { name: "Edit AAA Browser Vendor" }).click();
    await dialog().getByLabel("Coupon Code").fill("");
    await dialog().getByRole("button", { name: "Save Changes" }).click();
    await toast("Vendor updated").waitFor();
    await admin.page.getByRole("cell", { name: "BROWSER10" }).waitFor({ state: "detached" });
    expect(
      await admin.server.app.db.select().from(coupons).where(eq(coupons.vendorId, vendor!.id)),
    ).toHaveLength(0);

    await confirmDelete("AAA Browser Vendor");
    await toast("Vendor deleted").waitFor();
    await admin.page
      .getByRole("cell", { name: "AAA Browser Vendor", exact: true })
      .waitFor({ state: "detached" });
  });

  it("sidebar: Ctrl+B collapses it to icons, writes the cookie, and the server renders it collapsed", async () => {
    await open("/admin/peptides");
    const sidebar = admin.page.locator('[data-slot="sidebar"]');
    const container = admin.page.locator('[data-slot="sidebar-container"]');
    expect(await sidebar.getAttribute("data-state")).toBe("expanded");
    expect((await container.boundingBox())?.width).toBe(256);
    await admin.page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Vendors" })
      .waitFor();

    const pressedAt = Math.floor(Date.now() / 1000);
    await admin.page.keyboard.press("Control+b");
    await admin.page.locator('[data-slot="sidebar"][data-state="collapsed"]').waitFor();
    const cookie = (await admin.context.cookies(admin.server.baseUrl)).find(
      (c) => c.name === "sidebar_state",
    );
    expect(cookie?.value).toBe("false");
    // Set at the key press for a week: bounded by when the press was sent, however slow the machine.
    expect(cookie!.expires).toBeGreaterThanOrEqual(pressedAt + 604_800);
    await admin.page.waitForFunction(
      () =>
        document.querySelector('[data-slot="sidebar-container"]')?.getBoundingClientRect().width ===
        48,
    );

    const html = await (
      await admin.context.request.get(`${admin.server.baseUrl}/admin/peptides`)
    ).text();
    expect(html).toContain('data-state="collapsed"');
    await admin.page.reload();
    expect(await sidebar.getAttribute("data-state")).toBe("collapsed");

    await waitForHydration(admin.page);
    await admin.page.keyboard.press("Control+b");
    await admin.page.locator('[data-slot="sidebar"][data-state="expanded"]').waitFor();
    expect(
      (await admin.context.cookies(admin.server.baseUrl)).find((c) => c.name === "sidebar_state")
        ?.value,
    ).toBe("true");
  });

  it("at 390 px the pages fit without horizontal overflow, the sidebar opens as an 18rem panel, and no age gate shows", async () => {
    const phone = await admin.browser.newContext({ viewport: { width: 390, height: 844 } });
    // The admin's session, without the desktop sidebar's state.
    const session = await admin.context.cookies(admin.server.baseUrl);
    await phone.addCookies(session.filter((cookie) => cookie.name !== "sidebar_state"));
    const phonePage = await phone.newPage();
    try {
      for (const pathname of ["/admin/peptides", "/admin/categories", "/admin/vendors"]) {
        await phonePage.goto(`${admin.server.baseUrl}${pathname}`);
        await waitForHydration(phonePage);
        // The admin area itself: wide tables scroll inside their own containers.
        const overflow = await phonePage.evaluate(() => {
          const area = document.querySelector('[data-slot="sidebar-inset"]')!;
          return Math.max(
            area.scrollWidth - area.clientWidth,
            area.getBoundingClientRect().right - window.innerWidth,
          );
        });
        expect(overflow, pathname).toBeLessThanOrEqual(0);
        expect(await phonePage.getByText("Age Verification").count()).toBe(0);
      }
      await phonePage.getByRole("button", { name: "Toggle Sidebar" }).first().click();
      const panel = phonePage.locator('[data-mobile="true"]');
      await panel.waitFor();
      expect((await panel.boundingBox())?.width).toBe(288);
      await panel.getByRole("link", { name: "Categories" }).click();
      await phonePage.waitForURL(`${admin.server.baseUrl}/admin/categories`);
      await panel.waitFor({ state: "detached" });
    } finally {
      await phone.close();
    }
  });
});
