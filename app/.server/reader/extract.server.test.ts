import { describe, expect, it } from "vitest";

import {
  extractListings,
  extractShopifyProductJs,
  findNextPageUrl,
  hasScripts,
  shopifyProductJsUrl,
} from "./extract.server";

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

const summary = (html: string, selectors = NO_SELECTORS, url = BASE) =>
  extractListings(html, selectors, url).listings.map((l) => [
    l.name,
    l.price,
    l.currency,
    l.soldOut,
  ]);

describe("extractListings: one listing per sellable variant", () => {
  const variations = (sizes: [string, number, boolean][]) =>
    JSON.stringify(
      sizes.map(([size, price, inStock], index) => ({
        variation_id: 10 + index,
        attributes: { attribute_pa_size: size },
        display_price: price,
        is_in_stock: inStock,
        price_html: `<span class="amount"><span>&#36;</span>${price.toFixed(2)}</span>`,
      })),
    ).replace(/"/g, "&quot;");

  it("reads WooCommerce variations beside the single AggregateOffer of its JSON-LD", () => {
    const html = page(
      `<div class="product"><div class="summary"><h1 class="product_title">BPC-157</h1>
       <p class="price">$42.00 – $76.00</p>
       <form class="variations_form" data-product_variations="${variations([
         ["5mg", 42, true],
         ["10mg", 76, false],
       ])}">
       <select name="attribute_pa_size"><option value="">Choose</option><option value="5mg">5 mg</option><option value="10mg">10 mg</option></select></form></div></div>`,
      ld({
        "@type": "Product",
        name: "BPC-157",
        offers: [
          {
            "@type": "AggregateOffer",
            lowPrice: "42.00",
            highPrice: "76.00",
            priceCurrency: "AUD",
          },
        ],
      }),
    );
    const extraction = extractListings(html, NO_SELECTORS, BASE);
    expect(extraction.method).toBe("woocommerce");
    expect(
      extraction.listings.map((l) => [l.name, l.price, l.currency, l.soldOut, l.link]),
    ).toEqual([
      ["BPC-157 – 5 mg", 42, "AUD", false, `${BASE}?attribute_pa_size=5mg`],
      ["BPC-157 – 10 mg", 76, "AUD", true, `${BASE}?attribute_pa_size=10mg`],
    ]);
  });

  it("folds a Shopify product's JSON-LD offers into its product JSON variants", () => {
    const product = {
      title: "Semaglutide",
      handle: "semaglutide",
      variants: [
        { id: 1, title: "5mg", price: 8900, available: true },
        { id: 2, title: "10mg", price: 14900, available: false },
      ],
    };
    const html = page(
      `<h1>Semaglutide</h1><script type="application/json" data-product-json>${JSON.stringify(product)}</script>`,
      ld({
        "@type": "Product",
        name: "Semaglutide",
        offers: product.variants.map((v) => ({
          "@type": "Offer",
          price: v.price / 100,
          priceCurrency: "USD",
          url: `https://shop.example/products/semaglutide?variant=${v.id}`,
        })),
      }),
    );
    expect(summary(html)).toEqual([
      ["Semaglutide – 5mg", 89, "USD", false],
      ["Semaglutide – 10mg", 149, "USD", true],
    ]);
  });

  it("reads Shopify's analytics snippet and the shop currency when the theme prints no product JSON", () => {
    const meta = {
      product: {
        variants: [
          { id: 5, price: 2495, name: "Body Butter - 100g", public_title: "100g" },
          { id: 6, price: 4495, name: "Body Butter - 250g", public_title: "250g" },
        ],
      },
      page: { pageType: "product" },
    };
    const html = page(
      `<h1>Body Butter</h1><script>Shopify.currency = {"active":"AUD","rate":"1.0"};
       var meta = ${JSON.stringify(meta)};
       for (var attr in meta) { window.ShopifyAnalytics.meta[attr] = meta[attr]; }</script>`,
    );
    expect(summary(html, NO_SELECTORS, "https://shop.example/products/body-butter")).toEqual([
      ["Body Butter – 100g", 24.95, "AUD", false],
      ["Body Butter – 250g", 44.95, "AUD", false],
    ]);
  });

  it("gives the Shopify product JSON address of a Shopify product page and reads its answer", () => {
    const html = page('<script src="//cdn.shopify.com/s/files/theme.js"></script>');
    expect(
      shopifyProductJsUrl(html, "https://shop.example/collections/all/products/kpv?variant=3"),
    ).toBe("https://shop.example/products/kpv.js");
    expect(
      shopifyProductJsUrl(page("<p>WordPress</p>"), "https://shop.example/products/kpv"),
    ).toBeNull();
    const json = {
      title: "KPV",
      handle: "kpv",
      variants: [{ id: 3, title: "10mg", price: 3900, available: true }],
    };
    expect(
      extractShopifyProductJs(
        json,
        page('<script>Shopify.currency = {"active":"CAD","rate":"1.0"};</script>'),
        "https://shop.example/products/kpv",
      ),
    ).toEqual([
      {
        name: "KPV – 10mg",
        price: 39,
        currency: "CAD",
        link: "https://shop.example/products/kpv?variant=3",
        soldOut: false,
      },
    ]);
  });

  it("keeps the main product and leaves related products in the same JSON-LD out", () => {
    const html = page(
      "<h1>Selank 10mg</h1>",
      ld({
        "@graph": [
          {
            "@type": "Product",
            name: "Selank 10mg",
            offers: { price: "49.00", priceCurrency: "USD" },
          },
          {
            "@type": "Product",
            name: "Semax 10mg",
            offers: { price: "39.00", priceCurrency: "USD" },
          },
        ],
      }),
    );
    expect(summary(html)).toEqual([["Selank 10mg", 49, "USD", false]]);
  });
});

describe("extractListings: tolerant structured data", () => {
  it("reads capitalised keys, comments and trailing commas in JSON-LD", () => {
    const html = page(
      "",
      `<script type="application/ld+json">{
        "@type": "Product", // theme SEO box
        "Name": "KPV 10mg",
        "Offers": { "@type": "Offer", "Price": "20.00", "PriceCurrency": "eur", },
      }</script>`,
    );
    expect(summary(html)).toEqual([["KPV 10mg", 20, "EUR", false]]);
  });

  it("reads the current price of a price specification, not its list price", () => {
    const html = page(
      "",
      ld({
        "@type": "Product",
        name: "DSIP 5mg",
        offers: [
          [
            {
              "@type": "Offer",
              priceSpecification: [
                { priceType: "https://schema.org/ListPrice", price: "45.00", priceCurrency: "GBP" },
                { price: "38.25", priceCurrency: "GBP" },
              ],
            },
          ],
        ],
      }),
    );
    expect(summary(html)).toEqual([["DSIP 5mg", 38.25, "GBP", false]]);
  });

  it("decodes HTML entities a platform left in JSON-LD names and reads a linked microdata name as text", () => {
    const html = page(
      "",
      ld({
        "@type": "Product",
        name: "Bac Water &amp; Syringe Kit &#8211; 10ml",
        offers: { price: "9.00", priceCurrency: "USD" },
      }),
    );
    expect(summary(html)).toEqual([["Bac Water & Syringe Kit – 10ml", 9, "USD", false]]);
    const linked = page(`<div itemscope itemtype="https://schema.org/Product">
      <a itemprop="name" href="/p/kisspeptin">Kisspeptin 10mg</a>
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="52"><meta itemprop="priceCurrency" content="USD"></div></div>`);
    expect(summary(linked)).toEqual([["Kisspeptin 10mg", 52, "USD", false]]);
  });

  it("reads OpenGraph product tags, naming the offer by og:title without the shop's name", () => {
    const html = page(
      "",
      `<meta property="og:title" content="Oxytocin 2mg | Peptide Shop"><meta property="og:site_name" content="Peptide Shop">
       <meta property="product:price:amount" content="18.50"><meta property="product:price:currency" content="GBP">
       <meta property="product:availability" content="out of stock">`,
    );
    expect(summary(html)).toEqual([["Oxytocin 2mg", 18.5, "GBP", true]]);
  });

  it("reads microdata offers outside a product, named by the page heading, and RDFa", () => {
    const offer = page(`<h1>AOD-9604 5mg</h1><div itemscope itemtype="https://schema.org/Offer">
      <meta itemprop="priceCurrency" content="USD"><span itemprop="price">$35.00</span></div>`);
    expect(summary(offer)).toEqual([["AOD-9604 5mg", 35, "USD", false]]);
    const rdfa =
      page(`<div vocab="https://schema.org/" typeof="Product"><h1 property="name">LL-37 5mg</h1>
      <div property="offers" typeof="Offer"><span property="price" content="61.00">61,00 €</span>
      <meta property="priceCurrency" content="EUR"><link property="availability" href="https://schema.org/SoldOut"></div></div>`);
    expect(summary(rdfa)).toEqual([["LL-37 5mg", 61, "EUR", true]]);
  });
});

describe("extractListings: currencies, sale prices, duplicates and links", () => {
  it("never reads '$' alone as US dollars, but takes the currency the page states", () => {
    const selectors = { productSelector: ".card", nameSelector: "h2", priceSelector: ".p" };
    const cards = '<div class="card"><h2>TB-500 5mg</h2><span class="p">$65.00</span></div>';
    expect(summary(page(cards), selectors)).toEqual([["TB-500 5mg", 65, null, false]]);
    expect(
      summary(page(cards, '<meta property="og:price:currency" content="AUD">'), selectors),
    ).toEqual([["TB-500 5mg", 65, "AUD", false]]);
  });

  it("prefers the visible current price to stale JSON-LD and says so", () => {
    const html = page(
      `<div class="product"><div class="summary"><h1 class="product_title">Sermorelin 5mg</h1>
       <p class="price"><del>$45.00</del> <ins>$38.25</ins></p></div></div>`,
      ld({
        "@type": "Product",
        name: "Sermorelin 5mg",
        offers: { price: "45.00", priceCurrency: "USD" },
      }),
    );
    const extraction = extractListings(html, NO_SELECTORS, BASE);
    expect(extraction.listings.map((l) => l.price)).toEqual([38.25]);
    expect(extraction.warnings).toEqual([
      'The page shows 38.25 USD for "Sermorelin 5mg" where its json-ld data says 45.00 USD: the visible price is used',
    ]);
  });

  it("keeps the first in-stock offer of one name (the buy box) and logs the others", () => {
    const html = page(
      "",
      ld({
        "@type": "Product",
        name: "MOTS-c 10mg",
        offers: [
          { price: "54.00", priceCurrency: "GBP", availability: "OutOfStock" },
          { price: "58.00", priceCurrency: "GBP", availability: "InStock" },
          { price: "61.00", priceCurrency: "GBP", availability: "InStock" },
        ],
      }),
    );
    const extraction = extractListings(html, NO_SELECTORS, BASE);
    expect(extraction.listings.map((l) => [l.price, l.soldOut])).toEqual([[58, false]]);
    expect(extraction.warnings).toEqual([
      '3 offers for "MOTS-c 10mg" on the page: kept the first in stock (58.00 GBP), dropped 54.00 GBP, 61.00 GBP',
    ]);
  });

  it("drops links that are not http(s)", () => {
    const html = page(
      `<div class="card"><a href="javascript:alert(1)">BPC-157 5mg</a><span class="p">$20</span></div>
       <div class="card"><a href="data:text/html,x">TB-500 5mg</a><span class="p">$30</span></div>`,
      ld({
        "@type": "Product",
        name: "KPV",
        url: "javascript:alert(1)",
        offers: { price: 5, url: "data:x" },
      }),
    );
    expect(extractListings(html, NO_SELECTORS, BASE).listings[0].link).toBeNull();
    const selected = extractListings(
      html.replace(/<script[^]*<\/script>/, ""),
      { productSelector: ".card", nameSelector: "a", priceSelector: ".p", linkSelector: "a" },
      BASE,
    );
    expect(selected.listings.map((l) => l.link)).toEqual([null, null]);
  });

  it("reads a selector's attribute with @ and gives no price where a script has not drawn one", () => {
    const html = page(
      `<div class="item" data-price="24.95"><h2>Selank 5mg</h2><span class="amount">--</span></div>`,
    );
    expect(
      summary(html, {
        productSelector: ".item",
        nameSelector: "h2",
        priceSelector: ".item@data-price",
      }),
    ).toEqual([["Selank 5mg", 24.95, null, false]]);
    expect(
      summary(html, { productSelector: ".item", nameSelector: "h2", priceSelector: ".amount" }),
    ).toEqual([["Selank 5mg", null, null, false]]);
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

describe("extractListings: the page's own product only (issue 31 Must 9)", () => {
  it("never takes a price from a related-products block", () => {
    // WooCommerce's single product page: the summary, then "Related products" cards.
    const html = page(`
      <div class="product"><div class="summary entry-summary">
        <h1 class="product_title">TB-500 10mg</h1>
        <p class="price"><span class="woocommerce-Price-amount amount">$45.00</span></p>
      </div>
      <section class="related products"><h2>Related products</h2><ul class="products">
        <li class="product" itemscope itemtype="https://schema.org/Product">
          <h2 itemprop="name">BPC-157 5mg</h2>
          <span itemprop="offers" itemscope itemtype="https://schema.org/Offer">
            <meta itemprop="price" content="19.00"><meta itemprop="priceCurrency" content="USD">
          </span></li></ul></section></div>`);
    const { listings } = extractListings(html, NO_SELECTORS, BASE);
    expect(listings.map((l) => [l.name, l.price])).toEqual([["TB-500 10mg", 45]]);
  });

  it("drops tracking parameters from an offer's link and keeps variant parameters", () => {
    const html = page(
      "",
      ld({
        "@type": "Product",
        name: "Semax 10mg",
        offers: {
          "@type": "Offer",
          price: "36.00",
          priceCurrency: "USD",
          url: "/products/semax?variant=42&utm_source=newsletter&utm_medium=email&gclid=abc&fbclid=x&ref=partner",
        },
      }),
    );
    expect(extractListings(html, NO_SELECTORS, BASE).listings[0]?.link).toBe(
      "https://shop.example/products/semax?variant=42",
    );
  });
});
