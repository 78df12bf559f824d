import type { CheerioAPI } from "cheerio";

import { isoCurrencyCode } from "~/lib/currency";

import { asArray, isObject, type Json, parseLooseJson } from "./structured-values.server";
import { jsonLdBlocks } from "./json-ld.server";
import { metaContent } from "./meta.server";

/** Every `pricecurrency` in the page's JSON-LD, in order. */
function jsonLdCurrencies($: CheerioAPI): string[] {
  const found: string[] = [];
  const visit = (value: Json) => {
    for (const node of asArray(value)) {
      if (!isObject(node)) continue;
      const code =
        typeof node.pricecurrency === "string" ? isoCurrencyCode(node.pricecurrency) : null;
      if (code) found.push(code);
      for (const child of Object.values(node)) if (typeof child === "object") visit(child);
    }
  };
  for (const block of jsonLdBlocks($)) visit(block);
  return found;
}

/** A JSON object assigned in an inline script: `var prestashop = {…};`, `var BCData = {…};`. */
function scriptObject(source: string, assignment: RegExp): Json {
  const match = assignment.exec(source);
  if (!match) return null;
  const start = match.index + match[0].length - 1;
  let depth = 0;
  let inString = false;
  for (let i = start; i < source.length; i += 1) {
    const char = source[i];
    if (inString) {
      if (char === "\\") i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{") depth += 1;
    else if (char === "}") {
      depth -= 1;
      if (depth === 0) {
        try {
          return parseLooseJson(source.slice(start, i + 1));
        } catch {
          return null;
        }
      }
    }
  }
  return null;
}

const dig = (value: Json, ...keys: string[]): Json =>
  keys.reduce<Json>((node, key) => (isObject(node) ? node[key] : undefined), value);

/** The shop platforms' own statement of the currency, in their inline scripts. */
function platformCurrency(scripts: string): string | null {
  const patterns: [RegExp, (value: Json) => Json][] = [
    // Shopify: `Shopify.currency = {"active":"AUD","rate":"1.0"};`
    [/Shopify\.currency\s*=\s*\{/, (v) => dig(v, "active")],
    // PrestaShop 1.7+: `var prestashop = {"currency":{"iso_code":"EUR",…},…};`
    [/var\s+prestashop\s*=\s*\{/, (v) => dig(v, "currency", "iso_code")],
    // BigCommerce Cornerstone: `var BCData = {"product_attributes":{"price":{"with_tax":{"currency":"CAD"…`
    [
      /var\s+BCData\s*=\s*\{/,
      (v) => {
        const price = dig(v, "product_attributes", "price");
        return dig(price, "with_tax", "currency") ?? dig(price, "without_tax", "currency");
      },
    ],
  ];
  for (const [assignment, read] of patterns) {
    const value = read(scriptObject(scripts, assignment));
    const code = typeof value === "string" ? isoCurrencyCode(value) : null;
    if (code) return code;
  }
  const simple = [
    /ShopifyAnalytics\.meta\.currency\s*=\s*['"]([A-Za-z]{3})['"]/,
    // WooCommerce blocks' settings, URI-encoded or plain: "currency":{"code":"EUR"
    /"currency"\s*:\s*\{\s*"code"\s*:\s*"([A-Za-z]{3})"/,
  ];
  for (const pattern of simple) {
    const code = isoCurrencyCode(pattern.exec(scripts)?.[1]);
    if (code) return code;
  }
  return null;
}

/**
 * The currency the page states for its prices, as an ISO code: JSON-LD `priceCurrency` (when
 * the page names one currency), the product/OpenGraph meta tags, microdata, then the shop
 * platform's settings (Shopify, WooCommerce, PrestaShop, BigCommerce). Null when it only
 * prints symbols.
 */
export function discoverPageCurrency($: CheerioAPI): string | null {
  const fromJsonLd = new Set(jsonLdCurrencies($));
  if (fromJsonLd.size === 1) return [...fromJsonLd][0];
  const fromMeta = isoCurrencyCode(
    metaContent($, "product:price:currency", "og:price:currency", "product:sale_price:currency"),
  );
  if (fromMeta) return fromMeta;
  const microdata = $('[itemprop="priceCurrency"]').first();
  const fromMicrodata = isoCurrencyCode(microdata.attr("content") ?? microdata.text());
  if (fromMicrodata) return fromMicrodata;
  const scripts = $("script:not([src])")
    .toArray()
    .map((script) => $(script).text())
    .join("\n");
  const plain = platformCurrency(scripts);
  if (plain) return plain;
  try {
    // WooCommerce prints its settings URI-encoded inside `decodeURIComponent('…')`.
    return platformCurrency(decodeURIComponent(scripts.replace(/%(?![0-9a-f]{2})/gi, "%25")));
  } catch {
    return null;
  }
}
