import * as cheerio from "cheerio";
import type { AnyNode, Element } from "domhandler";

import { parsePrice } from "~/lib/price";

/** One product (or variant) offered on a scraped page. */
export interface Listing {
  name: string;
  price: number | null;
  /** As written on the page ("$", "USD", "€"); null when the page does not say. */
  currency: string | null;
  link: string | null;
  soldOut: boolean;
}

export interface SourceSelectors {
  productSelector: string | null;
  nameSelector: string | null;
  priceSelector: string | null;
  linkSelector?: string | null;
  soldOutSelector?: string | null;
  paginationSelector?: string | null;
  nextPageSelector?: string | null;
}

export type ExtractionMethod = "json-ld" | "microdata" | "woocommerce" | "shopify" | "selectors";

export interface Extraction {
  method: ExtractionMethod | null;
  listings: Listing[];
}

type Json = unknown;
type JsonObject = Record<string, Json>;

const isObject = (value: Json): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const asArray = (value: Json): Json[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

const text = (value: Json): string | null => {
  if (typeof value === "string") return value.trim() || null;
  if (typeof value === "number") return String(value);
  return null;
};

function absolute(link: string | null | undefined, baseUrl: string): string | null {
  if (!link?.trim()) return null;
  try {
    return new URL(link.trim(), baseUrl).href;
  } catch {
    return null;
  }
}

const SOLD_OUT_AVAILABILITY = /(OutOfStock|SoldOut|Discontinued)$/i;

function typesOf(node: JsonObject): string[] {
  return asArray(node["@type"]).filter((t): t is string => typeof t === "string");
}

function amountOf(value: Json): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string") return parsePrice(value).amount;
  return null;
}

// ---------------------------------------------------------------- JSON-LD

function jsonLdNodes($: cheerio.CheerioAPI): JsonObject[] {
  const nodes: JsonObject[] = [];
  const visit = (value: Json) => {
    for (const item of asArray(value)) {
      if (!isObject(item)) continue;
      nodes.push(item);
      if (item["@graph"]) visit(item["@graph"]);
    }
  };
  $('script[type="application/ld+json"]').each((_, element) => {
    try {
      visit(JSON.parse($(element).text()));
    } catch {
      // A broken block on a shop page should not hide the others.
    }
  });
  return nodes;
}

function offerListings(product: JsonObject, name: string, baseUrl: string): Listing[] {
  const productLink = absolute(text(product.url), baseUrl);
  const offers = asArray(product.offers).filter(isObject);
  return offers.flatMap((offer) => {
    const nested = asArray(offer.offers).filter(isObject);
    if (typesOf(offer).includes("AggregateOffer") && nested.length > 0) {
      return offerListings({ ...product, offers: nested }, name, baseUrl);
    }
    const specification = asArray(offer.priceSpecification).find(isObject);
    const price =
      amountOf(offer.price) ?? amountOf(specification?.price) ?? amountOf(offer.lowPrice);
    const offerName = text(offer.name);
    return [
      {
        name: offers.length > 1 && offerName ? `${name} ${offerName}` : name,
        price,
        currency: text(offer.priceCurrency) ?? text(specification?.priceCurrency),
        link: absolute(text(offer.url), baseUrl) ?? productLink,
        soldOut: SOLD_OUT_AVAILABILITY.test(text(offer.availability) ?? ""),
      },
    ];
  });
}

export function extractJsonLd($: cheerio.CheerioAPI, baseUrl: string): Listing[] {
  const listings: Listing[] = [];
  for (const node of jsonLdNodes($)) {
    const types = typesOf(node);
    if (types.includes("ProductGroup")) {
      for (const variant of asArray(node.hasVariant).filter(isObject)) {
        const name = text(variant.name) ?? text(node.name);
        if (name) listings.push(...offerListings(variant, name, baseUrl));
      }
    } else if (types.includes("Product")) {
      const name = text(node.name);
      if (name) listings.push(...offerListings(node, name, baseUrl));
    } else if (types.includes("ItemList")) {
      for (const element of asArray(node.itemListElement).filter(isObject)) {
        const item = isObject(element.item) ? element.item : element;
        const name = text(item.name);
        if (name && typesOf(item).includes("Product")) {
          listings.push(...offerListings(item, name, baseUrl));
        }
      }
    }
  }
  return listings;
}

// ---------------------------------------------------------------- microdata

function itemprop(
  $: cheerio.CheerioAPI,
  scope: cheerio.Cheerio<Element>,
  prop: string,
): string | null {
  // Properties of nested items belong to them, not to this one.
  const element = scope
    .find(`[itemprop~="${prop}"]`)
    .filter((_, el) => $(el).parent().closest("[itemscope]").is(scope))
    .first();
  if (element.length === 0) return null;
  const value =
    element.attr("content") ??
    element.attr("href") ??
    element.attr("src") ??
    element.attr("value") ??
    element.text();
  return value.trim() || null;
}

export function extractMicrodata($: cheerio.CheerioAPI, baseUrl: string): Listing[] {
  const listings: Listing[] = [];
  $('[itemscope][itemtype*="schema.org/Product"]').each((_, element) => {
    const product = $(element);
    const name = itemprop($, product, "name");
    if (!name) return;
    const productLink = absolute(itemprop($, product, "url"), baseUrl);
    const offers = product
      .find('[itemprop~="offers"]')
      .filter((_, el) => $(el).parent().closest("[itemscope]").is(product));
    offers.each((_, offerElement) => {
      const offer = $(offerElement);
      const priceText = itemprop($, offer, "price") ?? itemprop($, offer, "lowPrice");
      listings.push({
        name,
        price: amountOf(priceText),
        currency: itemprop($, offer, "priceCurrency"),
        link: absolute(itemprop($, offer, "url"), baseUrl) ?? productLink,
        soldOut: SOLD_OUT_AVAILABILITY.test(itemprop($, offer, "availability") ?? ""),
      });
    });
  });
  return listings;
}

// ---------------------------------------------------------------- WooCommerce

function pageTitle($: cheerio.CheerioAPI): string | null {
  return (
    $(".product_title").first().text().trim() ||
    $("h1").first().text().trim() ||
    $('meta[property="og:title"]').attr("content")?.trim() ||
    null
  );
}

export function extractWooCommerce($: cheerio.CheerioAPI, baseUrl: string): Listing[] {
  const form = $("form[data-product_variations]").first();
  if (form.length === 0) return [];
  let variations: Json;
  try {
    variations = JSON.parse(form.attr("data-product_variations") ?? "");
  } catch {
    return [];
  }
  const title = pageTitle($);
  if (!title) return [];
  return asArray(variations)
    .filter(isObject)
    .map((variation) => {
      const attributes = isObject(variation.attributes) ? variation.attributes : {};
      const label = Object.values(attributes)
        .map((value) => text(value))
        .filter(Boolean)
        .join(" ");
      const link = new URL(baseUrl);
      for (const [key, value] of Object.entries(attributes)) {
        if (text(value)) link.searchParams.set(key, String(value));
      }
      return {
        name: label ? `${title} ${label}` : title,
        price: amountOf(variation.display_price),
        currency: null,
        link: link.href,
        soldOut: variation.is_in_stock === false,
      };
    });
}

// ---------------------------------------------------------------- Shopify

/** Shopify's product JSON gives prices in cents as integers; some themes print "49.99" strings. */
function shopifyPrice(value: Json): number | null {
  if (typeof value === "number") return Number.isInteger(value) ? value / 100 : value;
  if (typeof value === "string") {
    if (/^\d+$/.test(value)) return Number(value) / 100;
    return parsePrice(value).amount;
  }
  return null;
}

function isShopifyProduct(value: Json): value is JsonObject {
  return isObject(value) && typeof value.title === "string" && Array.isArray(value.variants);
}

export function extractShopify($: cheerio.CheerioAPI, baseUrl: string): Listing[] {
  const listings: Listing[] = [];
  $('script[type="application/json"]').each((_, element) => {
    const script = $(element);
    const id = script.attr("id") ?? "";
    if (script.attr("data-product-json") === undefined && !/^ProductJson/i.test(id)) return;
    let product: Json;
    try {
      product = JSON.parse(script.text());
    } catch {
      return;
    }
    if (isObject(product) && isShopifyProduct(product.product)) product = product.product;
    if (!isShopifyProduct(product)) return;
    const title = String(product.title).trim();
    const handle = text(product.handle);
    for (const variant of asArray(product.variants).filter(isObject)) {
      const variantTitle = text(variant.title);
      const link = absolute(
        handle ? `/products/${handle}${variant.id ? `?variant=${String(variant.id)}` : ""}` : null,
        baseUrl,
      );
      listings.push({
        name: variantTitle && variantTitle !== "Default Title" ? `${title} ${variantTitle}` : title,
        price: shopifyPrice(variant.price),
        currency: null,
        link: link ?? baseUrl,
        soldOut: variant.available === false,
      });
    }
  });
  return listings;
}

// ---------------------------------------------------------------- CSS selectors

/** Elements matching the selector inside the scope, or the scope itself when it matches. */
function within($: cheerio.CheerioAPI, scope: cheerio.Cheerio<AnyNode>, selector: string) {
  const found = scope.find(selector);
  return found.length > 0 ? found : scope.filter(selector);
}

const collapse = (value: string) => value.replace(/\s+/g, " ").trim();

export function extractWithSelectors(
  $: cheerio.CheerioAPI,
  selectors: SourceSelectors,
  baseUrl: string,
): Listing[] {
  const { productSelector, nameSelector, priceSelector, linkSelector, soldOutSelector } = selectors;
  if (!nameSelector || !priceSelector) return [];
  const products = productSelector ? $(productSelector) : $.root();
  const listings: Listing[] = [];
  products.each((_, element) => {
    const product = $(element);
    const name = collapse(within($, product, nameSelector).first().text());
    if (!name) return;
    const parsed = parsePrice(collapse(within($, product, priceSelector).first().text()));
    const linkElement = linkSelector ? within($, product, linkSelector).first() : null;
    listings.push({
      name,
      price: parsed.amount,
      currency: parsed.currency,
      link: absolute(linkElement?.attr("href"), baseUrl) ?? (productSelector ? null : baseUrl),
      soldOut: soldOutSelector ? within($, product, soldOutSelector).length > 0 : false,
    });
  });
  return listings;
}

/** The next page of a category, from the source's selectors (or rel=next); null at the end. */
export function findNextPageUrl(
  html: string,
  selectors: Pick<SourceSelectors, "paginationSelector" | "nextPageSelector">,
  baseUrl: string,
): string | null {
  const $ = cheerio.load(html);
  const scope = selectors.paginationSelector ? $(selectors.paginationSelector) : $.root();
  const next = selectors.nextPageSelector
    ? scope.find(selectors.nextPageSelector).first()
    : scope.find('a[rel~="next"], link[rel~="next"]').first();
  return absolute(next.attr("href"), baseUrl);
}

const STRUCTURED: [ExtractionMethod, ($: cheerio.CheerioAPI, baseUrl: string) => Listing[]][] = [
  ["json-ld", extractJsonLd],
  ["microdata", extractMicrodata],
  ["woocommerce", extractWooCommerce],
  ["shopify", extractShopify],
];

/**
 * Structured data first: the shop's own machine-readable offers are more reliable than CSS
 * selectors, which break whenever the theme changes. Selectors are the fallback.
 */
export function extractListings(
  html: string,
  selectors: SourceSelectors,
  baseUrl: string,
): Extraction {
  const $ = cheerio.load(html);
  for (const [method, extract] of STRUCTURED) {
    const listings = extract($, baseUrl).filter(
      (listing) => listing.price !== null || listing.soldOut,
    );
    if (listings.length > 0) return { method, listings };
  }
  const listings = extractWithSelectors($, selectors, baseUrl);
  return { method: listings.length > 0 ? "selectors" : null, listings };
}

/** A page that builds its content with JavaScript: worth a headless browser when HTML gave nothing. */
export function hasScripts(html: string): boolean {
  const $ = cheerio.load(html);
  return $("script")
    .toArray()
    .some((script) => {
      const type = $(script).attr("type");
      return !type || /javascript|module/i.test(type);
    });
}

// ---------------------------------------------------------------- selector proposals

export interface ProposedSelectors {
  productSelector: string;
  nameSelector: string;
  priceSelector: string;
  linkSelector: string | null;
  soldOutSelector: string | null;
  /** How many products the proposal finds on the page. */
  matches: number;
}

const PRICE_TEXT = /(?:[$€£]\s?\d|\d[.,]\d{2}\s?(?:€|USD|EUR|GBP))/;

function classSelector(element: Element): string | null {
  const classes = (element.attribs.class ?? "")
    .split(/\s+/)
    .filter((c) => /^[A-Za-z_][\w-]*$/.test(c));
  return classes.length > 0 ? `${element.tagName}.${classes[0]}` : null;
}

/**
 * Suggests selectors for a page: the smallest element holding a price-looking text is the
 * price; walking up, the first ancestor whose class repeats on the page is the product card.
 */
export function proposeSelectors(html: string): ProposedSelectors | null {
  const $ = cheerio.load(html);
  $("script, style, noscript").remove();
  const priceElements = $("body *")
    .toArray()
    .filter((element): element is Element => {
      if (element.type !== "tag") return false;
      const own = $(element).text();
      return (
        PRICE_TEXT.test(own) &&
        own.length < 40 &&
        $(element)
          .children()
          .filter((_, child) => PRICE_TEXT.test($(child).text())).length === 0
      );
    });
  const candidates = new Map<string, { price: string; count: number; sample: Element }>();
  for (const priceElement of priceElements) {
    const priceSelector = classSelector(priceElement);
    let current: Element | null = priceElement.parent as Element | null;
    while (current && current.type === "tag" && current.tagName !== "body") {
      const selector = classSelector(current);
      if (selector && priceSelector) {
        const key = `${selector}|${priceSelector}`;
        const entry = candidates.get(key) ?? { price: priceSelector, count: 0, sample: current };
        entry.count += 1;
        candidates.set(key, entry);
        break;
      }
      current = current.parent as Element | null;
    }
  }
  const best = [...candidates.entries()].sort((a, b) => b[1].count - a[1].count)[0];
  if (!best) return null;
  const [key, { price, count, sample }] = best;
  const productSelector = key.split("|")[0];
  const card = $(sample);
  const heading = card.find("h1, h2, h3, h4, [class*=title], [class*=name]").first();
  const headingElement = heading.get(0) as Element | undefined;
  const nameSelector = headingElement
    ? (classSelector(headingElement) ?? headingElement.tagName)
    : "a";
  const linkElement = card.find("a[href]").first().get(0) as Element | undefined;
  const soldOut = card.find("[class*=sold], [class*=stock]").first().get(0) as Element | undefined;
  return {
    productSelector,
    nameSelector,
    priceSelector: price.replace(/^[a-z0-9]+(?=\.)/, ""),
    linkSelector: linkElement ? (classSelector(linkElement) ?? "a") : null,
    soldOutSelector: soldOut ? classSelector(soldOut) : null,
    matches: count,
  };
}
