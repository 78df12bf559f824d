/**
 * The ads form (in its Create New tab) and the users page's Add Admin dialog ask "Discard
 * changes?" before typed text is dropped, and keep it after a refused save.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { launchBrowser, newAdminContext, waitForHydration } from "../helpers/browser";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  context = await newAdminContext(server, browser);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

const discardPrompt = () => page.getByRole("alertdialog", { name: "Discard changes?" });

describe("ads: Create New", () => {
  const form = () => page.getByRole("form", { name: "Create ad" });

  it("asks before Escape, Cancel or another tab drop what was typed", async () => {
    await page.goto(`${server.baseUrl}/admin/ads`);
    await waitForHydration(page);
    await page.getByRole("tab", { name: "Create New" }).click();
    await form().getByLabel("Title").fill("Half typed ad");

    await form().getByLabel("Title").press("Escape");
    await discardPrompt().waitFor();
    await discardPrompt().getByRole("button", { name: "Keep editing" }).click();
    await discardPrompt().waitFor({ state: "detached" });
    expect(await form().getByLabel("Title").inputValue()).toBe("Half typed ad");

    await form().getByRole("button", { name: "Cancel" }).click();
    await discardPrompt().waitFor();
    await discardPrompt().getByRole("button", { name: "Keep editing" }).click();

    await page.getByRole("tab", { name: "All Ads" }).click();
    await discardPrompt().waitFor();
    await discardPrompt().getByRole("button", { name: "Discard" }).click();
    await form().waitFor({ state: "detached" });
    expect(await page.getByRole("tab", { name: "All Ads" }).getAttribute("aria-selected")).toBe(
      "true",
    );
  });

  it("leaves an untouched form at once", async () => {
    await page.getByRole("tab", { name: "Create New" }).click();
    await form().getByLabel("Title").press("Escape");
    await form().waitFor({ state: "detached" });
    expect(await discardPrompt().count()).toBe(0);
  });
});

describe("users: Add Admin", () => {
  const dialog = () => page.getByRole("dialog", { name: "Add Admin" });

  it("asks before Escape or Cancel drop the typed address, and keeps it after a refused save", async () => {
    await page.goto(`${server.baseUrl}/admin/users`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Add Admin" }).click();
    await dialog().getByLabel("Email").fill("nobody-here@peptideprices.test");

    await page.keyboard.press("Escape");
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
