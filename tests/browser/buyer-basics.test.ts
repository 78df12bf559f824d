import { and, eq, isNull } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { coupons, peptides, savedDeals, vendorPeptides, vendors } from "~/.server/db/schema";

import { createUserWithPassword } from "../helpers/auth";
import { newVerifiedContext, waitForHydration } from "../helpers/browser";
import { startPublicBrowser } from "../helpers/public-browser";

const site = startPublicBrowser();
const { url } = site;

async function expectToast(page: Page, text: string) {
  await page.locator("[data-sonner-toast]", { hasText: text }).first().waitFor();
}

describe("age gate", () => {
  it("keeps the focus inside while open and the page behind it still", async () => {
    const context = await site.browser.newContext({ viewport: { width: 1024, height: 700 } });
    const page = await context.newPage();
    await page.goto(url("/"));
    const gate = page.getByRole("alertdialog");
    await gate.waitFor({ state: "visible" });
    const focusInGate = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest("[role=alertdialog]")));
    // The server's HTML focuses the gate (autofocus); hydration adds the Tab trap.
    await expect.poll(focusInGate).toBe(true);
    await waitForHydration(page);
    // The trap starts in an effect after hydration; a Tab before it would be the page's own.
    await page.locator("[data-age-gate][data-trapped]").waitFor({ state: "attached" });
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press("Tab");
      expect(await focusInGate()).toBe(true);
    }
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press("Shift+Tab");
      expect(await focusInGate()).toBe(true);
    }
    // The wheel does not scroll the page behind.
    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => window.scrollY === 0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
      "hidden",
    );

    expect(
      await page.evaluate(() => document.querySelector("header")?.closest("[inert]") !== null),
    ).toBe(true);

    await gate.getByRole("button", { name: "I Confirm" }).click();
    await gate.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe(
      "hidden",
    );
    // Everything the gate made inert, before hydration or after, is usable again.
    expect(await page.evaluate(() => document.querySelector("[inert]") === null)).toBe(true);
    // The focus is not lost to <body>: it lands on the page's main heading.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const heading = document.querySelector("main h1");
          return heading !== null && document.activeElement === heading;
        }),
      )
      .toBe(true);
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 600);
        return page.evaluate(() => window.scrollY);
      })
      .toBeGreaterThan(0);
    await context.close();
  });
});

describe("saving deals", () => {
  it("asks a visitor to log in, returns to the page after login, then saves and unsaves", async () => {
    const [offer] = await site.server.app.db
      .select({
        id: vendorPeptides.id,
        slug: peptides.slug,
        vendor: vendors.name,
        code: coupons.code,
      })
      .from(vendorPeptides)
      .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId))
      .innerJoin(vendors, eq(vendors.id, vendorPeptides.vendorId))
      .innerJoin(coupons, eq(coupons.vendorId, vendors.id))
      .where(and(eq(peptides.slug, "bpc-157"), isNull(coupons.expirationDate)))
      .limit(1);
    await createUserWithPassword(site.server.app, "saver@example.com", "saver-password");

    const page = await site.openPage(`/peptide/${offer.slug}`, {
      viewport: { width: 1280, height: 900 },
    });
    const row = page.getByTestId("price-row").filter({ hasText: offer.vendor }).first();
    // "Save deal", then "Saved deal": the name holds the word the button shows.
    const saveButton = row.getByRole("button", { name: /^Saved? deal$/ });

    await expect
      .poll(async () => {
        await saveButton.click();
        return page
          .locator("[data-sonner-toast]", { hasText: "Please log in to save deals" })
          .count();
      })
      .toBeGreaterThan(0);
    const loginLink = page
      .locator("[data-sonner-toast]", { hasText: "Please log in to save deals" })
      .getByRole("link", { name: "Log in" });
    expect(await loginLink.getAttribute("href")).toBe(
      `/login?redirectTo=${encodeURIComponent(`/peptide/${offer.slug}`)}`,
    );
    await loginLink.click();
    await page.waitForURL((address) => address.pathname === "/login");

    await page.getByLabel("Email").fill("saver@example.com");
    await page.getByLabel("Password").fill("saver-password");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL(url(`/peptide/${offer.slug}`));
    await expectToast(page, "You have successfully logged in");

    expect(await saveButton.getAttribute("aria-pressed")).toBe("false");
    await saveButton.click();
    // Tags and a note are asked on the way; both are optional.
    await page
      .getByRole("dialog", { name: "Save deal" })
      .getByRole("button", { name: "Save deal" })
      .click();
    await expectToast(page, "Deal saved");
    await expect.poll(() => saveButton.getAttribute("aria-pressed")).toBe("true");
    expect(await saveButton.textContent()).toContain("Saved");
    const [stored] = await site.server.app.db
      .select({ couponCode: savedDeals.couponCode })
      .from(savedDeals)
      .where(eq(savedDeals.vendorPeptideId, offer.id));
    expect(stored.couponCode).toBe(offer.code);

    // The deals page shows the coupon it was saved with and how fresh today's price is.
    await page.goto(url("/deals"));
    const card = page.getByTestId("saved-deal").first();
    await card.getByRole("button", { name: `Copy coupon code ${offer.code}` }).waitFor();
    expect(await card.textContent()).toMatch(/Delivered total now.*as of/);
    // The deal's title leads back to its peptide.
    const title = card.getByRole("link", { name: "BPC-157", exact: true });
    expect(await title.getAttribute("href")).toBe(`/peptide/${offer.slug}`);

    // The button still says Saved after a reload, and a second click unsaves.
    await page.goto(url(`/peptide/${offer.slug}`));
    expect(await saveButton.getAttribute("aria-pressed")).toBe("true");
    // One click once hydrated: clicking again while the first is still being answered would
    // save the deal again.
    await waitForHydration(page);
    await saveButton.click();
    await expect.poll(() => saveButton.getAttribute("aria-pressed")).toBe("false");
    await expectToast(page, "Deal removed from your saved deals");
    expect(
      await site.server.app.db
        .select()
        .from(savedDeals)
        .where(eq(savedDeals.vendorPeptideId, offer.id)),
    ).toHaveLength(0);
    await page.context().close();
  });
});

describe("addresses", () => {
  it("sends an upper-case slug to the lower-case page and titles the 404 page", async () => {
    const context = await newVerifiedContext(site.browser);
    const page = await context.newPage();
    await page.goto(url("/peptide/BPC-157"));
    expect(new URL(page.url()).pathname).toBe("/peptide/bpc-157");
    expect(await page.title()).toBe("BPC-157 prices · PeptidePrices");

    const missing = await page.goto(url("/?page=99"));
    expect(missing?.status()).toBe(404);
    expect(await page.title()).toBe("Page not found · PeptidePrices");
    await page.getByText("Oops! Page not found").waitFor();

    const icon = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
      const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      const [iconResponse, manifestResponse] = await Promise.all([
        fetch(link!.href),
        fetch(manifest!.href),
      ]);
      return [iconResponse.status, manifestResponse.status];
    });
    expect(icon).toEqual([200, 200]);
    await context.close();
  });

  it("keeps the request ID the server put on an error page through hydration", async () => {
    const context = await newVerifiedContext(site.browser);
    const page = await context.newPage();
    const missing = await page.goto(url("/no-such-page"));
    expect(missing?.status()).toBe(404);
    const requestId = missing?.headers()["x-request-id"];
    await waitForHydration(page);
    // Hydrated without a mismatch (a page error fails the test) and still quotable.
    expect(await page.getByText("Request ID:").locator("code").textContent()).toBe(requestId);
    await context.close();
  });
});
