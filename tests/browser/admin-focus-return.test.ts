import { describe, expect, it } from "vitest";

import { auditLog } from "~/.server/db/schema";

import { startAdminBrowser } from "../helpers/admin-browser";
import { chooseInCombobox } from "../helpers/browser";

const admin = startAdminBrowser({ pagePerTest: false });

const { open, toast } = admin;
/** What has the keyboard focus: an element's accessible label or text, or BODY. */
const focused = () =>
  admin.page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "BODY";
    return element.getAttribute("aria-label") ?? element.textContent?.trim() ?? element.tagName;
  });

/** The accessible name of the first row of the offer table ("X price for Y"). */
async function firstPriceName() {
  const label = await admin.page
    .getByRole("checkbox", { name: /^Select .+ price for / })
    .first()
    .getAttribute("aria-label");
  return label!.replace(/^Select /, "");
}

describe("focus after save, delete and undo", () => {
  it("returns to the row's Edit button after an inline save, and a success clears old errors", async () => {
    await open("/admin/prices");
    const name = await firstPriceName();
    const firstRowId = await admin.page
      .locator("main tbody tr")
      .first()
      .getAttribute("data-row-id");
    await admin.page
      .getByRole("button", { name: `Edit ${name}`, exact: true })
      .first()
      .click();
    const price = admin.page.getByRole("spinbutton", { name: `Price of ${name}` });
    await price.fill("-5");
    await price.press("Enter");
    // The refusal is said under the price (issue 32), not in a toast.
    await expect.poll(() => price.getAttribute("aria-invalid")).toBe("true");
    const error = admin.page.locator("[data-sonner-toast][data-type='error']");

    await price.fill("55.55");
    await price.press("Enter");
    await toast("Vendor price updated").waitFor();
    await price.waitFor({ state: "detached" });
    await expect.poll(focused).toBe(`Edit ${name}`);
    expect(
      await admin.page.evaluate(() => document.activeElement?.closest("tr")?.dataset.rowId ?? null),
    ).toBe(firstRowId);
    // The failure the save resolved is no longer beside its success.
    await expect.poll(() => error.count()).toBe(0);
  });

  it("waits on the table's heading after a delete and after its Undo", async () => {
    await open("/admin/prices");
    const name = await firstPriceName();
    const rowId = await admin.page.locator("main tbody tr").first().getAttribute("data-row-id");
    const row = admin.page.locator(`main tr[data-row-id="${rowId}"]`);
    await row.getByRole("button", { name: `Delete ${name}`, exact: true }).click();
    await admin.page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await toast("Vendor peptide deleted").waitFor();
    await row.waitFor({ state: "detached" });
    await expect.poll(focused).toBe("Vendor Prices");

    await toast("Vendor peptide deleted").getByRole("button", { name: "Undo" }).click();
    await row.waitFor();
    await expect.poll(focused).toBe("Vendor Prices");
  });

  it("counts characters near a field's limit and says when a paste was cut", async () => {
    await open("/admin/prices");
    await admin.page.getByRole("button", { name: "Add Vendor Price" }).click();
    const dialog = admin.page.getByRole("dialog");
    const purity = dialog.getByLabel("Purity (optional)");
    await purity.fill("9".repeat(40));
    expect(await dialog.getByText(/characters$/).count()).toBe(0);
    await purity.pressSequentially("9".repeat(15));
    await dialog.getByText("55 / 64 characters").waitFor();

    const notes = dialog.getByLabel("Notes (optional)");
    await notes.evaluate((textarea, text) => {
      const data = new DataTransfer();
      data.setData("text/plain", text);
      textarea.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, "x".repeat(12_000));
    await dialog.getByText("The pasted text was cut to the limit of 10000 characters.").waitFor();
  });

  it("keeps the audit table's columns on a 1366 px screen with a very long name", async () => {
    await admin.page.setViewportSize({ width: 1366, height: 800 });
    const longName = `Peptide ${"with-a-very-long-name-".repeat(12)}end`;
    await admin.server.app.db.insert(auditLog).values({
      actorEmail: `${"someone.with.a.long.address".repeat(3)}@peptideprices.test`,
      action: "update",
      entity: "peptide",
      details: { name: longName, before: { name: "Old" }, after: { name: longName } },
    });
    await open("/admin/audit");
    const changes = admin.page.getByRole("columnheader", { name: "Changes" });
    const box = await changes.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(1366);
    expect(
      await admin.page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(1366);
  });
});

describe("focus back on the control that opened a dialog or prompt", () => {
  it("returns to Add Admin after its dialog is left with Escape, and after Discard", async () => {
    await admin.page.setViewportSize({ width: 1366, height: 800 });
    await open("/admin/users");
    const addAdmin = admin.page.getByRole("button", { name: "Add Admin" });
    const dialog = admin.page.getByRole("dialog", { name: "Add Admin" });

    await addAdmin.click();
    await dialog.waitFor();
    await admin.page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(focused).toBe("Add Admin");

    await addAdmin.click();
    await dialog.getByLabel("Email").fill("someone@peptideprices.test");
    await admin.page.keyboard.press("Escape");
    const discard = admin.page.getByRole("alertdialog", { name: "Discard changes?" });
    await discard.getByRole("button", { name: "Discard" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(focused).toBe("Add Admin");
  });

  it("returns to the sidebar's toggle after the phone sidebar is closed with Escape", async () => {
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await open("/admin/users");
    await admin.page.getByRole("button", { name: "Toggle Sidebar" }).click();
    const sidebar = admin.page.getByRole("dialog");
    await sidebar.waitFor();
    await admin.page.keyboard.press("Escape");
    await sidebar.waitFor({ state: "detached" });
    await expect.poll(focused).toBe("Toggle Sidebar");
  });

  it("returns to the price the unusual-price prompt is about after 'Change it'", async () => {
    await admin.page.setViewportSize({ width: 1366, height: 800 });
    await open("/admin/prices");
    const name = await firstPriceName();
    await admin.page
      .getByRole("button", { name: `Edit ${name}`, exact: true })
      .first()
      .click();
    const price = admin.page.getByRole("spinbutton", { name: `Price of ${name}` });
    const farOff = String(Math.round(Number(await price.inputValue()) * 50 * 100) / 100);
    await price.fill(farOff);
    await price.press("Enter");
    const question = admin.page.getByRole("alertdialog", { name: "Unusual price" });
    await question.getByRole("button", { name: "Change it" }).click();
    await question.waitFor({ state: "detached" });
    await expect.poll(focused).toBe(`Price of ${name}`);
  });

  it("returns to the Add Vendor Price dialog's Price after 'Change it', though Add Price was disabled while it posted", async () => {
    await admin.page.setViewportSize({ width: 1366, height: 800 });
    await open("/admin/prices");
    const [vendorName, peptideName] = (await firstPriceName()).split(" price for ");
    await admin.page.getByRole("button", { name: "Add Vendor Price" }).click();
    const dialog = admin.page.getByRole("dialog", { name: "Add Vendor Price" });
    await chooseInCombobox(dialog.getByLabel("Peptide"), peptideName!, peptideName!);
    await chooseInCombobox(dialog.getByLabel("Vendor"), vendorName!, vendorName!);
    const price = dialog.getByLabel("Price");
    await price.fill("99999");
    await dialog.getByLabel("Quantity").fill("5");
    await dialog.getByRole("button", { name: "Add Price" }).click();
    const question = admin.page.getByRole("alertdialog", { name: "Unusual price" });
    await question.getByRole("button", { name: "Change it" }).click();
    await question.waitFor({ state: "detached" });
    await expect.poll(() => price.evaluate((input) => input === document.activeElement)).toBe(true);
  });
});
