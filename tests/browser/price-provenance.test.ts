import { describe, expect, it } from "vitest";

import * as t from "~/.server/db/schema";

import { newAdminContext } from "../helpers/browser";
import { givePriceProvenance } from "../helpers/offers";
import { PHONE, SETTLE, startPublicBrowser } from "../helpers/public-browser";

/**
 * Issue 31 Must 10 in a browser: a visitor opening an offer's Details reads how and when its
 * price was read, on a phone and at 1366 px; the admin sees it on the offer (Vendor Prices)
 * and on a review item.
 */
const site = startPublicBrowser();
const DESKTOP = { width: 1366, height: 900 };

describe("the public offer row's Details", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`says how the price was read at ${viewport.width} px`, async () => {
      const { feed, manual } = await givePriceProvenance(site.server.app.db, "bpc-157");
      const page = await site.openPage("/peptide/bpc-157", { viewport });
      for (const [offerId, sentence] of [
        [feed, "Price read from the vendor's product feed 2 h ago"],
        [manual, "Price entered by the site's staff 3 d ago"],
      ] as const) {
        const row = page.locator(`[data-testid="price-row"][data-offer="${offerId}"]`);
        const line = row.getByTestId("price-provenance");
        expect(await line.isVisible()).toBe(false);
        await row.locator("summary").click();
        await line.waitFor({ state: "visible", ...SETTLE });
        expect(await line.textContent()).toBe(sentence);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await page.context().close();
    });
  }
});

describe("the admin's view of a price's provenance", () => {
  it("shows it on the offer in Vendor Prices and on the review item", async () => {
    const db = site.server.app.db;
    const { feed, peptideId } = await givePriceProvenance(db, "bpc-157");
    const [vendor] = await db.select({ id: t.vendors.id }).from(t.vendors).limit(1);
    await db.insert(t.scrapeReviewItems).values({
      vendorId: vendor!.id,
      name: "Provenance Probe 5mg",
      price: 31,
      currency: "USD",
      reason: "unknown_peptide",
      provenance: {
        via: "json-ld",
        url: "https://shop.example/product/provenance-probe/",
        readAt: "2026-03-02T09:30:00.000Z",
        runId: null,
        sourceKind: "sitemap",
        evidence: "Provenance Probe 5mg: 31 USD",
      },
    });
    const context = await newAdminContext(site.server, site.browser);
    const page = await context.newPage();

    await page.goto(site.url(`/admin/prices?peptide=${peptideId}&pageSize=100`));
    const offer = page.locator(`tr[data-row-id="${feed}"]`);
    await offer.getByText("read from the vendor's product feed").waitFor(SETTLE);

    await page.goto(site.url("/admin/scraping"));
    const item = page
      .getByRole("table", { name: "Review queue" })
      .getByRole("row")
      .filter({ hasText: "Provenance Probe 5mg" })
      .getByTestId("review-provenance");
    await item.waitFor(SETTLE);
    const text = await item.textContent();
    expect(text).toContain("Price read from the product page's structured data on");
    expect(text).toContain("from https://shop.example/product/provenance-probe/");
    expect(text).toContain("“Provenance Probe 5mg: 31 USD”");
    await context.close();
  }, 60_000);
});
