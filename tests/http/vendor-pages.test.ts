import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import * as t from "~/.server/db/schema";

import { startFileServer } from "../helpers/server";

const site = startFileServer();
const { page } = site;

/** The vendor slugs the vendor links in a piece of HTML point to. */
const vendorLinks = (html: string) =>
  [...html.matchAll(/<a [^>]*data-testid="vendor-link"[^>]*>/g)].map(
    ([tag]) => tag.match(/href="\/vendor\/([^"]+)"/)?.[1],
  );

const jsonLd = (html: string) =>
  html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1] ?? "";

describe("/vendor/{slug}", () => {
  it("shows the vendor, its coupon, terms and every one of its prices", async () => {
    const { response, html } = await page("/vendor/apex-peptide-labs");
    expect(response.status).toBe(200);
    expect(html).toContain("<title>Apex Peptide Labs · vendor prices · PeptidePrices</title>");
    expect(html).toContain('rel="canonical" href="http://');
    expect(html).toContain("/vendor/apex-peptide-labs");
    expect(html).toContain("APEX10");
    expect(html).toContain("Payment methods");
    expect(html).toContain("Visa, Mastercard, Bitcoin");
    expect(html).toContain("$6.95 per order, free from $75.00");
    expect(html).toContain("4.7");
    expect(html).toContain("Shipping");
    expect(html).toMatch(/price changes? in the last 30 days|No price changes/);

    const vendorOffers = await site.server.app.db
      .select({ id: t.vendorPeptides.id })
      .from(t.vendorPeptides)
      .innerJoin(t.vendors, eq(t.vendors.id, t.vendorPeptides.vendorId))
      .where(eq(t.vendors.slug, "apex-peptide-labs"));
    const rows = html.match(/data-testid="vendor-offer-row"/g) ?? [];
    expect(vendorOffers.length).toBeGreaterThan(0);
    expect(rows).toHaveLength(vendorOffers.length);
  });

  it("carries JSON-LD of an Organization, escaped for a script element", async () => {
    await site.server.app.db
      .update(t.vendors)
      .set({ website: "https://apex.example/</script><b>" })
      .where(eq(t.vendors.slug, "apex-peptide-labs"));
    const { html } = await page("/vendor/apex-peptide-labs");
    const json = jsonLd(html);
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Apex Peptide Labs",
      url: "https://apex.example/</script><b>",
    });
  });

  it("does not show an expired coupon as current", async () => {
    const { html } = await page("/vendor/meridian-biolabs");
    expect(html).not.toContain("SPRING20");
    expect(html).toContain("No coupon right now");
  });

  it("answers an unknown vendor with the vendor 404 page", async () => {
    const { response, html } = await page("/vendor/no-such-vendor");
    expect(response.status).toBe(404);
    expect(html).toContain("Vendor not found");
    expect(html).toContain("Return to Home");
    expect(html).toContain('content="noindex"');
  });

  it("sends a former slug and other letter case to the current page with a 301", async () => {
    const [vendor] = await site.server.app.db
      .select({ id: t.vendors.id })
      .from(t.vendors)
      .where(eq(t.vendors.slug, "helix-source"));
    await site.server.app.db
      .update(t.vendors)
      .set({ name: "Helix Source Renamed" })
      .where(eq(t.vendors.id, vendor.id));
    try {
      const renamed = await site.server.fetch("/vendor/helix-source");
      expect(renamed.status).toBe(301);
      expect(renamed.headers.get("location")).toBe("/vendor/helix-source-renamed");
      const upper = await site.server.fetch("/vendor/Helix-Source-Renamed");
      expect(upper.status).toBe(301);
      expect(upper.headers.get("location")).toBe("/vendor/helix-source-renamed");
    } finally {
      await site.server.app.db
        .update(t.vendors)
        .set({ name: "Helix Source" })
        .where(eq(t.vendors.id, vendor.id));
    }
  });
});

describe("links and sitemap", () => {
  it("links every vendor name of the detail page's price table to its vendor page", async () => {
    const { html } = await page("/peptide/bpc-157");
    const table = html.split('data-testid="price-table"')[1] ?? "";
    const rowCount = (table.match(/data-testid="price-row"/g) ?? []).length;
    const links = vendorLinks(table);
    expect(rowCount).toBeGreaterThan(0);
    expect(links).toHaveLength(rowCount);
    for (const slug of links) {
      const { response } = await page(`/vendor/${slug}`);
      expect(response.status).toBe(200);
    }
  });

  it("links the compare table's vendors too", async () => {
    const { html } = await page("/compare?peptide=bpc-157");
    const table = html.split('data-testid="compare-table"')[1] ?? "";
    expect(vendorLinks(table).length).toBeGreaterThan(0);
    expect(vendorLinks(table).every((slug) => slug && /^[a-z0-9-]+$/.test(slug))).toBe(true);
  });

  it("lists every vendor page in the sitemap", async () => {
    const { html: xml } = await page("/sitemap.xml");
    const vendors = await site.server.app.db.select({ slug: t.vendors.slug }).from(t.vendors);
    for (const { slug } of vendors) {
      expect(xml).toMatch(new RegExp(`<loc>[^<]*/vendor/${slug}</loc><lastmod>`));
    }
  });
});

describe("price history on the detail page", () => {
  it("shows the range switch, lowest, highest and current prices and a table", async () => {
    const { html } = await page("/peptide/bpc-157?range=30d");
    expect(html).toContain('aria-label="History range"');
    expect(html).toMatch(/aria-pressed="true"[^>]*>30 days</);
    expect(html).toContain('data-testid="history-lowest"');
    expect(html).toContain('data-testid="history-highest"');
    expect(html).toContain('data-testid="history-current"');
    // The table's rows wait until it is opened; without JavaScript a link opens it.
    expect(html).not.toContain('data-testid="price-history-table"');
    expect(html).toContain('href="/peptide/bpc-157?range=30d&amp;history=table#history-heading"');
  });

  it("renders the history table, open, for ?history=table (the page without JavaScript)", async () => {
    const { html } = await page("/peptide/bpc-157?range=30d&history=table");
    expect(html).toMatch(/<details open=""[^>]*><summary[^>]*>Show as table/);
    expect(html).toContain('data-testid="price-history-table"');
    expect(html).toMatch(/<caption[^>]*>Prices of /);
    expect(html).toContain('<th scope="col">Date</th>');
    expect(html).toMatch(/<tbody><tr><th scope="row">/);
  });

  it("takes an unknown range as the default one", async () => {
    const { response, html } = await page("/peptide/bpc-157?range=bogus");
    expect(response.status).toBe(200);
    expect(html).toMatch(/aria-pressed="true"[^>]*>90 days</);
  });
});
