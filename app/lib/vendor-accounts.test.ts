import { describe, expect, it } from "vitest";

import {
  fileHasToken,
  isOnShopHost,
  isShopEmail,
  keyPrefix,
  metaTokens,
  plainReplyText,
  storefrontAgrees,
} from "./vendor-accounts";

describe("shop proofs", () => {
  it("reads the token from the verification meta tag only", () => {
    const html = `<head><meta name="description" content="x"><meta content="tok-1" name="PeptidePrices-Verification"><meta name=peptideprices-verification content='tok-2'></head>`;
    expect(metaTokens(html)).toEqual(["tok-1", "tok-2"]);
    expect(metaTokens(`<meta name="other" content="tok-1">`)).toEqual([]);
  });

  it("finds the token on a line of its own in the file", () => {
    expect(fileHasToken("# comment\n  tok-1  \r\n", "tok-1")).toBe(true);
    expect(fileHasToken("prefix tok-1", "tok-1")).toBe(false);
  });

  it("takes a shop's own host with or without www, and addresses at its domain", () => {
    expect(isOnShopHost("https://www.shop.test/p/1", "https://shop.test/")).toBe(true);
    expect(isOnShopHost("https://evil.test/shop.test", "https://shop.test/")).toBe(false);
    expect(isOnShopHost("https://shop.test/", null)).toBe(false);
    expect(isShopEmail("owner@shop.test", "https://www.shop.test")).toBe(true);
    expect(isShopEmail("owner@store.shop.test", "https://shop.test")).toBe(false);
    expect(isShopEmail("owner@gmail.com", "https://shop.test")).toBe(false);
  });
});

describe("keys and storefront agreement", () => {
  it("reads a key's public prefix", () => {
    expect(keyPrefix(`ppk_0123abcd_${"x".repeat(32)}`)).toBe("ppk_0123abcd");
    expect(keyPrefix("ppk_0123abcd_short")).toBeNull();
  });

  it("agrees only on the same price to the cent and the same stock", () => {
    const readings = [
      { price: 41.5, soldOut: false },
      { price: 20, soldOut: true },
    ];
    expect(storefrontAgrees({ price: 41.5, stockStatus: "in_stock" }, readings)).toEqual(
      readings[0],
    );
    expect(storefrontAgrees({ price: 41.5, stockStatus: "out_of_stock" }, readings)).toBeNull();
    expect(storefrontAgrees({ price: 20, stockStatus: "out_of_stock" }, readings)).toEqual(
      readings[1],
    );
    expect(storefrontAgrees({ price: 41.51, stockStatus: "in_stock" }, readings)).toBeNull();
  });
});

describe("a vendor's reply as plain text", () => {
  it("drops markup-like tags, control and direction-override characters", () => {
    expect(plainReplyText("<script>alert(1)</script>Glad \u202eit helped\u0007")).toBe(
      "alert(1)Glad it helped",
    );
    expect(plainReplyText("<p></p>")).toBe("");
  });

  it("keeps line breaks and text that only looks like comparison", () => {
    expect(plainReplyText("Purity < 98% was retested\r\n\r\n\r\n\nThanks")).toBe(
      "Purity < 98% was retested\n\nThanks",
    );
    expect(plainReplyText("  2 < 3 > 1  ")).toBe("2 < 3 > 1");
  });
});
