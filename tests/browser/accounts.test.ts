import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { peptides, savedDeals, vendorPeptides } from "~/.server/db/schema";

import { newVerifiedContext, waitForHydration } from "../helpers/browser";
import { startPublicBrowser } from "../helpers/public-browser";

const site = startPublicBrowser();

async function expectToast(page: Page, text: string) {
  await page.locator("[data-sonner-toast]", { hasText: text }).first().waitFor();
}

describe("an account in the browser", () => {
  it("signs up, signs in, saves a deal from a detail page, tags it on /deals and logs out", async () => {
    const context = await newVerifiedContext(site.browser, {
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    const email = "browser.person@example.com";
    const password = "browser-password-1";

    await page.goto(`${site.server.baseUrl}/signup`);
    await waitForHydration(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password").fill(password);
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await page.waitForURL(`${site.server.baseUrl}/login`);
    await expectToast(page, "Check your email for the confirmation link");

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL(`${site.server.baseUrl}/deals`);
    await expectToast(page, "You have successfully logged in");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByText("Hello, browser.person").waitFor();

    const [offer] = await site.server.app.db
      .select({ slug: peptides.slug, name: peptides.name })
      .from(vendorPeptides)
      .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId))
      .limit(1);
    await page.goto(`${site.server.baseUrl}/peptide/${offer.slug}`);
    await waitForHydration(page);
    // Saving asks for tags and a note in the same step (issue 30).
    await page.getByRole("button", { name: "Save deal" }).first().click();
    const saveDialog = page.getByRole("dialog", { name: "Save deal" });
    await saveDialog.getByLabel("To buy").check();
    await saveDialog.getByLabel("Notes").fill("Spring order");
    await saveDialog.getByRole("button", { name: "Save deal" }).click();
    await expectToast(page, "Deal saved");
    expect(
      await site.server.app.db
        .select({ tags: savedDeals.tags, notes: savedDeals.notes })
        .from(savedDeals),
    ).toEqual([{ tags: ["to-buy"], notes: "Spring order" }]);

    await page.getByRole("link", { name: "Saved Deals" }).click();
    await page.waitForURL(`${site.server.baseUrl}/deals`);
    const card = page.getByTestId("saved-deal").first();
    await card.getByText(offer.name).waitFor();

    await card.getByRole("button", { name: /^Edit / }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Favorite").check();
    await dialog.getByLabel("To buy").uncheck();
    await dialog.getByLabel("Notes").fill("Buy before the coupon expires");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, "Deal updated");
    await dialog.waitFor({ state: "hidden" });
    await card.getByText("Buy before the coupon expires").waitFor();
    await card.getByText("Favorite").waitFor();
    const [saved] = await site.server.app.db.select({ tags: savedDeals.tags }).from(savedDeals);
    expect(saved.tags).toEqual(["favorite"]);

    await page.getByRole("button", { name: "Logout" }).click();
    await page.getByRole("link", { name: "Login", exact: true }).waitFor();
    expect(await page.getByText("Hello, browser.person").count()).toBe(0);
    await context.close();
  });

  it("shows SPEC's messages for empty and mismatched forms", async () => {
    const context = await newVerifiedContext(site.browser);
    const page = await context.newPage();

    await page.goto(`${site.server.baseUrl}/login`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expectToast(page, "Please enter both email and password");

    await page.goto(`${site.server.baseUrl}/signup`);
    await waitForHydration(page);
    await page.getByLabel("Email").fill("someone@example.com");
    await page.getByLabel("Password", { exact: true }).fill("password-one");
    await page.getByLabel("Confirm password").fill("password-two");
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expectToast(page, "Passwords do not match");

    await page.goto(`${site.server.baseUrl}/admin-login`);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expectToast(page, "Please enter both username and password");
    await context.close();
  });

  it("signs an admin in at /admin-login and refuses a plain account there", async () => {
    const context = await newVerifiedContext(site.browser);
    const page = await context.newPage();

    await page.goto(`${site.server.baseUrl}/admin-login`);
    await page.getByLabel("Email").fill("demo@peptideprices.test");
    await page.getByLabel("Password").fill("demo-password");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expectToast(page, "Invalid admin credentials");
    expect(page.url()).toBe(`${site.server.baseUrl}/admin-login`);

    await page.getByLabel("Email").fill("admin@peptideprices.test");
    await page.getByLabel("Password").fill("admin-password");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL(`${site.server.baseUrl}/admin`);
    await expectToast(page, "You have successfully logged in as admin");
    await page.getByRole("link", { name: "Dashboard" }).first().waitFor();
    await context.close();
  });
});
