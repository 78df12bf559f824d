import type { Cheerio, CheerioAPI } from "cheerio";
import type { AnyNode } from "domhandler";

import { currencyCode } from "~/lib/currency";
import { parsePrice } from "~/lib/price";

import { collapse, safeLink } from "./page-text.server";

export interface SelectorListing {
  name: string;
  price: number | null;
  currency: string | null;
  link: string | null;
  soldOut: boolean;
}

/**
 * "css@attribute" reads an attribute instead of the text, e.g.
 * `meta[property="product:price:amount"]@content`. An "@" inside brackets or quotes is part of
 * the CSS.
 */
export function splitSelector(selector: string): { css: string; attribute: string | null } {
  const match = /^(.*\S)@([A-Za-z_:][\w:.-]*)$/.exec(selector.trim());
  if (!match) return { css: selector, attribute: null };
  const css = match[1];
  const open = (css.match(/\[/g) ?? []).length - (css.match(/\]/g) ?? []).length;
  const quotes = ((css.match(/"/g) ?? []).length % 2) + ((css.match(/'/g) ?? []).length % 2);
  return open === 0 && quotes === 0
    ? { css, attribute: match[2] }
    : { css: selector, attribute: null };
}

/** Elements matching the selector inside the scope, or the scope itself when it matches. */
function within(scope: Cheerio<AnyNode>, css: string): Cheerio<AnyNode> {
  const found = scope.find(css);
  return found.length > 0 ? found : scope.filter(css);
}

function read(
  $: CheerioAPI,
  scope: Cheerio<AnyNode>,
  selector: string,
  as: "text" | "html",
): string | null {
  const { css, attribute } = splitSelector(selector);
  const element = within(scope, css).first();
  if (element.length === 0) return null;
  if (attribute) return element.attr(attribute) ?? null;
  return as === "html" ? (element.html() ?? "") : collapse(element.text());
}

/**
 * The source's CSS selectors, scoped per product card. The price is read as the shop shows it
 * (a struck-through former price is skipped); a price a script has not drawn yet is null.
 */
export function selectListings(
  $: CheerioAPI,
  selectors: {
    productSelector: string | null;
    nameSelector: string | null;
    priceSelector: string | null;
    linkSelector?: string | null;
    soldOutSelector?: string | null;
  },
  baseUrl: string,
  pageCurrency: string | null,
): SelectorListing[] {
  const { productSelector, nameSelector, priceSelector, linkSelector, soldOutSelector } = selectors;
  if (!nameSelector || !priceSelector) return [];
  const products = productSelector ? $(splitSelector(productSelector).css) : $.root();
  const listings: SelectorListing[] = [];
  products.each((_, element) => {
    const product = $(element);
    const name = collapse(read($, product, nameSelector, "text") ?? "");
    if (!name) return;
    const parsed = parsePrice(read($, product, priceSelector, "html"));
    const linkSelectorParts = linkSelector ? splitSelector(linkSelector) : null;
    const link = linkSelectorParts
      ? within(product, linkSelectorParts.css)
          .first()
          .attr(linkSelectorParts.attribute ?? "href")
      : null;
    listings.push({
      name,
      price: parsed.amount !== null && parsed.amount > 0 ? parsed.amount : null,
      currency: currencyCode(parsed.currency) ?? pageCurrency,
      link: safeLink(link, baseUrl) ?? (productSelector ? null : safeLink(baseUrl, baseUrl)),
      soldOut: soldOutSelector
        ? within(product, splitSelector(soldOutSelector).css).length > 0
        : false,
    });
  });
  return listings;
}
