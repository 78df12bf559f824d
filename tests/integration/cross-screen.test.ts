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

import { deliverDueAlertMessages } from "~/.server/alerts/deliver.server";
import {
  checkAllPriceAlerts,
  lowestOfferFor,
  sendAlertDigests,
} from "~/.server/alerts/price-alerts.server";
import { upsertExchangeRates } from "~/.server/data/exchange-rates.server";
import { getHomePageData, type HomePageData } from "~/.server/data/listings/home.server";
import {
  getComparePageData,
  getPeptidePageData,
} from "~/.server/data/listings/peptide-pages.server";
import { getOpenDataSizes } from "~/.server/data/open-data.server";
import { listOffersOnSizes, listUserPriceAlerts } from "~/.server/data/price-alerts.server";
import { savePushSubscription } from "~/.server/data/push-subscriptions.server";
import { getPriceDrops, type PriceDrop } from "~/.server/data/price-drops.server";
import { listSavedDeals } from "~/.server/data/saved-deals.server";
import { getSearchResultRows } from "~/.server/data/search.server";
import { getSettings } from "~/.server/data/settings.server";
import { getStackCatalogue } from "~/.server/data/stacks.server";
import { getVendorProfile } from "~/.server/data/vendor-profile.server";
import { getVendorDirectory } from "~/.server/data/vendors.server";
import * as t from "~/.server/db/schema";
import { apiOffers, getOpenDataPricing } from "~/.server/services/open-data.server";
import { formatPrice } from "~/lib/format";
import { EMPTY_HOME_FILTERS, type HomeFilters } from "~/lib/home-filters";
import { productJsonLd } from "~/lib/json-ld";
import { roundMoney } from "~/lib/money";
import type { OfferRow } from "~/lib/offer-row";
import { formatPack, perMgDelivered } from "~/lib/offer-view";
import type { PeptideCardData } from "~/lib/peptide-card";
import { alertNowText } from "~/lib/price-alerts";
import { priceDropEntry } from "~/lib/price-drop-feed";
import { goodDealsBySize } from "~/lib/good-deal";
import {
  formatCouponDiscount,
  isCouponActive,
  roundToCents,
  type PricingContext,
} from "~/lib/pricing";
import {
  bestOffer,
  bestOfferIds,
  countBuyableVendors,
  groupBy,
  landedRank,
  mayRank,
} from "~/lib/ranking";
import type { SavedDealRow } from "~/lib/saved-deals";
import { DEFAULT_VENDOR_SORT } from "~/lib/vendor-directory";
import { priceStack } from "~/lib/stack-pricing";
import { formatSize } from "~/lib/units";
import type { AddressPolicy } from "~/.server/platform/outbound/address-guard.server";

import { saveSizeAlert } from "../helpers/alert-catalogue";
import { createTestApp, type TestApp } from "../helpers/app";
import { createVerifiedUser } from "../helpers/auth";
import {
  saveAndDropEveryOffer,
  seedRandomCatalogue,
  seeded,
} from "../helpers/cross-screen-catalogue";
import { browserKeys, decryptPush } from "../helpers/push";
import { startReceiver } from "../helpers/receiver";

const HOUR = 3_600_000;
/** The tests' webhook and push servers listen on loopback, which the guard allows only when told. */
const LOOPBACK_ALLOWED: AddressPolicy = { allowPrivateHosts: true, trustedOrigins: [] };
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
  // Chosen in a stable order (ids are random), so every run meets the same flags.
  const demo = await app.db
    .select({ id: t.vendorPeptides.id })
    .from(t.vendorPeptides)
    .innerJoin(t.peptides, eq(t.peptides.id, t.vendorPeptides.peptideId))
    .innerJoin(t.vendors, eq(t.vendors.id, t.vendorPeptides.vendorId))
    .innerJoin(t.sizeOptions, eq(t.sizeOptions.id, t.vendorPeptides.sizeOptionId))
    .orderBy(
      t.peptides.slug,
      t.vendors.name,
      t.sizeOptions.quantity,
      t.vendorPeptides.vials,
      t.vendorPeptides.price,
    );
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

/** The visitor's pricing context, with their "Include offers that failed a lab test" switch. */
async function visitorPricing(visitor: Visitor): Promise<PricingContext> {
  return {
    ...(await getOpenDataPricing(app.db, visitor.currency, visitor.shipTo)),
    includeFailedLabOffers: visitor.includeFailedLabOffers,
  };
}

type Visitor = { currency: string; shipTo: string | null; includeFailedLabOffers: boolean };

describe.each<Visitor>([
  { currency: "USD", shipTo: null, includeFailedLabOffers: false },
  { currency: "EUR", shipTo: "US", includeFailedLabOffers: true },
])(
  "every screen says the same of every offer ($currency, ship to $shipTo, failed lab offers included: $includeFailedLabOffers)",
  (visitor) => {
    it("home card, detail, compare, vendor page, /vendors, search, API, alerts, saved deals, Atom, JSON-LD and stack agree to the cent and on every flag", async () => {
      const pricing = await visitorPricing(visitor);
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
      const flagsSeen = {
        best: 0,
        goodDeal: 0,
        ownLow: 0,
        tested: 0,
        failedLab: 0,
        failedBest: 0,
        cardTested: 0,
        cardFailed: 0,
      };

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
          // Best Price and Good Deal as each offer table marks them (OfferTable: bestOfferIds and
          // goodDealsBySize over the offers its loader gave it, with the visitor's lab choice),
          // against the pricing module over the size's offers.
          const goodDeals = goodDealsBySize(group, (offer) => offer.sizeId, pricing);
          const marks = (offers: OfferRow[]) => ({
            best: [...bestOfferIds(offers, (offer) => offer.sizeId, pricing)].filter((id) =>
              group.some((offer) => offer.id === id),
            ),
            goodDeals: [...goodDealsBySize(offers, (offer) => offer.sizeId, pricing)]
              .filter(([id]) => group.some((offer) => offer.id === id))
              .sort(),
          });
          const expectedMarks = { best: best ? [best.id] : [], goodDeals: [...goodDeals].sort() };
          const sizeWhere = `${slug} ${group[0]!.sizeLabel}`;
          expect({
            where: sizeWhere,
            detail: marks(detail.offers),
            compare: marks(compare.offers),
          }).toEqual({
            where: sizeWhere,
            detail: expectedMarks,
            compare: expectedMarks,
          });
          // Search for the peptide and size: its row is the size's Best Price, with its count.
          const search = await getSearchResultRows(
            app.db,
            [{ ...detail.peptide, matchedAlias: null, sizeLabel: group[0]!.sizeLabel }],
            pricing,
          );
          expect({
            where: sizeWhere,
            searchBest: search.offers[0]?.id ?? null,
            searchVendors: (search.offers[0] ?? search.offerless[0])?.vendorCount,
            searchFlags: search.offers[0] ? flags(search.offers[0]) : null,
          }).toEqual({
            where: sizeWhere,
            searchBest: best?.id ?? null,
            // With nothing to buy, the row names every vendor that lists the size.
            searchVendors: best
              ? countBuyableVendors(group)
              : new Set(group.map((offer) => offer.vendorId)).size,
            searchFlags: best ? flags(best) : null,
          });
          if (best) flagsSeen.best += 1;
          if (best && best.labWarning !== null) flagsSeen.failedBest += 1;
          flagsSeen.goodDeal += goodDeals.size;
          flagsSeen.ownLow += [...goodDeals.values()].filter((why) => why === "own-low").length;

          for (const offer of group) {
            const expected = figures(offer);
            const where = `${slug} ${offer.sizeLabel} at ${offer.vendorName}`;
            const expectedFlags = flags(offer);
            const onCompare = compared.get(offer.id)!;
            expect({ where, ...figures(onCompare), ...flags(onCompare) }).toEqual({
              where,
              ...expected,
              ...expectedFlags,
            });
            const onVendorPage = (await vendorPage(offer.vendorSlug)).get(offer.id)!;
            expect({ where, ...figures(onVendorPage), ...flags(onVendorPage) }).toEqual({
              where,
              ...expected,
              ...expectedFlags,
            });
            const fromApi = api.get(offer.id)!;
            expect({
              where,
              total: fromApi.landedTotal?.amount ?? null,
              perMgDelivered: fromApi.perMgDelivered?.amount ?? null,
              stale: fromApi.stale,
              buyable: fromApi.buyable,
              failedLabTest: fromApi.failedLabTest,
            }).toEqual({
              where,
              total: expected.total,
              perMgDelivered: expected.delivered ? expected.perMgDelivered : null,
              stale: expected.stale,
              buyable: expected.buyable,
              failedLabTest: expectedFlags.failedLabTest,
            });
            const deal = deals.get(offer.id)!;
            expect({
              where,
              ...figures(deal.now!),
              failedLabTest: deal.now!.labWarning !== null,
            }).toEqual({ where, ...expected, failedLabTest: expectedFlags.failedLabTest });
            // "Cheaper elsewhere" names the Best Price of the other vendors' same packs.
            const elsewhere = bestOffer(
              group.filter(
                (other) => other.vendorId !== offer.vendorId && other.vials === offer.vials,
              ),
              pricing,
            );
            if (deal.cheaperElsewhere) {
              expect({ where, elsewhere: deal.cheaperElsewhere.vendorName }).toEqual({
                where,
                elsewhere: elsewhere?.vendorName,
              });
            }
            if (expectedFlags.tested !== null) flagsSeen.tested += 1;
            if (expectedFlags.failedLabTest) flagsSeen.failedLab += 1;
            expect({
              where,
              feed: priceDropEntry(drops.get(offer.id)!, "http://x.test").summary,
            }).toMatchObject({
              where,
              feed: expect.stringMatching(
                new RegExp(`${escapeRegExp(feedNowText(offer, pricing.displayCurrency))}$`),
              ),
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
            // The card's Tested badge or Failed lab test warning: its Best Price row's.
            ...flags(cardSize),
          }).toEqual({
            where: `${slug} ${group[0]!.sizeLabel} card`,
            lowest: bestPerVial === null ? null : roundToCents(bestPerVial),
            perMg: best ? figures(best).perMgDelivered : null,
            vendors: countBuyableVendors(group),
            ...(best ? flags(best) : { tested: null, failedLabTest: false }),
          });
          if (best?.tested) flagsSeen.cardTested += 1;
          if (best?.labWarning) flagsSeen.cardFailed += 1;

          // The alert list's "Lowest now" on the delivered total (the default) is the card's
          // lowest total whenever the best offer's shipping is stated — the Best Price without
          // failed-lab offers, as alerts read no cookie.
          const alertBest = bestOffer(group, { includeFailedLabOffers: false });
          if (alertBest?.display?.totalPerVial != null && alertBest.shipsToDestination !== false) {
            const lowest = lowestOfferFor(
              { currency: pricing.displayCurrency, includeShipping: true, shipTo: visitor.shipTo },
              alertOffers.filter((offer) => offer.sizeOptionId === sizeId),
              { ...settings, rates: pricing.rates, now: pricing.now },
            );
            expect({
              where: `${slug} ${group[0]!.sizeLabel} alert`,
              lowest: lowest?.price,
            }).toEqual({
              where: `${slug} ${group[0]!.sizeLabel} alert`,
              lowest: roundMoney(alertBest.display.totalPerVial, pricing.displayCurrency),
            });
          }
        }
      }
      // The catalogues are all there: the demo's and the random one, stale offers among them.
      expect(cards.has("random-peptide-1") && cards.has("bpc-157")).toBe(true);
      expect(checked).toBeGreaterThan(200);
      expect(staleSeen).toBeGreaterThan(20);
      expect(stacked).toBeGreaterThan(100);
      // Every flag was met, so each comparison above compared something.
      expect(flagsSeen.best).toBeGreaterThan(40);
      expect(flagsSeen.goodDeal).toBeGreaterThan(0);
      // Good Deal at its own 90-day low too, which only the price history of each screen knows.
      expect(flagsSeen.ownLow).toBeGreaterThan(0);
      expect(flagsSeen.tested).toBeGreaterThan(5);
      expect(flagsSeen.failedLab).toBeGreaterThan(5);
      if (visitor.includeFailedLabOffers) expect(flagsSeen.failedBest).toBeGreaterThan(0);
      else expect(flagsSeen.failedBest).toBe(0);
      expect(flagsSeen.cardTested).toBeGreaterThan(0);
      expect(flagsSeen.cardFailed).toBe(flagsSeen.failedBest);

      // /vendors: each vendor's count of prices is its vendor page's, its coupon and shipping fee
      // are what its offers are priced with.
      const directory = await getVendorDirectory(app.db, pricing, DEFAULT_VENDOR_SORT);
      expect(directory.vendors.length).toBeGreaterThan(10);
      for (const entry of directory.vendors) {
        const offers = [...(await vendorPage(entry.slug)).values()];
        const where = `/vendors ${entry.name}`;
        const coupons = new Set(
          offers.flatMap((offer) =>
            offer.coupon && isCouponActive(offer.coupon, pricing.now)
              ? [`${offer.coupon.code} ${formatCouponDiscount(offer.coupon, offer.vendorCurrency)}`]
              : [],
          ),
        );
        // A fee the offer pays in full (below the free-shipping threshold, shipped there).
        const fees = new Set(
          offers.flatMap((offer) =>
            offer.display?.shipping
              ? [formatPrice(offer.display.shipping, offer.display.currency)]
              : [],
          ),
        );
        expect({
          where,
          prices: entry.offerCount,
          coupons: entry.coupon ? [`${entry.coupon.code} ${entry.coupon.discount}`] : [],
          fees:
            entry.shippingFee && entry.shipsThere !== "no" && fees.size > 0
              ? [formatPrice(entry.shippingFee.amount, entry.shippingFee.currency)]
              : [...fees],
        }).toEqual({
          where,
          prices: offers.length,
          coupons: [...coupons],
          fees: [...fees],
        });
      }
    });

    // Three users a peptide and every alert delivered, for both visitors.
    it("the alert list, e-mail, push and webhook say every size's lowest delivered price as the tables do", async () => {
      const pricing = await visitorPricing(visitor);
      const { cards } = await homeCards(pricing);
      const hook = await startReceiver();
      const pushService = await startReceiver();
      try {
        // One user per peptide (under the per-user delivery cap), an alert on each of its sizes
        // on every channel, in the visitor's currency with shipping to their destination.
        const watchers: {
          userId: string;
          email: string;
          keys: ReturnType<typeof browserKeys>;
          sizes: { label: string; peptideName: string; group: OfferRow[] }[];
          /** Watches each size's price before shipping, told in the daily digest. */
          beforeShipping: { userId: string; email: string };
          /** Waits for each size to be back in stock, delivered total, by e-mail at once. */
          restock: { userId: string; email: string };
        }[] = [];
        for (const slug of cards.keys()) {
          const detail = (await getPeptidePageData(app.db, slug, pricing))!;
          const email = `alerts-${visitor.currency}-${slug}@example.com`;
          const userId = await createVerifiedUser(app, email);
          const keys = browserKeys();
          await savePushSubscription(app.db, {
            userId,
            endpoint: `${pushService.url}/push/${userId}`,
            p256dh: keys.p256dh,
            auth: keys.authText,
          });
          const sizes = [];
          const beforeShipping = {
            email: `before-shipping-${visitor.currency}-${slug}@example.com`,
            userId: "",
          };
          beforeShipping.userId = await createVerifiedUser(app, beforeShipping.email);
          const restock = { email: `restock-${visitor.currency}-${slug}@example.com`, userId: "" };
          restock.userId = await createVerifiedUser(app, restock.email);
          for (const group of groupBy(detail.offers, (offer) => offer.sizeId)) {
            const size = { peptideId: detail.peptide.id, sizeOptionId: group[0]!.sizeId };
            const own = { currency: visitor.currency, shipTo: visitor.shipTo };
            await saveSizeAlert(app, size, beforeShipping.userId, {
              ...own,
              mode: "below",
              targetPrice: 1_000_000,
              includeShipping: false,
              channels: ["email"],
              digest: "daily",
            });
            await saveSizeAlert(app, size, restock.userId, {
              ...own,
              mode: "restock",
              targetPrice: null,
              includeShipping: true,
              channels: ["email"],
            });
            await saveSizeAlert(
              app,
              { peptideId: detail.peptide.id, sizeOptionId: group[0]!.sizeId },
              userId,
              {
                mode: "below",
                targetPrice: 1_000_000,
                currency: visitor.currency,
                includeShipping: true,
                shipTo: visitor.shipTo,
                channels: ["email", "push", "webhook"],
                webhookUrl: `${hook.url}/hook/${userId}`,
              },
            );
            sizes.push({ label: group[0]!.sizeLabel, peptideName: detail.peptide.name, group });
          }
          watchers.push({ userId, email, keys, sizes, beforeShipping, restock });
        }
        // Every alert crosses its target now: the real evaluation and delivery path.
        await app.db
          .update(t.priceAlerts)
          .set({ isBelow: false, lastPrice: null })
          .where(
            inArray(
              t.priceAlerts.userId,
              watchers.flatMap((w) => [w.userId, w.beforeShipping.userId, w.restock.userId]),
            ),
          );
        await checkAllPriceAlerts(app);
        await sendAlertDigests(app);
        while ((await deliverDueAlertMessages(app, { policy: LOOPBACK_ALLOWED })).sent > 0);

        let told = 0;
        let toldBeforeShipping = 0;
        let restocked = 0;
        const mailsTo = (to: string) =>
          app.db
            .select({ subject: t.mailOutbox.subject, text: t.mailOutbox.text })
            .from(t.mailOutbox)
            .where(eq(t.mailOutbox.to, to));
        for (const watcher of watchers) {
          const list = await listUserPriceAlerts(app.db, { userId: watcher.userId });
          const mails = await mailsTo(watcher.email);
          const beforeShippingList = await listUserPriceAlerts(app.db, {
            userId: watcher.beforeShipping.userId,
          });
          const digests = await mailsTo(watcher.beforeShipping.email);
          const restockList = await listUserPriceAlerts(app.db, {
            userId: watcher.restock.userId,
          });
          const restockMails = await mailsTo(watcher.restock.email);
          const digestLines: string[] = [];
          const pushes = pushService.received
            .filter((r) => r.path === `/push/${watcher.userId}`)
            .map(
              (r) =>
                JSON.parse(decryptPush(r.body, watcher.keys)) as { title: string; body: string },
            );
          const posts = hook.received
            .filter((r) => r.path === `/hook/${watcher.userId}`)
            .map((r) => JSON.parse(r.body.toString("utf8")) as { title: string; message: string });
          for (const size of watcher.sizes) {
            const what = `${size.peptideName} ${size.label}`;
            // Alerts read no cookie: the Best Price without failed-lab offers.
            const best = bestOffer(size.group, { includeFailedLabOffers: false });
            const expected =
              best?.display?.totalPerVial != null && best.shipsToDestination !== false
                ? formatPrice(
                    roundMoney(best.display.totalPerVial, pricing.displayCurrency),
                    pricing.displayCurrency,
                  )
                : null;
            const alertOn = (rows: typeof list) =>
              rows.find(
                (row) =>
                  `${row.peptideName} ${formatSize(row.quantity, row.unit, row.unitLabel)}` ===
                  what,
              )!;
            const alert = alertOn(list);
            // Before shipping: the lowest price after coupon per vial of the offers Best Price is
            // chosen from (buyable, shipped to the destination, no failed lab test).
            const unshipped = size.group
              .filter(
                (offer) =>
                  mayRank(offer, { includeFailedLabOffers: false }) && landedRank(offer) !== null,
              )
              .map((offer) => ({
                offer,
                price: roundMoney(offer.display!.perVial, pricing.displayCurrency),
              }));
            const lowestUnshipped =
              unshipped.length === 0 ? null : Math.min(...unshipped.map((row) => row.price));
            const beforeShippingText =
              lowestUnshipped === null
                ? null
                : `${formatPrice(lowestUnshipped, pricing.displayCurrency)} before shipping`;
            // Back in stock: the delivered lowest, in the list and the e-mail alike.
            const restockAlert = alertOn(restockList);
            const restockMail = restockMails.find((m) =>
              m.subject.startsWith(`Back in stock: ${what} at `),
            );
            expect({
              where: what,
              beforeShippingList: alertNowText(alertOn(beforeShippingList)),
              restockList: alertNowText(restockAlert),
              restockMail: restockMail?.text
                .split("\n")[0]
                ?.startsWith(`${what} is back in stock at `),
              restockMailPrice: restockMail?.text.split("\n")[0]?.split(": ").at(-1),
            }).toEqual({
              where: what,
              beforeShippingList:
                beforeShippingText === null
                  ? "Lowest now: none in stock"
                  : `Lowest now: ${beforeShippingText}`,
              restockList:
                expected === null ? "Now: out of stock" : `Now: in stock at ${expected} delivered`,
              restockMail: expected === null ? undefined : true,
              restockMailPrice: expected === null ? undefined : `${expected} delivered`,
            });
            if (expected !== null) restocked += 1;
            if (beforeShippingText !== null) {
              const sellers = unshipped
                .filter((row) => row.price === lowestUnshipped)
                .map((row) => `- ${what} is ${beforeShippingText} at ${row.offer.vendorName} (`);
              const line = digests
                .flatMap((m) => m.text.split("\n"))
                .find((text) => text.startsWith(`- ${what} is `));
              expect({
                where: what,
                line,
                named: sellers.some((s) => line?.startsWith(s)),
              }).toEqual({ where: what, line: expect.any(String), named: true });
              digestLines.push(line!);
              toldBeforeShipping += 1;
            }
            const title = `Price alert: ${what} is ${expected}`;
            const said = (messages: { title: string }[]) =>
              messages
                .filter((m) => m.title.startsWith(`Price alert: ${what} is `))
                .map((m) => m.title);
            expect({
              where: what,
              list: alertNowText(alert),
              mail: said(mails.map((m) => ({ title: m.subject }))),
              push: said(pushes),
              webhook: said(posts),
            }).toEqual({
              where: what,
              list:
                expected === null
                  ? "Lowest now: none in stock"
                  : `Lowest now: ${expected} delivered`,
              mail: expected === null ? [] : [title],
              push: expected === null ? [] : [title],
              webhook: expected === null ? [] : [title],
            });
            if (expected === null) continue;
            // The body names a vendor whose offer of the size costs that, delivered.
            const sellers = size.group
              .filter(
                (offer) =>
                  offer.display?.totalPerVial != null &&
                  offer.labWarning === null &&
                  offer.buyable &&
                  formatPrice(
                    roundMoney(offer.display.totalPerVial, pricing.displayCurrency),
                    pricing.displayCurrency,
                  ) === expected,
              )
              .map((offer) => `${what} is ${expected} delivered at ${offer.vendorName} (`);
            const mail = mails.find((m) => m.subject === title)!;
            const push = pushes.find((m) => m.title === title)!;
            const post = posts.find((m) => m.title === title)!;
            for (const body of [mail.text, push.body, post.message]) {
              expect({
                where: what,
                body,
                named: sellers.some((line) => body.includes(line)),
              }).toMatchObject({
                where: what,
                named: true,
              });
            }
            told += 1;
          }
          // One digest names every size with a price, and nothing else.
          const digestSubjects = (await mailsTo(watcher.beforeShipping.email)).map(
            (m) => m.subject,
          );
          expect(digestSubjects).toEqual(
            digestLines.length === 0
              ? []
              : [
                  `Your price alerts: ${digestLines.length} ${digestLines.length === 1 ? "change" : "changes"} today`,
                ],
          );
        }
        expect(told).toBeGreaterThan(30);
        expect(toldBeforeShipping).toBeGreaterThan(30);
        expect(restocked).toBe(told);
      } finally {
        await hook.close();
        await pushService.close();
      }
    }, 120_000);
  },
);

/** The lab-test flags every offer row shows: "Tested" (its words) and "Failed lab test". */
function flags(offer: Pick<OfferRow, "tested" | "labWarning">) {
  return { tested: offer.tested, failedLabTest: offer.labWarning !== null };
}

/**
 * What the Atom feed's entry says of an offer now, ending its summary: the table's delivered
 * total and per mg delivered, or its price after coupon when shipping is not stated.
 */
function feedNowText(offer: OfferRow, currency: string): string {
  const expected = figures(offer);
  if (expected.afterCoupon === null) return "when seen.";
  if (expected.total === null) {
    return `Now ${formatPrice(expected.afterCoupon, currency)} after coupon + shipping (not stated).`;
  }
  const perMg = perMgDelivered(offer.display);
  const perMgPart = perMg?.delivered
    ? `; per mg, delivered: ${formatPrice(perMg.amount, currency)}`
    : "";
  return `Now ${formatPrice(expected.total, currency)} delivered${perMgPart}.`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
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
