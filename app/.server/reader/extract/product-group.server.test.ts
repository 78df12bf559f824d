import { describe, expect, it } from "vitest";

import { extractListings } from "../extract.server";

/**
 * Issue 31 Musts 5 and 11: a WooCommerce variable product as SEO plugins publish it — a
 * schema.org ProductGroup in an @graph whose `hasVariant` points at variant Products by `@id`,
 * each variant's size in `size` or in an `additionalProperty` (Google's and schema.org's
 * documented shapes) — read as one offer per size; and an Offer with no Product around it.
 */

const BASE = "https://shop.example/product/bpc-157/";
const NO_SELECTORS = { productSelector: null, nameSelector: null, priceSelector: null };
const page = (head: string, body = "") => `<html><head>${head}</head><body>${body}</body></html>`;
const ld = (value: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

const offer = (price: string, inStock = true) => ({
  "@type": "Offer",
  price,
  priceCurrency: "EUR",
  availability: `https://schema.org/${inStock ? "InStock" : "OutOfStock"}`,
});

const read = (html: string) =>
  extractListings(html, NO_SELECTORS, BASE).listings.map((l) => [l.name, l.price, l.soldOut]);

describe("ProductGroup pages", () => {
  it("reads variants the group lists by @id, sized by additionalProperty", () => {
    const html = page(
      ld({
        "@context": "https://schema.org",
        "@graph": [
          { "@type": "WebPage", "@id": `${BASE}#webpage`, name: "BPC-157 – Shop" },
          {
            "@type": "ProductGroup",
            "@id": `${BASE}#/schema/product/1`,
            name: "BPC-157",
            productGroupID: "1",
            variesBy: ["https://schema.org/size"],
            hasVariant: [
              { "@id": `${BASE}#/schema/product/2` },
              { "@id": `${BASE}#/schema/product/3` },
            ],
          },
          {
            "@type": "Product",
            "@id": `${BASE}#/schema/product/2`,
            name: "BPC-157",
            additionalProperty: [{ "@type": "PropertyValue", name: "Size", value: "2.5mg" }],
            isVariantOf: { "@id": `${BASE}#/schema/product/1` },
            offers: offer("18.00"),
          },
          {
            "@type": "Product",
            "@id": `${BASE}#/schema/product/3`,
            name: "BPC-157",
            additionalProperty: [{ "@type": "PropertyValue", name: "Size", value: "5mg" }],
            isVariantOf: { "@id": `${BASE}#/schema/product/1` },
            offers: offer("30.00", false),
          },
        ],
      }),
    );
    expect(read(html)).toEqual([
      ["BPC-157 – 2.5mg", 18, false],
      ["BPC-157 – 5mg", 30, true],
    ]);
  });

  it("reads variants that name their group by isVariantOf, sized by `size`", () => {
    const html = page(
      ld({
        "@context": "https://schema.org",
        "@graph": [
          { "@type": "ProductGroup", "@id": "#group", name: "TB-500", variesBy: "size" },
          {
            "@type": "Product",
            name: "TB-500",
            size: "10mg",
            isVariantOf: { "@id": "#group" },
            offers: offer("45.00"),
          },
        ],
      }),
    );
    expect(read(html)).toEqual([["TB-500 – 10mg", 45, false]]);
  });
});

describe("an Offer with no Product around it", () => {
  it("is named by the page's product title", () => {
    const html = page(
      ld({ "@context": "https://schema.org", ...offer("24.50") }),
      '<h1 class="product_title">Semax 10mg</h1>',
    );
    expect(read(html)).toEqual([["Semax 10mg", 24.5, false]]);
  });
});
