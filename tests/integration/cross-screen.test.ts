/**
 * The cross-screen test (issue 30): every offer of the demo catalogue and of a random one
 * (coupons of both kinds, shipping thresholds, unknown shipping, three currencies, stale
 * offers) is read through the real loaders of every screen that shows it — home card, detail
 * table, compare, vendor page, the API, the price alerts, saved deals, the Atom feeds, the
 * JSON-LD and the stack — and they must agree to the cent and on every flag: landed total, per
 * mg delivered, stale, buyable, Best Price, vendor count.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { lowestOfferFor } from "~/.server/alerts/price-alerts.server";
import { upsertExchangeRates } from "~/.server/data/exchange-rates.server";
import { getHomePageData, type HomePageData } from "~/.server/data/listings/home.server";
import {
  getComparePageData,
  getPeptidePageData,
} from "~/.server/data/listings/peptide-pages.server";
import { getOpenDataSizes } from "~/.server/data/open-data.server";
import { listOffersOnSizes } from "~/.server/data/price-alerts.server";
import { getPriceDrops, type PriceDrop } from "~/.server/data/price-drops.server";
import { listSavedDeals } from "~/.server/data/saved-deals.server";
import { getSettings } from "~/.server/data/settings.server";
import { getStackCatalogue } from "~/.server/data/stacks.server";
import { getVendorProfile } from "~/.server/data/vendor-profile.server";
import * as t from "~/.server/db/schema";
import { apiOffers, getOpenDataPricing } from "~/.server/services/open-data.server";
import { formatPrice } from "~/lib/format";
import { EMPTY_HOME_FILTERS, type HomeFilters } from "~/lib/home-filters";
import { productJsonLd } from "~/lib/json-ld";
import { roundMoney } from "~/lib/money";
import type { OfferRow } from "~/lib/offer-row";
import { formatPack, perMgDelivered } from "~/lib/offer-view";
import type { PeptideCardData } from "~/lib/peptide-card";
import { priceDropEntry } from "~/lib/price-drop-feed";
import {
  bestOffer,
  countBuyableVendors,
  groupBy,
  roundToCents,
  type PricingContext,
} from "~/lib/pricing";
import type { SavedDealRow } from "~/lib/saved-deals";
import { priceStack } from "~/lib/stack-pricing";

import { createTestApp, type TestApp } from "../helpers/app";
import {
  saveAndDropEveryOffer,
  seedRandomCatalogue,
  seeded,
} from "../helpers/cross-screen-catalogue";

const HOUR = 3_600_000;
let app: TestApp;
/** A user who saved every offer of both catalogues. */
let watcher: string;

beforeAll(async () => {
  app = await createTestApp();
  await upsertExchangeRates(app.db, [
    { currency: "EUR", unitsPerUsd: 0.92, source: "manual" },
    { currency: "GBP", unitsPerUsd: 0.79, source: "manual" },
  ]);
  // Some demo offers were last confirmed 32 hours ago: stale by the one freshness rule.
  const demo = await app.db
    .select({ id: t.vendorPeptides.id })
    .from(t.vendorPeptides)
    .orderBy(t.vendorPeptides.id);
  await app.db
    .update(t.vendorPeptides)
    .set({ priceCheckedAt: new Date(Date.now() - 32 * HOUR) })
    .where(
      inArray(
        t.vendorPeptides.id,
        demo.filter((_, i) => i % 7 === 0).map((row) => row.id),
      ),
    );
  await seedRandomCatalogue(app.db, seeded(30));
  watcher = await saveAndDropEveryOffer(app);
});

afterAll(async () => {
  await app?.dispose();
});

/** Every home card (grid pages and Featured) by peptide slug. */
async function homeCards(pricing: PricingContext, filters: HomeFilters = EMPTY_HOME_FILTERS) {
  const cards = new Map<string, PeptideCardData>();
  let data: HomePageData;
  let page = 1;
  do {
    data = await getHomePageData(app.db, { categorySlug: null, page, filters, pricing });
    for (const card of data.peptides) cards.set(card.slug, card);
    page += 1;
  } while (page <= data.pageCount);
  return { cards, featured: data.featured };
}

/** The figures and flags every screen must show alike for an offer. */
function figures(offer: Pick<OfferRow, "display" | "stale" | "buyable" | "inStock">) {
  const perMg = perMgDelivered(offer.display);
  return {
    total: offer.display?.total == null ? null : roundToCents(offer.display.total),
    afterCoupon: offer.display ? roundToCents(offer.display.priceAfterCoupon) : null,
    perMgDelivered: perMg === null ? null : Math.round(perMg.amount * 10_000) / 10_000,
    delivered: perMg?.delivered ?? null,
    stale: offer.stale,
    buyable: offer.buyable,
    inStock: offer.inStock,
  };
}

describe.each([
  { currency: "USD", shipTo: null },
  { currency: "EUR", shipTo: "US" },
])("every screen says the same of every offer ($currency, ship to $shipTo)", (visitor) => {
  it("home card, detail, compare, vendor page, API, alerts, saved deals, Atom, JSON-LD and stack agree to the cent and on every flag", async () => {
    const pricing = await getOpenDataPricing(app.db, visitor.currency, visitor.shipTo);
    const settings = await getSettings(app.db);
    const { cards } = await homeCards(pricing);
    const vendorPages = new Map<string, Map<string, OfferRow>>();
    const vendorPage = async (slug: string) => {
      let offers = vendorPages.get(slug);
      if (!offers) {
        const profile = await getVendorProfile(app.db, slug, pricing);
        offers = new Map(profile!.offers.map((offer) => [offer.id, offer]));
        vendorPages.set(slug, offers);
      }
      return offers;
    };
    const deals = new Map<string, SavedDealRow>(
      (await listSavedDeals(app.db, { userId: watcher, pricing })).map((deal) => [
        deal.vendorPeptideId!,
        deal,
      ]),
    );
    let checked = 0;
    let staleSeen = 0;
    let stacked = 0;

    for (const [slug, card] of cards) {
      const detail = (await getPeptidePageData(app.db, slug, pricing))!;
      const api = new Map(
        apiOffers(await getOpenDataSizes(app.db, [detail.peptide.id], pricing), pricing).map(
          (offer) => [offer.id, offer],
        ),
      );
      const drops = new Map<string, PriceDrop>(
        (await getPriceDrops(app.db, { peptideId: detail.peptide.id, pricing, limit: 500 })).map(
          (drop) => [drop.vendorPeptideId, drop],
        ),
      );
      const jsonLdOffers = jsonLdOffersByName(detail.offers);
      const stackCatalogue = await getStackCatalogue(app.db, [slug]);
      const alertOffers = await listOffersOnSizes(
        app.db,
        detail.sizes.map((size) => size.id),
      );
      for (const group of groupBy(detail.offers, (offer) => offer.sizeId)) {
        const sizeId = group[0]!.sizeId;
        const best = bestOffer(group, pricing);
        const compare = await getComparePageData(app.db, { peptideSlug: slug, sizeId }, pricing);
        const compared = new Map(compare.offers.map((offer) => [offer.id, offer]));
        expect([...compared.keys()].sort()).toEqual(group.map((offer) => offer.id).sort());

        for (const offer of group) {
          const expected = figures(offer);
          const where = `${slug} ${offer.sizeLabel} at ${offer.vendorName}`;
          expect({ where, ...figures(compared.get(offer.id)!) }).toEqual({ where, ...expected });
          const onVendorPage = (await vendorPage(offer.vendorSlug)).get(offer.id)!;
          expect({ where, ...figures(onVendorPage) }).toEqual({ where, ...expected });
          const fromApi = api.get(offer.id)!;
          expect({
            where,
            total: fromApi.landedTotal?.amount ?? null,
            perMgDelivered: fromApi.perMgDelivered?.amount ?? null,
            stale: fromApi.stale,
            buyable: fromApi.buyable,
          }).toEqual({
            where,
            total: expected.total,
            perMgDelivered: expected.delivered ? expected.perMgDelivered : null,
            stale: expected.stale,
            buyable: expected.buyable,
          });
          const deal = deals.get(offer.id)!;
          expect({ where, ...figures(deal.now!) }).toEqual({ where, ...expected });
          expect({
            where,
            feed: priceDropEntry(drops.get(offer.id)!, "http://x.test").summary,
          }).toMatchObject({
            where,
            feed: expect.stringContaining(feedNowText(expected, pricing.displayCurrency)),
          });
          expect({ where, ...jsonLdOffers.get(jsonLdName(offer)) }).toEqual({
            where,
            ...jsonLdFigures(expected, pricing.displayCurrency),
          });
          // A stack of this one pack, from this offer alone, costs the table's total (a failed-lab
          // offer only for the buyer who includes those, as Best Price).
          if (expected.buyable && expected.total !== null && offer.shipsToDestination !== false) {
            const onlyThis = (choice: { includeFailedLabOffers: boolean }) =>
              priceStack(
                [{ peptide: slug, size: offer.sizeLabel, quantity: offer.vials }],
                stackCatalogue.offers.filter((row) => row.offerId === offer.id),
                stackCatalogue.names,
                { ...pricing, ...choice },
              );
            const stack = onlyThis({ includeFailedLabOffers: true });
            expect({
              where,
              bought: onlyThis({ includeFailedLabOffers: false }).baskets.length,
            }).toEqual({ where, bought: offer.labWarning === null ? 1 : 0 });
            expect({ where, stack: roundToCents(stack.total) }).toEqual({
              where,
              stack: expected.total,
            });
            stacked += 1;
          }
          // A stale offer is never Best Price.
          if (offer.stale) {
            staleSeen += 1;
            expect({ where, best: best?.id === offer.id }).toEqual({ where, best: false });
          }
          checked += 1;
        }

        // The home card's size: its Best Price, per mg delivered and vendor count.
        const cardSize = card.sizes.find((size) => size.id === sizeId)!;
        const bestPerVial = best?.display
          ? (best.display.totalPerVial ?? best.display.perVial)
          : null;
        expect({
          where: `${slug} ${group[0]!.sizeLabel} card`,
          lowest: cardSize.lowestPrice === null ? null : roundToCents(cardSize.lowestPrice),
          perMg: cardSize.perMg === null ? null : Math.round(cardSize.perMg * 10_000) / 10_000,
          vendors: cardSize.vendorCount,
        }).toEqual({
          where: `${slug} ${group[0]!.sizeLabel} card`,
          lowest: bestPerVial === null ? null : roundToCents(bestPerVial),
          perMg: best ? figures(best).perMgDelivered : null,
          vendors: countBuyableVendors(group),
        });

        // The alert list's "Lowest now" on the delivered total (the default) is the card's
        // lowest total whenever the best offer's shipping is stated.
        if (best?.display?.totalPerVial != null && best.shipsToDestination !== false) {
          const lowest = lowestOfferFor(
            { currency: pricing.displayCurrency, includeShipping: true, shipTo: visitor.shipTo },
            alertOffers.filter((offer) => offer.sizeOptionId === sizeId),
            { ...settings, rates: pricing.rates, now: pricing.now },
          );
          expect({ where: `${slug} ${group[0]!.sizeLabel} alert`, lowest: lowest?.price }).toEqual({
            where: `${slug} ${group[0]!.sizeLabel} alert`,
            lowest: roundMoney(best.display.totalPerVial, pricing.displayCurrency),
          });
        }
      }
    }
    // The catalogues are all there: the demo's and the random one, stale offers among them.
    expect(cards.has("random-peptide-1") && cards.has("bpc-157")).toBe(true);
    expect(checked).toBeGreaterThan(200);
    expect(staleSeen).toBeGreaterThan(20);
    expect(stacked).toBeGreaterThan(100);
  });
});

/** What the Atom feed says of an offer now, from the table's figures. */
function feedNowText(expected: ReturnType<typeof figures>, currency: string): string {
  if (expected.afterCoupon === null) return "";
  if (expected.total === null) return `Now ${formatPrice(expected.afterCoupon, currency)} after`;
  return `Now ${formatPrice(expected.total, currency)} delivered`;
}

function jsonLdName(offer: Pick<OfferRow, "vendorName" | "sizeLabel" | "vials">): string {
  return `${offer.vendorName} ${formatPack(offer.sizeLabel, offer.vials)}`;
}

/** The detail page's JSON-LD offers, by name, as figures. */
function jsonLdOffersByName(offers: OfferRow[]) {
  const jsonLd = productJsonLd({
    peptide: { name: "", description: null, categoryName: null },
    offers,
    imageUrl: "",
    canonicalUrl: "",
  });
  const listed = ("offers" in jsonLd ? jsonLd.offers?.offers : undefined) ?? [];
  return new Map(
    listed.map((offer) => {
      const specs = offer.priceSpecification as { name: string; price: string }[];
      const spec = (name: string) => specs.find((s) => s.name === name)?.price ?? null;
      return [
        offer.name,
        {
          currency: offer.priceCurrency,
          afterCoupon: Number(offer.price),
          total: spec("Delivered total") === null ? null : Number(spec("Delivered total")),
          perMgDelivered:
            spec("Per mg, delivered") === null ? null : Number(spec("Per mg, delivered")),
          inStock: offer.availability === "https://schema.org/InStock",
        },
      ];
    }),
  );
}

function jsonLdFigures(expected: ReturnType<typeof figures>, currency: string) {
  return {
    currency,
    afterCoupon: expected.afterCoupon,
    total: expected.total,
    perMgDelivered: expected.delivered ? expected.perMgDelivered : null,
    inStock: expected.inStock,
  };
}

describe("home filters change the grid only", () => {
  it("shows Featured as without filters, whatever the grid's filters", async () => {
    const pricing = await getOpenDataPricing(app.db);
    const unfiltered = await homeCards(pricing);
    const [vendor] = await app.db
      .select({ name: t.vendors.name })
      .from(t.vendors)
      .where(eq(t.vendors.name, "Random Vendor 1"));
    const filtered = await getHomePageData(app.db, {
      categorySlug: "random",
      page: 1,
      filters: { ...EMPTY_HOME_FILTERS, vendors: [vendor!.name], sizes: ["10mg"] },
      pricing,
    });
    expect(filtered.featured.some((card) => card !== null)).toBe(true);
    expect(filtered.featured).toEqual(unfiltered.featured);
  });
});
