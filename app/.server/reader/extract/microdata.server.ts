import type { Cheerio, CheerioAPI } from "cheerio";
import type { Element } from "domhandler";

import { type Candidate, normalizeName, variantCandidate } from "./candidate.server";
import { collapse, documentTitle, pageTitle, safeLink } from "./page-text.server";
import { amountOf, currencyOf, isSoldOut } from "./structured-values.server";

/** Microdata (`itemscope`/`itemprop`) and RDFa (`typeof`/`property`) share one reading. */
interface Vocabulary {
  scope: string;
  typeAttribute: string;
  propertyAttribute: string;
}

const MICRODATA: Vocabulary = {
  scope: "[itemscope]",
  typeAttribute: "itemtype",
  propertyAttribute: "itemprop",
};
const RDFA: Vocabulary = {
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

/**
 * The item's properties inside `within` (the item itself, or an `offers` element written
 * without its own scope): properties of nested items belong to them, not to this one.
 */
function propertiesOf(
  $: CheerioAPI,
  within: Cheerio<Element>,
  vocabulary: Vocabulary,
  name: string,
  owner: Cheerio<Element> = within,
): Cheerio<Element> {
  return within.find(`[${vocabulary.propertyAttribute}]`).filter((_, element) => {
    if (!localNames(element.attribs[vocabulary.propertyAttribute]).includes(name)) return false;
    return $(element).parent().closest(vocabulary.scope).is(owner);
  });
}

// Properties whose value is text: shops put `itemprop="name"` on the product's link, and mean
// its text rather than its address.
const TEXT_PROPERTIES = new Set(["name", "price", "lowprice", "pricecurrency", "sku"]);

function valueOf(element: Element, name: string): string | null {
  const attributes = element.attribs;
  const linkValue = !TEXT_PROPERTIES.has(name);
  const value =
    attributes.content ??
    (linkValue && ["a", "link", "area"].includes(element.tagName) ? attributes.href : undefined) ??
    (linkValue && ["img", "source"].includes(element.tagName) ? attributes.src : undefined) ??
    (["data", "meter", "input"].includes(element.tagName) ? attributes.value : undefined) ??
    (element.tagName === "time" ? attributes.datetime : undefined) ??
    attributes.resource ??
    null;
  return value === null ? null : collapse(value) || null;
}

function property(
  $: CheerioAPI,
  within: Cheerio<Element>,
  vocabulary: Vocabulary,
  name: string,
  owner: Cheerio<Element> = within,
): string | null {
  const element = propertiesOf($, within, vocabulary, name, owner).first();
  const first = element.get(0);
  if (!first) return null;
  return valueOf(first, name) ?? (collapse(element.text()) || null);
}

/**
 * One offer: an `offers` item, an `offers` element without its own scope (its properties then
 * belong to the product), or the product itself when it states its price without an offer.
 */
function offerCandidate(
  $: CheerioAPI,
  offer: Cheerio<Element>,
  owner: Cheerio<Element>,
  vocabulary: Vocabulary,
  productName: string,
  productLink: string | null,
  baseUrl: string,
): Candidate {
  const read = (name: string) => property($, offer, vocabulary, name, owner);
  const offerName =
    offer.is(owner) &&
    offer.is(vocabulary.scope) &&
    !isOfType(offer.get(0)!, vocabulary, PRODUCT_TYPES)
      ? read("name")
      : null;
  const label =
    offerName && normalizeName(offerName) !== normalizeName(productName) ? offerName : null;
  const link = safeLink(read("url"), baseUrl) ?? productLink;
  const availability = read("availability");
  return variantCandidate({
    label,
    price: amountOf(read("price") ?? read("lowprice")),
    currency: currencyOf(read("pricecurrency")),
    link,
    soldOut: isSoldOut(availability),
    stockKnown: availability !== null,
    productName,
    sku: read("sku"),
    variantId: null,
    summary: false,
  });
}

// Products a product points to ("similar to", "accessory for"): not offers of this page.
const RELATED_PROPERTIES = new Set([
  "issimilarto",
  "isrelatedto",
  "isaccessoryorsparepartfor",
  "isconsumablefor",
  "mentions",
]);

function isRelatedItem(element: Element, vocabulary: Vocabulary): boolean {
  return localNames(element.attribs[vocabulary.propertyAttribute]).some((name) =>
    RELATED_PROPERTIES.has(name),
  );
}

function extractVocabulary($: CheerioAPI, vocabulary: Vocabulary, baseUrl: string): Candidate[] {
  const candidates: Candidate[] = [];
  const scopes = $(vocabulary.scope)
    .toArray()
    .filter((node): node is Element => node.type === "tag");
  for (const element of scopes) {
    if (!isOfType(element, vocabulary, PRODUCT_TYPES)) continue;
    if (isRelatedItem(element, vocabulary)) continue;
    const product = $(element);
    const productName = property($, product, vocabulary, "name");
    if (!productName) continue;
    const productLink = safeLink(property($, product, vocabulary, "url"), baseUrl);
    const offers = propertiesOf($, product, vocabulary, "offers");
    offers.each((_, element) => {
      const offer = $(element);
      const owner = offer.is(vocabulary.scope) ? offer : product;
      candidates.push(
        offerCandidate($, offer, owner, vocabulary, productName, productLink, baseUrl),
      );
    });
    if (offers.length === 0 && property($, product, vocabulary, "price")) {
      candidates.push(
        offerCandidate($, product, product, vocabulary, productName, productLink, baseUrl),
      );
    }
  }
  // Offers marked up on their own, outside any product: named by the item they offer, else by
  // the page's heading.
  const title = pageTitle($);
  for (const element of scopes) {
    if (!isOfType(element, vocabulary, new Set(["offer"]))) continue;
    const inProduct = $(element)
      .parents(vocabulary.scope)
      .toArray()
      .some((scope) => isOfType(scope, vocabulary, PRODUCT_TYPES));
    if (inProduct) continue;
    const offer = $(element);
    const item = propertiesOf($, offer, vocabulary, "itemoffered").first();
    const name =
      (item.is(vocabulary.scope) && property($, item, vocabulary, "name")) ||
      title ||
      documentTitle($);
    if (name) candidates.push(offerCandidate($, offer, offer, vocabulary, name, null, baseUrl));
  }
  return candidates;
}

export const extractMicrodata = ($: CheerioAPI, baseUrl: string) =>
  extractVocabulary($, MICRODATA, baseUrl);

export const extractRdfa = ($: CheerioAPI, baseUrl: string) => extractVocabulary($, RDFA, baseUrl);
