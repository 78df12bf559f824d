import type { CheerioAPI } from "cheerio";

import type { Candidate } from "./candidate.server";
import { documentTitle, ogTitle, pageTitle, safeLink } from "./page-text.server";
import { amountOf, currencyOf, isSoldOut } from "./structured-values.server";

/** The first `<meta>` among the names given, by `property` or `name`. */
export function metaContent($: CheerioAPI, ...names: string[]): string | null {
  for (const name of names) {
    const content = $(`meta[property="${name}" i], meta[name="${name}" i]`).attr("content");
    if (content?.trim()) return content.trim();
  }
  return null;
}

/**
 * OpenGraph and Facebook product tags (`product:price:amount`, `og:price:amount`, …): one offer,
 * named by `og:title`, else the page's heading or <title> (a product page may carry only the
 * price tags). A sale price, where given, is the current one.
 */
export function extractMeta($: CheerioAPI, baseUrl: string): Candidate[] {
  const price =
    amountOf(metaContent($, "product:sale_price:amount", "og:sale_price:amount")) ??
    amountOf(metaContent($, "product:price:amount", "og:price:amount", "product:price"));
  const name = ogTitle($) ?? pageTitle($) ?? documentTitle($);
  if (price === null || !name) return [];
  const availability = metaContent($, "product:availability", "og:availability");
  const saleCurrency = metaContent($, "product:sale_price:currency", "og:sale_price:currency");
  return [
    {
      name,
      price,
      currency: currencyOf(
        saleCurrency ?? metaContent($, "product:price:currency", "og:price:currency"),
      ),
      link: safeLink(metaContent($, "og:url"), baseUrl),
      soldOut: isSoldOut(availability),
      stockKnown: availability !== null,
      productName: name,
      variantLabel: null,
      sku: metaContent($, "product:retailer_item_id"),
      variantId: null,
      summary: false,
    },
  ];
}
