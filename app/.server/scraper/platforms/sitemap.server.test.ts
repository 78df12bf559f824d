import { describe, expect, it } from "vitest";

import { MAX_URLS_PER_SITEMAP } from "./read-limits.server";
import { scanSitemap } from "./sitemap.server";

const urlset = (locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs
    .map((loc) => `<url><loc>${loc}</loc><lastmod>2026-01-01</lastmod></url>`)
    .join("\n")}</urlset>`;

describe("scanSitemap", () => {
  it("reads a urlset's page URLs, entities decoded, CDATA and namespace prefixes allowed", () => {
    const xml = `${urlset(["https://shop.test/product/a/?x=1&amp;y=2"])}
      <url><loc> <![CDATA[https://shop.test/product/b/]]> </loc></url>
      <s:url><s:loc>https://shop.test/product/c/</s:loc></s:url>`;
    expect(scanSitemap(xml)).toEqual({
      kind: "urlset",
      locs: [
        "https://shop.test/product/a/?x=1&y=2",
        "https://shop.test/product/b/",
        "https://shop.test/product/c/",
      ],
      truncated: false,
    });
  });

  it("tells a sitemap index from a urlset", () => {
    const index = `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <sitemap><loc>https://shop.test/product-sitemap.xml</loc></sitemap></sitemapindex>`;
    expect(scanSitemap(index)).toEqual({
      kind: "index",
      locs: ["https://shop.test/product-sitemap.xml"],
      truncated: false,
    });
  });

  it("stops at the protocol's 50,000 URLs per sitemap and says it was truncated", () => {
    const locs = Array.from({ length: 80_000 }, (_, i) => `https://shop.test/product/p${i}/`);
    const scanned = scanSitemap(urlset(locs));
    expect(scanned.truncated).toBe(true);
    expect(scanned.locs).toHaveLength(MAX_URLS_PER_SITEMAP);
    expect(scanned.locs.at(-1)).toBe(`https://shop.test/product/p${MAX_URLS_PER_SITEMAP - 1}/`);
  });

  it("reads nothing from unclosed or malformed <loc> tags", () => {
    expect(scanSitemap("<urlset>" + "<loc>https://shop.test/p/".repeat(10_000)).locs).toEqual([]);
  });
});
