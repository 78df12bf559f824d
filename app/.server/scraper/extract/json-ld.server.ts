import type { CheerioAPI } from "cheerio";

import { type Candidate, normalizeName, variantCandidate } from "./candidate.server";
import { pageTitle, safeLink } from "./page-text.server";
import {
  amountOf,
  asArray,
  currencyOf,
  isObject,
  isSoldOut,
  type Json,
  type JsonObject,
  lowerKeys,
  parseLooseJson,
  text,
} from "./structured-values.server";

/** schema.org types without their prefix ("http://schema.org/Offer", "schema:Offer"), lower-cased. */
function typesOf(node: JsonObject): string[] {
  return asArray(node["@type"])
    .filter((t): t is string => typeof t === "string")
    .map((t) => t.replace(/^.*[/#:]/, "").toLowerCase());
}

const hasType = (node: JsonObject, type: string) => typesOf(node).includes(type);

/** Every JSON-LD block on the page, keys lower-cased; a broken block does not hide the others. */
export function jsonLdBlocks($: CheerioAPI): Json[] {
  return $('script[type="application/ld+json" i]')
    .toArray()
    .flatMap((element) => {
      try {
        return [lowerKeys(parseLooseJson($(element).text()))];
      } catch {
        return [];
      }
    });
}

// Former prices in a price specification, not what a buyer pays now.
const FORMER_PRICE_TYPE = /(?:ListPrice|StrikethroughPrice|MSRP|SRP|InvoicePrice)$/i;

function specifiedPrice(offer: JsonObject): { price: number | null; currency: string | null } {
  const specifications = asArray(offer.pricespecification).filter(isObject);
  const current =
    specifications.find(
      (s) => !FORMER_PRICE_TYPE.test(text(s.pricetype) ?? "") && amountOf(s.price),
    ) ?? specifications.find((s) => amountOf(s.price));
  return { price: amountOf(current?.price), currency: currencyOf(current?.pricecurrency) };
}

function variantIdOf(link: string | null): string | null {
  if (!link) return null;
  return new URL(link).searchParams.get("variant");
}

interface ProductContext {
  productName: string;
  label: string | null;
  link: string | null;
  sku: string | null;
  baseUrl: string;
}

function offerCandidates(
  offer: JsonObject,
  context: ProductContext,
  inherited: JsonObject = {},
): Candidate[] {
  if (hasType(offer, "aggregateoffer")) {
    const nested = asArray(offer.offers).filter(isObject);
    const priced = nested.filter((n) => amountOf(n.price) ?? specifiedPrice(n).price);
    if (priced.length > 0) {
      return priced.flatMap((n) => offerCandidates(n, context, offer));
    }
  }
  const specified = specifiedPrice(offer);
  const aggregate = hasType(offer, "aggregateoffer");
  const price =
    amountOf(offer.price) ?? specified.price ?? (aggregate ? amountOf(offer.lowprice) : null);
  const offerName = text(offer.name);
  const label =
    context.label ??
    (offerName && normalizeName(offerName) !== normalizeName(context.productName)
      ? offerName
      : null);
  const link = safeLink(text(offer.url), context.baseUrl) ?? context.link;
  const availability = text(offer.availability) ?? text(inherited.availability);
  const low = amountOf(offer.lowprice);
  const high = amountOf(offer.highprice);
  return [
    variantCandidate({
      label,
      price,
      currency:
        currencyOf(offer.pricecurrency) ??
        specified.currency ??
        currencyOf(inherited.pricecurrency),
      link,
      soldOut: isSoldOut(availability),
      stockKnown: availability !== null,
      productName: context.productName,
      sku: text(offer.sku) ?? context.sku,
      variantId: variantIdOf(link),
      summary: aggregate && (high === null || low === null || high !== low),
    }),
  ];
}

function productCandidates(
  product: JsonObject,
  baseUrl: string,
  fallbackName: string | null,
  group?: JsonObject,
): Candidate[] {
  const groupName = group ? text(group.name) : null;
  const ownName = text(product.name);
  const productName = groupName ?? ownName ?? fallbackName;
  if (!productName) return [];
  const attribute =
    text(product.size) ?? text(product.color) ?? text(product.pattern) ?? text(product.material);
  const label =
    group && ownName && normalizeName(ownName) !== normalizeName(productName)
      ? ownName
      : group
        ? attribute
        : null;
  const offers = asArray(product.offers).filter(isObject);
  const context: ProductContext = {
    productName,
    label,
    link:
      safeLink(text(product.url), baseUrl) ?? (group ? safeLink(text(group.url), baseUrl) : null),
    sku: text(product.sku),
    baseUrl,
  };
  return offers.flatMap((offer) => offerCandidates(offer, context));
}

/** Products anywhere in the JSON-LD: top level, `@graph`, a page's `mainEntity`, list items. */
export function extractJsonLd($: CheerioAPI, baseUrl: string): Candidate[] {
  const candidates: Candidate[] = [];
  const fallbackName = pageTitle($);
  const visit = (value: Json) => {
    for (const node of asArray(value)) {
      if (!isObject(node)) continue;
      if (hasType(node, "productgroup")) {
        const variants = asArray(node.hasvariant).filter(isObject);
        for (const variant of variants) {
          candidates.push(...productCandidates(variant, baseUrl, fallbackName, node));
        }
        if (variants.length === 0)
          candidates.push(...productCandidates(node, baseUrl, fallbackName));
      } else if (
        typesOf(node).some((t) => t === "product" || t.endsWith("product") || t === "productmodel")
      ) {
        candidates.push(...productCandidates(node, baseUrl, fallbackName));
      } else if (hasType(node, "offer") && isObject(node.itemoffered)) {
        candidates.push(
          ...productCandidates({ ...node.itemoffered, offers: [node] }, baseUrl, fallbackName),
        );
      } else {
        for (const child of Object.values(node)) {
          if (typeof child === "object") visit(child);
        }
      }
    }
  };
  for (const block of jsonLdBlocks($)) visit(block);
  return candidates;
}
