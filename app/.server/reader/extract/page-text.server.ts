/** Text and links as a page shows them: collapsed white space, safe links, the product's title. */
import type { CheerioAPI } from "cheerio";

export const collapse = (value: string) => value.replace(/\s+/g, " ").trim();

/**
 * An absolute http(s) link, or null. Scraped links reach public pages, so `javascript:`,
 * `data:` and every other scheme are dropped.
 */
export function safeLink(link: string | null | undefined, baseUrl: string): string | null {
  if (!link?.trim()) return null;
  try {
    const url = new URL(link.trim(), baseUrl);
    return url.protocol === "http:" || url.protocol === "https:" ? withoutTracking(url).href : null;
  } catch {
    return null;
  }
}

/**
 * Parameters that say where a visitor came from, never which product or variant: one
 * product reached through links that differ only in them is one offer with one URL. Variant
 * parameters (`variant`, `attribute_pa_size`, `size`) are kept.
 */
const TRACKING_PARAM =
  /^(?:utm_[a-z_]+|gclid|gbraid|wbraid|dclid|fbclid|msclkid|twclid|ttclid|yclid|mc_cid|mc_eid|_ga|_gl|igshid|ref|ref_src|referrer|srsltid|_pos|_sid|_ss|affiliate|aff|aff_id)$/i;

export function withoutTracking(url: URL): URL {
  const kept = new URL(url.href);
  for (const name of [...kept.searchParams.keys()]) {
    if (TRACKING_PARAM.test(name)) kept.searchParams.delete(name);
  }
  // An empty query leaves no dangling "?".
  if (kept.searchParams.size === 0) kept.search = "";
  return kept;
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
