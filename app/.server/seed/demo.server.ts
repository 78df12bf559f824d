import crypto from "node:crypto";

import { count, eq } from "drizzle-orm";

import {
  DEFAULT_EXCHANGE_RATES,
  DEFAULT_FOOTER,
  DEFAULT_HERO,
  DEFAULT_SETTINGS,
  FOOTER_SECTIONS,
} from "~/lib/constants";
import { roundMoney } from "~/lib/money";
import { slugify } from "~/lib/slug";

import type { Auth } from "../services/auth.server";
import { getAppMetaValue, setAppMetaValue } from "../data/app-meta.server";
import type { Database } from "../db/client";
import * as t from "../db/schema";
import { refreshVendorReliability } from "../services/vendor-reliability.server";
import {
  DEMO_ADMIN,
  DEMO_ADS,
  DEMO_CATEGORIES,
  DEMO_LAB_TESTS,
  DEMO_PEPTIDES,
  DEMO_USER,
  DEMO_VENDORS,
} from "./demo-data";

export const DEMO_MARKER_KEY = "demo_installed";
const HISTORY_DAYS = 60;
/**
 * History further back than HISTORY_DAYS, so the market index and the 90-day chart have a full
 * window: drawn from a stream of its own, so the rest of the demo (prices, stock) stays the same.
 */
const EARLIER_HISTORY_DAYS = 100;
const DAY_MS = 86_400_000;

/** Same demo on every machine: a small seeded generator instead of Math.random. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const roundToCents = (value: number) => roundMoney(value, "USD");
/** Shop prices end in .99 or .95 more often than not. */
const shopPrice = (value: number) =>
  Math.max(4.99, Math.floor(value) + (value % 1 > 0.5 ? 0.99 : 0.95));

function isoDateFromToday(days: number): string {
  return new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
}

export async function isDemoInstalled(db: Database): Promise<boolean> {
  return (await getAppMetaValue(db, DEMO_MARKER_KEY)) === "true";
}

/** Creates an e-mail + password account the way better-auth would, already verified. */
export async function createPasswordAccount(
  db: Database,
  auth: Auth,
  email: string,
  password: string,
): Promise<string> {
  const existing = await db.select({ id: t.user.id }).from(t.user).where(eq(t.user.email, email));
  if (existing[0]) return existing[0].id;
  const ctx = await auth.$context;
  const userId = crypto.randomUUID();
  await db.insert(t.user).values({
    id: userId,
    email,
    name: email.split("@")[0] ?? "user",
    emailVerified: true,
  });
  await db.insert(t.account).values({
    id: crypto.randomUUID(),
    accountId: userId,
    providerId: "credential",
    userId,
    password: await ctx.password.hash(password),
  });
  return userId;
}

/** What every install needs: default hero, footer sections, settings and exchange rates. */
export async function installDefaults(db: Database): Promise<void> {
  await db
    .insert(t.settings)
    .values({ id: 1, ...DEFAULT_SETTINGS })
    .onConflictDoNothing();
  await db
    .insert(t.footerContent)
    .values(FOOTER_SECTIONS.map((section) => ({ section, ...DEFAULT_FOOTER[section] })))
    .onConflictDoNothing();
  await db
    .insert(t.exchangeRates)
    .values(
      Object.entries(DEFAULT_EXCHANGE_RATES).map(([currency, unitsPerUsd]) => ({
        currency,
        unitsPerUsd,
      })),
    )
    .onConflictDoNothing();
  const [{ heroes }] = await db.select({ heroes: count() }).from(t.heroContent);
  if (heroes === 0) await db.insert(t.heroContent).values({ ...DEFAULT_HERO });
}

/**
 * Installs the demo catalogue on an empty database (callers run installDefaults first); does
 * nothing when the demo (or any real catalogue) is already there, so it is safe on every start.
 */
export async function installDemoData(
  db: Database,
  auth: Auth,
  options: { baseUrl: string },
): Promise<boolean> {
  if (await isDemoInstalled(db)) return false;
  const [{ existing }] = await db.select({ existing: count() }).from(t.peptides);
  if (existing > 0) return false;

  const random = seededRandom(157);
  const earlierRandom = seededRandom(923);

  await db.transaction(async (tx) => {
    const categoryRows = await tx
      .insert(t.categories)
      .values(DEMO_CATEGORIES.map((c) => ({ ...c, slug: slugify(c.name) })))
      .returning({ id: t.categories.id, name: t.categories.name });
    const categoryId = new Map(categoryRows.map((c) => [c.name, c.id]));

    const vendorRows = await tx
      .insert(t.vendors)
      .values(
        DEMO_VENDORS.map((v) => ({
          name: v.name,
          website: v.website,
          shippingCost: v.shippingCost,
          shippingFee: v.shippingFee,
          freeShippingThreshold: v.freeShippingThreshold,
          shipsTo: v.shipsTo,
          paymentMethods: v.paymentMethods,
          isPreferred: v.isPreferred,
          rating: v.rating,
          logoUrl: null,
        })),
      )
      .returning({ id: t.vendors.id, name: t.vendors.name });
    const vendorId = new Map(vendorRows.map((v) => [v.name, v.id]));

    const couponValues = DEMO_VENDORS.flatMap((v) =>
      v.coupon
        ? [
            {
              vendorId: vendorId.get(v.name)!,
              code: v.coupon.code,
              discountAmount: v.coupon.discountAmount,
              discountType: v.coupon.discountType,
              expirationDate:
                v.coupon.expiresInDays === null ? null : isoDateFromToday(v.coupon.expiresInDays),
            },
          ]
        : [],
    );
    await tx.insert(t.coupons).values(couponValues);

    const now = Date.now();
    const peptideRows = await tx
      .insert(t.peptides)
      .values(
        DEMO_PEPTIDES.map((peptide) => ({
          name: peptide.name,
          slug: slugify(peptide.name),
          description: peptide.description,
          categoryId: categoryId.get(peptide.category) ?? null,
          keyBenefits: peptide.keyBenefits,
          aliases: peptide.aliases ?? [],
          isPopular: peptide.popularOrder !== undefined,
          popularOrder: peptide.popularOrder ?? null,
          imageUrl: null,
        })),
      )
      .returning({ id: t.peptides.id, name: t.peptides.name });
    const peptideByName = new Map(DEMO_PEPTIDES.map((p) => [p.name, p]));
    const sizeRows = await tx
      .insert(t.sizeOptions)
      .values(
        peptideRows.flatMap((row) =>
          peptideByName.get(row.name)!.sizesMg.map((quantity) => ({
            peptideId: row.id,
            quantity,
            unit: "mg",
          })),
        ),
      )
      .returning({
        id: t.sizeOptions.id,
        peptideId: t.sizeOptions.peptideId,
        quantity: t.sizeOptions.quantity,
      });
    const peptideOfRow = new Map(peptideRows.map((row) => [row.id, peptideByName.get(row.name)!]));

    const offers = sizeRows.flatMap((size) => {
      const peptide = peptideOfRow.get(size.peptideId)!;
      // Larger vials cost less per mg, as they do in the shops.
      const typical = peptide.usdPerMg * size.quantity * Math.pow(size.quantity, -0.12) * 1.3;
      const sellers = DEMO_VENDORS.filter(() => random() < 0.6);
      for (const vendor of DEMO_VENDORS)
        if (sellers.length < 3 && !sellers.includes(vendor)) sellers.push(vendor);
      return sellers.map((vendor) => {
        const history: { price: number; inStock: boolean; observedAt: Date }[] = [];
        let price = shopPrice(typical * vendor.priceFactor * (0.9 + random() * 0.25));
        for (let day = HISTORY_DAYS; day >= 0; day -= 1 + Math.floor(random() * 6)) {
          price = shopPrice(price * (0.95 + random() * 0.1));
          history.push({
            price,
            inStock: random() > 0.1,
            observedAt: new Date(now - day * DAY_MS),
          });
        }
        let earlierPrice = history[0].price;
        for (
          let day = HISTORY_DAYS + 1 + Math.floor(earlierRandom() * 6);
          day <= EARLIER_HISTORY_DAYS;
          day += 1 + Math.floor(earlierRandom() * 6)
        ) {
          earlierPrice = shopPrice(earlierPrice * (0.95 + earlierRandom() * 0.1));
          history.unshift({
            price: earlierPrice,
            inStock: earlierRandom() > 0.1,
            observedAt: new Date(now - day * DAY_MS),
          });
        }
        const stockRoll = random();
        return {
          history,
          row: {
            peptideId: size.peptideId,
            sizeOptionId: size.id,
            vendorId: vendorId.get(vendor.name)!,
            price: roundToCents(history.at(-1)!.price),
            currency: "USD",
            url: `${vendor.website}/products/${slugify(peptide.name)}-${size.quantity}mg`,
            purity: `${(98 + random() * 1.9).toFixed(1)}%`,
            notes: random() < 0.2 ? "Third-party tested" : null,
            stockStatus:
              stockRoll < 0.1 ? "out_of_stock" : stockRoll < 0.2 ? "low_stock" : "in_stock",
            source: random() < 0.5 ? "scraped" : "manual",
            // Confirmed within the last two hours, inside the default freshness window (three
            // hourly runs, ~/lib/freshness): a fresh demo; it ages to stale like any catalogue.
            priceCheckedAt: new Date(now - Math.floor(random() * 36) * 3 * 60_000),
          },
        };
      });
    });
    const priceRows = await tx
      .insert(t.vendorPeptides)
      .values(offers.map((offer) => offer.row))
      .returning({ id: t.vendorPeptides.id });
    await tx.insert(t.priceHistory).values(
      offers.flatMap((offer, index) =>
        offer.history.map((h) => ({
          vendorPeptideId: priceRows[index].id,
          price: roundToCents(h.price),
          inStock: h.inStock,
          observedAt: h.observedAt,
        })),
      ),
    );

    // Fixed values, no draw from `random`: every demo price stays as it was.
    const peptideIdByName = new Map(peptideRows.map((row) => [row.name, row.id]));
    await tx.insert(t.labTests).values(
      DEMO_LAB_TESTS.map((test) => {
        const peptideId = peptideIdByName.get(test.peptide)!;
        const size = sizeRows.find(
          (row) => row.peptideId === peptideId && Number(row.quantity) === test.sizeMg,
        );
        return {
          vendorId: vendorId.get(test.vendor)!,
          peptideId,
          sizeOptionId: size?.id ?? null,
          labName: test.lab,
          testedOn: isoDateFromToday(-test.daysAgo),
          batch: test.batch,
          claimedMassMg: test.claimedMassMg,
          measuredMassMg: test.measuredMassMg,
          purityPercent: test.purityPercent,
          endotoxin: test.endotoxin,
          heavyMetals: test.heavyMetals,
          reportUrl: test.reportUrl,
        };
      }),
    );

    await tx.insert(t.ads).values(DEMO_ADS.map((ad) => ({ ...ad })));
    await tx.insert(t.categoryFilters).values([
      { name: "Vial Size", type: "checkbox", field: "size", position: 1 },
      { name: "Vendor", type: "checkbox", field: "vendor", position: 2 },
      { name: "Price range", type: "range", field: "price", position: 3 },
    ]);
    await tx.insert(t.scrapeSources).values([
      {
        retailerName: "Demo Retailer (single product)",
        url: `${options.baseUrl}/demo-retailer/products/bpc-157`,
        pageType: "single",
        productSelector: ".product",
        nameSelector: ".product-title",
        priceSelector: ".price",
        linkSelector: null,
        soldOutSelector: ".sold-out",
        vendorId: vendorId.get("Apex Peptide Labs") ?? null,
        currency: "USD",
        status: "inactive",
      },
      {
        retailerName: "Demo Retailer (catalogue)",
        url: `${options.baseUrl}/demo-retailer/shop`,
        pageType: "category",
        productSelector: ".product-card",
        nameSelector: ".product-card__name",
        priceSelector: ".product-card__price",
        linkSelector: "a.product-card__link",
        soldOutSelector: ".product-card__sold-out",
        nextPageSelector: "a.next",
        paginationSelector: ".pagination",
        vendorId: vendorId.get("Apex Peptide Labs") ?? null,
        currency: "USD",
        status: "inactive",
      },
      // Sizes only in structured data: the selectors are the fallback a source must have.
      {
        retailerName: "Demo Retailer (WooCommerce variable product)",
        url: `${options.baseUrl}/demo-retailer/woo/product/tb-500/`,
        pageType: "single",
        productSelector: ".product",
        nameSelector: ".product_title",
        priceSelector: ".summary .price",
        linkSelector: null,
        soldOutSelector: ".out-of-stock",
        vendorId: vendorId.get("Meridian Biolabs") ?? null,
        status: "active",
      },
      {
        retailerName: "Demo Retailer (Shopify product)",
        url: `${options.baseUrl}/demo-retailer/shopify/products/ghk-cu`,
        pageType: "single",
        productSelector: ".product__info-container",
        nameSelector: ".product__title",
        priceSelector: ".price-item--regular",
        linkSelector: null,
        soldOutSelector: null,
        vendorId: vendorId.get("Meridian Biolabs") ?? null,
        status: "active",
      },
    ]);
  });

  const adminId = await createPasswordAccount(db, auth, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await createPasswordAccount(db, auth, DEMO_USER.email, DEMO_USER.password);
  await db
    .insert(t.adminUsers)
    .values({ email: DEMO_ADMIN.email, userId: adminId })
    .onConflictDoNothing();
  await refreshVendorReliability(db);
  await setAppMetaValue(db, DEMO_MARKER_KEY, "true");
  return true;
}
