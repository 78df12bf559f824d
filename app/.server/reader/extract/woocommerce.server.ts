import type { CheerioAPI } from "cheerio";

import { currencyCode } from "~/lib/currency";
import { parsePrice } from "~/lib/price";

import { type Candidate, variantCandidate } from "./candidate.server";
import { collapse, pageTitle, safeLink } from "./page-text.server";
import {
  amountOf,
  asArray,
  isObject,
  type Json,
  parseLooseJson,
  text,
} from "./structured-values.server";

/** The label a shopper sees for an attribute value: the select's option text ("10 mg" for "10mg"). */
function attributeLabel($: CheerioAPI, attribute: string, value: string): string {
  const option = $(`select[name="${attribute}"] option`)
    .toArray()
    .find((element) => element.attribs.value === value);
  return (option && collapse($(option).text())) || value;
}

/**
 * WooCommerce's variable product: every variation in the add-to-cart form's
 * `data-product_variations`, each with its attributes, price and stock.
 */
export function extractWooCommerce($: CheerioAPI, baseUrl: string): Candidate[] {
  const form = $("form[data-product_variations]").first();
  if (form.length === 0) return [];
  let variations: Json;
  try {
    variations = parseLooseJson(form.attr("data-product_variations") ?? "");
  } catch {
    return [];
  }
  const productName =
    collapse(form.closest(".product").find(".product_title").first().text()) || pageTitle($);
  if (!productName) return [];
  return asArray(variations)
    .filter(isObject)
    .map((variation) => {
      const attributes = isObject(variation.attributes) ? variation.attributes : {};
      const link = new URL(baseUrl);
      const labels: string[] = [];
      for (const [attribute, value] of Object.entries(attributes)) {
        const chosen = text(value);
        if (!chosen) continue;
        link.searchParams.set(attribute, chosen);
        labels.push(attributeLabel($, attribute, chosen));
      }
      const label = labels.join(", ") || null;
      const priceHtml = typeof variation.price_html === "string" ? variation.price_html : "";
      return variantCandidate({
        label,
        price: amountOf(variation.display_price) ?? parsePrice(priceHtml).amount,
        currency: currencyCode(parsePrice(priceHtml).currency),
        link: safeLink(link.href, baseUrl),
        soldOut: variation.is_in_stock === false || variation.variation_is_active === false,
        stockKnown: true,
        productName,
        sku: text(variation.sku),
        variantId: text(variation.variation_id),
        summary: false,
      });
    });
}
