import * as cheerio from "cheerio";
import type { Element } from "domhandler";

import { parsePrice } from "~/lib/price";

import { extractWithSelectors } from "./extract.server";

export interface ProposedSelectors {
  productSelector: string;
  nameSelector: string;
  priceSelector: string;
  linkSelector: string | null;
  soldOutSelector: string | null;
  /** How many products the proposal finds on the page. */
  matches: number;
}

type $ = cheerio.CheerioAPI;

/** Text that is a price and nothing else ("$39.00", "24,90 €", "From $12", "$34.99 USD"). */
const PRICE_ONLY =
  /^(?:(?:from|price|sale price|regular price)\s*:?\s*)?(?:[$€£]\s?\d[\d.,\s]*|\d[\d.,\s]*\s?(?:€|\$|£|usd|eur|gbp))(?:\s*(?:usd|eur|gbp))?$/i;
/** Page furniture whose prices and links are never the listing: carts, promo bars, breadcrumbs. */
const FURNITURE =
  "header, footer, nav, aside, [role=navigation], [role=banner], [role=contentinfo], [class*=breadcrumb], [class*=announcement], [class*=minicart], [class*=cart-preview]";
/** Prices that are not the price to pay: struck through, "was", list/compare-at prices. */
const NOT_TO_PAY =
  /(?:^|[-_\s])(?:old|was|regular-price|compare|rrp|msrp|original|before-discount|list-price)(?:$|[-_\s])/i;
const NOT_STRUCK = ":not(del *):not(s *):not(strike *)";
const STATE_CLASS =
  /^(?:first|last|odd|even|active|selected|sale|onsale|instock|outofstock|featured|hidden|visible)$/i;
const SIGNATURE_ATTRIBUTES = ["data-hook", "data-testid", "data-test", "itemprop"];
const NOT_A_NAME =
  /^(?:add to cart|read more|sale!?|sold out|buy|order|view|select options|quick view)$/i;
const SOLD_OUT = /sold[-_\s]?out|out[-_\s]?of[-_\s]?stock/i;

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

function stableClasses(element: Element): string[] {
  return (element.attribs.class ?? "")
    .split(/\s+/)
    .filter((c) => /^[A-Za-z_][A-Za-z_-]*$/.test(c) && !STATE_CLASS.test(c));
}

function attributeSignature(element: Element): string | null {
  for (const name of SIGNATURE_ATTRIBUTES) {
    const value = element.attribs[name];
    if (value && /^[\w-]+$/.test(value)) return `${element.tagName}[${name}="${value}"]`;
  }
  return null;
}

/** A selector matching every element given: their tag with the classes they share. */
function commonSelector(elements: Element[], maxClasses = 2): string | null {
  const [first] = elements;
  if (!first || elements.some((e) => e.tagName !== first.tagName)) return null;
  const attribute = attributeSignature(first);
  if (attribute && elements.every((e) => attributeSignature(e) === attribute)) return attribute;
  const shared = stableClasses(first).filter((c) =>
    elements.every((e) => stableClasses(e).includes(c)),
  );
  if (shared.length > 0) return `${first.tagName}.${shared.slice(0, maxClasses).join(".")}`;
  return null;
}

function isStruck($: $, element: Element): boolean {
  const node = $(element);
  if (node.is("del, s, strike") || node.closest("del, s, strike").length > 0) return true;
  return node
    .parents()
    .addBack()
    .toArray()
    .some(
      (e) =>
        e.type === "tag" &&
        NOT_TO_PAY.test(
          `${(e as Element).attribs.class ?? ""} ${(e as Element).attribs["data-hook"] ?? ""}`,
        ),
    );
}

/**
 * Elements showing one price to pay: the deepest element whose text is only a price, raised
 * to the nearest ancestor with the same text that carries a class or a telling attribute.
 */
function priceElements($: $): Element[] {
  const found: Element[] = [];
  $("body *").each((_, element) => {
    if (element.type !== "tag") return;
    const text = collapse($(element).text());
    if (!PRICE_ONLY.test(text) || parsePrice(text).amount === null) return;
    const deeper = $(element)
      .children()
      .toArray()
      .some((child) => PRICE_ONLY.test(collapse($(child).text())));
    if (deeper) return;
    let current: Element = element;
    while (stableClasses(current).length === 0 && !attributeSignature(current)) {
      const parent = current.parent as Element | null;
      if (!parent || parent.type !== "tag" || collapse($(parent).text()) !== text) break;
      current = parent;
    }
    if (!isStruck($, current)) found.push(current);
  });
  return found;
}

/** The outermost ancestor of `element` holding no other price of the group: its product card. */
function cardOf($: $, element: Element, group: Set<Element>): Element | null {
  let card: Element | null = null;
  let current = element.parent as Element | null;
  while (current && current.type === "tag" && current.tagName !== "body") {
    const prices = $(current)
      .find("*")
      .toArray()
      .filter((e) => group.has(e as Element));
    if (prices.length > 1) break;
    card = current;
    current = current.parent as Element | null;
  }
  return card;
}

function nameElementIn($: $, card: Element, price: Element): Element | null {
  const candidates = $(card)
    .find("h1, h2, h3, h4, h5, h6, [class*=title], [class*=name], [data-hook*=name], a")
    .toArray()
    .filter((e): e is Element => e.type === "tag" && !$(e).is(price) && !$.contains(e, price))
    .filter((e) => {
      const text = collapse($(e).text());
      return (
        text.length >= 2 && text.length <= 150 && !PRICE_ONLY.test(text) && !NOT_A_NAME.test(text)
      );
    });
  const heading = candidates.find((e) => /^h[1-6]$/.test(e.tagName));
  return heading ?? candidates.find((e) => e.tagName !== "a") ?? candidates[0] ?? null;
}

function relativeSelector(elements: Element[]): string | null {
  const [first] = elements;
  if (!first) return null;
  return (
    commonSelector(elements) ??
    (elements.every((e) => e.tagName === first.tagName) ? first.tagName : null)
  );
}

/** Cards without a shared class or attribute: their tag under the nearest ancestor that has one. */
function cardSelector($: $, cards: Element[]): string | null {
  const own = commonSelector(cards);
  if (own) return own;
  if (!cards.every((c) => c.tagName === cards[0].tagName)) return null;
  const ancestor = $(cards[0])
    .parents()
    .toArray()
    .find((e) => cards.every((c) => $.contains(e, c)) && commonSelector([e]) !== null) as
    Element | undefined;
  return ancestor ? `${commonSelector([ancestor])} ${cards[0].tagName}` : null;
}

interface Proposal {
  selectors: ProposedSelectors;
  /** The listings it must read: one name and price per card, as found. */
  expected: { name: string; price: number | null }[];
}

function proposeFor($: $, cards: Element[], prices: Element[], names: Element[]): Proposal | null {
  const productSelector = cardSelector($, cards);
  const nameSelector = relativeSelector(names);
  if (!productSelector || !nameSelector) return null;
  const links = cards.map((card, index) => {
    const name = $(names[index]);
    return (
      name.filter("a[href]").get(0) ??
      name.find("a[href]").get(0) ??
      name.closest("a[href]").get(0) ??
      $(card).find("a[href]").get(0)
    );
  });
  const linkSelector = links.every(Boolean)
    ? (relativeSelector(links as Element[]) ?? "a[href]")
    : null;
  const soldOutElement = cards
    .flatMap((card) => $(card).find("*").toArray() as Element[])
    .find(
      (e) =>
        $(e).children().length === 0 &&
        SOLD_OUT.test(`${e.attribs.class ?? ""} ${collapse($(e).text())}`),
    );
  const expected = cards.map((_, index) => ({
    name: collapse($(names[index]).text()),
    price: parsePrice(collapse($(prices[index]).text())).amount,
  }));
  // The fewest classes that read the price to pay in every card, struck prices left out.
  const plain = [commonSelector(prices, 1), commonSelector(prices, 2), prices[0].tagName];
  const priceSelectors = [
    ...plain,
    ...plain.map((selector) => selector && `${selector}${NOT_STRUCK}`),
  ];
  for (const priceSelector of new Set(priceSelectors)) {
    if (!priceSelector) continue;
    const proposal = verified($, {
      selectors: {
        productSelector,
        nameSelector,
        priceSelector,
        linkSelector,
        soldOutSelector: soldOutElement ? commonSelector([soldOutElement]) : null,
        matches: cards.length,
      },
      expected,
    });
    if (proposal) return proposal;
  }
  return null;
}

/**
 * A proposal counts only when applying it reads back the listings it was built from, and
 * every other card it matches has a name and a price too.
 */
function verified($: $, proposal: Proposal): Proposal | null {
  const listings = extractWithSelectors($, proposal.selectors, "https://shop.invalid/");
  const found = (wanted: Proposal["expected"][number]) =>
    listings.some((listing) => listing.name === wanted.name && listing.price === wanted.price);
  const ok =
    listings.length >= proposal.expected.length &&
    listings.every((listing) => listing.price !== null && listing.name.length > 0) &&
    proposal.expected.every(found);
  return ok
    ? { ...proposal, selectors: { ...proposal.selectors, matches: listings.length } }
    : null;
}

/** A product page: the main heading and one price to pay, alone in their smallest container. */
function mainProduct($: $, prices: Element[]): Proposal | null {
  const heading = $("h1")
    .toArray()
    .find((e) => collapse($(e).text()).length >= 2) as Element | undefined;
  if (!heading) return null;
  const priceSet = new Set(prices);
  let container = heading.parent as Element | null;
  while (container && container.type === "tag" && container.tagName !== "body") {
    const inside = $(container)
      .find("*")
      .toArray()
      .filter((e) => priceSet.has(e as Element)) as Element[];
    if (inside.length > 1) return null;
    if (inside.length === 1) {
      const containerSelector = commonSelector([container]);
      const nameSelector = commonSelector([heading]) ?? "h1";
      const priceSelector = commonSelector([inside[0]]);
      if (!containerSelector || !priceSelector) return null;
      if ($(containerSelector).length !== 1) return null;
      return verified($, {
        selectors: {
          productSelector: containerSelector,
          nameSelector,
          priceSelector,
          linkSelector: null,
          soldOutSelector: null,
          matches: 1,
        },
        expected: [
          {
            name: collapse($(heading).text()),
            price: parsePrice(collapse($(inside[0]).text())).amount,
          },
        ],
      });
    }
    container = container.parent as Element | null;
  }
  return null;
}

/**
 * Suggests selectors for a page without structured data. Page furniture (header, footer,
 * navigation, breadcrumbs, promo bars, mini-carts) is ignored; a price is an element showing
 * a price and nothing else, never a struck-through or "was" price. A product page is its main
 * heading with the one price beside it; a category is the largest group of prices sharing a
 * selector, each in its own repeated card with a name. A proposal is returned only when
 * applying it reads back exactly those listings: no suggestion beats a wrong one.
 */
export function proposeSelectors(html: string): ProposedSelectors | null {
  const $ = cheerio.load(html);
  $("script, style, noscript, template, svg").remove();
  $(FURNITURE).remove();
  const prices = priceElements($);
  const single = mainProduct($, prices);
  if (single) return single.selectors;

  const groups = new Map<string, Element[]>();
  for (const price of prices) {
    const signature = commonSelector([price], 1) ?? price.tagName;
    groups.set(signature, [...(groups.get(signature) ?? []), price]);
  }
  const proposals = [...groups.values()]
    .filter((group) => group.length >= 2)
    .map((group) => {
      const members = new Set(group);
      const cards: Element[] = [];
      const cardPrices: Element[] = [];
      const names: Element[] = [];
      for (const price of group) {
        const card = cardOf($, price, members);
        const name = card ? nameElementIn($, card, price) : null;
        if (!card || !name) return null;
        cards.push(card);
        cardPrices.push(price);
        names.push(name);
      }
      return proposeFor($, cards, cardPrices, names);
    })
    .filter((proposal): proposal is Proposal => proposal !== null)
    .sort((a, b) => b.selectors.matches - a.selectors.matches);
  return proposals[0]?.selectors ?? null;
}
