import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { PAGES_DIR, readFixturePage } from "../../../../tests/helpers/fixture-pages";
import { extractListings } from "../extract.server";

/**
 * Issue 31 Must 11, on pages written from schema.org, OpenGraph and WooCommerce's own
 * documentation (tests/fixtures/pages/*.json say which): a sale price over the regular price
 * a JSON-LD Offer states, an Offer with no Product around it, and an OpenGraph product page
 * with no name, named from its title.
 */

interface Truth {
  url: string;
  listings: { name: string; price: number | null; currency: string | null; soldOut: boolean }[];
}

function readPage(page: string) {
  const truth = JSON.parse(readFileSync(path.join(PAGES_DIR, `${page}.json`), "utf8")) as Truth;
  const { listings, method } = extractListings(
    readFixturePage(PAGES_DIR, page),
    { productSelector: null, nameSelector: null, priceSelector: null },
    truth.url,
  );
  const found = listings.map(({ name, price, currency, soldOut }) => ({
    name,
    price,
    currency,
    soldOut,
  }));
  return { truth: truth.listings, read: found, method };
}

describe("a sale price over the regular price in the JSON-LD", () => {
  it.each([
    "json-ld-sale-price-specification-usd",
    "json-ld-strikethrough-offer-price-eur",
    "woocommerce-sale-list-price-gbp",
    "woocommerce-sale-regular-json-ld-usd",
  ])("%s: the price the buyer pays now", (page) => {
    const { truth, read } = readPage(page);
    expect(read).toEqual(truth);
  });

  it("leaves a SalePrice whose validThrough has passed to the Offer's price", () => {
    const html = readFixturePage(PAGES_DIR, "json-ld-sale-price-specification-usd").replace(
      '"validThrough": "2099-12-31"',
      '"validThrough": "2020-06-30"',
    );
    const { listings } = extractListings(
      html.replace("<strong>$35.00</strong>", ""),
      { productSelector: null, nameSelector: null, priceSelector: null },
      "https://harbor-research.example/products/bpc-157-10mg",
    );
    expect(listings.map((listing) => listing.price)).toEqual([45]);
  });
});

describe("an Offer with no Product around it", () => {
  it.each([
    "json-ld-orphan-offer-eur",
    "json-ld-orphan-offer-item-reference-usd",
    "json-ld-orphan-offer-named-gbp",
  ])("%s: named by its item, its own name or the page title", (page) => {
    const { truth, read, method } = readPage(page);
    expect(method).toBe("json-ld");
    expect(read).toEqual(truth);
  });
});

describe("an OpenGraph product page with no og:title", () => {
  it.each(["opengraph-product-no-title-usd", "opengraph-product-no-title-dash-eur"])(
    "%s: named by the page title without the shop's name",
    (page) => {
      const { truth, read, method } = readPage(page);
      expect(method).toBe("meta");
      expect(read).toEqual(truth);
    },
  );
});
