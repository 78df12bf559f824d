import { parseFeed } from "@rowanmanning/feed-parser";
import { describe, expect, it } from "vitest";

import { atomProblems } from "../../tests/helpers/atom-checks";

import { atomDate, buildAtomFeed, escapeXml, tagUri } from "./atom";
import {
  buildPeptidePriceDropFeed,
  buildSitePriceDropFeed,
  peptideFeedPath,
  priceDropEntry,
  nowText,
  priceDropTitle,
  type PriceDropItem,
} from "./price-drop-feed";

const BASE_URL = "http://localhost:3000";

function drop(overrides: Partial<PriceDropItem> = {}): PriceDropItem {
  return {
    id: "0b8f3c52-6f0a-4a4e-9d52-1a2b3c4d5e6f",
    peptideName: "BPC-157",
    peptideSlug: "bpc-157",
    sizeQuantity: 10,
    sizeUnit: "mg",
    sizeUnitLabel: null,
    vials: 1,
    vendorName: "Apex Peptide Labs",
    previousPrice: 49,
    price: 39,
    currency: "USD",
    inStock: true,
    observedAt: new Date("2026-11-20T08:30:15.123Z"),
    now: null,
    ...overrides,
  };
}

describe("priceDropTitle", () => {
  it("names the peptide, size, vendor and both prices", () => {
    expect(priceDropTitle(drop())).toBe("BPC-157 10mg at Apex Peptide Labs: $49.00 → $39.00");
  });

  it("says the pack of a kit and the shop's currency", () => {
    expect(
      priceDropTitle(drop({ vials: 5, currency: "EUR", previousPrice: 200, price: 180 })),
    ).toBe("BPC-157 10mg × 5 vials at Apex Peptide Labs: €200.00 → €180.00");
  });
});

describe("priceDropEntry", () => {
  it("has a tag: id from the history row, the detail page of that size, and whole-second UTC time", () => {
    const entry = priceDropEntry(drop(), "https://peptides.example:8443");
    expect(entry.id).toBe(
      "tag:peptides.example,2026-01-01:price-drop:0b8f3c52-6f0a-4a4e-9d52-1a2b3c4d5e6f",
    );
    expect(entry.link).toBe("https://peptides.example:8443/peptide/bpc-157?size=10mg");
    expect(entry.updated).toBe("2026-11-20T08:30:15Z");
    expect(entry.summary).toBe(
      "Apex Peptide Labs lowered BPC-157 10mg from $49.00 to $39.00 (20% less, before any coupon); in stock when seen.",
    );
  });

  it("never says a cut is 0% less: a cut under half a percent is 'under 1% less'", () => {
    const summary = priceDropEntry(drop({ previousPrice: 49.99, price: 49.89 }), BASE_URL).summary;
    expect(summary).toContain("from $49.99 to $49.89 (under 1% less, before any coupon)");
    expect(summary).not.toContain("0% less");
  });

  it("rounds a cut of half a percent or more to whole percents", () => {
    const summary = priceDropEntry(drop({ previousPrice: 100, price: 99.4 }), BASE_URL).summary;
    expect(summary).toContain("(1% less, before any coupon)");
  });
});

describe("what the offer costs now (the offer table's figures, issue 30)", () => {
  const display = {
    currency: "USD",
    converted: false,
    price: 35.1,
    priceAfterCoupon: 35.1,
    perVial: 35.1,
    perMg: 3.51,
    shipping: 8.8,
    total: 43.9,
    totalPerVial: 43.9,
    totalPerMg: 4.39,
  };

  it("says the delivered total and per mg delivered", () => {
    const summary = priceDropEntry(drop({ now: { display } }), BASE_URL).summary;
    expect(summary).toContain(
      "in stock when seen. Now $43.90 delivered; per mg, delivered: $4.39.",
    );
  });

  it("says the price after coupon with '+ shipping (not stated)' when shipping is unknown", () => {
    const unknown = {
      ...display,
      shipping: null,
      total: null,
      totalPerVial: null,
      totalPerMg: null,
    };
    expect(nowText({ display: unknown })).toBe("Now $35.10 after coupon + shipping (not stated).");
    expect(nowText(null)).toBeNull();
  });
});

describe("atom helpers", () => {
  it("escapes markup and drops characters XML forbids", () => {
    expect(escapeXml(`<b>"Tom" & 'Jerry'</b>\u0007`)).toBe(
      "&lt;b&gt;&quot;Tom&quot; &amp; &apos;Jerry&apos;&lt;/b&gt;",
    );
  });

  it("makes tag URIs and RFC 3339 dates", () => {
    expect(tagUri("Example.COM", "2026-01-01", "x")).toBe("tag:example.com,2026-01-01:x");
    expect(atomDate(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)))).toBe("2026-01-02T03:04:05Z");
  });

  it("escapes every text and attribute it writes", () => {
    const xml = buildAtomFeed({
      id: "tag:x.test,2026:feed",
      title: "A & B <feed>",
      updated: "2026-01-01T00:00:00Z",
      selfUrl: "http://x.test/feed?a=1&b=2",
      alternateUrl: "http://x.test/",
      author: { name: "X & Y" },
      entries: [],
    });
    expect(xml).toContain("<title>A &amp; B &lt;feed&gt;</title>");
    expect(xml).toContain('href="http://x.test/feed?a=1&amp;b=2"');
    expect(atomProblems(xml)).toEqual([]);
  });
});

describe("price-drop feeds", () => {
  const hostile = drop({
    id: "11111111-2222-4333-8444-555555555555",
    peptideName: `Evil <script>alert("x")</script> & Co`,
    vendorName: 'Shop "Quotes" & <Tags>',
    observedAt: new Date("2026-11-19T00:00:00Z"),
  });

  it("builds a site feed a feed parser reads back, entry by entry", () => {
    const xml = buildSitePriceDropFeed({
      baseUrl: BASE_URL,
      drops: [drop(), hostile],
      fallbackUpdated: new Date("2000-01-01T00:00:00Z"),
    });
    expect(atomProblems(xml)).toEqual([]);
    const feed = parseFeed(xml);
    expect(feed.meta.type).toBe("atom");
    expect(feed.title).toBe("PeptidePrices: price drops");
    expect(feed.self).toBe(`${BASE_URL}/feeds/price-drops.atom`);
    expect(feed.url).toBe(`${BASE_URL}/`);
    expect(feed.updated?.toISOString()).toBe("2026-11-20T08:30:15.000Z");
    expect(feed.items).toHaveLength(2);
    expect(feed.items[0]!.title).toBe("BPC-157 10mg at Apex Peptide Labs: $49.00 → $39.00");
    expect(feed.items[0]!.url).toBe(`${BASE_URL}/peptide/bpc-157?size=10mg`);
    expect(feed.items[1]!.title).toBe(
      `Evil <script>alert("x")</script> & Co 10mg at Shop "Quotes" & <Tags>: $49.00 → $39.00`,
    );
    expect(xml).not.toContain("<script>");
  });

  it("dates an empty feed by the fallback and still passes", () => {
    const xml = buildSitePriceDropFeed({
      baseUrl: BASE_URL,
      drops: [],
      fallbackUpdated: new Date("2026-05-05T05:05:05Z"),
    });
    expect(atomProblems(xml)).toEqual([]);
    expect(parseFeed(xml).updated?.toISOString()).toBe("2026-05-05T05:05:05.000Z");
  });

  it("builds a peptide's feed with an id that follows the peptide, not its slug", () => {
    const peptide = {
      id: "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee",
      name: "BPC-157",
      slug: "bpc-157",
    };
    const xml = buildPeptidePriceDropFeed({
      baseUrl: BASE_URL,
      peptide,
      drops: [drop()],
      fallbackUpdated: new Date(),
    });
    expect(atomProblems(xml)).toEqual([]);
    const feed = parseFeed(xml);
    expect(feed.title).toBe("PeptidePrices: BPC-157 price drops");
    expect(feed.self).toBe(`${BASE_URL}${peptideFeedPath("bpc-157")}`);
    expect(feed.url).toBe(`${BASE_URL}/peptide/bpc-157`);
    const renamed = buildPeptidePriceDropFeed({
      baseUrl: BASE_URL,
      peptide: { ...peptide, slug: "bpc-157-arginate" },
      drops: [],
      fallbackUpdated: new Date(),
    });
    const idOf = (text: string) => /<id>([^<]+)<\/id>/.exec(text)![1];
    expect(idOf(renamed)).toBe(idOf(xml));
  });
});

describe("atomProblems", () => {
  it("catches what RFC 4287 requires", () => {
    const broken = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>x</title>
      <updated>yesterday</updated><entry><id>not an iri</id><title>a</title><updated>2026-01-01T00:00:00Z</updated><updated>2026-01-02T00:00:00Z</updated></entry></feed>`;
    expect(atomProblems(broken)).toEqual(
      expect.arrayContaining([
        "feed has 0 atom:id elements, not one",
        'feed\'s updated "yesterday" is not RFC 3339',
        "feed has no link rel=self",
        "entry 1 has 2 atom:updated elements, not one",
        'entry 1\'s id "not an iri" is not an absolute IRI',
        "entry 1 has no link rel=alternate",
        "entry 1 has no author, and neither has the feed",
      ]),
    );
    expect(atomProblems("<feed><unclosed></feed>")[0]).toMatch(/^not well-formed XML/);
  });
});
