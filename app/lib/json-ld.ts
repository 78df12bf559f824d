/**
 * What search engines read of a product page (JSON-LD, the meta description) and the one safe way
 * to put JSON in a script element. Every figure is the offer table's, from the one offer view
 * (priceOffer, issue 30): prices after coupon, shipping, the delivered total and per mg
 * delivered, in the page's display currency.
 */
import type { OfferRow } from "~/lib/offer-row";
import { formatPrice } from "~/lib/format";
import { minorUnitExponent, roundMoney } from "~/lib/money";
import { formatPack, perMgDelivered, PER_MG_LABEL, SHIPPING_NOT_STATED } from "~/lib/offer-view";
import { type FailedLabChoice } from "~/lib/pricing";
import { bestOffer } from "~/lib/ranking";

export type JsonLdOffer = Pick<
  OfferRow,
  | "vendorName"
  | "sizeLabel"
  | "vials"
  | "display"
  | "buyable"
  | "inStock"
  | "shipsToDestination"
  | "labWarning"
>;

export type PriceSummary = ReturnType<typeof priceSummary>;

interface ProductJsonLdInput {
  peptide: { name: string; description: string | null; categoryName: string | null };
  offers: JsonLdOffer[];
  imageUrl: string;
  canonicalUrl: string;
}

/** Decimals an amount of this currency is written with ("17.96", "3625"). */
function amountText(amount: number, currency: string): string {
  return roundMoney(amount, currency).toFixed(minorUnitExponent(currency));
}

/** Per mg keeps four decimals, as the offer table compares it. */
function perMgText(amount: number): string {
  return (Math.round(amount * 10_000) / 10_000).toString();
}

/**
 * The offers summed up once for the description: how many are priced, and the Best Price's
 * delivered total (its price after coupon when its shipping is not stated); null when none.
 * Best Price by the visitor's lab-test choice, as the table beside it.
 */
export function priceSummary(offers: JsonLdOffer[], choice: FailedLabChoice) {
  const priced = offers.filter((offer) => offer.display !== null);
  if (priced.length === 0) return null;
  const best = bestOffer(priced, choice);
  const display = (best ?? priced[0]!).display!;
  return {
    currency: display.currency,
    count: priced.length,
    lowest: display.total ?? display.priceAfterCoupon,
    shippingStated: display.total !== null,
  };
}

/** JSON for a <script> element: "<" escaped so no "</script>" inside a text can close it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** One offer as schema.org's Offer, with its shipping, delivered total and per mg. */
function offerJsonLd(offer: JsonLdOffer & { display: NonNullable<JsonLdOffer["display"]> }) {
  const { display } = offer;
  const currency = display.currency;
  const perMg = perMgDelivered(display);
  return {
    "@type": "Offer",
    name: `${offer.vendorName} ${formatPack(offer.sizeLabel, offer.vials)}`,
    seller: { "@type": "Organization", name: offer.vendorName },
    price: amountText(display.priceAfterCoupon, currency),
    priceCurrency: currency,
    availability: offer.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    ...(display.shipping !== null
      ? {
          shippingDetails: {
            "@type": "OfferShippingDetails",
            shippingRate: {
              "@type": "MonetaryAmount",
              value: amountText(display.shipping, currency),
              currency,
            },
          },
        }
      : {}),
    priceSpecification: [
      ...(display.total !== null
        ? [
            {
              "@type": "PriceSpecification",
              name: "Delivered total",
              price: amountText(display.total, currency),
              priceCurrency: currency,
            },
          ]
        : []),
      ...(perMg?.delivered
        ? [
            {
              "@type": "UnitPriceSpecification",
              name: PER_MG_LABEL,
              price: perMgText(perMg.amount),
              priceCurrency: currency,
              referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MGM" },
            },
          ]
        : []),
    ],
  };
}

/** The detail page's Product JSON-LD, with an AggregateOffer of every priced offer. */
export function productJsonLd(loaderData: ProductJsonLdInput) {
  const { peptide } = loaderData;
  const priced = loaderData.offers.filter(
    (offer): offer is JsonLdOffer & { display: NonNullable<JsonLdOffer["display"]> } =>
      offer.display !== null,
  );
  const currency = priced[0]?.display.currency;
  const prices = priced.map((offer) => offer.display.priceAfterCoupon);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: peptide.name,
    description: peptide.description ?? undefined,
    image: loaderData.imageUrl,
    url: loaderData.canonicalUrl,
    category: peptide.categoryName ?? undefined,
    ...(currency
      ? {
          offers: {
            "@type": "AggregateOffer",
            lowPrice: amountText(Math.min(...prices), currency),
            highPrice: amountText(Math.max(...prices), currency),
            offerCount: priced.length,
            priceCurrency: currency,
            offers: priced.map(offerJsonLd),
          },
        }
      : {}),
  };
}

/** The detail page's meta description: the Best Price one can pay, delivered when stated. */
export function productDescription(
  peptide: { name: string; description: string | null },
  summary: PriceSummary,
): string {
  if (summary === null) return `${peptide.name}: ${peptide.description ?? "research peptide"}`;
  const lowest = formatPrice(summary.lowest, summary.currency);
  const from = summary.shippingStated
    ? `from ${lowest} delivered, coupons applied`
    : `from ${lowest} with coupons applied ${SHIPPING_NOT_STATED}`;
  return `Compare ${summary.count} vendor prices for ${peptide.name}, ${from}. ${peptide.description ?? ""}`.trim();
}
