import { describe, expect, it } from "vitest";

import { parseMerchantFeed, parseMerchantPrice } from "./merchant-feed";

describe("parseMerchantFeed", () => {
  it("reads a Google Merchant RSS feed with the g: namespace", () => {
    const xml = `<?xml version="1.0"?><rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>
      <item><g:id>1</g:id><g:title>BPC-157 10mg</g:title><g:link>https://shop.test/p/1</g:link><g:price>45.00 USD</g:price><g:sale_price>41.50 USD</g:sale_price><g:availability>in stock</g:availability><g:image_link>https://cdn.shop.test/bpc.png</g:image_link></item>
      <item><g:id>2</g:id><title>TB-500 5mg</title><link>https://shop.test/p/2</link><g:price>30 USD</g:price><g:availability>out_of_stock</g:availability></item>
      <item><g:id>3</g:id><g:title>No price</g:title><g:link>https://shop.test/p/3</g:link></item>
    </channel></rss>`;
    expect(parseMerchantFeed(xml)).toEqual([
      {
        id: "1",
        title: "BPC-157 10mg",
        link: "https://shop.test/p/1",
        price: 41.5,
        regularPrice: 45,
        salePrice: 41.5,
        currency: "USD",
        inStock: true,
        imageLink: "https://cdn.shop.test/bpc.png",
      },
      {
        id: "2",
        title: "TB-500 5mg",
        link: "https://shop.test/p/2",
        price: 30,
        regularPrice: 30,
        salePrice: null,
        currency: "USD",
        inStock: false,
        imageLink: null,
      },
    ]);
  });

  it("reads the tab-separated form by its header row", () => {
    const tsv =
      "id\ttitle\tlink\tprice\tavailability\n7\tSelank 5mg\thttps://shop.test/s\t19.90 EUR\tin stock\n";
    expect(parseMerchantFeed(tsv)).toMatchObject([
      { id: "7", price: 19.9, currency: "EUR", inStock: true },
    ]);
  });

  it("parses Merchant Center prices and refuses anything else", () => {
    expect(parseMerchantPrice("39.99 USD")).toEqual({ amount: 39.99, currency: "USD" });
    expect(parseMerchantPrice("39.99")).toEqual({ amount: 39.99, currency: null });
    expect(parseMerchantPrice("$39.99")).toBeNull();
  });
});
