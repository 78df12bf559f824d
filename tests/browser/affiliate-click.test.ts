/** Issue 34: a visitor clicks Buy and lands on the shop, the vendor's affiliate template applied. */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { outboundClicks, peptides, vendorPeptides, vendors } from "~/.server/db/schema";

import { newVerifiedContext, waitForHydration } from "../helpers/browser";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-site";
import { SETTLE, startPublicBrowser } from "../helpers/public-browser";

const site = startPublicBrowser();
let shop: FixtureSite;

beforeAll(async () => {
  shop = await startFixtureSite();
  // The fixture site matches paths with their query: the page answers only the address the
  // template makes, so landing on it proves the template was applied.
  shop.setPage(
    "/landing/bpc-157-5mg?ref=pp-browser",
    "<!doctype html><title>Fixture shop</title><h1>BPC-157 5mg</h1>",
  );
  shop.setHandler("/favicon.ico", (_req, res) => res.writeHead(204).end());
});
afterAll(async () => {
  await shop?.close();
});

describe("Buy through an affiliate link", () => {
  it("lands on the shop's page with the template applied, labelled and counted", async () => {
    const db = site.server.app.db;
    const [offer] = await db
      .select({ id: vendorPeptides.id, vendorId: vendorPeptides.vendorId })
      .from(vendorPeptides)
      .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId))
      .where(and(eq(peptides.slug, "bpc-157"), eq(vendorPeptides.stockStatus, "in_stock")))
      .limit(1);
    await db
      .update(vendorPeptides)
      .set({ url: `${shop.baseUrl}/landing/bpc-157-5mg` })
      .where(eq(vendorPeptides.id, offer!.id));
    await db
      .update(vendors)
      .set({ affiliateTemplate: "ref=pp-browser" })
      .where(eq(vendors.id, offer!.vendorId));
    site.server.app.cache.clear();

    // A desktop Chrome's user agent: headless Chromium's own is a bot's, which is not counted.
    const context = await newVerifiedContext(site.browser, {
      userAgent:
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
    });
    const page = await context.newPage();
    await page.goto(site.url("/peptide/bpc-157"));
    await waitForHydration(page);
    const buy = page.locator(`a[data-testid="buy"][href="/go/${offer!.id}"]`).first();
    await expect.poll(() => buy.getAttribute("rel"), SETTLE).toBe("sponsored nofollow noopener");
    const cell = buy.locator("xpath=../..");
    await expect.poll(() => cell.getByText("Affiliate link").count(), SETTLE).toBe(1);

    const [shopPage] = await Promise.all([context.waitForEvent("page"), buy.click()]);
    await shopPage.waitForLoadState("load");
    expect(shopPage.url()).toBe(`${shop.baseUrl}/landing/bpc-157-5mg?ref=pp-browser`);
    expect(await shopPage.locator("h1").textContent()).toBe("BPC-157 5mg");
    expect(shop.requestsFor("/landing/bpc-157-5mg?ref=pp-browser")).toHaveLength(1);

    const clicks = await db
      .select({ page: outboundClicks.page })
      .from(outboundClicks)
      .where(eq(outboundClicks.offerId, offer!.id));
    expect(clicks).toEqual([{ page: "/peptide/bpc-157" }]);
    await context.close();
  });
});
