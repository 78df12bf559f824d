import * as cheerio from "cheerio";
import type { Element } from "domhandler";

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
