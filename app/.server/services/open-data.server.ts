/**
 * The public JSON API's answers (/api/v1): priced rows turned into the shapes openapi.ts
 * documents, and the headers every answer carries (public caching as pages have it, CORS open).
 */
import { DEFAULT_DISPLAY_CURRENCY, type StockStatus } from "~/lib/constants";
import { API_PREFIX, slugParamSchema, toApiMoney, toApiMoneyPerMg } from "~/lib/open-data";
import { perMgDelivered, perVerifiedMg } from "~/lib/offer-view";
import type { ApiOfferList, ApiPeptide, ApiVendorList } from "~/lib/open-data-schemas";
import { couponFromColumns, roundToCents, type Coupon, type PricingContext } from "~/lib/pricing";
import { bestOffer } from "~/lib/ranking";

import { publicPageHeaders } from "../platform/http/cache-headers.server";
import type {
  OpenDataOffer,
  OpenDataPeptide,
  OpenDataSize,
  OpenDataVendor,
} from "../data/open-data.server";
import type { Database } from "../db/client";
import { getExchangeRates } from "../data/exchange-rates.server";
import { getOpenDataPeptide } from "../data/open-data.server";
import { findPeptideSlugRedirect } from "../data/peptides.server";
import { getSettings } from "../data/settings.server";

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/** Public data any site may read from a browser; nothing here depends on who asks. */
export function openDataHeaders(request: Request, contentType: string): Headers {
  const headers = publicPageHeaders(request);
  headers.set("Content-Type", contentType);
  headers.set("Access-Control-Allow-Origin", "*");
  return headers;
}

export function apiJson(
  request: Request,
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  const headers = openDataHeaders(request, JSON_CONTENT_TYPE);
  for (const [name, value] of Object.entries(init.headers ?? {})) headers.set(name, value);
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

export function apiError(request: Request, status: number, error: string): Response {
  return apiJson(request, { error }, { status });
}

/**
 * Prices in the requested currency, shipped to the requested destination (`?shipTo=`, else
 * Anywhere), whatever the visitor's cookies say: an API answer depends on its URL alone. Two
 * small queries.
 */
export async function getOpenDataPricing(
  db: Parameters<typeof getSettings>[0],
  currency: string = DEFAULT_DISPLAY_CURRENCY,
  shipTo: string | null = null,
): Promise<PricingContext> {
  const [rates, settings] = await Promise.all([getExchangeRates(db), getSettings(db)]);
  return {
    displayCurrency: currency,
    rates,
    staleAfterMissedRuns: settings.staleAfterMissedRuns,
    scrapeIntervalSeconds: settings.scrapeIntervalSeconds,
    now: new Date(),
    shipTo,
  };
}

function apiCoupon(coupon: Coupon | null, currency: string) {
  if (!coupon) return null;
  return {
    code: coupon.code,
    discountType: coupon.discountType,
    discountAmount: coupon.discountAmount,
    ...(coupon.discountType === "fixed" ? { currency } : {}),
    expirationDate: coupon.expirationDate,
  };
}

function vendorRef(offer: OpenDataOffer) {
  return { slug: offer.vendorSlug, name: offer.vendorName };
}

/**
 * Price after coupon plus shipping to the destination, in the requested currency: what Best
 * Price ranks by. Null when shipping is not known, the vendor does not ship there, or no rate.
 */
function landedTotal(offer: OpenDataOffer) {
  const total = offer.display?.total ?? null;
  return total === null ? null : { amount: roundToCents(total), currency: offer.display!.currency };
}

/** The pages' per-mg figure (~/lib/offer-view), four decimals; null unless delivered. */
function perMgDeliveredOf(offer: OpenDataOffer) {
  const perMg = perMgDelivered(offer.display);
  if (perMg === null || !perMg.delivered) return null;
  return { amount: Math.round(perMg.amount * 10_000) / 10_000, currency: offer.display!.currency };
}

/** The API's per verified mg: as per mg, delivered, only on a known landed total. */
function perVerifiedMgOf(offer: OpenDataOffer) {
  const perMg = perVerifiedMg(offer);
  if (perMg === null || !perMg.delivered) return null;
  return { amount: Math.round(perMg.amount * 10_000) / 10_000, currency: offer.display!.currency };
}

function offerPrices(offer: OpenDataOffer, pricing: PricingContext) {
  const target = pricing.displayCurrency;
  return {
    landedTotal: landedTotal(offer),
    price: toApiMoney(offer.price, offer.currency, target, pricing.rates),
    priceAfterCoupon: toApiMoney(offer.priceAfterCoupon, offer.currency, target, pricing.rates),
    pricePerMg:
      offer.pricePerMg === null
        ? null
        : toApiMoneyPerMg(offer.pricePerMg, offer.currency, target, pricing.rates),
    perMgDelivered: perMgDeliveredOf(offer),
  };
}

/**
 * The public peptide a /api/v1/peptides/{slug}/… URL names, or the answer to give instead: a
 * 301 to the same path under the peptide's current slug after a rename, else a 404.
 */
export async function findApiPeptide(
  db: Database,
  request: Request,
  slugParam: string,
  pathAfterSlug: string,
): Promise<OpenDataPeptide | Response> {
  const slug = slugParamSchema.safeParse(slugParam);
  const peptide = slug.success ? await getOpenDataPeptide(db, slug.data) : null;
  if (peptide) return peptide;
  const currentSlug = slug.success ? await findPeptideSlugRedirect(db, slug.data) : null;
  if (currentSlug && currentSlug !== slug.data) {
    const url = new URL(request.url);
    return new Response(null, {
      status: 301,
      headers: {
        Location: `${API_PREFIX}/peptides/${encodeURIComponent(currentSlug)}/${pathAfterSlug}${url.search}`,
        "Access-Control-Allow-Origin": "*",
      },
    });
  }
  return apiError(request, 404, `No peptide has the slug "${slugParam.slice(0, 100)}"`);
}

export function peptidePageUrl(slug: string, baseUrl: string): string {
  return new URL(`/peptide/${encodeURIComponent(slug)}`, baseUrl).toString();
}

export function apiPeptide(
  peptide: OpenDataPeptide,
  sizes: OpenDataSize[],
  baseUrl: string,
  pricing: PricingContext,
): ApiPeptide {
  return {
    slug: peptide.slug,
    name: peptide.name,
    category:
      peptide.categorySlug && peptide.categoryName
        ? { slug: peptide.categorySlug, name: peptide.categoryName }
        : null,
    aliases: peptide.aliases,
    url: peptidePageUrl(peptide.slug, baseUrl),
    sizes: sizes
      .filter((size) => size.peptideId === peptide.id)
      .map((size) => {
        const best = bestOffer(size.offers, pricing);
        return {
          size: size.label,
          offerCount: size.offers.length,
          best: best
            ? {
                vendor: vendorRef(best),
                vials: best.vials,
                ...offerPrices(best, pricing),
                lastChecked: best.priceCheckedAt,
              }
            : null,
        };
      }),
  };
}

export function apiOffers(sizes: OpenDataSize[], pricing: PricingContext): ApiOfferList["data"] {
  return sizes.flatMap((size) =>
    size.offers.map((offer) => ({
      id: offer.id,
      vendor: vendorRef(offer),
      size: size.label,
      vials: offer.vials,
      ...offerPrices(offer, pricing),
      perVerifiedMg: perVerifiedMgOf(offer),
      failedLabTest: offer.labWarning !== null,
      stock: offer.stockStatus as StockStatus,
      stale: offer.stale,
      buyable: offer.buyable,
      lastChecked: offer.priceCheckedAt,
      coupon: apiCoupon(offer.coupon, offer.vendorCurrency),
      couponApplied: offer.couponApplied,
      shipsToDestination: offer.shipsToDestination,
      shipping:
        offer.shipping === null
          ? null
          : toApiMoney(
              offer.shipping.amount,
              offer.shipping.currency,
              pricing.displayCurrency,
              pricing.rates,
            ),
      url: offer.url,
    })),
  );
}

export function apiVendor(vendor: OpenDataVendor): ApiVendorList["data"][number] {
  return {
    slug: vendor.slug,
    name: vendor.name,
    website: vendor.website,
    rating: vendor.rating,
    currency: vendor.currency,
    shipping: {
      note: vendor.shippingNote,
      fee: vendor.shippingFee,
      freeShippingThreshold: vendor.freeShippingThreshold,
      shipsTo: vendor.shipsTo,
    },
    paymentMethods: vendor.paymentMethods,
    coupon: apiCoupon(
      couponFromColumns({
        code: vendor.couponCode,
        discountAmount: vendor.discountAmount,
        discountType: vendor.discountType,
        expirationDate: vendor.expirationDate,
      }),
      vendor.currency,
    ),
    reliability:
      vendor.reliabilityComputedAt === null
        ? null
        : {
            score: vendor.reliabilityScore,
            computedAt: vendor.reliabilityComputedAt.toISOString(),
            components: (vendor.reliabilityComponents ?? []).map(
              ({ key, label, value, weight, explains }) => ({
                key,
                label,
                value,
                weight,
                explains,
              }),
            ),
          },
  };
}
