import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { vendorPeptides, vendors } from "~/.server/db/schema";

import { startAdminBrowser } from "../helpers/admin-browser";

const admin = startAdminBrowser();
const { open, toast } = admin;

/** The first row of the price table (sorted by peptide), as stored. */
async function firstPrice() {
  await open("/admin/prices");
  const label = await admin.page
    .getByRole("checkbox", { name: /^Select .+ price for / })
    .first()
    .getAttribute("aria-label");
  const name = label!.replace(/^Select /, "");
  const [vendorName] = name.split(" price for ");
  const rows = await admin.server.app.db
    .select({ id: vendorPeptides.id, price: vendorPeptides.price })
    .from(vendorPeptides)
    .innerJoin(vendors, eq(vendors.id, vendorPeptides.vendorId))
    .where(eq(vendors.name, vendorName!));
  return { name, rows };
}

describe("vendor prices: inline edit and bulk delete", () => {
  it("Escape cancels an inline edit; Enter saves it, with an error shown in the row first", async () => {
    const { name } = await firstPrice();
    await admin.page
      .getByRole("button", { name: `Edit ${name}`, exact: true })
      .first()
      .click();
    const price = admin.page.getByRole("spinbutton", { name: `Price of ${name}` });
    await expect.poll(() => price.evaluate((input) => input === document.activeElement)).toBe(true);
    const current = Number(await price.inputValue());
    await price.fill("1.23");
    await price.press("Escape");
    await price.waitFor({ state: "detached" });

    await admin.page
      .getByRole("button", { name: `Edit ${name}`, exact: true })
      .first()
      .click();
    await price.fill("-5");
    await price.press("Enter");
    const error = admin.page.getByText("Price cannot be negative").first();
    await error.waitFor();
    expect(await price.getAttribute("aria-invalid")).toBe("true");
    expect(await price.getAttribute("aria-describedby")).toBe(
      await error.locator("..").getAttribute("id"),
    );
    expect(await price.inputValue()).toBe("-5");

    // 3% above the row's own price: within the market, so the save needs no confirmation
    // (a fixed price could be far off for whichever size sorts first).
    const newPrice = (Math.round(current * 103) / 100).toFixed(2);
    await price.fill(newPrice);
    await admin.page.getByRole("combobox", { name: `Stock of ${name}` }).selectOption("low_stock");
    await price.press("Enter");
    await toast("Vendor price updated").waitFor();
    await price.waitFor({ state: "detached" });
    await admin.page
      .getByRole("cell", { name: `$${newPrice}` })
      .first()
      .waitFor();
    const stored = await admin.server.app.db
      .select({ price: vendorPeptides.price, stockStatus: vendorPeptides.stockStatus })
      .from(vendorPeptides)
      .where(eq(vendorPeptides.price, Number(newPrice)));
    expect(stored).toContainEqual({ price: Number(newPrice), stockStatus: "low_stock" });
  });

  it("deletes the ticked rows after a confirmation", async () => {
    const before = (
      await admin.server.app.db.select({ id: vendorPeptides.id }).from(vendorPeptides)
    ).length;
    await open("/admin/prices");
    const boxes = admin.page.getByRole("checkbox", { name: /^Select .+ price for / });
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    const region = admin.page.getByRole("region", { name: "Bulk actions on vendor prices" });
    await region.getByText("2 vendor prices selected").waitFor();
    await region.getByRole("button", { name: "Delete selected" }).click();
    const confirm = admin.page.getByRole("alertdialog");
    await confirm
      .getByText("2 vendor prices will be moved to the trash (kept 30 days, restorable).")
      .waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await region.getByText("2 vendor prices selected").waitFor();
    await region.getByRole("button", { name: "Delete selected" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toast("2 vendor prices deleted").waitFor();
    await region.waitFor({ state: "detached" });
    const after = await admin.server.app.db.select({ id: vendorPeptides.id }).from(vendorPeptides);
    expect(after).toHaveLength(before - 2);
  });
});

describe("vendors: a refused save keeps the dialog", () => {
  it("shows the message under the field and keeps what was typed", async () => {
    const [existing] = await admin.server.app.db
      .select({ name: vendors.name })
      .from(vendors)
      .limit(1);
    await open("/admin/vendors");
    await admin.page.getByRole("button", { name: "Add Vendor" }).click();
    const dialog = admin.page.getByRole("dialog");
    await dialog.getByLabel("Name").fill(existing!.name);
    await dialog.getByLabel("Coupon Code").fill("KEEPME");
    await dialog.getByLabel("Discount Amount").fill("5");
    await dialog.getByRole("button", { name: "Add Vendor" }).click();
    const message = `A vendor named "${existing!.name}" already exists`;
    await dialog.getByText(message).waitFor();
    expect(await dialog.getByLabel("Name").getAttribute("aria-invalid")).toBe("true");
    expect(await dialog.getByLabel("Coupon Code").inputValue()).toBe("KEEPME");
    expect(
      await admin.server.app.db
        .select()
        .from(vendors)
        .where(inArray(vendors.name, [existing!.name])),
    ).toHaveLength(1);
  });
});
