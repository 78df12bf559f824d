import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { peptides } from "~/.server/db/schema";

import { waitForHydration } from "../helpers/browser";
import { startAdminBrowser } from "../helpers/admin-browser";

const admin = startAdminBrowser({ pagePerTest: false });

const filterForm = () => admin.page.getByRole("search", { name: "Filter vendor prices" });
const activeOption = async (combobox: ReturnType<Page["getByRole"]>) => {
  const id = await combobox.getAttribute("aria-activedescendant");
  return id ? admin.page.locator(`[id="${id}"]`).textContent() : null;
};

describe("the admin catalogue pickers with the keyboard", () => {
  it("filters vendor prices by a peptide found by typing, arrows and Enter", async () => {
    const [bpc] = await admin.server.app.db
      .select({ id: peptides.id })
      .from(peptides)
      .where(eq(peptides.name, "BPC-157"));
    await admin.page.goto(`${admin.server.baseUrl}/admin/prices`);
    await waitForHydration(admin.page);
    const picker = filterForm().getByRole("combobox", { name: "Peptide" });
    expect(await picker.getAttribute("placeholder")).toBe("All peptides");

    // Arrow down opens the list: "All peptides" first, then the catalogue from the server.
    await picker.focus();
    await picker.press("ArrowDown");
    await expect.poll(() => picker.getAttribute("aria-expanded")).toBe("true");
    const listbox = admin.page.getByRole("listbox");
    await listbox.getByRole("option", { name: "All peptides" }).waitFor();
    expect(await listbox.getByRole("option").count()).toBeGreaterThan(5);

    // Typing narrows the list on the server; the first match is active, Enter picks it.
    await picker.fill("bpc-15");
    await expect.poll(() => activeOption(picker)).toBe("BPC-157");
    await picker.press("Enter");
    await expect.poll(() => picker.getAttribute("aria-expanded")).toBe("false");
    expect(await picker.inputValue()).toBe("BPC-157");
    expect(await filterForm().locator('input[name="peptide"]').inputValue()).toBe(bpc!.id);

    // With the list closed, Enter applies the filter; the new page keeps the name.
    await picker.press("Enter");
    await admin.page.waitForURL(new RegExp(`peptide=${bpc!.id}`));
    await expect.poll(() => picker.inputValue()).toBe("BPC-157");
    const rows = admin.page.getByRole("table", { name: "Vendor prices" }).locator("tbody tr");
    // The filtered page replaces the rows once its loader answers: wait for that page.
    await expect
      .poll(async () => {
        const texts = await rows.allTextContents();
        return texts.length > 0 && texts.every((text) => text.includes("BPC-157"));
      })
      .toBe(true);

    // Escape closes the list, a second Escape puts the chosen name back.
    await picker.fill("zzz-no-such-peptide");
    await admin.page.getByText("No matches.").waitFor();
    await picker.press("Escape");
    await expect.poll(() => picker.getAttribute("aria-expanded")).toBe("false");
    await picker.press("Escape");
    expect(await picker.inputValue()).toBe("BPC-157");

    // Emptying the field and leaving it means all peptides.
    await picker.fill("");
    await picker.press("Tab");
    expect(await filterForm().locator('input[name="peptide"]').inputValue()).toBe("");
    expect(await picker.inputValue()).toBe("");
  });

  it("picks the vendor in the Add Vendor Price dialog with the keyboard only", async () => {
    await admin.page.goto(`${admin.server.baseUrl}/admin/prices`);
    await waitForHydration(admin.page);
    await admin.page.getByRole("button", { name: "Add Vendor Price" }).click();
    const dialog = admin.page.getByRole("dialog");
    const vendor = dialog.getByRole("combobox", { name: "Vendor" });
    await vendor.focus();
    await vendor.press("ArrowDown");
    const listbox = admin.page.getByRole("listbox");
    await expect.poll(() => listbox.getByRole("option").count()).toBeGreaterThan(1);
    const all = await listbox.getByRole("option").allTextContents();
    // ArrowUp with no entry active goes to the last one, ArrowDown from there wraps to the first.
    await vendor.press("ArrowUp");
    await expect.poll(() => activeOption(vendor)).toBe(all.at(-1)!);
    await vendor.press("ArrowDown");
    await expect.poll(() => activeOption(vendor)).toBe(all[0]!);
    await vendor.press("ArrowUp");
    await expect.poll(() => activeOption(vendor)).toBe(all.at(-1)!);
    await vendor.press("Enter");
    expect(await vendor.inputValue()).toBe(all.at(-1));

    // Escape in the open list closes the list only; with it closed, Escape leaves the dialog,
    // which asks first as a vendor was chosen.
    await vendor.fill("a");
    await expect.poll(() => vendor.getAttribute("aria-expanded")).toBe("true");
    await vendor.press("Escape");
    await expect.poll(() => vendor.getAttribute("aria-expanded")).toBe("false");
    expect(await dialog.isVisible()).toBe(true);
    await vendor.press("Escape");
    expect(await vendor.inputValue()).toBe(all.at(-1));
    await vendor.press("Escape");
    await admin.page.getByRole("alertdialog").getByText("Discard changes?").waitFor();
  });
});
