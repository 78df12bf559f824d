import { describe, expect, it } from "vitest";

import { session } from "~/.server/db/schema";

import { startAdminBrowser } from "../helpers/admin-browser";

const admin = startAdminBrowser();

const { open, toast } = admin;
const discardPrompt = () => admin.page.getByRole("alertdialog", { name: "Discard changes?" });
const sidebarLink = (name: string) =>
  admin.page.locator('[data-slot="sidebar"]').getByRole("link", { name, exact: true });

describe("page forms (hero, footer, settings)", () => {
  it("hero: leaving with typed text asks first; after a save the page can be left freely", async () => {
    await open("/admin/hero");
    const form = admin.page.getByRole("form", { name: "Hero content" });
    const title = form.getByLabel("Title", { exact: true });
    // A clean form lets the admin go at once.
    await sidebarLink("Footer").click();
    await admin.page.waitForURL(/\/admin\/footer$/);

    await open("/admin/hero");
    await title.fill("A title not saved yet");
    await sidebarLink("Footer").click();
    await discardPrompt().waitFor();
    await discardPrompt().getByRole("button", { name: "Keep editing" }).click();
    await discardPrompt().waitFor({ state: "detached" });
    expect(new URL(admin.page.url()).pathname).toBe("/admin/hero");
    expect(await title.inputValue()).toBe("A title not saved yet");

    await form.getByRole("button", { name: "Save Changes" }).click();
    await toast("Hero content updated successfully").waitFor();
    await sidebarLink("Footer").click();
    await admin.page.waitForURL(/\/admin\/footer$/);
    expect(await discardPrompt().count()).toBe(0);
  });

  it("footer: text typed in one tab survives a switch, and the editor's text alone counts as a change", async () => {
    await open("/admin/footer");
    const about = admin.page.getByRole("form", { name: "About section" });
    await about.getByLabel("Title").fill("About, half edited");
    await admin.page.getByRole("tab", { name: "Legal" }).click();
    await admin.page.getByRole("form", { name: "Legal section" }).waitFor();
    await admin.page.getByRole("tab", { name: "About" }).click();
    expect(await about.getByLabel("Title").inputValue()).toBe("About, half edited");

    await open("/admin/footer");
    const editor = admin.page
      .getByRole("form", { name: "About section" })
      .getByRole("textbox", { name: "Content" });
    await editor.click();
    await admin.page.keyboard.type(" and more");
    await sidebarLink("Hero").click();
    await discardPrompt().waitFor();
    await discardPrompt().getByRole("button", { name: "Discard" }).click();
    await admin.page.waitForURL(/\/admin\/hero$/);
  });
});

describe("the footer's rich-text editor", () => {
  it("formats with the toolbar and keeps only what the footer allows", async () => {
    await open("/admin/footer");
    const form = admin.page.getByRole("form", { name: "About section" });
    const editor = form.getByRole("textbox", { name: "Content" });
    await editor.click();
    await admin.page.keyboard.press("ControlOrMeta+a");
    await admin.page.keyboard.press("Delete");
    const bold = form.getByRole("button", { name: "Bold" });
    await bold.click();
    expect(await bold.getAttribute("aria-pressed")).toBe("true");
    await admin.page.keyboard.type("Strong words");
    await form.getByRole("button", { name: "Bulleted list" }).click();
    const field = form.locator('input[type="hidden"][name="content"]');
    await expect
      .poll(() => field.inputValue())
      .toBe("<ul><li><p><strong>Strong words</strong></p></li></ul>");
    // The link's address is asked in a dialog (no window.prompt): one that is neither http(s)
    // nor mailto is refused under its field, not inserted; a good one links the selected text.
    await admin.page.keyboard.press("ControlOrMeta+a");
    const linkButton = form.getByRole("button", { name: "Link" });
    await linkButton.click();
    const linkDialog = admin.page.getByRole("dialog", { name: "Add link" });
    const address = linkDialog.getByLabel("Link address");
    await address.fill("javascript:alert(1)");
    await linkDialog.getByRole("button", { name: "Add link" }).click();
    await linkDialog.getByText("Links must start with https://, http:// or mailto:").waitFor();
    expect(await field.inputValue()).not.toContain("javascript:");
    await address.fill("https://example.org/terms");
    await linkDialog.getByRole("button", { name: "Add link" }).click();
    await linkDialog.waitFor({ state: "hidden" });
    await expect.poll(() => field.inputValue()).toContain('href="https://example.org/terms"');
    // Back in the editor, where the admin was typing.
    await expect.poll(() => editor.evaluate((node) => node === document.activeElement)).toBe(true);
    // Cancel leaves the link as it was and the focus where it was (the toolbar keeps the
    // editor's focus on a click).
    await linkButton.click();
    const editDialog = admin.page.getByRole("dialog", { name: "Edit link" });
    expect(await editDialog.getByLabel("Link address").inputValue()).toBe(
      "https://example.org/terms",
    );
    await editDialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => editor.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(await field.inputValue()).toContain('href="https://example.org/terms"');
  });
});

describe("an expired session on a page form", () => {
  it("settings: keeps the typed values and offers a sign-in that returns to the page, in the form or its toast", async () => {
    await open("/admin/settings");
    const form = admin.page.getByRole("form", { name: "Settings" });
    const interval = form.getByLabel("Scraping interval (seconds)");
    await interval.fill("7200");
    // Every session ends (this is the file's last test): the save meets the guard.
    await admin.server.app.db.delete(session);

    await form.getByRole("button", { name: "Save Settings" }).click();
    const notice = form.getByRole("alert").filter({ hasText: "Your session has expired" });
    await notice.waitFor();
    expect(await interval.inputValue()).toBe("7200");
    expect(await notice.getByRole("link").getAttribute("href")).toBe(
      "/admin-login?redirectTo=%2Fadmin%2Fsettings",
    );

    // A form without a notice of its own (here: adding a currency) says so in its toast, whose
    // "Sign in" opens the sign-in in a new tab that returns to this page. The settings save's
    // alike toast closes on its own first, so the one read here is surely the new form's.
    const toasts = toast("Your session has expired");
    // Seen first, then gone: waiting for "detached" alone passes before the toast is even drawn.
    await toasts.first().waitFor();
    await toasts.first().waitFor({ state: "detached", timeout: 15_000 });
    const addRate = admin.page.getByRole("form", { name: "Add a currency" });
    await addRate.getByLabel("Currency").fill("SEK");
    await addRate.getByLabel("1 USD =").fill("10");
    await addRate.getByRole("button", { name: "Add currency" }).click();
    await toasts.waitFor();
    expect(await toasts.count()).toBe(1);
    const expired = toasts.first();
    const [signInTab] = await Promise.all([
      admin.context.waitForEvent("page"),
      expired.getByRole("button", { name: "Sign in" }).click(),
    ]);
    await signInTab.waitForURL(/\/admin-login\?/);
    expect(new URL(signInTab.url()).searchParams.get("redirectTo")).toBe("/admin/settings");
    await signInTab.close();
    expect(await addRate.getByLabel("Currency").inputValue()).toBe("SEK");
  });
});
