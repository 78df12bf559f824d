/**
 * One freshness rule for admin and public (issue 30): the dashboard, Vendor Prices, the offer
 * tables, the API, the market index and the home grid's SQL all call an offer stale by
 * ~/lib/freshness, so an offer last confirmed 32 hours ago is stale on every one of them.
 */
import { eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getDashboard } from "~/.server/data/dashboard.server";
import { staleOfferSql } from "~/.server/data/freshness.server";
import { getPeptidePageData } from "~/.server/data/listings/peptide-pages.server";
import { getOpenDataSizes } from "~/.server/data/open-data.server";
import { getPriceConfirmation } from "~/.server/data/vendor-peptides.server";
import * as t from "~/.server/db/schema";
import { getOpenDataPricing } from "~/.server/services/open-data.server";
import { getMarketIndex } from "~/.server/services/market-index.server";
import { isStale } from "~/lib/freshness";
import { bestOfferIds } from "~/lib/ranking";
import { loadPricesPage } from "~/routes/admin/prices.server";

import { createTestApp, type TestApp } from "../helpers/app";

const HOUR = 3_600_000;
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
  // Every demo price confirmed a minute ago, so the one made old below is the only stale one.
  await app.db
    .update(t.vendorPeptides)
    .set({ priceCheckedAt: new Date(Date.now() - 60_000), missedScrapes: 0 });
});
afterAll(async () => {
  await app?.dispose();
});

/** The demo's Best Price offer of a BPC-157 size sold by several vendors. */
async function aBestPriceOffer() {
  const page = await getPeptidePageData(app.db, "bpc-157");
  const bests = bestOfferIds(page!.offers, (offer) => offer.sizeId, {});
  const best = page!.offers.find(
    (offer) =>
      bests.has(offer.id) &&
      page!.offers.filter((other) => other.sizeId === offer.sizeId && other.buyable).length >= 3,
  );
  return best!;
}

describe("an offer last confirmed 32 hours ago", () => {
  it("is stale on the dashboard, in Vendor Prices, the offer table, the API and the market index", async () => {
    const best = await aBestPriceOffer();
    const checkedAt = new Date(Date.now() - 32 * HOUR);
    await app.db
      .update(t.vendorPeptides)
      .set({ priceCheckedAt: checkedAt })
      .where(eq(t.vendorPeptides.id, best.id));
    const now = new Date();

    const dashboard = await getDashboard(app.db, now);
    expect(dashboard.staleOffers.total).toBe(1);
    expect(dashboard.staleOffers.rows.map((row) => row.id)).toEqual([best.id]);

    const prices = await loadPricesPage(
      app,
      new URL(`http://localhost/admin/prices?stale=1&size=100`),
      now,
    );
    expect(prices.rows.map((row) => [row.id, row.stale])).toEqual([[best.id, true]]);
    const all = await loadPricesPage(
      app,
      new URL(`http://localhost/admin/prices?q=BPC&size=100`),
      now,
    );
    expect(all.rows.filter((row) => row.stale).map((row) => row.id)).toEqual([best.id]);

    const page = await getPeptidePageData(app.db, "bpc-157");
    const row = page!.offers.find((offer) => offer.id === best.id)!;
    expect(row).toMatchObject({ stale: true, buyable: false });
    expect(bestOfferIds(page!.offers, (offer) => offer.sizeId, {}).has(best.id)).toBe(false);
    expect(page!.offers.filter((offer) => offer.stale).map((offer) => offer.id)).toEqual([best.id]);

    const pricing = await getOpenDataPricing(app.db);
    const sizes = await getOpenDataSizes(app.db, [best.peptideId], pricing);
    const api = sizes.flatMap((size) => size.offers).find((offer) => offer.id === best.id)!;
    expect(api).toMatchObject({ stale: true, buyable: false });

    // The market index of today leaves the stale offer out.
    const index = await getMarketIndex(
      app.db,
      best.peptideId,
      { size: best.sizeLabel, days: 1 },
      pricing,
    );
    const buyableWithMg = page!.offers.filter(
      (offer) => offer.sizeId === best.sizeId && offer.buyable && offer.display?.totalPerMg != null,
    );
    expect(index.ok && index.index.points.at(-1)?.vendors).toBe(buyableWithMg.length);

    // The top bar says when prices were confirmed: the oldest is this one.
    const confirmed = await getPriceConfirmation(app.db);
    expect(confirmed.oldest?.getTime()).toBe(checkedAt.getTime());
    expect(confirmed.median!.getTime()).toBeGreaterThan(now.getTime() - 2 * 60_000);
  });
});

describe("the SQL twin of the freshness rule", () => {
  it("calls the same offers stale as isStale, over random confirmations, misses and windows", async () => {
    const offers = await app.db.select({ id: t.vendorPeptides.id }).from(t.vendorPeptides).limit(8);
    const ids = offers.map((offer) => offer.id);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          rule: fc.record({
            staleAfterMissedRuns: fc.integer({ min: 1, max: 100 }),
            scrapeIntervalSeconds: fc.integer({ min: 60, max: 7 * 86_400 }),
          }),
          rows: fc.array(
            fc.record({
              missedScrapes: fc.integer({ min: 0, max: 120 }),
              // Up to 60 days back, and a little into the future (a clock ahead).
              checkedMsAgo: fc.integer({ min: -HOUR, max: 60 * 24 * HOUR }),
            }),
            { minLength: ids.length, maxLength: ids.length },
          ),
        }),
        async ({ rule, rows }) => {
          const now = new Date();
          await Promise.all(
            rows.map((row, i) =>
              app.db
                .update(t.vendorPeptides)
                .set({
                  missedScrapes: row.missedScrapes,
                  priceCheckedAt: new Date(now.getTime() - row.checkedMsAgo),
                })
                .where(eq(t.vendorPeptides.id, ids[i])),
            ),
          );
          const read = await app.db
            .select({
              id: t.vendorPeptides.id,
              missedScrapes: t.vendorPeptides.missedScrapes,
              priceCheckedAt: t.vendorPeptides.priceCheckedAt,
              stale: sql<boolean>`${staleOfferSql(rule, now)}`,
            })
            .from(t.vendorPeptides)
            .where(inArray(t.vendorPeptides.id, ids));
          for (const row of read) expect(row.stale).toBe(isStale(row, rule, now));
        },
      ),
      { numRuns: 40 },
    );
  });
});
