import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import * as t from "~/.server/db/schema";

import { startFileServer } from "../helpers/server";

const site = startFileServer();
const { page } = site;

/** The vendors of the desktop table, in order, by their slugs. */
function tableOrder(html: string): string[] {
  const table = html.split('data-testid="vendors-table"')[1]?.split("</table>")[0] ?? "";
  return [...table.matchAll(/data-testid="vendors-row" data-vendor="([^"]+)"/g)].map((m) => m[1]);
}

/** Every vendor with a public price, straight from the tables, by name. */
async function activeVendors() {
  const rows = await site.server.app.db
    .selectDistinct({ slug: t.vendors.slug, name: t.vendors.name, rating: t.vendors.rating })
    .from(t.vendors)
    .innerJoin(t.vendorPeptides, eq(t.vendorPeptides.vendorId, t.vendors.id))
    .innerJoin(t.peptides, eq(t.peptides.id, t.vendorPeptides.peptideId))
    .where(and(eq(t.vendorPeptides.active, true), eq(t.peptides.active, true)));
  return rows.sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
}

describe("/vendors", () => {
  it("lists every active vendor in a table and as cards, with title, description and canonical", async () => {
    const { response, html } = await page("/vendors");
    expect(response.status).toBe(200);
    const vendors = await activeVendors();
    expect(vendors.length).toBeGreaterThan(3);
    expect(tableOrder(html)).toEqual(vendors.map((v) => v.slug));
    expect([...html.matchAll(/data-testid="vendors-card"/g)]).toHaveLength(vendors.length);
    expect(html).toContain(
      "<title>Peptide vendors: shipping, coupons and ratings · PeptidePrices</title>",
    );
    expect(html).toMatch(/<meta name="description" content="Every vendor on PeptidePrices[^"]+"/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/vendors"/);
    // The demo's terms: a coupon, a threshold, a vendor that does not state its shipping.
    expect(html).toContain("APEX10");
    expect(html).toContain("free over $75.00");
    expect(html).toContain("Destinations not stated");
  });

  it("sorts by the column in the URL, and each header links to its order", async () => {
    const { html } = await page("/vendors?sort=rating&dir=desc");
    const ratings = (await activeVendors()).map((v) => [v.slug, v.rating ?? -1] as const);
    const expected = [...ratings].sort((a, b) => b[1] - a[1]).map(([slug]) => slug);
    expect(tableOrder(html)).toEqual(expected);
    expect(html).toContain('aria-sort="descending"');
    // The current column flips; another starts in its own first direction.
    expect(html).toContain('href="/vendors?sort=rating&amp;dir=asc"');
    expect(html).toContain('href="/vendors?sort=offers&amp;dir=desc"');
    // Name A to Z is the default order: the bare address.
    expect(html).toMatch(/data-testid="vendors-sort-name"[^>]*href="\/vendors"/);
  });

  it("answers an unknown sort or direction with the default order, never an error", async () => {
    const byName = tableOrder((await page("/vendors")).html);
    for (const query of [
      "sort=price%3Bdrop",
      "sort=rating&dir=sideways",
      "sort=&dir=",
      "sort=name&sort=rating",
      `sort=${"x".repeat(5000)}`,
    ]) {
      const { response, html } = await page(`/vendors?${query}`);
      expect(response.status, query).toBe(200);
      if (query.startsWith("sort=rating")) {
        expect(tableOrder(html)).toEqual(tableOrder((await page("/vendors?sort=rating")).html));
      } else {
        expect(tableOrder(html), query).toEqual(byName);
      }
    }
  });

  it("is linked from the header and the footer of every page, and listed in the sitemap", async () => {
    const { html } = await page("/");
    const header = html.split("<header")[1]?.split("</header>")[0] ?? "";
    const footer = html.split("<footer")[1]?.split("</footer>")[0] ?? "";
    expect(header).toContain('href="/vendors"');
    expect(footer).toContain('href="/vendors"');
    const xml = await (await site.server.fetch("/sitemap.xml")).text();
    expect(xml).toContain(`<loc>${site.server.baseUrl}/vendors</loc>`);
  });

  it("says so when no vendor has a price to show", async () => {
    const active = await site.server.app.db
      .select({ id: t.vendorPeptides.id })
      .from(t.vendorPeptides)
      .where(eq(t.vendorPeptides.active, true));
    await site.server.app.db.update(t.vendorPeptides).set({ active: false });
    try {
      const { response, html } = await page("/vendors");
      expect(response.status).toBe(200);
      expect(html).toContain("No vendors have prices listed yet.");
      expect(tableOrder(html)).toEqual([]);
    } finally {
      await site.server.app.db
        .update(t.vendorPeptides)
        .set({ active: true })
        .where(
          inArray(
            t.vendorPeptides.id,
            active.map((row) => row.id),
          ),
        );
    }
  });
});
