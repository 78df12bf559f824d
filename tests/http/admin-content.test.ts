import fs from "node:fs";
import path from "node:path";

import { and, count, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";

import { BACKUP_TABLE_NAMES, createBackup } from "~/.server/services/backup.server";
import { getUsersForAdmin } from "~/.server/data/admin-users.server";
import { getFooterSections } from "~/.server/data/footer.server";
import { getHeroContent } from "~/.server/data/hero.server";
import { getSettings } from "~/.server/data/settings.server";
import {
  adminUsers,
  ads,
  auditLog,
  footerContent,
  heroContent,
  mailOutbox,
  savedDeals,
  settings,
  user,
  vendorPeptides,
} from "~/.server/db/schema";
import { resolveUploadDir } from "~/.server/platform/storage.server";

import { DEMO_ADMIN, startAdminHttp } from "../helpers/admin-http";
import { versionOf } from "../helpers/row-version";

const PLAIN = { email: "content-user@peptideprices.test", password: "content-user-password" };

const admin = startAdminHttp({ plainUser: PLAIN });
const { post } = admin;

async function page(pathname: string, cookie: string | null = admin.adminCookie) {
  const response = await admin.server.fetch(pathname, { headers: cookie ? { cookie } : {} });
  return { status: response.status, text: await response.text() };
}

async function auditCount(entity: string) {
  const [row] = await admin.server.app.db
    .select({ n: count() })
    .from(auditLog)
    .where(eq(auditLog.entity, entity));
  return row!.n;
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3366aa" } })
    .png()
    .toBuffer();

describe("every content page refuses visitors and plain users", () => {
  const actions: [string, Record<string, string>][] = [
    ["/admin/hero", { intent: "save", title: "Hijacked" }],
    ["/admin/footer", { intent: "save", section: "about", title: "Hijacked", content: "x" }],
    ["/admin/ads", { intent: "create", title: "Hijacked", active: "on" }],
    ["/admin/users", { intent: "add-admin", email: PLAIN.email }],
    ["/admin/settings", { intent: "clear-cache" }],
  ];

  it.each(actions)(
    "%s: loader and action answer 403 and change nothing",
    async (pathname, fields) => {
      const auditBefore = await admin.server.app.db.select({ n: count() }).from(auditLog);
      for (const cookie of [null, admin.userCookie]) {
        expect((await page(pathname, cookie)).status).toBe(403);
        const result = await post(pathname, fields, cookie);
        expect(result.status).toBe(403);
        expect(result.text).toContain("Admin Access Required");
      }
      expect(await admin.server.app.db.select({ n: count() }).from(auditLog)).toEqual(auditBefore);
      expect((await getHeroContent(admin.server.app.db)).title).not.toBe("Hijacked");
      expect(await admin.server.app.db.select().from(ads).where(eq(ads.title, "Hijacked"))).toEqual(
        [],
      );
      expect(
        await admin.server.app.db
          .select()
          .from(adminUsers)
          .where(eq(adminUsers.email, PLAIN.email)),
      ).toEqual([]);
    },
  );

  it("the backup download is refused too", async () => {
    expect((await page("/admin/backup", null)).status).toBe(403);
    expect((await page("/admin/backup", admin.userCookie)).status).toBe(403);
  });
});

describe("hero", () => {
  it("saves the text and the home page shows it at once", async () => {
    expect((await page("/", null)).text).toContain("Find the Best Deals on Peptides");
    const audits = await auditCount("hero_content");
    const result = await post("/admin/hero", {
      intent: "save",
      version: (await getHeroContent(admin.server.app.db)).version,
      title: "Fresh Hero Title",
      subtitle: "New subtitle",
      description: "New description",
      primaryButtonText: "Go Compare",
      secondaryButtonText: "Read More",
    });
    expect(result.status).toBe(200);
    expect(result.text).toContain("Hero content updated successfully");
    const hero = await getHeroContent(admin.server.app.db);
    expect(hero).toMatchObject({
      title: "Fresh Hero Title",
      primaryButtonText: "Go Compare",
      subtitle: "New subtitle",
    });
    expect(await auditCount("hero_content")).toBe(audits + 1);
    const home = (await page("/", null)).text;
    expect(home).toContain("Fresh Hero Title");
    expect(home).toContain("Go Compare");
  });

  it("refuses an empty title with the message and changes nothing", async () => {
    const before = await getHeroContent(admin.server.app.db);
    const result = await post("/admin/hero", { intent: "save", title: "   " });
    expect(result.status).toBe(400);
    expect(result.text).toContain("Failed to update hero content");
    expect(result.text).toContain("Title is required");
    expect(await getHeroContent(admin.server.app.db)).toEqual(before);
  });

  it("uploads an image: re-encoded WebP, served with long caching, shown on the home page", async () => {
    const result = await post("/admin/hero", {
      intent: "upload-image",
      image: new File([new Uint8Array(await png(2000, 1500))], "hero.png", { type: "image/png" }),
    });
    expect(result.status).toBe(200);
    expect(result.text).toContain("Image uploaded successfully");
    const { imageUrl } = await getHeroContent(admin.server.app.db);
    expect(imageUrl).toMatch(/^\/uploads\/hero-[0-9a-f]+\.webp$/);
    const image = await admin.server.fetch(imageUrl!);
    expect(image.status).toBe(200);
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const metadata = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 1600, height: 1200 });
    expect((await page("/", null)).text).toContain(imageUrl!);
  });

  it("refuses a text file named .png and stores nothing", async () => {
    const before = await getHeroContent(admin.server.app.db);
    const files = fs.readdirSync(resolveUploadDir(admin.server.app.env));
    const result = await post("/admin/hero", {
      intent: "upload-image",
      image: new File(["<?php echo 'hi'; ?>"], "evil.png", { type: "image/png" }),
    });
    expect(result.status).toBe(400);
    expect(result.text).toContain("Failed to upload image");
    expect(result.text).toContain("Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded");
    expect(await getHeroContent(admin.server.app.db)).toEqual(before);
    expect(fs.readdirSync(resolveUploadDir(admin.server.app.env))).toEqual(files);
  });

  it("removes the image", async () => {
    const result = await post("/admin/hero", { intent: "remove-image" });
    expect(result.status).toBe(200);
    expect(result.text).toContain("Image Removed");
    expect((await getHeroContent(admin.server.app.db)).imageUrl).toBeNull();
  });

  it("answers 404 for an upload name that does not exist", async () => {
    expect((await admin.server.fetch("/uploads/none-such.webp")).status).toBe(404);
    expect(
      (await admin.server.fetch(`/uploads/${path.basename("../../package.json")}`)).status,
    ).toBe(404);
  });
});

describe("footer", () => {
  it("saves a section, sanitized: no script, event handler or javascript: link reaches the public page", async () => {
    const result = await post("/admin/footer", {
      intent: "save",
      section: "about",
      version: (await getFooterSections(admin.server.app.db)).find((s) => s.section === "about")!
        .version,
      title: "About Us Now",
      content:
        '<p>Safe <strong>text</strong> <a href="https://ok.example/">ok link</a></p>' +
        "<script>alert('xss-script')</script>" +
        '<img src="x" onerror="alert(\'xss-onerror\')">' +
        '<p onclick="alert(1)">para</p><a href="javascript:alert(\'xss-js\')">bad link</a>',
    });
    expect(result.status).toBe(200);
    expect(result.text).toContain("Footer content updated");
    const [stored] = await admin.server.app.db
      .select()
      .from(footerContent)
      .where(eq(footerContent.section, "about"));
    expect(stored!.title).toBe("About Us Now");
    expect(stored!.content).not.toMatch(/script|onerror|onclick|javascript:/i);

    const home = (await page("/", null)).text;
    expect(home).toContain("About Us Now");
    expect(home).toContain("https://ok.example/");
    expect(home).not.toContain("xss-script");
    expect(home).not.toContain("xss-onerror");
    expect(home).not.toContain("onerror=");
    expect(home).not.toContain("javascript:alert");
    expect(await auditCount("footer_content")).toBeGreaterThan(0);
  });

  it("refuses an empty title or an unknown section and changes nothing", async () => {
    const before = await admin.server.app.db.select().from(footerContent);
    const empty = await post("/admin/footer", {
      intent: "save",
      section: "legal",
      title: "",
      content: "<p>x</p>",
    });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Title is required");
    const unknown = await post("/admin/footer", {
      intent: "save",
      section: "secrets",
      title: "X",
      content: "",
    });
    expect(unknown.status).toBe(400);
    expect(await admin.server.app.db.select().from(footerContent)).toEqual(before);
  });
});

describe("ads", () => {
  it("creates with SPEC's defaults, shows it on the home page, edits and deletes it", async () => {
    const created = await post("/admin/ads", {
      intent: "create",
      title: "Spring Sale Ad",
      active: "on",
    });
    expect(created.status).toBe(200);
    expect(created.text).toContain("Ad created successfully");
    const [ad] = await admin.server.app.db
      .select()
      .from(ads)
      .where(eq(ads.title, "Spring Sale Ad"));
    expect(ad).toMatchObject({
      type: "basic",
      ctaText: "Learn More",
      active: true,
      placement: "homepage",
      size: "full",
      overlayColor: null,
      mediaUrl: null,
    });
    expect((await page("/", null)).text).toContain("Spring Sale Ad");

    const updated = await post("/admin/ads", {
      intent: "update",
      id: ad!.id,
      version: await versionOf(admin.server.app.db, ads, ad!.id),
      type: "overlay",
      title: "Summer Overlay Ad",
      placement: "homepage",
      size: "half",
      overlayPosition: "top",
      overlayColor: "",
      textColor: "",
    });
    expect(updated.status).toBe(200);
    expect(updated.text).toContain("Ad updated successfully");
    const [after] = await admin.server.app.db.select().from(ads).where(eq(ads.id, ad!.id));
    expect(after).toMatchObject({
      type: "overlay",
      title: "Summer Overlay Ad",
      active: false,
      size: "half",
      overlayPosition: "top",
      overlayColor: "rgba(0,0,0,0.6)",
      textColor: "white",
    });
    // Inactive now: gone from the public page.
    expect((await page("/", null)).text).not.toContain("Summer Overlay Ad");

    const deleted = await post("/admin/ads", { intent: "delete", id: ad!.id });
    expect(deleted.status).toBe(200);
    expect(deleted.text).toContain("Ad deleted successfully");
    expect(await admin.server.app.db.select().from(ads).where(eq(ads.id, ad!.id))).toEqual([]);
    expect(await auditCount("ads")).toBeGreaterThanOrEqual(3);
  });

  it("stores an uploaded ad image as WebP", async () => {
    const result = await post("/admin/ads", {
      intent: "create",
      type: "media",
      title: "Media Ad With Upload",
      mediaUrl: "https://media.example/video.mp4",
      mediaType: "video",
      imageFile: new File([new Uint8Array(await png(300, 200))], "ad.png", { type: "image/png" }),
    });
    expect(result.status).toBe(200);
    const [ad] = await admin.server.app.db
      .select()
      .from(ads)
      .where(eq(ads.title, "Media Ad With Upload"));
    expect(ad!.imageUrl).toMatch(/^\/uploads\/ad-[0-9a-f]+\.webp$/);
    expect(ad).toMatchObject({
      mediaType: "video",
      mediaUrl: "https://media.example/video.mp4",
      active: false,
    });
  });

  it.each([
    [{ intent: "create", title: "" }, "Title is required"],
    [
      {
        intent: "create",
        title: "Bad colour",
        type: "overlay",
        overlayColor: "red;background:url(//x)",
      },
      "Enter a colour",
    ],
    [{ intent: "create", title: "Bad link", linkUrl: "javascript:alert(1)" }, "Enter a full URL"],
    [{ intent: "create", title: "No media", type: "media" }, "A media ad needs a media URL"],
    [{ intent: "create", title: "Bad place", placement: "sidebar" }, "Failed to save ad"],
  ])("refuses %j with a 400 and stores nothing", async (fields, message) => {
    const [before] = await admin.server.app.db.select({ n: count() }).from(ads);
    const result = await post("/admin/ads", fields);
    expect(result.status).toBe(400);
    expect(result.text).toContain(message);
    expect(await admin.server.app.db.select({ n: count() }).from(ads)).toEqual([before]);
  });

  it("answers 404 when updating or deleting an unknown ad", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    expect((await post("/admin/ads", { intent: "delete", id })).status).toBe(404);
    expect(
      (await post("/admin/ads", { intent: "update", id, version: "1", title: "Ghost" })).status,
    ).toBe(404);
    expect((await post("/admin/ads", { intent: "delete", id: "not-a-uuid" })).status).toBe(400);
  });
});

describe("users", () => {
  it("lists users with real saved-deal counts and last login, searching in any case", async () => {
    const [plain] = await admin.server.app.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, PLAIN.email));
    const prices = await admin.server.app.db
      .select({ id: vendorPeptides.id, price: vendorPeptides.price })
      .from(vendorPeptides)
      .limit(2);
    await admin.server.app.db.insert(savedDeals).values(
      prices.map((p) => ({
        userId: plain!.id,
        vendorPeptideId: p.id,
        peptideName: "P",
        vendorName: "V",
        priceAtSave: p.price,
      })),
    );
    const { users } = await getUsersForAdmin(admin.server.app.db, { query: "CONTENT-USER" });
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ email: PLAIN.email, dealsCount: 2, isAdmin: false });
    expect(users[0]!.lastLoginAt).toBeInstanceOf(Date);

    const listed = (await page("/admin/users?q=CONTENT-USER")).text;
    expect(listed).toContain(PLAIN.email);
    expect(listed).not.toContain("demo@peptideprices.test");
    expect(listed).toContain("1 user");
    const none = (await page("/admin/users?q=nobody-matches-this")).text;
    expect(none).toContain("No users found.");
    // LIKE wildcards typed in the box are plain characters.
    expect((await getUsersForAdmin(admin.server.app.db, { query: "%" })).users).toHaveLength(0);
  });

  it("toggles admin status both ways", async () => {
    const [plain] = await admin.server.app.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, PLAIN.email));
    const granted = await post("/admin/users", { intent: "toggle-admin", userId: plain!.id });
    expect(granted.status).toBe(200);
    expect(granted.text).toContain("Admin status granted");
    const [row] = await admin.server.app.db
      .select()
      .from(adminUsers)
      .where(eq(adminUsers.userId, plain!.id));
    expect(row).toMatchObject({ email: PLAIN.email, addedBy: admin.adminId });

    const removed = await post("/admin/users", { intent: "toggle-admin", userId: plain!.id });
    expect(removed.text).toContain("Admin status removed");
    expect(
      await admin.server.app.db.select().from(adminUsers).where(eq(adminUsers.userId, plain!.id)),
    ).toEqual([]);
    expect(
      (await post("/admin/users", { intent: "toggle-admin", userId: "no-such-user" })).status,
    ).toBe(404);
  });

  it("adds an admin by e-mail with SPEC's messages", async () => {
    const invalid = await post("/admin/users", { intent: "add-admin", email: "not-an-email" });
    expect(invalid.status).toBe(400);
    expect(invalid.text).toContain("Invalid email");
    expect(invalid.text).toContain("Please enter a valid email address");

    const missing = await post("/admin/users", {
      intent: "add-admin",
      email: "nobody@nowhere.test",
    });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain("The user must already have an account");

    const added = await post("/admin/users", {
      intent: "add-admin",
      email: PLAIN.email.toUpperCase(),
    });
    expect(added.status).toBe(200);
    expect(added.text).toContain("Admin added");
    const [plain] = await admin.server.app.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, PLAIN.email));
    const [row] = await admin.server.app.db
      .select()
      .from(adminUsers)
      .where(eq(adminUsers.email, PLAIN.email));
    expect(row).toMatchObject({ userId: plain!.id, addedBy: admin.adminId });

    const duplicate = await post("/admin/users", { intent: "add-admin", email: PLAIN.email });
    expect(duplicate.status).toBe(409);
    expect(duplicate.text).toContain("Already an admin");
    expect(duplicate.text).toContain("This user is already an admin");
  });

  it("Delete removes admin rights only, and the last admin cannot remove their own", async () => {
    const [plain] = await admin.server.app.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, PLAIN.email));
    const removed = await post("/admin/users", { intent: "remove-admin", userId: plain!.id });
    expect(removed.status).toBe(200);
    expect(removed.text).toContain("User updated");
    expect(removed.text).toContain("User admin privileges have been removed");
    expect(
      await admin.server.app.db.select().from(user).where(eq(user.id, plain!.id)),
    ).toHaveLength(1);
    expect(
      await admin.server.app.db.select().from(adminUsers).where(eq(adminUsers.userId, plain!.id)),
    ).toEqual([]);

    const notAdmin = await post("/admin/users", { intent: "remove-admin", userId: plain!.id });
    expect(notAdmin.status).toBe(400);
    expect(notAdmin.text).toContain(
      "Failed to update user. You may not have sufficient privileges.",
    );

    const admins = await admin.server.app.db.select().from(adminUsers);
    expect(admins).toHaveLength(1);
    const self = await post("/admin/users", { intent: "remove-admin", userId: admin.adminId });
    expect(self.status).toBe(409);
    expect(self.text).toContain("last admin");
    const toggleSelf = await post("/admin/users", {
      intent: "toggle-admin",
      userId: admin.adminId,
    });
    expect(toggleSelf.status).toBe(409);
    expect(await admin.server.app.db.select().from(adminUsers)).toEqual(admins);
  });

  it("Reset sends the password-reset e-mail (to the outbox without SMTP)", async () => {
    const [plain] = await admin.server.app.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, PLAIN.email));
    const result = await post("/admin/users", { intent: "reset-password", userId: plain!.id });
    expect(result.status).toBe(200);
    expect(result.text).toContain("Password reset email sent");
    const mail = await admin.server.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, PLAIN.email));
    const reset = mail.find((m) => /reset/i.test(m.subject));
    expect(reset?.text).toMatch(
      /\/api\/auth\/reset-password\/[\w-]+\?callbackURL=%2Freset-password/,
    );
    // The settings page's outbox lists it.
    expect((await page("/admin/settings")).text).toContain("Reset your PeptidePrices password");
  });
});

describe("settings", () => {
  it("saves valid settings and refuses out-of-range values", async () => {
    const saved = await post("/admin/settings", {
      intent: "save-settings",
      version: await versionOf(admin.server.app.db, settings, 1),
      scrapeIntervalSeconds: "7200",
      maxUrlsPerRun: "25",
      requestDelayMs: "0",
      priceAlertThresholdPercent: "12.5",
      respectRobotsTxt: "on",
    });
    expect(saved.status).toBe(200);
    expect(saved.text).toContain("Settings saved");
    const expected = {
      scrapeIntervalSeconds: 7200,
      maxUrlsPerRun: 25,
      requestDelayMs: 0,
      respectRobotsTxt: true,
      priceAlertsEnabled: false,
      priceAlertThresholdPercent: 12.5,
      staleAfterMissedRuns: 3,
      exchangeRatesAutoRefresh: false,
    };
    expect(await getSettings(admin.server.app.db)).toEqual(expected);

    for (const [field, value, message] of [
      ["scrapeIntervalSeconds", "59", "must be a whole number from 60 to 2,592,000"],
      ["scrapeIntervalSeconds", "12345678901234", "must be a whole number from 60 to 2,592,000"],
      ["maxUrlsPerRun", "0", "must be a whole number from 1 to 10,000"],
      ["requestDelayMs", "-1", "must be a whole number from 0 to 600,000"],
      ["priceAlertThresholdPercent", "101", "between 0 and 100"],
      ["priceAlertThresholdPercent", "0", "between 0 and 100"],
    ] as const) {
      const result = await post("/admin/settings", {
        intent: "save-settings",
        version: await versionOf(admin.server.app.db, settings, 1),
        scrapeIntervalSeconds: "3600",
        maxUrlsPerRun: "10",
        requestDelayMs: "100",
        priceAlertThresholdPercent: "5",
        [field]: value,
      });
      expect(result.status, `${field}=${value}`).toBe(400);
      expect(result.text).toContain(message);
    }
    expect(await getSettings(admin.server.app.db)).toEqual(expected);
    expect(await admin.server.app.db.select({ id: settings.id }).from(settings)).toEqual([
      { id: 1 },
    ]);
  });

  it("Clear Cache makes a change made behind the app's back visible on the home page", async () => {
    await page("/", null);
    // With triggers off (as for a bulk load), the change sends no notification to empty caches.
    await admin.server.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(heroContent).set({ title: "Changed Behind The Cache" });
    });
    expect((await page("/", null)).text).not.toContain("Changed Behind The Cache");
    const result = await post("/admin/settings", { intent: "clear-cache" });
    expect(result.status).toBe(200);
    expect(result.text).toContain("Cache cleared");
    expect((await page("/", null)).text).toContain("Changed Behind The Cache");
  });

  it("downloads a backup and restores it: every row comes back", async () => {
    const download = await admin.server.fetch("/admin/backup", {
      headers: { cookie: admin.adminCookie },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(
      /^attachment; filename="peptideprices-backup-.+\.json"$/,
    );
    const file = await download.text();
    const backup = JSON.parse(file);
    expect(backup).toMatchObject({ format: "peptideprices-backup", version: 1 });
    expect(Object.keys(backup.tables).sort()).toEqual([...BACKUP_TABLE_NAMES].sort());
    expect(file).not.toContain("admin-password");
    expect(backup.tables).not.toHaveProperty("session");
    const before = (await createBackup(admin.server.app.db)).tables;

    await admin.server.app.db.delete(ads);
    await admin.server.app.db.update(heroContent).set({ title: "Changed After Backup" });
    await admin.server.app.db
      .delete(vendorPeptides)
      .where(eq(vendorPeptides.id, before.vendor_peptides[0]!.id as string));

    const restored = await post("/admin/settings", {
      intent: "restore",
      backup: new File([file], "backup.json", { type: "application/json" }),
    });
    expect(restored.status).toBe(200);
    expect(restored.text).toContain("Backup restored");
    const after = (await createBackup(admin.server.app.db)).tables;
    const byId = (rows: Record<string, unknown>[]) =>
      [...rows].sort((a, b) => String(a.id).localeCompare(String(b.id)));
    for (const name of BACKUP_TABLE_NAMES) {
      expect(byId(after[name]), name).toEqual(byId(before[name]));
    }
    expect((await page("/", null)).text).not.toContain("Changed After Backup");
    expect(
      await admin.server.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "backup"), eq(auditLog.action, "restore"))),
    ).toHaveLength(1);
  });

  it("refuses an invalid backup file and changes nothing", async () => {
    const before = (await createBackup(admin.server.app.db)).tables;
    for (const content of [
      "{not json",
      JSON.stringify({ format: "something-else" }),
      JSON.stringify({ format: "peptideprices-backup", version: 1, createdAt: "x", tables: {} }),
    ]) {
      const result = await post("/admin/settings", {
        intent: "restore",
        backup: new File([content], "bad.json", { type: "application/json" }),
      });
      expect(result.status).toBe(400);
      expect(result.text).toContain("Failed to restore backup");
    }
    expect((await createBackup(admin.server.app.db)).tables).toEqual(before);
  });

  it("lists recent admin changes in the audit log by name, not by id", async () => {
    const text = (await page("/admin/settings")).text;
    expect(text).toContain("Audit Log");
    expect(text).toContain(DEMO_ADMIN.email);
    expect(text).toContain("Footer content Footer: About Us Now");
    expect(text).toContain("Hero content Home page hero");
    expect(text).toContain('href="/admin/audit"');
  });
});
