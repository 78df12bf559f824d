import { describe, expect, it } from "vitest";

import { mailOutbox } from "~/.server/db/schema";

import { startAdminBrowser } from "../helpers/admin-browser";
import { runNextShopRead } from "../helpers/shop-reads";

/** Issue 32 Must 4: the operator's tools are tools, not raw data. */
const admin = startAdminBrowser();
const { open, toast } = admin;

describe("operator tools", () => {
  it("the outbox's links can be followed", async () => {
    const link = `${admin.server.baseUrl}/reset-password?token=outbox-token`;
    await admin.server.app.db.insert(mailOutbox).values({
      to: "buyer@example.test",
      subject: "Reset your password",
      text: `Hello,\n\nReset your password at ${link}.\n\nPeptidePrices`,
    });
    await open("/admin/settings");
    const outbox = admin.page.getByRole("list", { name: "Outbox" });
    await outbox.getByText("Reset your password", { exact: true }).click();
    const anchor = outbox.getByRole("link", { name: link });
    expect(await anchor.getAttribute("href")).toBe(link);
  });

  it("a selector test that finds nothing proposes selectors, and 'Use these selectors' fills them in", async () => {
    await open("/admin/scraping");
    await admin.page.getByRole("button", { name: "Add Source" }).click();
    const dialog = admin.page.getByRole("dialog");
    await dialog.getByLabel("Retailer name *").fill("Proposal Shop");
    await dialog.getByLabel("URL *").fill(`${admin.server.baseUrl}/demo-retailer/shop`);
    await dialog.getByLabel("Page type").selectOption("category");
    await dialog.getByLabel("Product selector *").fill(".no-such-card");
    await dialog.getByLabel("Name selector *").fill(".no-such-name");
    await dialog.getByLabel("Price selector *").fill(".no-such-price");
    await dialog.getByRole("button", { name: "Test selectors" }).click();
    // The page is read by a background job (done here as the worker would); the dialog polls it.
    await runNextShopRead(admin.server.app, "selector-test");
    const report = dialog.getByRole("region", { name: "Selector test result" });
    await report.getByText(/^0 products found by the selectors/).waitFor();
    await report.getByRole("button", { name: "Use these selectors" }).click();
    const product = await dialog.getByLabel("Product selector *").inputValue();
    expect(product).not.toBe(".no-such-card");
    expect(product).not.toBe("");
    expect(await dialog.getByLabel("Price selector *").inputValue()).not.toBe(".no-such-price");

    await dialog.getByRole("button", { name: "Test selectors" }).click();
    await runNextShopRead(admin.server.app, "selector-test");
    await toast("Selector test succeeded.").first().waitFor();
    await report.getByText(/^\d+ products? found by the selectors/).waitFor();
    expect(await report.getByText(/^0 products found/).count()).toBe(0);
    await report
      .getByRole("list", { name: "Products found" })
      .getByText(/BPC-157 5mg/)
      .waitFor();
  });
});
