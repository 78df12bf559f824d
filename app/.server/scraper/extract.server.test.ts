import { describe, expect, it } from "vitest";

import { extractListings, findNextPageUrl, hasScripts, proposeSelectors } from "./extract.server";

const BASE = "https://shop.example/products/page";
const NO_SELECTORS = { productSelector: null, nameSelector: null, priceSelector: null };
const page = (body: string, head = "") => `<html><head>${head}</head><body>${body}</body></html>`;
const ld = (value: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

describe("extractListings: structured data first", () => {
  it("reads a JSON-LD Product with one Offer", () => {
    const html = page(
      "",
      ld({
        "@type": "Product",
        name: "BPC-157 10mg",
        url: "/bpc",
        offers: {
          "@type": "Offer",
          price: "49.99",
          priceCurrency: "USD",
          availability: "http://schema.org/InStock",
        },
      }),
    );
    expect(extractListings(html, NO_SELECTORS, BASE)).toEqual({
      method: "json-ld",
      listings: [
        {
          name: "BPC-157 10mg",
          price: 49.99,
          currency: "USD",
          link: "https://shop.example/bpc",
          soldOut: false,
        },
      ],
      warnings: [],
    });
  });

  it("reads @graph, ProductGroup/hasVariant, AggregateOffer and OutOfStock", () => {
    const html = page(
      "",
      ld({
        "@context": "https://schema.org",
        "@graph": [
          { "@type": "Organization", name: "Shop" },
          {
            "@type": "ProductGroup",
            name: "TB-500",
            hasVariant: [
              {
                "@type": "Product",
                name: "TB-500 5mg",
                offers: {
                  "@type": "Offer",
                  price: 30,
                  availability: "https://schema.org/OutOfStock",
                },
              },
              {
                "@type": "Product",
                name: "TB-500 10mg",
                offers: {
                  "@type": "AggregateOffer",
                  lowPrice: "52.00",
                  highPrice: "60.00",
                  priceCurrency: "EUR",
                },
              },
            ],
          },
        ],
      }),
    );
    const { method, listings } = extractListings(html, NO_SELECTORS, BASE);
    expect(method).toBe("json-ld");
    expect(listings.map((l) => [l.name, l.price, l.currency, l.soldOut])).toEqual([
      // The page names one currency: the variant without its own takes it.
      ["TB-500 5mg", 30, "EUR", true],
      ["TB-500 10mg", 52, "EUR", false],
    ]);
  });

  it("reads offers listed inside an AggregateOffer and names them by offer", () => {
    const html = page(
      "",
      ld([
        {
          "@type": "Product",
          name: "Semax",
          offers: {
            "@type": "AggregateOffer",
            offers: [
              { "@type": "Offer", name: "10mg", price: "35.00" },
              { "@type": "Offer", name: "30mg", price: "89.00" },
            ],
          },
        },
      ]),
    );
    expect(
      extractListings(html, NO_SELECTORS, BASE).listings.map((l) => [l.name, l.price]),
    ).toEqual([
      ["Semax – 10mg", 35],
      ["Semax – 30mg", 89],
    ]);
  });

  it("skips a broken JSON-LD block and still reads the next one", () => {
    const html = page(
      "",
      `<script type="application/ld+json">{broken</script>${ld({ "@type": "Product", name: "KPV 10mg", offers: { price: "20" } })}`,
    );
    expect(extractListings(html, NO_SELECTORS, BASE).listings).toHaveLength(1);
  });

  it("reads microdata offers without mixing in nested items' properties", () => {
    const html = page(`<div itemscope itemtype="https://schema.org/Product">
      <h1 itemprop="name">GHK-Cu 50mg</h1>
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
        <meta itemprop="priceCurrency" content="USD"><span itemprop="price" content="27.99">$27.99</span>
        <link itemprop="availability" href="https://schema.org/SoldOut">
      </div>
      <div itemprop="review" itemscope itemtype="https://schema.org/Review"><span itemprop="name">Great</span></div>
    </div>`);
    expect(extractListings(html, NO_SELECTORS, BASE)).toEqual({
      method: "microdata",
      listings: [{ name: "GHK-Cu 50mg", price: 27.99, currency: "USD", link: null, soldOut: true }],
      warnings: [],
    });
  });

  it("reads WooCommerce variations with their size attribute and stock", () => {
    const variations = [
      {
        variation_id: 1,
        attributes: { attribute_pa_size: "10mg" },
        display_price: 24.5,
        is_in_stock: true,
      },
      {
        variation_id: 2,
        attributes: { attribute_pa_size: "50mg" },
        display_price: 95,
        is_in_stock: false,
      },
    ];
    const html = page(
      `<h1 class="product_title">Epitalon</h1><form class="variations_form" data-product_variations='${JSON.stringify(variations)}'></form>`,
    );
    const { method, listings } = extractListings(html, NO_SELECTORS, BASE);
    expect(method).toBe("woocommerce");
    expect(listings).toEqual([
      {
        name: "Epitalon – 10mg",
        price: 24.5,
        currency: null,
        link: `${BASE}?attribute_pa_size=10mg`,
        soldOut: false,
      },
      {
        name: "Epitalon – 50mg",
        price: 95,
        currency: null,
        link: `${BASE}?attribute_pa_size=50mg`,
        soldOut: true,
      },
    ]);
  });

  it("reads Shopify product JSON with prices in cents", () => {
    const product = {
      title: "Semax",
      handle: "semax",
      variants: [
        { id: 7, title: "10mg", price: 3499, available: true },
        { id: 8, title: "Default Title", price: "89.00", available: false },
      ],
    };
    const html = page(
      `<script type="application/json" data-product-json>${JSON.stringify(product)}</script>`,
    );
    expect(extractListings(html, NO_SELECTORS, BASE)).toEqual({
      method: "shopify",
      listings: [
        {
          name: "Semax – 10mg",
          price: 34.99,
          currency: null,
          link: "https://shop.example/products/semax?variant=7",
          soldOut: false,
        },
        {
          name: "Semax",
          price: 89,
          currency: null,
          link: "https://shop.example/products/semax?variant=8",
          soldOut: true,
        },
      ],
      warnings: [],
    });
  });

  it("falls back to the source's CSS selectors, scoped per product", () => {
    const html = page(`
      <div class="card"><h2 class="n">BPC-157 5mg</h2><span class="p">$24.95</span><a class="l" href="/bpc-5">x</a></div>
      <div class="card"><h2 class="n">TB-500  10mg</h2><span class="p">1.234,50 €</span><span class="so">Sold out</span></div>
      <div class="card"><span class="p">$1.00</span></div>`);
    const selectors = {
      productSelector: ".card",
      nameSelector: ".n",
      priceSelector: ".p",
      linkSelector: "a.l",
      soldOutSelector: ".so",
    };
    expect(extractListings(html, selectors, BASE)).toEqual({
      method: "selectors",
      listings: [
        {
          name: "BPC-157 5mg",
          price: 24.95,
          currency: null,
          link: "https://shop.example/bpc-5",
          soldOut: false,
        },
        { name: "TB-500 10mg", price: 1234.5, currency: "EUR", link: null, soldOut: true },
      ],
      warnings: [],
    });
  });

  it("finds nothing when neither structured data nor selectors match", () => {
    expect(
      extractListings(
        page("<p>hello</p>"),
        { productSelector: ".x", nameSelector: ".y", priceSelector: ".z" },
        BASE,
      ),
    ).toEqual({ method: null, listings: [], warnings: [] });
  });
});

describe("findNextPageUrl", () => {
  const html = page(
    `<nav class="pagination"><a class="next" href="?page=3">Next</a></nav><a class="next" href="/wrong">x</a>`,
  );

  it("follows the next link inside the pagination element, made absolute", () => {
    expect(
      findNextPageUrl(
        html,
        { paginationSelector: ".pagination", nextPageSelector: "a.next" },
        "https://shop.example/shop?page=2",
      ),
    ).toBe("https://shop.example/shop?page=3");
  });

  it("answers null on the last page", () => {
    expect(
      findNextPageUrl(
        page("<nav class='pagination'></nav>"),
        { paginationSelector: ".pagination", nextPageSelector: "a.next" },
        BASE,
      ),
    ).toBeNull();
  });

  it("uses rel=next when no selector is configured", () => {
    expect(findNextPageUrl(page('<a rel="next" href="/p2">2</a>'), {}, BASE)).toBe(
      "https://shop.example/p2",
    );
  });
});

describe("hasScripts", () => {
  it("counts executable scripts but not JSON data blocks", () => {
    expect(hasScripts(page("<script>render()</script>"))).toBe(true);
    expect(hasScripts(page('<script type="application/ld+json">{}</script>'))).toBe(false);
  });
});

describe("proposeSelectors", () => {
  it("proposes the repeated card, its title, price and link", () => {
    const cards = ["BPC-157 5mg|$24.95", "TB-500 10mg|$55.00", "GHK-Cu 50mg|$30.00"]
      .map((entry) => {
        const [name, price] = entry.split("|");
        return `<li class="tile"><h3 class="tile-title">${name}</h3><div><span class="amount">${price}</span></div><a class="tile-link" href="/x">Buy</a></li>`;
      })
      .join("");
    expect(
      proposeSelectors(page(`<header><span class="cart">$0.00</span></header><ul>${cards}</ul>`)),
    ).toEqual({
      productSelector: "li.tile",
      nameSelector: "h3.tile-title",
      priceSelector: ".amount",
      linkSelector: "a.tile-link",
      soldOutSelector: null,
      matches: 3,
    });
  });

  it("answers null for a page without prices", () => {
    expect(proposeSelectors(page("<p>About us</p>"))).toBeNull();
  });
});
