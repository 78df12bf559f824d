/**
 * The ads form (in its Create New tab) and the users page's Add Admin dialog ask "Discard
 * changes?" before typed text is dropped, and keep it after a refused save.
 */
import { describe, expect, it } from "vitest";

import { waitForHydration } from "../helpers/browser";
import { startAdminBrowser } from "../helpers/admin-browser";

const admin = startAdminBrowser({ pagePerTest: false });

const discardPrompt = () => admin.page.getByRole("alertdialog", { name: "Discard changes?" });

describe("ads: Create New", () => {
  const form = () => admin.page.getByRole("form", { name: "Create ad" });

  it("asks before Escape, Cancel or another tab drop what was typed", async () => {
    await admin.page.goto(`${admin.server.baseUrl}/admin/ads`);
    await waitForHydration(admin.page);
    await admin.page.getByRole("tab", { name: "Create New" }).click();
    await form().getByLabel("Title").fill("Half typed ad");

    await form().getByLabel("Title").press("Escape");
    await discardPrompt().waitFor();
    await discardPrompt().getByRole("button", { name: "Keep editing" }).click();
    await discardPrompt().waitFor({ state: "detached" });
    expect(await form().getByLabel("Title").inputValue()).toBe("Half typed ad");

    await form().getByRole("button", { name: "Cancel" }).click();
    await discardPrompt().waitFor();
    await discardPrompt().getByRole("button", { name: "Keep editing" }).click();

    await admin.page.getByRole("tab", { name: "All Ads" }).click();
    await discardPrompt().waitFor();
    await discardPrompt().getByRole("button", { name: "Discard" }).click();
    await form().waitFor({ state: "detached" });
    expect(
      await admin.page.getByRole("tab", { name: "All Ads" }).getAttribute("aria-selected"),
    ).toBe("true");
  });

  it("leaves an untouched form at once", async () => {
    await admin.page.getByRole("tab", { name: "Create New" }).click();
    await form().getByLabel("Title").press("Escape");
    await form().waitFor({ state: "detached" });
    expect(await discardPrompt().count()).toBe(0);
  });
});

describe("users: Add Admin", () => {
  const dialog = () => admin.page.getByRole("dialog", { name: "Add Admin" });

  it("asks before Escape or Cancel drop the typed address, and keeps it after a refused save", async () => {
    await admin.page.goto(`${admin.server.baseUrl}/admin/users`);
    await waitForHydration(admin.page);
    await admin.page.getByRole("button", { name: "Add Admin" }).click();
    await dialog().getByLabel("Email").fill("nobody-here@peptideprices.test");

    await admin.page.keyboard.press("Escape");
    await discardPrompt().waitFor();
    await discardPrompt().getByRole("button", { name: "Keep editing" }).click();
    await discardPrompt().waitFor({ state: "detached" });

    // No account has this address: the reason shows under the field, the text stays.
    await dialog().getByRole("button", { name: "Add Admin" }).click();
    const email = dialog().getByLabel("Email");
    await dialog()
      .locator("#add-admin-email-error")
      .filter({ hasText: "The user must already have an account" })
      .waitFor();
    expect(await email.getAttribute("aria-describedby")).toContain("add-admin-email-error");
    expect(await email.inputValue()).toBe("nobody-here@peptideprices.test");

    await dialog().getByRole("button", { name: "Cancel" }).click();
    await discardPrompt().waitFor();
    await discardPrompt().getByRole("button", { name: "Discard" }).click();
    await dialog().waitFor({ state: "detached" });
  });
});
