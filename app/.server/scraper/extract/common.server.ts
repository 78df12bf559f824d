import { type CheerioAPI, load } from "cheerio";

import { isoCurrencyCode } from "~/lib/currency";
import { parsePrice } from "~/lib/price";

export type Json = unknown;
export type JsonObject = Record<string, Json>;

export type StructuredMethod =
  "json-ld" | "microdata" | "rdfa" | "meta" | "woocommerce" | "shopify";

/** One offer as an extractor read it, with what the merge needs to fold duplicates. */
export interface Candidate {
  name: string;
  price: number | null;
  /** ISO 4217 code the offer itself states; the page's currency fills the gaps later. */
  currency: string | null;
  link: string | null;
  soldOut: boolean;
  /** False where the source says nothing about stock (Shopify's analytics snippet). */
  stockKnown: boolean;
  productName: string;
  /** The variant's attribute text ("10 mg"); null for a product-level offer. */
  variantLabel: string | null;
  sku: string | null;
  variantId: string | null;
  /** A summary of several offers (an AggregateOffer's low price), not one sellable variant. */
  summary: boolean;
}

/** One sellable offer's Candidate, named as the product with the variant's label. */
export function variantCandidate({
  label,
  ...offer
}: Omit<Candidate, "name" | "variantLabel"> & { label: string | null }): Candidate {
  return {
    name: variantName(offer.productName, label),
    price: offer.price,
    currency: offer.currency,
    link: offer.link,
    soldOut: offer.soldOut,
    stockKnown: offer.stockKnown,
    productName: offer.productName,
    variantLabel: label,
    sku: offer.sku,
    variantId: offer.variantId,
    summary: offer.summary,
  };
}

export const isObject = (value: Json): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Values as a flat list: one value, an array, or arrays nested in arrays. */
export function asArray(value: Json): Json[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value.flatMap((item) => asArray(item)) : [value];
}

/** Structured data's strings, with the HTML entities some platforms leave in them decoded. */
export const text = (value: Json): string | null => {
  if (typeof value === "string") {
    const decoded = /&(?:#\d+|#x[\da-f]+|[a-z]+);/i.test(value)
      ? load(`<p>${value.replace(/</g, "&lt;")}</p>`, null, false).text()
      : value;
    return decoded.replace(/\s+/g, " ").trim() || null;
  }
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
};

export const collapse = (value: string) => value.replace(/\s+/g, " ").trim();

/**
 * An absolute http(s) link, or null. Scraped links reach public pages, so `javascript:`,
 * `data:` and every other scheme are dropped.
 */
export function safeLink(link: string | null | undefined, baseUrl: string): string | null {
  if (!link?.trim()) return null;
  try {
    const url = new URL(link.trim(), baseUrl);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

const SOLD_OUT_AVAILABILITY = /(?:OutOfStock|SoldOut|Discontinued|out of stock|oos|sold out)$/i;

export const isSoldOut = (availability: string | null | undefined) =>
  SOLD_OUT_AVAILABILITY.test(availability?.trim() ?? "");

export function amountOf(value: Json): number | null {
  if (typeof value === "number") return Number.isFinite(value) && value > 0 ? value : null;
  if (typeof value === "string") {
    const amount = parsePrice(value).amount;
    return amount !== null && amount > 0 ? amount : null;
  }
  return null;
}

export const currencyOf = (value: Json) => isoCurrencyCode(text(value));

/** "BPC-157 – 10 mg": the product's name with the variant's attribute, so matching sees the size. */
export function variantName(productName: string, label: string | null): string {
  if (!label) return productName;
  const product = productName.trim();
  if (normalizeName(label).includes(normalizeName(product))) return label;
  return `${product} – ${label}`;
}

export const normalizeName = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}.]+/gu, " ")
    .trim();

/** JSON that shops write by hand: comments, trailing commas, raw line breaks inside strings. */
export function parseLooseJson(source: string): Json {
  const trimmed = source
    .trim()
    .replace(/^<!--|-->$/g, "")
    .replace(/^\/\/\s*<!\[CDATA\[|\/\/\s*\]\]>$/g, "")
    .trim();
  try {
    return JSON.parse(trimmed);
  } catch {
    return JSON.parse(repairJson(trimmed));
  }
}

function repairJson(source: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (inString) {
      if (char === "\\") {
        out += char + (source[i + 1] ?? "");
        i += 1;
      } else if (char === '"') {
        inString = false;
        out += char;
      } else if (char === "\n" || char === "\r" || char === "\t") {
        out += " ";
      } else {
        out += char;
      }
      continue;
    }
    if (char === '"') {
      inString = true;
      out += char;
    } else if (char === "/" && source[i + 1] === "/") {
      while (i < source.length && source[i] !== "\n") i += 1;
    } else if (char === "/" && source[i + 1] === "*") {
      const end = source.indexOf("*/", i + 2);
      i = end < 0 ? source.length : end + 1;
    } else {
      out += char;
    }
  }
  return out.replace(/,(\s*[}\]])/g, "$1");
}

/** Keys lower-cased all the way down, so `Offers` and `offers` read alike. */
export function lowerKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(lowerKeys);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.toLowerCase(), lowerKeys(v)]));
}

/** The title of the page's main product: the shop's heading, else its OpenGraph title. */
export function pageTitle($: CheerioAPI): string | null {
  return (
    collapse(
      $(".product_title, .product-single__title, .productView-title, .page-title .base")
        .first()
        .text(),
    ) ||
    collapse($("h1").first().text()) ||
    ogTitle($)
  );
}

const TITLE_SEPARATORS = [" | ", " – ", " - ", " — ", " :: "];

/**
 * A title without the " | Shop name" many shops append: the og:site_name where the page states
 * it, else a last segment without digits after " | " (or after a dash when the document's
 * <title> ends the same way), so "BPC-157 – 10 mg" keeps its size.
 */
function withoutShopSuffix($: CheerioAPI, title: string): string {
  const site = collapse($('meta[property="og:site_name"]').attr("content") ?? "");
  const documentTitle = collapse($("head > title").first().text());
  for (const separator of TITLE_SEPARATORS) {
    const at = title.lastIndexOf(separator);
    if (at <= 0) continue;
    const suffix = title.slice(at + separator.length);
    const isSite =
      suffix === site ||
      (!/\d/.test(suffix) &&
        suffix.split(" ").length <= 5 &&
        (separator === " | " || documentTitle.endsWith(`${separator}${suffix}`)));
    if (isSite) return title.slice(0, at);
  }
  return title;
}

/** og:title without the " | Shop name" many shops append. */
export function ogTitle($: CheerioAPI): string | null {
  const title = collapse(
    $('meta[property="og:title"], meta[name="og:title"]').attr("content") ?? "",
  );
  return title ? withoutShopSuffix($, title) : null;
}

/** The document's <title> without the shop's name: the last hint at what a page sells. */
export function documentTitle($: CheerioAPI): string | null {
  const title = collapse($("head > title").first().text());
  return title ? withoutShopSuffix($, title) : null;
}
