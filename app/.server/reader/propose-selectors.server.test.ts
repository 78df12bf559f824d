import * as cheerio from "cheerio";
import { describe, expect, it } from "vitest";

import { readFixturePage, SUGGEST_DIR } from "../../../tests/helpers/fixture-pages";
import { extractWithSelectors } from "./extract.server";
import { proposeSelectors } from "./propose-selectors.server";

/** The listings a right proposal reads on each page: names and prices to pay, in page order. */
const EXPECTED: Record<string, [string, number][]> = {
  "woo-shop.html": [
    ["BPC-157 5mg", 39],
    ["TB-500 10mg", 59],
    ["GHK-Cu 50mg", 27.5],
    ["Selank 10mg", 33],
  ],
  "woo-product.html": [["BPC-157 5mg", 39.99]],
  "shopify-dawn-collection.html": [
    ["Semax 10mg", 34.99],
    ["Selank 10mg", 30],
    ["DSIP 5mg", 22],
  ],
  "shopify-dawn-product.html": [["Ipamorelin 5mg", 54]],
  "bigcommerce.html": [
    ["TB-500 5mg", 45],
    ["KPV 10mg", 32],
    ["MOTS-c 10mg", 58],
  ],
  "magento-luma.html": [
    ["Ipamorelin 5mg", 29],
    ["CJC-1295 2mg", 35],
    ["AOD-9604 5mg", 48],
  ],
  "prestashop.html": [
    ["CJC-1295 2mg", 24.9],
    ["Epitalon 10mg", 27],
    ["Thymosin Alpha-1 5mg", 41.5],
  ],
  "price-table.html": [
    ["BPC-157", 24.95],
    ["TB-500", 55],
    ["Semaglutide", 89],
    ["Tirzepatide", 129],
  ],
  "squarespace.html": [
    ["GHK-Cu 50mg", 27],
    ["KPV 10mg", 25],
    ["NAD+ 500mg", 65],
  ],
  "wix.html": [
    ["Sermorelin 2mg", 34],
    ["PT-141 10mg", 39],
    ["Melanotan II 10mg", 29],
  ],
};

function readWith(file: string) {
  const html = readFixturePage(SUGGEST_DIR, file.replace(/\.html$/, ""));
  const proposal = proposeSelectors(html);
  const listings = proposal
    ? extractWithSelectors(cheerio.load(html), proposal, "https://shop.example/").map(
        (listing) => [listing.name, listing.price] as [string, number | null],
      )
    : null;
  return { proposal, listings };
}

describe("proposeSelectors on shop pages without structured data", () => {
  const outcomes = Object.entries(EXPECTED).map(([file, expected]) => ({
    file,
    expected,
    ...readWith(file),
  }));

  it.each(outcomes.map((o) => [o.file, o] as const))(
    "%s: proposes the right listing or nothing, never a wrong one",
    (_file, outcome) => {
      if (outcome.listings !== null) expect(outcome.listings).toEqual(outcome.expected);
    },
  );

  it("reads the right listing on at least 80% of the pages", () => {
    const right = outcomes.filter((o) => JSON.stringify(o.listings) === JSON.stringify(o.expected));
    expect(right.length / outcomes.length).toBeGreaterThanOrEqual(0.8);
  });

  it("never takes a promo bar, a mini-cart total or a breadcrumb for a listing", () => {
    for (const { listings } of outcomes) {
      for (const [name] of listings ?? []) {
        expect(name).not.toMatch(/FREE Returns|Home|Shop|\$0\.00|Cart/i);
      }
    }
  });

  it("proposes nothing for a page whose only price-like text is page furniture", () => {
    const html = `<!doctype html><html><body><div class="promo">FREE Returns</div>
      <header><a class="cart">Cart $0.00</a></header>
      <nav class="breadcrumb"><a href="/">Home</a> / <a href="/shop">Shop</a></nav>
      <main><h1>About us</h1><p>We ship worldwide. Orders over $100 ship free.</p></main></body></html>`;
    expect(proposeSelectors(html)).toBeNull();
  });
});
