import type { CheerioAPI } from "cheerio";

import { type Candidate, normalizeName, variantCandidate } from "./candidate.server";
import { documentTitle, pageTitle, safeLink } from "./page-text.server";
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
// schema.org/SalePrice: the price a buyer pays while the sale lasts.
const SALE_PRICE_TYPE = /SalePrice$/i;

/** A price specification in force now: schema.org's validFrom and validThrough, where stated. */
function inForce(specification: JsonObject, now: number): boolean {
  const from = Date.parse(text(specification.validfrom) ?? "");
  const through = Date.parse(text(specification.validthrough) ?? "");
  // A bare date ("2026-06-30") lasts to the end of its day.
  const end = /^\d{4}-\d{2}-\d{2}$/.test(text(specification.validthrough) ?? "")
    ? through + 86_400_000
    : through;
  return !(from > now) && !(end <= now);
}

interface SpecifiedPrice {
  price: number | null;
  currency: string | null;
  /**
   * The specification is the current price even though the Offer states its own: a sale
   * (priceType SalePrice), or an Offer price that is the specification's former price.
   */
  overridesOffer: boolean;
}

/**
 * The current price of an Offer's `priceSpecification`: a SalePrice in force, else the first
 * one not typed as a former price (WooCommerce lists the sale price untyped before the regular
 * price typed ListPrice; Google's sale example types the former one StrikethroughPrice).
 */
function specifiedPrice(offer: JsonObject, now = Date.now()): SpecifiedPrice {
  const specifications = asArray(offer.pricespecification)
    .filter(isObject)
    .filter((s) => amountOf(s.price) !== null && inForce(s, now));
  const typeOf = (s: JsonObject) => text(s.pricetype) ?? "";
  const sale = specifications.find((s) => SALE_PRICE_TYPE.test(typeOf(s)));
  const current =
    sale ?? specifications.find((s) => !FORMER_PRICE_TYPE.test(typeOf(s))) ?? specifications[0];
  const price = amountOf(current?.price);
  const own = amountOf(offer.price);
  const ownIsFormer =
    own !== null &&
    price !== own &&
    specifications.some((s) => FORMER_PRICE_TYPE.test(typeOf(s)) && amountOf(s.price) === own);
  return {
    price,
    currency: currencyOf(current?.pricecurrency),
    overridesOffer: price !== null && (sale !== undefined || ownIsFormer),
  };
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
    (specified.overridesOffer ? specified.price : null) ??
    amountOf(offer.price) ??
    specified.price ??
    (aggregate ? amountOf(offer.lowprice) : null);
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
        (specified.overridesOffer ? specified.currency : null) ??
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
    text(product.size) ??
    text(product.color) ??
    text(product.pattern) ??
    text(product.material) ??
    propertyValue(product);
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

/**
 * A variant's size stated as a property (`additionalProperty: [{ name: "Size", value: "5mg" }]`,
 * as SEO plugins write a WooCommerce variation's attributes).
 */
function propertyValue(product: JsonObject): string | null {
  const values = asArray(product.additionalproperty)
    .filter(isObject)
    .map((property) => text(property.value))
    .filter((value): value is string => value !== null);
  return values.length > 0 ? values.join(" / ") : null;
}

/** Every node with an `@id` in the page's JSON-LD, by that id. */
function nodesById(blocks: Json[]): Map<string, JsonObject> {
  const byId = new Map<string, JsonObject>();
  const visit = (value: Json) => {
    for (const node of asArray(value)) {
      if (!isObject(node)) continue;
      const id = text(node["@id"]);
      // A reference ({"@id": …} alone) is not the node it points to.
      if (id && Object.keys(node).some((key) => key !== "@id") && !byId.has(id)) byId.set(id, node);
      for (const child of Object.values(node)) if (typeof child === "object") visit(child);
    }
  };
  blocks.forEach(visit);
  return byId;
}

/** Products anywhere in the JSON-LD: top level, `@graph`, a page's `mainEntity`, list items. */
export function extractJsonLd($: CheerioAPI, baseUrl: string): Candidate[] {
  const candidates: Candidate[] = [];
  // A page that names its product nowhere else still does in its <title>.
  const fallbackName = pageTitle($) ?? documentTitle($);
  const blocks = jsonLdBlocks($);
  const byId = nodesById(blocks);
  const resolve = (node: JsonObject): JsonObject => {
    const id = text(node["@id"]);
    return (id && byId.get(id)) || node;
  };
  // Variants a group lists by reference (Yoast's @graph): read under the group, not again alone.
  const listedVariants = new Set<JsonObject>();
  const groups = [...byId.values()].filter((node) => hasType(node, "productgroup"));
  for (const group of groups) {
    for (const variant of asArray(group.hasvariant).filter(isObject)) {
      listedVariants.add(resolve(variant));
    }
  }
  const visit = (value: Json) => {
    for (const node of asArray(value)) {
      if (!isObject(node) || listedVariants.has(node)) continue;
      const groupOf = isObject(node.isvariantof) ? resolve(node.isvariantof) : null;
      if (hasType(node, "productgroup")) {
        const variants = asArray(node.hasvariant).filter(isObject).map(resolve);
        for (const variant of variants) {
          candidates.push(...productCandidates(variant, baseUrl, fallbackName, node));
        }
        if (variants.length === 0)
          candidates.push(...productCandidates(node, baseUrl, fallbackName));
      } else if (groupOf && hasType(groupOf, "productgroup")) {
        // A variant that names its group (`isVariantOf`) rather than being listed by it.
        candidates.push(...productCandidates(node, baseUrl, fallbackName, groupOf));
      } else if (
        typesOf(node).some((t) => t === "product" || t.endsWith("product") || t === "productmodel")
      ) {
        candidates.push(...productCandidates(node, baseUrl, fallbackName));
      } else if (hasType(node, "offer") && isObject(node.itemoffered)) {
        // The item offered may be a reference ({"@id": …}) to a Product elsewhere on the page.
        const item = resolve(node.itemoffered);
        candidates.push(
          ...productCandidates(
            { ...item, name: item.name ?? node.name, offers: [node] },
            baseUrl,
            fallbackName,
          ),
        );
      } else if (hasType(node, "offer") || hasType(node, "aggregateoffer")) {
        // An Offer with no Product around it: its own name, else the page's, is the product's.
        candidates.push(
          ...productCandidates({ name: node.name ?? null, offers: [node] }, baseUrl, fallbackName),
        );
      } else {
        for (const child of Object.values(node)) {
          if (typeof child === "object") visit(child);
        }
      }
    }
  };
  for (const block of blocks) visit(block);
  return candidates;
}
