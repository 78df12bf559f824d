import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import * as t from "~/.server/db/schema";

import { newVerifiedContext, waitForHydration } from "../helpers/browser";
import { PHONE, SETTLE, startPublicBrowser } from "../helpers/public-browser";

const site = startPublicBrowser();
const { url } = site;

/** The vendor's offers straight from the tables: "Peptide name|size" per offer. */
async function offersOf(slug: string): Promise<number> {
  const rows = await site.server.app.db
    .select({ id: t.vendorPeptides.id })
    .from(t.vendorPeptides)
    .innerJoin(t.vendors, eq(t.vendors.id, t.vendorPeptides.vendorId))
    .where(eq(t.vendors.slug, slug));
  return rows.length;
}

describe("vendor page", () => {
  it("a vendor page lists that vendor's offers, reached from a detail page's price table", async () => {
    const page = await site.openPage("/peptide/bpc-157");
    const link = page.getByTestId("price-table").getByTestId("vendor-link").first();
    const vendorName = (await link.textContent())!.trim();
    await link.click();
    await page.waitForURL(/\/vendor\/[a-z0-9-]+$/, SETTLE);
    await page.getByRole("heading", { level: 1, name: vendorName }).waitFor(SETTLE);
    const slug = new URL(page.url()).pathname.split("/").pop()!;

    const rows = page.getByTestId("vendor-offer-row");
    expect(await rows.count()).toBe(await offersOf(slug));
    expect(await rows.count()).toBeGreaterThan(0);
    // BPC-157 is among them, linking back to its page.
    await page
      .getByTestId("vendor-offers")
      .getByRole("link", { name: "BPC-157", exact: true })
      .first()
      .waitFor();
    // Every row says when its price was last checked, in UTC.
    expect(await rows.first().locator("time").textContent()).toMatch(/UTC$/);
    expect(await page.title()).toBe(`${vendorName} · vendor prices · PeptidePrices`);
    await page.context().close();
  });

  it("fits a 390 px phone: one card per offer, no sideways scrolling", async () => {
    const page = await site.openPage("/vendor/apex-peptide-labs", { viewport: PHONE });
    // One rendering of the offers: below 640 px the table's rows are cards, its header row hidden.
    const cards = page.getByTestId("vendor-offer-row");
    await cards.first().waitFor({ state: "visible" });
    expect(await cards.count()).toBe(await offersOf("apex-peptide-labs"));
    expect(await page.getByTestId("vendor-offer-card").count()).toBe(0);
    expect(await page.locator(".offer-table thead").isVisible()).toBe(false);
    expect(await cards.first().evaluate((card) => getComputedStyle(card).display)).toBe("grid");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await page.getByRole("button", { name: "Copy coupon code APEX10" }).waitFor();
    await page.context().close();
  });

  it("shows the vendor 404 page for an unknown vendor", async () => {
    const context = await newVerifiedContext(site.browser);
    const page = await context.newPage();
    const response = await page.goto(url("/vendor/no-such-vendor"));
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Vendor not found" }).waitFor();
    await page.getByRole("link", { name: "Return to Home" }).waitFor();
    await context.close();
  });

  it("shows the reliability score with every component's value and weight, as stored after the last run", async () => {
    const [stored] = await site.server.app.db
      .select({
        slug: t.vendors.slug,
        score: t.vendorReliability.score,
        components: t.vendorReliability.components,
      })
      .from(t.vendorReliability)
      .innerJoin(t.vendors, eq(t.vendors.id, t.vendorReliability.vendorId))
      .where(eq(t.vendors.name, "Apex Peptide Labs"));
    expect(stored?.score).not.toBeNull();
    const context = await newVerifiedContext(site.browser);
    const page = await context.newPage();
    await page.goto(url("/vendors?sort=reliability&dir=desc"));
    await page.getByTestId("vendors-table").waitFor(SETTLE);
    // Clicked as soon as the page is hydrated: every route is known from the first page.
    await waitForHydration(page);
    await page
      .getByTestId("vendors-table")
      .getByRole("link", { name: `${stored!.score}/100 reliability: how it is computed` })
      .first()
      .click();
    await page.waitForURL(/\/vendor\/[a-z0-9-]+#reliability$/, SETTLE);
    const section = page.getByTestId("vendor-reliability");
    await section.waitFor(SETTLE);
    expect(await section.getByTestId("vendor-reliability-score").textContent()).toBe(
      `${stored!.score}/100`,
    );
    const rows = section.getByTestId("reliability-component");
    expect(await rows.count()).toBe(6);
    // The weights shown are those of the counted components, rescaled to 100%.
    const counted = stored!.components.filter((c) => c.value !== null);
    const total = counted.reduce((sum, c) => sum + c.weight, 0);
    for (const component of stored!.components) {
      const cells = rows.and(page.locator(`[data-key="${component.key}"]`)).locator("td");
      expect(await cells.nth(0).textContent()).toBe(
        component.value === null ? "No data" : `${Math.round(component.value * 100)}%`,
      );
      expect(await cells.nth(1).textContent()).toBe(
        component.value === null
          ? "not counted"
          : `${Math.round((component.weight / total) * 100)}%`,
      );
    }
    await context.close();
  });
});
