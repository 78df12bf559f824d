/**
 * The product image a page names: a JSON-LD Product's `image` (a URL, a list, or an ImageObject)
 * by the product's name, else, on a page of one product, its `og:image`. Resolved against the
 * page's URL; only http(s) addresses are kept. What the image is, is judged later, when it is
 * fetched (scraper/offer-images.server.ts).
 */
import type { CheerioAPI } from "cheerio";

import { normalizeName } from "./candidate.server";
import { jsonLdBlocks } from "./json-ld.server";
import { metaContent } from "./meta.server";
import { safeLink } from "./page-text.server";
import { asArray, isObject, type Json, type JsonObject, text } from "./structured-values.server";

/** The first image URL of a schema.org `image`: "…", ["…"], {"url": "…"} or {"contentUrl": "…"}. */
export function schemaImageUrl(value: Json, baseUrl: string): string | null {
  for (const item of asArray(value)) {
    const address = isObject(item) ? (text(item.contenturl) ?? text(item.url)) : text(item);
    const link = safeLink(address, baseUrl);
    if (link) return link;
  }
  return null;
}

const isProductNode = (node: JsonObject) =>
  asArray(node["@type"]).some(
    (type) => typeof type === "string" && /(?:product|productgroup|productmodel)$/i.test(type),
  );

/** Each JSON-LD product's (or product group's) first image, by its normalised name. */
function jsonLdImages($: CheerioAPI, baseUrl: string): Map<string, string> {
  const images = new Map<string, string>();
  const visit = (value: Json) => {
    for (const node of asArray(value)) {
      if (!isObject(node)) continue;
      const name = text(node.name);
      const image = isProductNode(node) && name ? schemaImageUrl(node.image, baseUrl) : null;
      if (name && image && !images.has(normalizeName(name))) images.set(normalizeName(name), image);
      for (const child of Object.values(node)) if (typeof child === "object") visit(child);
    }
  };
  jsonLdBlocks($).forEach(visit);
  return images;
}

/**
 * The image of each product the page offers, by product name: its JSON-LD image; on a page of
 * one product, the only JSON-LD image or else the page's og:image; null when the page names none.
 */
export function productImages(
  $: CheerioAPI,
  baseUrl: string,
  productNames: string[],
): (productName: string) => string | null {
  const byName = jsonLdImages($, baseUrl);
  const oneProduct = new Set(productNames.map(normalizeName)).size <= 1;
  const pageImage = oneProduct
    ? ((byName.size === 1 ? [...byName.values()][0] : null) ??
      safeLink(metaContent($, "og:image:secure_url", "og:image", "twitter:image"), baseUrl))
    : null;
  return (productName) => byName.get(normalizeName(productName)) ?? pageImage;
}
