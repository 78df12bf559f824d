import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { deliverDueAlertMessages } from "~/.server/alerts/deliver.server";
import { createScrapeSource, getScrapeSource } from "~/.server/data/scrape-sources.server";
import * as t from "~/.server/db/schema";
import { priceAlertPasses } from "~/.server/platform/metrics.server";
import { scrapeSource } from "~/.server/scraper/run.server";

import { createScraperTestApp, demoScrapedVendorId, type TestApp } from "../helpers/app";
import { saveSizeAlert } from "../helpers/alert-catalogue";
import { accountMaker } from "../helpers/auth";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-site";
import { FIXTURE_CATEGORY_SELECTORS } from "../helpers/scrape-sources";

/**
 * A source's run is one change (issue 36 Must 3): however many of its offers changed, the page
 * cache is emptied as often as for one, and the alerts are evaluated in one pass, after the
 * source's writes committed; the alerts it sets off still go out.
 */

let app: TestApp;
let site: FixtureSite;
let vendorId: string;

const SHOP = "/one-pass";

/** The fixture shop's category page: name, price and stock of each card. */
function shopPage(cards: { name: string; price: number; soldOut?: boolean }[]): string {
  const items = cards
    .map(
      ({ name, price, soldOut }) =>
        `<div class="item"><h3 class="item-name">${name}</h3><span class="item-price">$${price.toFixed(2)}</span>${
          soldOut ? '<span class="item-soldout">Sold out</span>' : ""
        }<a class="item-link" href="/p/${encodeURIComponent(name)}">View</a></div>`,
    )
    .join("");
  return `<!doctype html><html><head><title>Shop</title></head><body><div class="items">${items}</div><nav class="pager"></nav></body></html>`;
}

async function passes(): Promise<number> {
  return (await priceAlertPasses.get()).values.reduce((sum, value) => sum + value.value, 0);
}

/** How often the run emptied this instance's page cache, and how many alert passes it made. */
async function measure(run: () => Promise<unknown>) {
  const [version, passesBefore] = [app.cache.pages.version(), await passes()];
  await run();
  return { clears: app.cache.pages.version() - version, passes: (await passes()) - passesBefore };
}

async function offerOf(peptideName: string, quantity: number) {
  const [row] = await app.db
    .select({
      id: t.vendorPeptides.id,
      peptideId: t.vendorPeptides.peptideId,
      sizeOptionId: t.vendorPeptides.sizeOptionId,
    })
    .from(t.vendorPeptides)
    .innerJoin(t.peptides, eq(t.peptides.id, t.vendorPeptides.peptideId))
    .innerJoin(t.sizeOptions, eq(t.sizeOptions.id, t.vendorPeptides.sizeOptionId))
    .where(
      and(
        eq(t.vendorPeptides.vendorId, vendorId),
        eq(t.peptides.name, peptideName),
        eq(t.sizeOptions.quantity, quantity),
      ),
    );
  return row!;
}

beforeAll(async () => {
  app = await createScraperTestApp();
  site = await startFixtureSite();
  vendorId = await demoScrapedVendorId(app);
});
afterAll(async () => {
  await site?.close();
  await app?.dispose();
});

describe("a source's run", () => {
  it("empties the page cache as often for four changed offers as for one, evaluates alerts once, and still sends them", async () => {
    const cards = [
      { name: "BPC-157 5mg", price: 24.95 },
      { name: "TB-500 10mg", price: 55, soldOut: true },
      { name: "GHK-Cu 100mg", price: 45 },
      { name: "TB-500 5mg", price: 32 },
    ];
    site.setPage(SHOP, shopPage(cards));
    const id = await createScrapeSource(app.db, {
      retailerName: "One-pass shop",
      url: `${site.baseUrl}${SHOP}`,
      ...FIXTURE_CATEGORY_SELECTORS,
      vendorId,
      isActive: true,
      currency: "USD",
    });
    const source = (await getScrapeSource(app.db, id))!;
    await scrapeSource(app, source);

    // A user waits for the sold-out TB-500 10 mg to come back at this vendor.
    const tb500 = await offerOf("TB-500", 10);
    const { userId, email } = await accountMaker(app, "one-pass")();
    await saveSizeAlert(app, tb500, userId, {
      mode: "restock",
      targetPrice: null,
      vendorPeptideId: tb500.id,
    });

    // Every offer changes, and the TB-500 10 mg is back in stock.
    site.setPage(SHOP, shopPage(cards.map(({ name, price }) => ({ name, price: price - 1 }))));
    const four = await measure(async () => {
      expect((await scrapeSource(app, source)).summary.updated).toBe(4);
    });
    // The page lists one offer now, at a new price.
    site.setPage(SHOP, shopPage([{ name: "BPC-157 5mg", price: 22.95 }]));
    const one = await measure(async () => {
      expect((await scrapeSource(app, source)).summary.updated).toBe(1);
    });
    expect(four).toEqual({ clears: one.clears, passes: 1 });
    expect(one.passes).toBe(1);

    await deliverDueAlertMessages(app);
    const mails = await app.db
      .select({ subject: t.mailOutbox.subject })
      .from(t.mailOutbox)
      .where(eq(t.mailOutbox.to, email));
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Back in stock: TB-500 10\s?mg at Helix Source/),
    ]);
  });
});
