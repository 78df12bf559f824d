import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { labTests, sizeOptions } from "~/.server/db/schema";

import { startAdminBrowser } from "../helpers/admin-browser";

const admin = startAdminBrowser({ pagePerTest: false });

const { toast } = admin;

const openPage = () => admin.open("/admin/lab-tests");

describe("the admin lab tests page", () => {
  it("adds a test through its dialog, the size list following the peptide", async () => {
    await openPage();
    await admin.page.getByRole("button", { name: "Add Lab Test" }).click();
    const dialog = admin.page.getByRole("dialog", { name: "Add Lab Test" });
    const listbox = admin.page.getByRole("listbox");
    const pick = async (name: string, typed: string, option: string) => {
      const picker = dialog.getByRole("combobox", { name });
      await picker.fill(typed);
      await listbox.getByRole("option", { name: option, exact: true }).click();
      await expect.poll(() => picker.inputValue()).toBe(option);
    };
    await pick("Vendor", "Helix", "Helix Source");
    await pick("Peptide", "BPC", "BPC-157");
    // The size picker asks for the chosen peptide's sizes only.
    const size = dialog.getByRole("combobox", { name: "Size" });
    await size.focus();
    await size.press("ArrowDown");
    await expect
      .poll(() => listbox.getByRole("option").allTextContents())
      .toEqual(["Not stated", "5mg", "10mg"]);
    await listbox.getByRole("option", { name: "10mg", exact: true }).click();
    // The 10 mg vial's report speaks for every size of the batch (issue 30).
    await dialog.getByLabel("The report covers every size of this batch").check();
    await dialog.getByLabel("Lab", { exact: true }).fill("Browser Lab");
    // Yesterday: the newest test, so the table's first page (newest first) shows it.
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await dialog.getByLabel("Test date").fill(yesterday);
    await dialog.getByLabel("Batch / lot").fill("BROWSER-1");
    await dialog.getByLabel("Claimed mass (mg)").fill("10");
    await dialog.getByLabel("Measured mass (mg)").fill("8.5");
    await dialog.getByLabel("Purity (%)").fill("99");
    await dialog.getByRole("button", { name: "Add Lab Test" }).click();
    await toast("Lab test added").waitFor();
    await dialog.waitFor({ state: "detached" });

    const [saved] = await admin.server.app.db
      .select({
        labName: labTests.labName,
        size: sizeOptions.quantity,
        coversAllSizes: labTests.coversAllSizes,
      })
      .from(labTests)
      .leftJoin(sizeOptions, eq(sizeOptions.id, labTests.sizeOptionId))
      .where(eq(labTests.batch, "BROWSER-1"));
    expect(saved).toEqual({ labName: "Browser Lab", size: 10, coversAllSizes: true });
    // 15 % off the label: shown as failed, not hidden.
    const row = admin.page.getByRole("row").filter({ hasText: "Browser Lab" });
    await row.getByText("Failed").waitFor();
    await row.getByText("all sizes of the batch").waitFor();
  });

  it("lists an import's problems by line and imports nothing", async () => {
    await openPage();
    await admin.page.getByRole("button", { name: "Import CSV" }).click();
    const dialog = admin.page.getByRole("dialog", { name: "Import Lab Tests" });
    await dialog.getByLabel("CSV file").setInputFiles({
      name: "tests.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        "vendor,peptide,lab,test_date,purity_percent\nHelix Source,BPC-157,Lab,2026-01-01,99\nHelix Source,BPC-157,,2026-01-02,99\n",
      ),
    });
    await dialog.getByRole("button", { name: "Import" }).click();
    const problems = dialog.getByRole("alert", { name: "Import problems" });
    await problems.waitFor();
    expect(await problems.locator("li").allTextContents()).toEqual(["Line 3: Lab is required"]);
    const [imported] = await admin.server.app.db
      .select({ id: labTests.id })
      .from(labTests)
      .where(eq(labTests.testedOn, "2026-01-01"));
    expect(imported).toBeUndefined();
  });
});
