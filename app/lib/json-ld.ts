/**
 * What search engines read of a product page (JSON-LD, the meta description) and the one safe way
 * to put JSON in a script element.
 */
import type { Offer } from "~/.server/data/listings/offer-rows.server";
import { formatPrice } from "~/lib/format";
import { minorUnitExponent, roundMoney } from "~/lib/money";

type PricedOffer = Pick<Offer, "currency" | "price" | "priceAfterCoupon" | "buyable">;

export type PriceSummary = ReturnType<typeof priceSummary>;

interface ProductJsonLdInput {
  peptide: { name: string; description: string | null; categoryName: string | null };
  priceSummary: PriceSummary;
  imageUrl: string;
  canonicalUrl: string;
}

/**
 * The offers priced in the first offer's currency (an AggregateOffer has a single
 * priceCurrency), summed up once for the description and the JSON-LD; null when none.
 */
export function priceSummary(offers: PricedOffer[]) {
  const currency = offers[0]?.currency ?? "USD";
  const inCurrency = offers.filter((o) => o.currency === currency);
  if (inCurrency.length === 0) return null;
  const prices = inCurrency.map((o) => o.price);
  const buyable = inCurrency.filter((o) => o.buyable);
  return {
    currency,
    count: inCurrency.length,
    lowPrice: Math.min(...prices),
    highPrice: Math.max(...prices),
    // The description promises a price one can pay: in stock and fresh when there is one.
    lowAfterCoupon: Math.min(
      ...(buyable.length > 0 ? buyable : inCurrency).map((o) => o.priceAfterCoupon),
    ),
  };
}

/** JSON for a <script> element: "<" escaped so no "</script>" inside a text can close it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** The detail page's Product JSON-LD, with an AggregateOffer when prices are known. */
export function productJsonLd(loaderData: ProductJsonLdInput) {
  const { peptide, priceSummary: summary } = loaderData;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: peptide.name,
    description: peptide.description ?? undefined,
    image: loaderData.imageUrl,
    url: loaderData.canonicalUrl,
    category: peptide.categoryName ?? undefined,
    ...(summary
      ? {
          offers: {
            "@type": "AggregateOffer",
            lowPrice: roundMoney(summary.lowPrice, summary.currency).toFixed(
              minorUnitExponent(summary.currency),
            ),
            highPrice: roundMoney(summary.highPrice, summary.currency).toFixed(
              minorUnitExponent(summary.currency),
            ),
            offerCount: summary.count,
            priceCurrency: summary.currency,
          },
        }
      : {}),
  };
}

/** The detail page's meta description: the cheapest price one can pay, when there is one. */
export function productDescription(
  peptide: { name: string; description: string | null },
  summary: PriceSummary,
): string {
  return summary === null
    ? `${peptide.name}: ${peptide.description ?? "research peptide"}`
    : `Compare ${summary.count} vendor prices for ${peptide.name}, from ${formatPrice(summary.lowAfterCoupon, summary.currency)} with coupons applied. ${peptide.description ?? ""}`.trim();
}
