import { describe, expect, it } from "vitest";

import { extractListings, extractShopifyProductJs } from "../extract.server";
import { feedImage } from "../../scraper/platforms/shop-offer.server";

const BASE = "https://shop.example/products/bpc-157";
const NO_SELECTORS = { productSelector: null, nameSelector: null, priceSelector: null };
const ld = (value: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const product = (name: string, image: unknown) => ({
  "@type": "Product",
  name,
  image,
  offers: { "@type": "Offer", price: "40", priceCurrency: "USD" },
});
const imagesOf = (html: string) =>
  extractListings(html, NO_SELECTORS, BASE).listings.map((listing) => listing.imageUrl ?? null);

describe("the product image a listing names", () => {
  it("reads JSON-LD's image as a URL, a list or an ImageObject, resolved against the page", () => {
    expect(imagesOf(ld(product("BPC-157 10mg", "/img/bpc.png")))).toEqual([
      "https://shop.example/img/bpc.png",
    ]);
    expect(imagesOf(ld(product("BPC-157 10mg", ["https://cdn.example/a.jpg", "/b.jpg"])))).toEqual([
      "https://cdn.example/a.jpg",
    ]);
    expect(
      imagesOf(
        ld(product("BPC-157 10mg", { "@type": "ImageObject", contentUrl: "//cdn.example/c.webp" })),
      ),
    ).toEqual(["https://cdn.example/c.webp"]);
  });

  it("gives each product of a list page its own image, and none the og:image of the page", () => {
    const html =
      '<meta property="og:image" content="/banner.jpg">' +
      ld([product("BPC-157 10mg", "/bpc.png"), product("TB-500 5mg", null)]);
    expect(imagesOf(html)).toEqual(["https://shop.example/bpc.png", null]);
  });

  it("takes the og:image of a page of one product whose data names no image", () => {
    const html = '<meta property="og:image" content="/og.jpg">' + ld(product("BPC-157", null));
    expect(imagesOf(html)).toEqual(["https://shop.example/og.jpg"]);
  });

  it("keeps only http(s) images", () => {
    expect(imagesOf(ld(product("BPC-157", "javascript:alert(1)")))).toEqual([null]);
    expect(imagesOf(ld(product("BPC-157", "data:image/png;base64,AAAA")))).toEqual([null]);
  });

  it("reads a Shopify product's featured_image", () => {
    const json = {
      title: "BPC-157",
      featured_image: "//cdn.shopify.com/bpc.png",
      variants: [{ id: 1, title: "10mg", price: 4000, available: true }],
    };
    const [listing] = extractShopifyProductJs(json, "<html></html>", BASE);
    expect(listing?.imageUrl).toBe("https://cdn.shopify.com/bpc.png");
  });

  it("reads a feed row's images[0].src or image.src, and nothing from a malformed list", () => {
    expect(feedImage({ images: [{ src: "/a.png" }] }, BASE)).toBe("https://shop.example/a.png");
    expect(feedImage({ images: [], image: { src: "https://cdn.example/b.png" } }, BASE)).toBe(
      "https://cdn.example/b.png",
    );
    expect(feedImage({ images: "nope", image: 3 }, BASE)).toBeNull();
    expect(feedImage({}, BASE)).toBeNull();
  });
});
