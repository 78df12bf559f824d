import type { Cheerio, CheerioAPI } from "cheerio";
import type { Element } from "domhandler";

import {
  amountOf,
  type Candidate,
  collapse,
  currencyOf,
  isSoldOut,
  normalizeName,
  pageTitle,
  safeLink,
  variantName,
} from "./common.server";

/** Microdata (`itemscope`/`itemprop`) and RDFa (`typeof`/`property`) share one reading. */
interface Vocabulary {
  method: "microdata" | "rdfa";
  scope: string;
  typeAttribute: string;
  propertyAttribute: string;
}

const MICRODATA: Vocabulary = {
  method: "microdata",
  scope: "[itemscope]",
  typeAttribute: "itemtype",
  propertyAttribute: "itemprop",
};
const RDFA: Vocabulary = {
  method: "rdfa",
  scope: "[typeof]",
  typeAttribute: "typeof",
  propertyAttribute: "property",
};

const PRODUCT_TYPES = new Set(["product", "individualproduct", "productmodel", "productgroup"]);

/** "http://schema.org/Offer", "schema:Offer" and "Offer" alike, lower-cased. */
const localNames = (value: string | undefined) =>
  (value ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => token.replace(/^.*[/#:]/, "").toLowerCase());

function isOfType(element: Element, vocabulary: Vocabulary, types: Set<string>): boolean {
  return localNames(element.attribs[vocabulary.typeAttribute]).some((t) => types.has(t));
}

function propertiesOf(
  $: CheerioAPI,
  scope: Cheerio<Element>,
  vocabulary: Vocabulary,
  name: string,
): Cheerio<Element> {
  return scope.find(`[${vocabulary.propertyAttribute}]`).filter((_, element) => {
    if (!localNames(element.attribs[vocabulary.propertyAttribute]).includes(name)) return false;
    // Properties of nested items belong to them, not to this one.
    return $(element).parent().closest(vocabulary.scope).is(scope);
  });
}

function valueOf(element: Element): string | null {
  const attributes = element.attribs;
  const value =
    attributes.content ??
    (["a", "link", "area"].includes(element.tagName) ? attributes.href : undefined) ??
    (["img", "source"].includes(element.tagName) ? attributes.src : undefined) ??
    (["data", "meter", "input"].includes(element.tagName) ? attributes.value : undefined) ??
    (element.tagName === "time" ? attributes.datetime : undefined) ??
    attributes.resource ??
    null;
  return value === null ? null : collapse(value) || null;
}

function property(
  $: CheerioAPI,
  scope: Cheerio<Element>,
  vocabulary: Vocabulary,
  name: string,
): string | null {
  const element = propertiesOf($, scope, vocabulary, name).first();
  const first = element.get(0);
  if (!first) return null;
  return valueOf(first) ?? (collapse(element.text()) || null);
}

function offerCandidate(
  $: CheerioAPI,
  offer: Cheerio<Element>,
  vocabulary: Vocabulary,
  productName: string,
  productLink: string | null,
  baseUrl: string,
): Candidate {
  const offerName = property($, offer, vocabulary, "name");
  const label =
    offerName && normalizeName(offerName) !== normalizeName(productName) ? offerName : null;
  const link = safeLink(property($, offer, vocabulary, "url"), baseUrl) ?? productLink;
  return {
    name: variantName(productName, label),
    price: amountOf(
      property($, offer, vocabulary, "price") ?? property($, offer, vocabulary, "lowprice"),
    ),
    currency: currencyOf(property($, offer, vocabulary, "pricecurrency")),
    link,
    soldOut: isSoldOut(property($, offer, vocabulary, "availability")),
    stockKnown: true,
    method: vocabulary.method,
    productName,
    variantLabel: label,
    sku: property($, offer, vocabulary, "sku"),
    variantId: null,
    summary: false,
  };
}

function extractVocabulary($: CheerioAPI, vocabulary: Vocabulary, baseUrl: string): Candidate[] {
  const candidates: Candidate[] = [];
  const scopes = $(vocabulary.scope)
    .toArray()
    .filter((node): node is Element => node.type === "tag");
  for (const element of scopes) {
    if (!isOfType(element, vocabulary, PRODUCT_TYPES)) continue;
    const product = $(element);
    const productName = property($, product, vocabulary, "name");
    if (!productName) continue;
    const productLink = safeLink(property($, product, vocabulary, "url"), baseUrl);
    propertiesOf($, product, vocabulary, "offers").each((_, offer) => {
      candidates.push(offerCandidate($, $(offer), vocabulary, productName, productLink, baseUrl));
    });
  }
  // Offers marked up on their own, outside any product: the page's product is the heading.
  const title = pageTitle($);
  for (const element of scopes) {
    if (!title || !isOfType(element, vocabulary, new Set(["offer"]))) continue;
    const inProduct = $(element)
      .parents(vocabulary.scope)
      .toArray()
      .some((scope) => isOfType(scope, vocabulary, PRODUCT_TYPES));
    if (inProduct) continue;
    candidates.push(offerCandidate($, $(element), vocabulary, title, null, baseUrl));
  }
  return candidates;
}

export const extractMicrodata = ($: CheerioAPI, baseUrl: string) =>
  extractVocabulary($, MICRODATA, baseUrl);

export const extractRdfa = ($: CheerioAPI, baseUrl: string) => extractVocabulary($, RDFA, baseUrl);
