import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";

import { getHeroContent } from "~/.server/data/hero.server";
import { ads, footerContent } from "~/.server/db/schema";

import { createUserWithPassword } from "../helpers/auth";
import { expectConsoleError } from "../helpers/browser";
import { startAdminBrowser } from "../helpers/admin-browser";

const downloads = fs.mkdtempSync(path.join(os.tmpdir(), "admin-content-downloads-"));
const admin = startAdminBrowser({ context: { acceptDownloads: true } });
afterAll(() => {
  fs.rmSync(downloads, { recursive: true, force: true });
});

const { toast } = admin;

describe("admin content pages in a browser", () => {
  it("ads: empty state, create → edit → delete with toasts", async () => {
    await admin.server.app.db.delete(ads);
    await admin.page.goto(`${admin.server.baseUrl}/admin/ads`);
    await admin.page.getByText("No advertisements created yet.").waitFor();
    await admin.page.getByRole("button", { name: "Create First Ad" }).click();

    const preview = admin.page.getByRole("region", { name: "Preview" });
    await preview.getByText("Enter a title to see a preview.").waitFor();
    await admin.page.getByLabel("Title").fill("Browser Test Ad");
    await preview.getByRole("complementary", { name: "Advertisement: Browser Test Ad" }).waitFor();
    await admin.page.getByLabel("Description").fill("Great peptides, better prices");
    await admin.page.getByRole("button", { name: "Create Ad" }).click();
    await toast("Ad created successfully").waitFor();

    const card = admin.page.getByTestId("ad-card").filter({ hasText: "Browser Test Ad" });
    await card.getByText("Active").waitFor();
    expect(await card.textContent()).toContain("Homepage");

    await admin.page.getByRole("button", { name: "Edit Browser Test Ad" }).click();
    await admin.page.getByRole("tab", { name: "Edit Ad" }).waitFor();
    await admin.page.getByLabel("Title").fill("Browser Test Ad Edited");
    await admin.page.getByLabel("Active").click();
    await admin.page.getByRole("button", { name: "Update Ad" }).click();
    await toast("Ad updated successfully").waitFor();
    const edited = admin.page.getByTestId("ad-card").filter({ hasText: "Browser Test Ad Edited" });
    await edited.getByText("Inactive").waitFor();
    expect(await edited.getAttribute("class")).toContain("opacity-60");
    expect(await admin.page.getByRole("tab", { name: "Edit Ad" }).count()).toBe(0);

    await admin.page.getByRole("button", { name: "Delete Browser Test Ad Edited" }).click();
    await admin.page.getByRole("alertdialog").getByText("Are you sure?").waitFor();
    await admin.page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await toast("Ad deleted successfully").waitFor();
    await admin.page.getByText("No advertisements created yet.").waitFor();
    expect(await admin.server.app.db.select({ n: count() }).from(ads)).toEqual([{ n: 0 }]);
  });

  it("hero: an edit shows on the home page, and an image uploads and is removed", async () => {
    await admin.page.goto(`${admin.server.baseUrl}/admin/hero`);
    await admin.page.getByLabel("Title", { exact: true }).fill("Hero From The Browser");
    await admin.page.getByRole("button", { name: "Save Changes" }).click();
    await toast("Hero content updated successfully").waitFor();

    const image = await sharp({
      create: { width: 900, height: 600, channels: 3, background: "#228844" },
    })
      .jpeg()
      .toBuffer();
    await admin.page
      .getByLabel("Upload image")
      .setInputFiles({ name: "hero.jpg", mimeType: "image/jpeg", buffer: image });
    await toast("Image uploaded successfully").waitFor();
    const current = admin.page.locator('img[alt="Current hero image"][src^="/uploads/hero-"]');
    await current.waitFor();
    const src = await current.getAttribute("src");
    expect(src).toMatch(/^\/uploads\/hero-[0-9a-f]+\.webp$/);

    await admin.page.getByLabel("Upload image").setInputFiles({
      name: "fake.png",
      mimeType: "image/png",
      buffer: Buffer.from("not an image"),
    });
    await toast("Failed to upload image").waitFor();
    expect((await getHeroContent(admin.server.app.db)).imageUrl).toBe(src);

    await admin.page.goto(admin.server.baseUrl);
    await admin.page.getByRole("heading", { level: 1, name: "Hero From The Browser" }).waitFor();
    expect(await admin.page.locator(`img[src="${src}"]`).count()).toBe(1);

    await admin.page.goto(`${admin.server.baseUrl}/admin/hero`);
    await admin.page.getByRole("button", { name: "Remove Image" }).click();
    await toast("Image Removed").waitFor();
    await admin.page.getByText("No image: the default image is shown").waitFor();
  });

  it("footer: an edit shows in the public footer at once, sanitized", async () => {
    await admin.page.goto(`${admin.server.baseUrl}/admin/footer`);
    await admin.page.getByRole("tab", { name: "Contact" }).click();
    const form = admin.page.getByRole("form", { name: "Contact section" });
    await form.getByLabel("Title").fill("Write To Us");
    const editor = form.getByRole("textbox", { name: "Content" });
    await editor.click();
    await admin.page.keyboard.press("ControlOrMeta+a");
    await admin.page.keyboard.type("Mail the team");
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
    await admin.page.locator("footer").getByRole("heading", { name: "Write To Us" }).waitFor();

    await admin.page.goto(admin.server.baseUrl);
    const footer = admin.page.locator("footer");
    await footer.getByRole("heading", { name: "Write To Us" }).waitFor();
    expect(await footer.textContent()).toContain("Mail the team");
    expect(await footer.locator("script, img, [onerror], a[href^='javascript']").count()).toBe(0);
    expect(
      await admin.page.evaluate(() => (window as { __footerXss?: number }).__footerXss),
    ).toBeUndefined();
    const [stored] = await admin.server.app.db
      .select()
      .from(footerContent)
      .where(eq(footerContent.section, "contact"));
    expect(stored!.content).not.toMatch(/onerror|javascript:|<script/i);
  });

  it("users: search, add admin, remove admin rights, toggle and reset with toasts", async () => {
    const email = "browser-user@peptideprices.test";
    await createUserWithPassword(admin.server.app, email, "browser-user-password");
    await admin.page.goto(`${admin.server.baseUrl}/admin/users`);
    await admin.page.getByPlaceholder("Search users...").fill("BROWSER-USER");
    await admin.page.waitForURL(/q=BROWSER-USER/);
    const row = admin.page.getByRole("row").filter({ hasText: email });
    await row.waitFor();
    await admin.page.getByTestId("table-count").getByText("1 user").waitFor();
    await row.getByText("User", { exact: true }).waitFor();

    await admin.page.getByRole("button", { name: "Add Admin" }).click();
    const dialog = admin.page.getByRole("dialog");
    const submit = dialog.getByRole("button", { name: "Add Admin" });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel("Email").fill("not-an-email");
    await submit.click();
    await dialog.getByText("Please enter a valid email address").waitFor();
    await dialog.getByLabel("Email").fill(email);
    await submit.click();
    await toast("Admin added").waitFor();
    await dialog.waitFor({ state: "detached" });
    await row.getByText("Admin", { exact: true }).waitFor();

    await row.getByRole("button", { name: `Delete ${email}` }).click();
    const confirm = admin.page.getByRole("alertdialog");
    await confirm.getByRole("button", { name: "Remove" }).click();
    await toast("User updated").waitFor();
    await confirm.waitFor({ state: "detached" });
    await row.getByText("User", { exact: true }).waitFor();

    // Granting admin rights asks first; cancelling changes nothing and gives the focus back.
    const adminSwitch = row.getByRole("switch", { name: `Admin status for ${email}` });
    await adminSwitch.click();
    const grant = admin.page.getByRole("alertdialog", { name: "Make this account an admin?" });
    await grant.getByRole("button", { name: "Cancel" }).click();
    await grant.waitFor({ state: "detached" });
    expect(await adminSwitch.getAttribute("aria-checked")).toBe("false");
    expect(await adminSwitch.evaluate((element) => element === document.activeElement)).toBe(true);
    await adminSwitch.click();
    await grant.getByRole("button", { name: "Make admin" }).click();
    await toast("Admin status granted").waitFor();
    await row.getByText("Admin", { exact: true }).waitFor();
    await row.getByText("Confirmed", { exact: true }).waitFor();
    await row.getByRole("button", { name: `Reset password of ${email}` }).click();
    await toast("Password reset email sent").waitFor();
  });

  it("every content page fits a 390 px wide phone screen", async () => {
    await admin.page.setViewportSize({ width: 390, height: 844 });
    for (const pathname of [
      "/admin/hero",
      "/admin/footer",
      "/admin/ads",
      "/admin/users",
      "/admin/settings",
    ]) {
      await admin.page.goto(`${admin.server.baseUrl}${pathname}`);
      await admin.page.getByRole("heading", { level: 1 }).first().waitFor();
      if (pathname === "/admin/ads")
        await admin.page.getByRole("tab", { name: "Create New" }).click();
      // The page's own content (wide tables scroll inside their own box); the shared header is not ours.
      const overflow = await admin.page.evaluate(() => {
        const content = document.querySelector("h1")!.closest(".gap-6")!;
        return (
          Math.max(content.getBoundingClientRect().right, content.scrollWidth) - window.innerWidth
        );
      });
      expect(overflow, pathname).toBeLessThanOrEqual(0);
    }
  });

  it("settings: backup download, then restore brings the data back", async () => {
    await admin.page.goto(`${admin.server.baseUrl}/admin/settings`);
    const [download] = await Promise.all([
      admin.page.waitForEvent("download"),
      admin.page.getByRole("link", { name: "Backup Database" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^peptideprices-backup-.+\.json$/);
    const file = path.join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    const backup = JSON.parse(fs.readFileSync(file, "utf8"));
    const heroTitle = backup.tables.hero_content[0].title as string;

    await admin.server.app.db.insert(ads).values({ title: "Made After The Backup" });
    await admin.page.getByLabel("Restore from a backup file").setInputFiles(file);
    await admin.page.getByRole("button", { name: "Restore", exact: true }).click();
    await admin.page.getByRole("alertdialog").getByText("Restore this backup?").waitFor();
    await admin.page.getByRole("button", { name: "Restore Backup" }).click();
    await toast("Backup restored").waitFor();

    expect(
      await admin.server.app.db.select().from(ads).where(eq(ads.title, "Made After The Backup")),
    ).toEqual([]);
    expect((await getHeroContent(admin.server.app.db)).title).toBe(heroTitle);
    await admin.page
      .getByRole("table", { name: "Audit log" })
      .getByText("restore")
      .first()
      .waitFor();
  });
});
