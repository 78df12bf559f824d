import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { count, eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { getHeroContent } from "~/.server/data/hero.server";
import { ads, footerContent } from "~/.server/db/schema";

import { createUserWithPassword } from "../helpers/auth";
import { expectConsoleError, launchBrowser, newAdminContext } from "../helpers/browser";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const downloads = fs.mkdtempSync(path.join(os.tmpdir(), "admin-content-downloads-"));

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  context = await newAdminContext(server, browser, { acceptDownloads: true });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  fs.rmSync(downloads, { recursive: true, force: true });
});
beforeEach(async () => {
  page = await context.newPage();
});
afterEach(async () => {
  await page.close();
});

const toast = (text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

describe("admin content pages in a browser", () => {
  it("ads: empty state, create → edit → delete with toasts", async () => {
    await server.app.db.delete(ads);
    await page.goto(`${server.baseUrl}/admin/ads`);
    await page.getByText("No advertisements created yet.").waitFor();
    await page.getByRole("button", { name: "Create First Ad" }).click();

    const preview = page.getByRole("region", { name: "Preview" });
    await preview.getByText("Enter a title to see a preview.").waitFor();
    await page.getByLabel("Title").fill("Browser Test Ad");
    await preview.getByRole("complementary", { name: "Advertisement: Browser Test Ad" }).waitFor();
    await page.getByLabel("Description").fill("Great peptides, better prices");
    await page.getByRole("button", { name: "Create Ad" }).click();
    await toast("Ad created successfully").waitFor();

    const card = page.getByTestId("ad-card").filter({ hasText: "Browser Test Ad" });
    await card.getByText("Active").waitFor();
    expect(await card.textContent()).toContain("Homepage");

    await page.getByRole("button", { name: "Edit Browser Test Ad" }).click();
    await page.getByRole("tab", { name: "Edit Ad" }).waitFor();
    await page.getByLabel("Title").fill("Browser Test Ad Edited");
    await page.getByLabel("Active").click();
    await page.getByRole("button", { name: "Update Ad" }).click();
    await toast("Ad updated successfully").waitFor();
    const edited = page.getByTestId("ad-card").filter({ hasText: "Browser Test Ad Edited" });
    await edited.getByText("Inactive").waitFor();
    expect(await edited.getAttribute("class")).toContain("opacity-60");
    expect(await page.getByRole("tab", { name: "Edit Ad" }).count()).toBe(0);

    await page.getByRole("button", { name: "Delete Browser Test Ad Edited" }).click();
    await page.getByRole("alertdialog").getByText("Are you sure?").waitFor();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await toast("Ad deleted successfully").waitFor();
    await page.getByText("No advertisements created yet.").waitFor();
    expect(await server.app.db.select({ n: count() }).from(ads)).toEqual([{ n: 0 }]);
  });

  it("hero: an edit shows on the home page, and an image uploads and is removed", async () => {
    await page.goto(`${server.baseUrl}/admin/hero`);
    await page.getByLabel("Title", { exact: true }).fill("Hero From The Browser");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toast("Hero content updated successfully").waitFor();

    const image = await sharp({
      create: { width: 900, height: 600, channels: 3, background: "#228844" },
    })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel("Upload image")
      .setInputFiles({ name: "hero.jpg", mimeType: "image/jpeg", buffer: image });
    await toast("Image uploaded successfully").waitFor();
    const current = page.locator('img[alt="Current hero image"][src^="/uploads/hero-"]');
    await current.waitFor();
    const src = await current.getAttribute("src");
    expect(src).toMatch(/^\/uploads\/hero-[0-9a-f]+\.webp$/);

    await page.getByLabel("Upload image").setInputFiles({
      name: "fake.png",
      mimeType: "image/png",
      buffer: Buffer.from("not an image"),
    });
    await toast("Failed to upload image").waitFor();
    expect((await getHeroContent(server.app.db)).imageUrl).toBe(src);

    await page.goto(server.baseUrl);
    await page.getByRole("heading", { level: 1, name: "Hero From The Browser" }).waitFor();
    expect(await page.locator(`img[src="${src}"]`).count()).toBe(1);

    await page.goto(`${server.baseUrl}/admin/hero`);
    await page.getByRole("button", { name: "Remove Image" }).click();
    await toast("Image Removed").waitFor();
    await page.getByText("No image: the default image is shown").waitFor();
  });

  it("footer: an edit shows in the public footer at once, sanitized", async () => {
    await page.goto(`${server.baseUrl}/admin/footer`);
    await page.getByRole("tab", { name: "Contact" }).click();
    const form = page.getByRole("form", { name: "Contact section" });
    await form.getByLabel("Title").fill("Write To Us");
    const editor = form.getByRole("textbox", { name: "Content" });
    await editor.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Mail the team");
    // What a pasted or hand-written payload could hold: none of it may survive. In the editor
    // itself the image fails to load and the Content-Security-Policy blocks its handler.
    expectConsoleError(/status of 404|Content Security Policy/);
    await editor.evaluate((element) => {
      element.insertAdjacentHTML(
        "beforeend",
        '<img src="x" onerror="window.__footerXss = 1"><a href="javascript:window.__footerXss = 2">bad</a><script>window.__footerXss = 3</script>',
      );
      element.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await form.getByRole("button", { name: "Save Contact" }).click();
    await toast("Footer content updated").waitFor();

    // The admin page's own public footer refreshes without a reload.
    await page.locator("footer").getByRole("heading", { name: "Write To Us" }).waitFor();

    await page.goto(server.baseUrl);
    const footer = page.locator("footer");
    await footer.getByRole("heading", { name: "Write To Us" }).waitFor();
    expect(await footer.textContent()).toContain("Mail the team");
    expect(await footer.locator("script, img, [onerror], a[href^='javascript']").count()).toBe(0);
    expect(
      await page.evaluate(() => (window as { __footerXss?: number }).__footerXss),
    ).toBeUndefined();
    const [stored] = await server.app.db
      .select()
      .from(footerContent)
      .where(eq(footerContent.section, "contact"));
    expect(stored!.content).not.toMatch(/onerror|javascript:|<script/i);
  });

  it("users: search, add admin, remove admin rights, toggle and reset with toasts", async () => {
    const email = "browser-user@peptideprices.test";
    await createUserWithPassword(server.app, email, "browser-user-password");
    await page.goto(`${server.baseUrl}/admin/users`);
    await page.getByPlaceholder("Search users...").fill("BROWSER-USER");
    await page.waitForURL(/q=BROWSER-USER/);
    const row = page.getByRole("row").filter({ hasText: email });
    await row.waitFor();
    await page.getByTestId("table-count").getByText("1 user").waitFor();
    await row.getByText("User", { exact: true }).waitFor();

    await page.getByRole("button", { name: "Add Admin" }).click();
    const dialog = page.getByRole("dialog");
    const submit = dialog.getByRole("button", { name: "Add Admin" });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel("Email").fill("not-an-email");
    await submit.click();
    await toast("Invalid email").waitFor();
    await dialog.getByLabel("Email").fill(email);
    await submit.click();
    await toast("Admin added").waitFor();
    await dialog.waitFor({ state: "detached" });
    await row.getByText("Admin", { exact: true }).waitFor();

    await row.getByRole("button", { name: `Delete ${email}` }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByRole("button", { name: "Remove" }).click();
    await toast("User updated").waitFor();
    await confirm.waitFor({ state: "detached" });
    await row.getByText("User", { exact: true }).waitFor();

    await row.getByRole("switch", { name: `Admin status for ${email}` }).click();
    await toast("Admin status granted").waitFor();
    await row.getByRole("button", { name: `Reset password of ${email}` }).click();
    await toast("Password reset email sent").waitFor();
  });

  it("every content page fits a 390 px wide phone screen", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const pathname of [
      "/admin/hero",
      "/admin/footer",
      "/admin/ads",
      "/admin/users",
      "/admin/settings",
    ]) {
      await page.goto(`${server.baseUrl}${pathname}`);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      if (pathname === "/admin/ads") await page.getByRole("tab", { name: "Create New" }).click();
      // The page's own content (wide tables scroll inside their own box); the shared header is not ours.
      const overflow = await page.evaluate(() => {
        const content = document.querySelector("h1")!.closest(".gap-6")!;
        return (
          Math.max(content.getBoundingClientRect().right, content.scrollWidth) - window.innerWidth
        );
      });
      expect(overflow, pathname).toBeLessThanOrEqual(0);
    }
  });

  it("settings: backup download, then restore brings the data back", async () => {
    await page.goto(`${server.baseUrl}/admin/settings`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Backup Database" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^peptideprices-backup-.+\.json$/);
    const file = path.join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    const backup = JSON.parse(fs.readFileSync(file, "utf8"));
    const heroTitle = backup.tables.hero_content[0].title as string;

    await server.app.db.insert(ads).values({ title: "Made After The Backup" });
    await page.getByLabel("Restore from a backup file").setInputFiles(file);
    await page.getByRole("button", { name: "Restore", exact: true }).click();
    await page.getByRole("alertdialog").getByText("Restore this backup?").waitFor();
    await page.getByRole("button", { name: "Restore Backup" }).click();
    await toast("Backup restored").waitFor();

    expect(
      await server.app.db.select().from(ads).where(eq(ads.title, "Made After The Backup")),
    ).toEqual([]);
    expect((await getHeroContent(server.app.db)).title).toBe(heroTitle);
    await page.getByRole("table", { name: "Audit log" }).getByText("restore").first().waitFor();
  });
});
