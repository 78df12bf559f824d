import { describe, expect, it } from "vitest";

import {
  evidenceExcerpt,
  provenanceSentence,
  readVia,
  type PriceProvenance,
} from "./price-provenance";
import { parsePriceProvenance, publicPriceRead } from "./price-provenance-schema";

const NOW = new Date("2026-05-01T12:00:00Z");
const feed: PriceProvenance = {
  via: "feed",
  url: "https://shop.example/wp-json/wc/store/v1/products?page=1",
  readAt: "2026-05-01T10:00:00.000Z",
  runId: "7c3f8a52-1b2d-4e5f-8a9b-0c1d2e3f4a5b",
  sourceKind: "woocommerce",
  evidence: '"price":"2450","currency_minor_unit":2,"currency_code":"USD"',
};

describe("provenanceSentence", () => {
  it("says how and how long ago the price was read", () => {
    expect(provenanceSentence(feed, NOW)).toBe("read from the vendor's product feed 2 h ago");
    expect(
      provenanceSentence({ ...feed, via: "json-ld", readAt: "2026-04-28T11:00:00.000Z" }, NOW),
    ).toBe("read from the product page's structured data 3 d ago");
    expect(provenanceSentence({ ...feed, via: "manual", readAt: NOW.toISOString() }, NOW)).toBe(
      "entered by the site's staff less than 1 h ago",
    );
  });
});

describe("publicPriceRead", () => {
  it("keeps only how and when of a stored provenance", () => {
    expect(publicPriceRead(feed)).toEqual({ via: "feed", readAt: feed.readAt });
    expect(publicPriceRead({ via: "feed" })).toBeNull();
    expect(publicPriceRead(null)).toBeNull();
  });
});

describe("readVia", () => {
  it("names the way each extraction method and shop kind reads a price", () => {
    expect(
      ["woocommerce", "shopify", "json-ld", "microdata", "meta", "selectors", "browser"].map(
        readVia,
      ),
    ).toEqual(["feed", "feed", "json-ld", "microdata", "opengraph", "selector", "browser"]);
  });
});

describe("parsePriceProvenance", () => {
  it("reads a stored provenance back and refuses anything else", () => {
    expect(parsePriceProvenance(feed)).toEqual(feed);
    expect(parsePriceProvenance({ ...feed, via: "guess" })).toBeNull();
    expect(parsePriceProvenance(null)).toBeNull();
  });
});

describe("evidenceExcerpt", () => {
  it("keeps one line of at most 200 characters", () => {
    expect(evidenceExcerpt("  a\n  b  ")).toBe("a b");
    expect(evidenceExcerpt("x".repeat(300))).toHaveLength(200);
  });
});
