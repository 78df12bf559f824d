import { describe, expect, it } from "vitest";

import { session } from "~/.server/db/schema";

import { signIn } from "../helpers/auth";
import { browserCookies, newVerifiedContext, waitForHydration } from "../helpers/browser";
import { startAdminBrowser } from "../helpers/admin-browser";

const admin = startAdminBrowser();

const { toast } = admin;
const dialog = () => admin.page.getByRole("dialog", { name: "Add New Category" });
const discardPrompt = () => admin.page.getByRole("alertdialog", { name: "Discard changes?" });

async function openAddCategory() {
  await admin.page.goto(`${admin.server.baseUrl}/admin/categories`);
  await waitForHydration(admin.page);
  await admin.page.getByRole("button", { name: "Add New Category" }).click();
  await dialog().waitFor();
}

describe("FormDialog", () => {
  it("closes a clean form at once, and asks before Escape, Cancel or the close button drop typed text", async () => {
    await openAddCategory();
    await admin.page.keyboard.press("Escape");
    await dialog().waitFor({ state: "detached" });
    expect(await discardPrompt().count()).toBe(0);

    await admin.page.getByRole("button", { name: "Add New Category" }).click();
    await dialog().getByLabel("Name").fill("Half typed");
    await admin.page.keyboard.press("Escape");
    await discardPrompt().waitFor();
    await discardPrompt().getByRole("button", { name: "Keep editing" }).click();
    await discardPrompt().waitFor({ state: "detached" });
    expect(await dialog().getByLabel("Name").inputValue()).toBe("Half typed");

    await dialog().getByRole("button", { name: "Cancel" }).click();
    await discardPrompt().waitFor();
    await discardPrompt().getByRole("button", { name: "Keep editing" }).click();
    await dialog().getByRole("button", { name: "Close" }).click();
    await discardPrompt().getByRole("button", { name: "Discard" }).click();
    await dialog().waitFor({ state: "detached" });
  });

  it("typing the opening value back makes the form clean again", async () => {
    await openAddCategory();
    const name = dialog().getByLabel("Name");
    await name.fill("x");
    await name.fill("");
    await dialog().getByRole("button", { name: "Cancel" }).click();
    await dialog().waitFor({ state: "detached" });
  });

  it("asks before a link leaves the page with a dirty form", async () => {
    await admin.page.goto(`${admin.server.baseUrl}/admin`);
    await waitForHydration(admin.page);
    await admin.page.getByRole("link", { name: "Categories" }).click();
    await admin.page.getByRole("button", { name: "Add New Category" }).click();
    await dialog().getByLabel("Name").fill("Leaving soon");
    // The sidebar sits behind the modal dialog: navigate as the browser's Back button would.
    await admin.page.evaluate(() => window.history.back());
    await discardPrompt().waitFor();
    await discardPrompt().getByRole("button", { name: "Keep editing" }).click();
    expect(new URL(admin.page.url()).pathname).toBe("/admin/categories");
    expect(await dialog().getByLabel("Name").inputValue()).toBe("Leaving soon");
  });

  it("stays open with what was typed when the save fails", async () => {
    await openAddCategory();
    await dialog().getByLabel("Name").fill("Healing & Recovery");
    await dialog().getByLabel("Description").fill("Typed, not lost");
    await dialog().getByRole("button", { name: "Add Category" }).click();
    // Under the Name field (the toast is for errors without a field).
    await dialog().getByText("already exists").waitFor();
    expect(await dialog().getByLabel("Description").inputValue()).toBe("Typed, not lost");
  });
});

describe("Trash", () => {
  it("a deleted category comes back with the toast's Undo, and from the Trash view", async () => {
    await admin.page.goto(`${admin.server.baseUrl}/admin/categories`);
    await waitForHydration(admin.page);
    const table = admin.page.getByRole("table", { name: "Categories" });
    const row = table.getByRole("row").filter({ hasText: "Healing & Recovery" });
    await row.getByRole("button", { name: "Delete Healing & Recovery" }).click();
    await admin.page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    const deleted = toast("Category deleted successfully");
    await deleted.waitFor();
    await row.waitFor({ state: "detached" });

    await deleted.getByRole("button", { name: "Undo" }).click();
    await toast('"Healing & Recovery" restored').waitFor();
    await row.waitFor();

    await row.getByRole("button", { name: "Delete Healing & Recovery" }).click();
    await admin.page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await row.waitFor({ state: "detached" });
    await admin.page.getByRole("link", { name: "Trash" }).click();
    const trashRow = admin.page
      .getByRole("table", { name: "Trash" })
      .getByRole("row")
      .filter({ hasText: "Healing & Recovery" });
    await trashRow.getByText("Category").waitFor();
    await trashRow.getByRole("button", { name: "Restore Healing & Recovery" }).click();
    await admin.page.getByText("The trash is empty.").waitFor();
    // The Undo's toast may still be showing beside this one.
    await toast('"Healing & Recovery" restored').last().waitFor();
  });
});

describe("an expired session", () => {
  it("keeps the dialog and its text, and offers a sign-in that returns to the page", async () => {
    const ownContext = await newVerifiedContext(admin.browser, {
      viewport: { width: 1280, height: 900 },
    });
    const cookie = await signIn(admin.server, "admin@peptideprices.test", "admin-password");
    await ownContext.addCookies(browserCookies(cookie, admin.server.baseUrl));
    const own = await ownContext.newPage();
    try {
      await own.goto(`${admin.server.baseUrl}/admin/categories?page=1`);
      await waitForHydration(own);
      await own.getByRole("button", { name: "Add New Category" }).click();
      const form = own.getByRole("dialog", { name: "Add New Category" });
      await form.getByLabel("Name").fill("Typed before expiry");
      // Every session ends (this is the file's last test): the next save meets the guard.
      await admin.server.app.db.delete(session);

      await form.getByRole("button", { name: "Add Category" }).click();
      const notice = form.getByRole("alert");
      await notice.getByText("Your session has expired — sign in again").waitFor();
      expect(await form.getByLabel("Name").inputValue()).toBe("Typed before expiry");
      expect(await notice.getByRole("link").getAttribute("href")).toBe(
        "/admin-login?redirectTo=%2Fadmin%2Fcategories%3Fpage%3D1",
      );
    } finally {
      await own.close();
      await ownContext.close();
    }
  });
});
