import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { createScrapeSource, getScrapeSource } from "~/.server/data/scrape-sources.server";
import { updateSettings } from "~/.server/data/settings.server";
import * as t from "~/.server/db/schema";
import { extractListings } from "~/.server/reader/extract.server";
import { scrapeSource } from "~/.server/scraper/run.server";
import { saveOffer } from "~/.server/services/offers.server";
import { DEFAULT_SETTINGS } from "~/lib/constants";

import { createTestApp, type TestApp } from "../helpers/app";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-site";
import { FIXTURE_CARD_PAGE_SELECTORS } from "../helpers/scrape-sources";

/**
 * Issue 17, Must 5: a page drawn by JavaScript reads the same through the built-in Chromium and
 * through an external Browserless endpoint, because both hand their HTML to `extractListings`.
 */

const CARD =
  '<div class="item"><h3 class="item-name">BPC-157 5mg</h3><span class="item-price"><del>$99.00</del> <ins>$79.00</ins></span><a class="item-link" href="javascript:alert(1)">View</a></div>';

const page = (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Shop</title></head><body>${body}</body></html>`;

/** Before scripts run the page shows nothing; the script draws the card. */
const SCRIPTED_PAGE = page(
  `<div id="app"></div><script>document.getElementById("app").innerHTML = ${JSON.stringify(CARD)};</script>`,
);
const RENDERED_PAGE = page(`<div id="app">${CARD}</div>`);

/** What both browser paths must give: the current price, no "$" as a currency, no link. */
const EXPECTED = { name: ["BPC-157 5mg"], price: [79], link: [null], sold_out: [false] };

let builtIn: TestApp;
let browserless: TestApp;
let site: FixtureSite;

async function runOn(app: TestApp) {
  const id = await createScrapeSource(app.db, {
    retailerName: "Scripted shop",
    url: `${site.baseUrl}/js/card`,
    ...FIXTURE_CARD_PAGE_SELECTORS,
    vendorId: null,
    isActive: true,
    currency: null,
  });
  return scrapeSource(app, (await getScrapeSource(app.db, id))!);
}

beforeAll(async () => {
  site = await startFixtureSite();
  site.setPage("/js/card", SCRIPTED_PAGE);
  site.setRenderedPage("/js/card", RENDERED_PAGE);
  builtIn = await createTestApp({ SCRAPER_ALLOW_PRIVATE_HOSTS: "true" });
  browserless = await createTestApp({
    SCRAPER_ALLOW_PRIVATE_HOSTS: "true",
    BROWSERLESS_URL: `${site.baseUrl}/scrape`,
    SEED_DEMO: "false",
  });
  for (const app of [builtIn, browserless])
    await updateSettings(app.db, { ...DEFAULT_SETTINGS, requestDelayMs: 0 });
});

afterAll(async () => {
  await builtIn?.dispose();
  await browserless?.dispose();
  await site?.close();
});

describe("one extraction path for both browsers", () => {
  it("the built-in Chromium drops the javascript: link and the struck-through price", async () => {
    const result = await runOn(builtIn);
    expect(result.data).toEqual(EXPECTED);
  }, 60_000);

  it("the external Browserless endpoint gives the same listing, asking only for the page's HTML", async () => {
    const before = site.requestsFor("/scrape").length;
    const result = await runOn(browserless);
    expect(site.requestsFor("/scrape").length).toBe(before + 1);
    expect(result.data).toEqual(EXPECTED);
    // The very listing `extractListings` reads from the rendered HTML.
    const direct = extractListings(
      RENDERED_PAGE,
      FIXTURE_CARD_PAGE_SELECTORS,
      `${site.baseUrl}/js/card`,
    );
    expect(direct.listings).toEqual([
      { name: "BPC-157 5mg", price: 79, currency: null, link: null, soldOut: false },
    ]);
  });
});

describe("the one price writer", () => {
  let offerId: string;
  let offer: { vendorId: string; peptideId: string; sizeOptionId: string; vials: number };

  beforeEach(async () => {
    const [row] = await builtIn.db
      .select({
        id: t.vendorPeptides.id,
        vendorId: t.vendorPeptides.vendorId,
        peptideId: t.vendorPeptides.peptideId,
        sizeOptionId: t.vendorPeptides.sizeOptionId,
        vials: t.vendorPeptides.vials,
      })
      .from(t.vendorPeptides)
      .limit(1);
    ({ id: offerId, ...offer } = row);
    await builtIn.db
      .update(t.vendorPeptides)
      .set({ url: "https://shop.example/bpc-157" })
      .where(eq(t.vendorPeptides.id, row.id));
  });

  async function storedUrl() {
    const [row] = await builtIn.db
      .select({ url: t.vendorPeptides.url })
      .from(t.vendorPeptides)
      .where(eq(t.vendorPeptides.id, offerId));
    return row.url;
  }

  it.each(["javascript:alert(1)", "data:text/html,<b>x</b>", "ftp://shop.example/bpc"])(
    "refuses the link %s and keeps the offer's previous one",
    async (link) => {
      await saveOffer(builtIn, {
        ...offer,
        price: 41.5,
        currency: "USD",
        url: link,
        soldOut: false,
        source: "scraped",
      });
      expect(await storedUrl()).toBe("https://shop.example/bpc-157");
    },
  );

  it("keeps an http(s) link", async () => {
    await saveOffer(builtIn, {
      ...offer,
      price: 41.5,
      currency: "USD",
      url: "https://shop.example/bpc-157-new",
      soldOut: false,
      source: "scraped",
    });
    expect(await storedUrl()).toBe("https://shop.example/bpc-157-new");
  });
});
