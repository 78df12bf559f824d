import type { CheerioAPI } from "cheerio";

import { parsePrice } from "~/lib/price";

import { type Candidate, variantCandidate } from "./candidate.server";
import { pageTitle, safeLink } from "./page-text.server";
import {
  asArray,
  isObject,
  type Json,
  type JsonObject,
  parseLooseJson,
  text,
} from "./structured-values.server";

/** Shopify's product JSON gives prices in cents as integers; some themes print "49.99" strings. */
function shopifyPrice(value: Json): number | null {
  let amount: number | null = null;
  if (typeof value === "number") amount = Number.isInteger(value) ? value / 100 : value;
  else if (typeof value === "string") {
    amount = /^\d+$/.test(value) ? Number(value) / 100 : parsePrice(value).amount;
  }
  return amount !== null && amount > 0 ? amount : null;
}

const NO_OPTION = "Default Title";

function variantLabel(variant: JsonObject): string | null {
  // Some themes' JSON carries only option1..3: those name the variant, so none collapse into one.
  const options = [variant.option1, variant.option2, variant.option3]
    .map(text)
    .filter((option): option is string => option !== null && option !== NO_OPTION);
  const label =
    text(variant.public_title) ??
    text(variant.title) ??
    (options.length > 0 ? options.join(" / ") : null);
  return label && label !== NO_OPTION ? label : null;
}

function variantCandidates(
  productName: string,
  handle: string | null,
  variants: Json[],
  baseUrl: string,
): Candidate[] {
  return variants.filter(isObject).map((variant) => {
    const id = text(variant.id);
    const label = variantLabel(variant);
    // The page's own address when it is this product's (a locale or collection prefix kept).
    const onPage = !handle || new URL(baseUrl).pathname.includes(`/products/${handle}`);
    const link = new URL(onPage ? baseUrl : `/products/${handle}`, baseUrl);
    link.hash = "";
    if (id) link.searchParams.set("variant", id);
    return variantCandidate({
      label,
      price: shopifyPrice(variant.price),
      currency: null,
      link: safeLink(link.href, baseUrl),
      soldOut: variant.available === false,
      stockKnown: typeof variant.available === "boolean",
      productName,
      sku: text(variant.sku),
      variantId: id,
      summary: false,
    });
  });
}

/** A Shopify product object (`{{ product | json }}`, `/products/{handle}.js`): one offer per variant. */
export function shopifyProductCandidates(product: Json, baseUrl: string): Candidate[] {
  const value = isObject(product) && isObject(product.product) ? product.product : product;
  if (!isObject(value) || !Array.isArray(value.variants)) return [];
  const title = text(value.title);
  if (!title) return [];
  return variantCandidates(title, text(value.handle), value.variants, baseUrl);
}

/** `var meta = {"product":{…}}` of ShopifyAnalytics: variants in cents, named "Title - option". */
function analyticsCandidates($: CheerioAPI, baseUrl: string): Candidate[] {
  for (const script of $("script:not([src])").toArray()) {
    const source = $(script).text();
    const start = source.search(/var meta\s*=\s*\{\s*"product"/);
    if (start < 0) continue;
    const end = source.indexOf("};", start);
    if (end < 0) continue;
    try {
      const meta = parseLooseJson(source.slice(source.indexOf("{", start), end + 1));
      const product = isObject(meta) && isObject(meta.product) ? meta.product : null;
      if (!product) continue;
      const variants = asArray(product.variants).filter(isObject);
      const title =
        pageTitle($) ??
        text(variants[0]?.name)?.replace(` - ${variantLabel(variants[0]) ?? ""}`, "") ??
        null;
      if (!title) continue;
      const handle = /\/products\/([^/?#]+)/.exec(new URL(baseUrl).pathname)?.[1] ?? null;
      return variantCandidates(title, handle, variants, baseUrl);
    } catch {
      continue;
    }
  }
  return [];
}

/**
 * Shopify's product data: a theme's product JSON script (`data-product-json`, `#ProductJson-…`,
 * Dawn's variant picker), else the analytics snippet every Shopify page carries.
 */
export function extractShopify($: CheerioAPI, baseUrl: string): Candidate[] {
  const candidates: Candidate[] = [];
  $('script[type="application/json" i]').each((_, element) => {
    const script = $(element);
    const id = script.attr("id") ?? "";
    const inPicker = script.parent().is("variant-selects, variant-radios");
    if (script.attr("data-product-json") === undefined && !/^ProductJson/i.test(id) && !inPicker) {
      return;
    }
    let data: Json;
    try {
      data = parseLooseJson(script.text());
    } catch {
      return;
    }
    if (Array.isArray(data)) {
      const title = pageTitle($);
      if (title) candidates.push(...variantCandidates(title, null, data, baseUrl));
    } else {
      candidates.push(...shopifyProductCandidates(data, baseUrl));
    }
  });
  return candidates.length > 0 ? candidates : analyticsCandidates($, baseUrl);
}
