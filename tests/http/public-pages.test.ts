import { load } from "cheerio";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getAdminPeptide, getPeptideIdBySlug, updatePeptide } from "~/.server/data/peptides.server";
import * as t from "~/.server/db/schema";
import { formatPrice } from "~/lib/format";
import type { ApiOfferList } from "~/lib/open-data-schemas";

import { createUserWithPassword } from "../helpers/auth";
import { startFileServer } from "../helpers/server";

const site = startFileServer();
const { page } = site;

/** Visible text of the cards in the main grid, in order. */
function cardNames(html: string): string[] {
  const grid = html.split('data-testid="peptide-grid"')[1] ?? "";
  return [...grid.matchAll(/<article[^>]*aria-label="([^"]+)"/g)].map((m) => m[1]);
}

describe("home", () => {
  it("renders the hero, featured peptides, category bar and cards", async () => {
    const { response, html } = await page("/");
    expect(response.status).toBe(200);
    expect(html).toContain("Find the Best Deals on Peptides");
    expect(html).toContain("Compare Now");
    expect(html).toContain("Learn More");
    expect(html).toContain("Featured Peptides");
    expect(html).toContain("All Categories");
    expect(html).toContain("Healing &amp; Recovery");
    expect(cardNames(html)).toContain("BPC-157");
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/"/);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    // The homepage ad of the demo data.
    expect(html).toContain("Independent third-party testing");
  });

  it("shows 'No Peptide' for an empty featured slot", async () => {
    const before = await page("/");
    expect(before.html).not.toContain("No Peptide");
    await site.server.app.db
      .update(t.peptides)
      .set({ isPopular: false, popularOrder: null })
      .where(eq(t.peptides.slug, "tb-500"));
    try {
      const { html } = await page("/");
      expect(html).toContain("No Peptide");
    } finally {
      await site.server.app.db
        .update(t.peptides)
        .set({ isPopular: true, popularOrder: 3 })
        .where(eq(t.peptides.slug, "tb-500"));
    }
  });

  it("filters by category from the URL", async () => {
    const { html } = await page("/?category=metabolic");
    expect(cardNames(html).sort()).toEqual(["AOD-9604", "Semaglutide", "Tirzepatide"]);
    expect(html).toMatch(/aria-current="page"[^>]*>Metabolic</);
  });

  it("filters by vial size from the URL (GET form)", async () => {
    const { html } = await page("/?size=15mg");
    expect(cardNames(html)).toEqual(["Tirzepatide"]);
  });

  it("shows the empty state for a category with no peptides", async () => {
    await site.server.app.db
      .insert(t.categories)
      .values({ name: "Empty shelf", slug: "empty-shelf" });
    const { response, html } = await page("/?category=empty-shelf");
    expect(response.status).toBe(200);
    expect(html).toContain("No peptides found with the current filters.");
    expect(html).toContain("Clear Filters");
    expect(cardNames(html)).toEqual([]);
  });

  it("pages 24 cards at a time with ?page=N", async () => {
    const [category] = await site.server.app.db
      .insert(t.categories)
      .values({ name: "Bulk", slug: "bulk" })
      .returning();
    await site.server.app.db.insert(t.peptides).values(
      Array.from({ length: 30 }, (_, i) => ({
        name: `Bulk peptide ${String(i).padStart(2, "0")}`,
        slug: `bulk-peptide-${i}`,
        categoryId: category.id,
      })),
    );
    const first = await page("/?category=bulk");
    expect(cardNames(first.html)).toHaveLength(24);
    expect(first.html).toContain("Page 1 of 2");
    expect(first.html).toContain('href="/?category=bulk&amp;page=2"');
    const second = await page("/?category=bulk&page=2");
    expect(second.response.status).toBe(200);
    expect(cardNames(second.html)).toEqual([
      "Bulk peptide 24",
      "Bulk peptide 25",
      "Bulk peptide 26",
      "Bulk peptide 27",
      "Bulk peptide 28",
      "Bulk peptide 29",
    ]);
  });

  it("asks browsers and CDNs to revalidate public pages, and to store nothing with a cookie", async () => {
    const anonymous = await site.server.fetch("/");
    expect(anonymous.headers.get("cache-control")).toBe("public, no-cache");
    expect(anonymous.headers.get("vary")).toMatch(/cookie/i);
    const withCookie = await site.server.fetch("/", { headers: { cookie: "something=1" } });
    expect(withCookie.headers.get("cache-control")).toBe("private, no-store");
    expect(withCookie.headers.get("vary")).toMatch(/cookie/i);
  });
});

describe("peptide detail", () => {
  it("renders the price table, badges, benefits, recommendations and JSON-LD", async () => {
    const { response, html } = await page("/peptide/bpc-157");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("public");
    expect(html).toContain("<h1");
    expect(html).toContain("BPC-157");
    expect(html).toContain("Healing &amp; Recovery");
    expect(html).toContain("Best Price");
    expect(html).toContain("Key Benefits");
    expect(html).toContain("Recommended Products");
    expect(html).toContain("Price history");
    expect(html).toContain('rel="nofollow noopener"');
    expect(html).toMatch(/updated [^<]*ago|updated just now/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/peptide\/bpc-157"/);
    expect(html).toContain("<title>BPC-157 prices · PeptidePrices</title>");

    const json = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1];
    expect(json).toBeDefined();
    const product = JSON.parse(json!);
    expect(product["@type"]).toBe("Product");
    expect(product.name).toBe("BPC-157");
    expect(product.offers["@type"]).toBe("AggregateOffer");
    expect(product.offers.priceCurrency).toBe("USD");
    expect(Number(product.offers.lowPrice)).toBeLessThanOrEqual(Number(product.offers.highPrice));
    const [{ n }] = await site.server.app.db
      .select({ n: t.vendorPeptides.id })
      .from(t.vendorPeptides)
      .innerJoin(t.peptides, eq(t.peptides.id, t.vendorPeptides.peptideId))
      .where(eq(t.peptides.slug, "bpc-157"))
      .then((rows) => [{ n: rows.length }]);
    expect(product.offers.offerCount).toBe(n);
  });

  it("escapes '<' inside the JSON-LD", async () => {
    await site.server.app.db
      .update(t.peptides)
      .set({ description: "Danger </script><script>alert(1)</script>" })
      .where(eq(t.peptides.slug, "kpv"));
    const { html } = await page("/peptide/kpv");
    const json = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1] ?? "";
    expect(json).not.toContain("<");
    expect(JSON.parse(json).description).toBe("Danger </script><script>alert(1)</script>");
  });

  it("answers an unknown slug with 'Peptide not found' and 404", async () => {
    const { response, html } = await page("/peptide/no-such-peptide");
    expect(response.status).toBe(404);
    expect(html).toContain("Peptide not found");
  });
});

describe("offers: best means buyable, in the visitor's currency", () => {
  /** The price table's rows in order: whether each is buyable and its HTML. */
  function tableRows(html: string, testId = "price-row") {
    return html
      .split(`data-testid="${testId}"`)
      .slice(1)
      .map((chunk) => {
        const row = chunk.split("</tr>")[0];
        return { buyable: row.includes('data-buyable="true"'), html: row };
      });
  }

  it("lists out-of-stock and stale offers after the others and never marks them", async () => {
    await site.server.app.db
      .update(t.vendorPeptides)
      .set({ missedScrapes: 5 })
      .where(
        eq(
          t.vendorPeptides.peptideId,
          site.server.app.db
            .select({ id: t.peptides.id })
            .from(t.peptides)
            .where(eq(t.peptides.slug, "semax")),
        ),
      );
    const { html } = await page("/peptide/tb-500");
    const rows = tableRows(html);
    expect(rows.some((r) => !r.buyable)).toBe(true);
    const firstUnavailable = rows.findIndex((r) => !r.buyable);
    expect(rows.slice(firstUnavailable).every((r) => !r.buyable)).toBe(true);
    for (const row of rows.filter((r) => !r.buyable)) {
      expect(row.html).not.toContain("Best Price");
      expect(row.html).not.toContain("Good Deal");
    }
    expect(rows.filter((r) => r.html.includes("Best Price")).length).toBeGreaterThan(0);

    // Every offer of Semax is stale now: listed, marked Stale, none Best Price.
    const stale = await page("/peptide/semax");
    const staleRows = tableRows(stale.html);
    expect(staleRows.length).toBeGreaterThan(0);
    expect(staleRows.every((r) => !r.buyable && r.html.includes("Stale"))).toBe(true);
    expect(stale.html).not.toContain("Best Price");
  });

  it("renders each offer once, in a table with column headers (cards below 640 px are CSS)", async () => {
    for (const [path, testId] of [
      ["/peptide/bpc-157", "price-row"],
      ["/compare?peptide=bpc-157", "compare-row"],
    ]) {
      const { html } = await page(path);
      const rows = tableRows(html, testId);
      expect(rows.length).toBeGreaterThan(1);
      const buyLinks = (html.match(/data-testid="buy"/g) ?? []).length;
      expect(buyLinks).toBe(rows.filter((r) => r.html.includes('data-testid="buy"')).length);
      expect((html.match(/data-testid="price-after-coupon"/g) ?? []).length).toBe(rows.length);
      expect(html).toMatch(/<th scope="col"[^>]*><button[^>]*>Price after coupon/);
      expect(rows.every((r) => r.html.includes('data-label="Price after coupon"'))).toBe(true);
    }
  });

  it("hides what cannot be bought with ?stock=in, and keeps the switch in the URL", async () => {
    const all = tableRows((await page("/peptide/tb-500")).html);
    const { html } = await page("/peptide/tb-500?stock=in");
    const rows = tableRows(html);
    expect(rows.length).toBe(all.filter((r) => r.buyable).length);
    expect(rows.every((r) => r.buyable)).toBe(true);
    expect(html).toMatch(/role="switch" aria-checked="true"[^>]*>/);
  });

  it("shows shipping and the total for one, and says whether Best Price includes shipping", async () => {
    const { html } = await page("/compare?peptide=bpc-157");
    expect(html).toContain(">Shipping<");
    expect(html).toContain(">Total<");
    expect(html).toMatch(
      /data-testid="best-shipping">(free shipping|incl\. shipping|\+ shipping \(not stated\))</,
    );
  });

  it("converts prices into the display currency from the cookie and says from what", async () => {
    const { html } = await page("/peptide/bpc-157", {
      headers: { cookie: "display_currency=EUR" },
    });
    expect(html).toMatch(/≈ (<!-- -->)?€\d+\.\d{2}/);
    expect(html).toMatch(/ · from (<!-- -->)?\$\d+\.\d{2}/);
    // The JSON-LD says what the table says: the same offers in the same currency (issue 30).
    const json = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1];
    expect(JSON.parse(json!).offers.priceCurrency).toBe("EUR");
    const home = await page("/", { headers: { cookie: "display_currency=EUR" } });
    expect(home.html).toMatch(/data-testid="card-price"[^>]*>≈ (<!-- -->)?€/);
  });

  it("keeps the detail page's size in the URL", async () => {
    const { html } = await page("/peptide/bpc-157?size=10mg");
    const rows = tableRows(html);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.html.includes(">10mg<"))).toBe(true);
    expect(html).toMatch(/aria-current="true"[^>]*>10mg</);
  });

  it("sorts the home grid by most vendors from the URL", async () => {
    const { html } = await page("/?sort=vendors");
    expect(html).toMatch(/<option value="vendors" selected="">Most vendors<\/option>/);
    expect(cardNames(html).length).toBeGreaterThan(0);
  });
});

describe("compare", () => {
  it("preselects the peptide from ?peptide= and shows its sizes and table", async () => {
    const { response, html } = await page("/compare?peptide=bpc-157");
    expect(response.status).toBe(200);
    expect(html).toMatch(/<option value="bpc-157" selected="">BPC-157<\/option>/);
    expect(html).toContain(">5mg<");
    expect(html).toContain(">10mg<");
    expect(html).toContain("Best Price");
    expect(html).toMatch(/In stock|Low stock|Out of stock/);
    expect(html).toMatch(/Scraped|Manual/);
    expect(html).toContain("Save with vendor coupons");
    // Coupons read 'N%' or '$N' (SPEC.md §5); the expired demo coupon is marked, not offered.
    expect(html).toMatch(/>\d+%</);
    expect(html).toMatch(/<s class="font-mono">SPRING20<\/s> expired/);
  });

  it("defaults to the first peptide alphabetically", async () => {
    const { html } = await page("/compare");
    expect(html).toMatch(/<option value="aod-9604" selected="">AOD-9604<\/option>/);
  });
});

describe("catalog, diagnostics, sitemap, robots", () => {
  it("/catalog lists categories with their peptides", async () => {
    const { response, html } = await page("/catalog");
    expect(response.status).toBe(200);
    expect(html).toContain("Metabolic");
    expect(html).toContain('href="/peptide/semaglutide"');
    expect(html).toContain("Get price-drop alerts");
  });

  it("/test shows version, database kind and counts", async () => {
    const { response, html } = await page("/test");
    expect(response.status).toBe(200);
    expect(html).toContain("0.1.0");
    expect(html).toContain(
      `data-testid="database">${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`,
    );
    expect(html).toMatch(/data-testid="peptides">\d+</);
    expect(html).toContain("Never");
  });

  it("/sitemap.xml lists the pages and every peptide with absolute URLs", async () => {
    const response = await site.server.fetch("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("xml");
    const xml = await response.text();
    expect(xml).toContain("<urlset");
    expect(xml).toContain(`<loc>${site.server.baseUrl}/</loc>`);
    expect(xml).toContain(`<loc>${site.server.baseUrl}/compare</loc>`);
    expect(xml).toContain(`<loc>${site.server.baseUrl}/catalog</loc>`);
    expect(xml).toContain(`<loc>${site.server.baseUrl}/peptide/bpc-157</loc>`);
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);
  });

  it("/robots.txt allows crawling but not the private areas, and names the sitemap", async () => {
    const response = await site.server.fetch("/robots.txt");
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Allow: /");
    for (const path of ["/admin", "/api", "/deals"]) expect(text).toContain(`Disallow: ${path}`);
    expect(text).toContain(`Sitemap: ${site.server.baseUrl}/sitemap.xml`);
  });
});

const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "";

describe("right answers for wrong addresses", () => {
  it("answers a page past the end and an unknown category with 404 and a title", async () => {
    for (const path of ["/?page=999", "/?category=nope", "/?category=nope&page=2"]) {
      const { response, html } = await page(path);
      expect(response.status, path).toBe(404);
      expect(html, path).toContain("Oops! Page not found");
      expect(titleOf(html), path).toBe("Page not found · PeptidePrices");
    }
    expect((await page("/?category=metabolic")).response.status).toBe(200);
    expect((await page("/?page=1")).response.status).toBe(200);
  });

  it("gives the 404 page a title and logs nothing but the path", async () => {
    const { response, html } = await page("/no/such/page");
    expect(response.status).toBe(404);
    expect(titleOf(html)).toBe("Page not found · PeptidePrices");
    expect(html).toContain("Return to Home");
  });

  it("redirects an upper-case slug to the lower-case page with 301", async () => {
    const response = await site.server.fetch("/peptide/BPC-157?ref=mail");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/peptide/bpc-157?ref=mail");
  });

  it("keeps a changed slug's old address working as a 301 to the new one", async () => {
    const semax = (await getAdminPeptide(
      site.server.app.db,
      (await getPeptideIdBySlug(site.server.app.db, "semax"))!,
    ))!;
    const input = {
      name: semax.name,
      slug: "semax-nasal",
      categoryId: semax.categoryId,
      description: semax.description,
      imageUrl: semax.imageUrl,
      keyBenefits: semax.keyBenefits,
      isPopular: semax.isPopular,
      popularOrder: semax.popularOrder,
    };
    expect(await updatePeptide(site.server.app.db, semax.id, semax.version, input)).toMatchObject({
      id: semax.id,
    });
    const old = await site.server.fetch("/peptide/semax");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/peptide/semax-nasal");
    expect((await site.server.fetch("/peptide/SEMAX")).headers.get("location")).toBe(
      "/peptide/semax-nasal",
    );
    expect((await page("/peptide/semax-nasal")).response.status).toBe(200);
    const compareLink = await site.server.fetch("/compare?peptide=semax&sort=price");
    expect(compareLink.status).toBe(301);
    expect(compareLink.headers.get("location")).toBe("/compare?peptide=semax-nasal&sort=price");

    // Changing it back makes the first slug live again: no redirect loop.
    const renamedVersion = (await getAdminPeptide(site.server.app.db, semax.id))!.version;
    expect(
      await updatePeptide(site.server.app.db, semax.id, renamedVersion, {
        ...input,
        slug: "semax",
      }),
    ).toMatchObject({ id: semax.id });
    expect((await page("/peptide/semax")).response.status).toBe(200);
    const renamed = await site.server.fetch("/peptide/semax-nasal");
    expect(renamed.status).toBe(301);
    expect(renamed.headers.get("location")).toBe("/peptide/semax");
    const history = await site.server.app.db.select().from(t.peptideSlugHistory);
    expect(history.map((row) => row.slug)).toEqual(["semax-nasal"]);
  });

  it("serves the favicon and the web manifest, linked from every page", async () => {
    const icon = await site.server.fetch("/favicon.svg");
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toContain("image/svg+xml");
    const manifest = await site.server.fetch("/site.webmanifest");
    expect(manifest.status).toBe(200);
    expect(JSON.parse(await manifest.text())).toMatchObject({ name: "PeptidePrices" });
    const { html } = await page("/catalog");
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
    expect(html).toContain('<link rel="manifest" href="/site.webmanifest"/>');
  });

  it("gives every page a title", async () => {
    const paths = [
      "/",
      "/peptide/bpc-157",
      "/peptide/unknown",
      "/compare",
      "/catalog",
      "/vendors",
      "/deals",
      "/login",
      "/signup",
      "/admin-login",
      "/forgot-password",
      "/test",
      "/search",
      "/search?q=bpc",
      "/nowhere",
    ];
    for (const path of paths) {
      const { html } = await page(path);
      expect(titleOf(html).trim(), path).not.toBe("");
    }
  });
});

describe("search", () => {
  it("/search finds a peptide typed without its hyphen", async () => {
    const { response, html } = await page("/search?q=bpc157");
    expect(response.status).toBe(200);
    expect(titleOf(html)).toBe("Search results for “bpc157” · PeptidePrices");
    expect(html).toContain('href="/peptide/bpc-157"');
    expect(html).toContain('name="robots" content="noindex, follow"');
  });

  it("/search and its suggestions find the words of descriptions: 'glp' finds the GLP-1 agonists", async () => {
    const { html } = await page("/search?q=glp");
    expect(html).toContain('href="/peptide/semaglutide"');
    expect(html).toContain('href="/peptide/tirzepatide"');
    const body = (await (await site.server.fetch("/search/suggestions?q=glp")).json()) as {
      suggestions: { label: string }[];
    };
    expect(body.suggestions.map((suggestion) => suggestion.label)).toEqual(
      expect.arrayContaining(["Semaglutide", "Tirzepatide"]),
    );
  });

  it("lists each result in the offer table with its lowest landed total, pack, vendor and number of vendors", async () => {
    const { html } = await page("/search?q=glp");
    const $ = load(html);
    const rows = $('table[data-testid="search-results"] tr[data-testid="search-result"]');
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const element of rows.toArray()) {
      const row = $(element);
      const slug = row.find('a[href^="/peptide/"]').attr("href")!.slice("/peptide/".length);
      // The open-data API's own reading of the same offers: the cheapest buyable landed total
      // per vial (SPEC's Best Price), else the cheapest price after coupon when no vendor of the
      // peptide states its shipping.
      const { data: offers } = (await (
        await site.server.fetch(`/api/v1/peptides/${slug}/offers`)
      ).json()) as { data: ApiOfferList["data"] };
      const buyable = offers.filter((offer) => offer.buyable);
      const known = buyable.filter((offer) => offer.landedTotal !== null);
      const perVial = (offer: (typeof offers)[number]) =>
        known.length > 0
          ? offer.landedTotal!.amount / offer.vials
          : offer.priceAfterCoupon.converted!.amount / offer.vials;
      const lowest = Math.min(...(known.length > 0 ? known : buyable).map(perVial));
      const cheapest = (known.length > 0 ? known : buyable).filter(
        (offer) => Math.abs(perVial(offer) - lowest) < 0.005,
      );
      expect(cheapest.length, slug).toBeGreaterThan(0);
      const shown = row.find('[data-testid="total"]').text();
      const vendor = row.find('[data-testid="vendor-link"]').text();
      const best = cheapest.find((offer) => offer.vendor.name === vendor);
      expect(best, `${slug}: ${vendor} is not the cheapest`).toBeDefined();
      if (known.length > 0) {
        expect(shown, slug).toBe(formatPrice(best!.landedTotal!.amount, "USD"));
      } else {
        expect(shown, slug).toBe(
          `${formatPrice(best!.priceAfterCoupon.converted!.amount, "USD")}+ shipping (not stated)`,
        );
      }
      expect(row.find("td").eq(1).text(), slug).toContain(best!.size);
      // As the home card counts (issue 30): vendors with a buyable offer of that size.
      const vendorCount = new Set(
        buyable.filter((offer) => offer.size === best!.size).map((offer) => offer.vendor.slug),
      ).size;
      expect(row.find('[data-testid="vendor-count"]').text(), slug).toBe(
        vendorCount === 1 ? "1 vendor" : `${vendorCount} vendors`,
      );
    }
  });

  it("gives the results without an offer to buy a row that says so, after the ones with one", async () => {
    const { db } = site.server.app;
    const [vendor] = await db.select({ id: t.vendors.id }).from(t.vendors).limit(1);
    const [unpriced, soldOut, priced] = await db
      .insert(t.peptides)
      .values([
        { name: "Zeta Unpricedtide", slug: "zeta-unpricedtide", aliases: ["Zeta Alpha"] },
        { name: "Zeta Soldoutide", slug: "zeta-soldoutide" },
        { name: "Zeta Pricedtide", slug: "zeta-pricedtide" },
      ])
      .returning({ id: t.peptides.id });
    const sizes = await db
      .insert(t.sizeOptions)
      .values(
        [unpriced, soldOut, priced].map(({ id }) => ({ peptideId: id, quantity: 5, unit: "mg" })),
      )
      .returning({ id: t.sizeOptions.id, peptideId: t.sizeOptions.peptideId });
    const sizeOf = (peptideId: string) => sizes.find((size) => size.peptideId === peptideId)!.id;
    await db.insert(t.vendorPeptides).values([
      {
        peptideId: soldOut.id,
        sizeOptionId: sizeOf(soldOut.id),
        vendorId: vendor.id,
        price: 10,
        stockStatus: "out_of_stock",
      },
      { peptideId: priced.id, sizeOptionId: sizeOf(priced.id), vendorId: vendor.id, price: 40 },
    ]);
    try {
      const $ = load((await page("/search?q=zeta+alpha")).html);
      const rows = $('tr[data-testid="search-result"]');
      expect(rows.length).toBe(1);
      expect(rows.attr("data-buyable")).toBe("false");
      expect(rows.find('a[href="/peptide/zeta-unpricedtide"]').text()).toBe("Zeta Unpricedtide");
      expect(rows.text()).toContain("Also known as Zeta Alpha");
      expect(rows.find('[data-testid="no-offer"]').text()).toBe("No vendor prices yet");
      expect(rows.find('[data-testid="buy"]').length).toBe(0);
      // The peptide still goes into a stack, by one of its sizes.
      expect(rows.find('button[aria-label="Add to stack: Zeta Unpricedtide"]').length).toBe(1);

      const all = load((await page("/search?q=zeta")).html)('tr[data-testid="search-result"]');
      const summary = all.toArray().map((row) => ({
        name: load(row)('a[href^="/peptide/"]').first().text(),
        buyable: load(row)("tr").attr("data-buyable"),
        says: load(row)('[data-testid="no-offer"]').text(),
      }));
      expect(summary).toEqual([
        { name: "Zeta Pricedtide", buyable: "true", says: "" },
        { name: "Zeta Soldoutide", buyable: "false", says: "No offer to buy right now · 1 vendor" },
        { name: "Zeta Unpricedtide", buyable: "false", says: "No vendor prices yet" },
      ]);
    } finally {
      await db
        .delete(t.peptides)
        .where(inArray(t.peptides.id, [unpriced.id, soldOut.id, priced.id]));
    }
  });

  it("/search says so when nothing matches, and bounds the query", async () => {
    const { response, html } = await page(`/search?q=${"zq".repeat(200)}`);
    expect(response.status).toBe(200);
    expect(html).toContain("Nothing matches");
  });

  it("/search/suggestions answers JSON with peptides, categories and vendors", async () => {
    const response = await site.server.fetch("/search/suggestions?q=semaglutid");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = (await response.json()) as { suggestions: { label: string; href: string }[] };
    expect(body.suggestions[0]).toMatchObject({
      kind: "peptide",
      label: "Semaglutide",
      href: "/peptide/semaglutide",
    });
    const vendors = (await (await site.server.fetch("/search/suggestions?q=apex")).json()) as {
      suggestions: { kind: string; href: string }[];
    };
    expect(vendors.suggestions).toContainEqual(
      expect.objectContaining({ kind: "vendor", href: "/?vendor=Apex+Peptide+Labs" }),
    );
    const empty = (await (await site.server.fetch("/search/suggestions")).json()) as {
      suggestions: unknown[];
    };
    expect(empty.suggestions).toEqual([]);
  });
});

describe("login messages and return address", () => {
  it("shows only SPEC.md's generic message for an unknown ?error=, never its text", async () => {
    const bait = "Your account is locked, call 555-0100";
    const { response, html } = await page(`/login?error=${encodeURIComponent(bait)}`);
    expect(response.status).toBe(200);
    expect(html).toContain("An error occurred during social login");
    // Forms carry the address back in attributes; no text shown on the page repeats it.
    const shown = html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]*>/g, " ");
    expect(shown).not.toContain("555-0100");
    expect(shown).not.toContain("locked");
  });

  it("explains an error code it knows", async () => {
    const { html } = await page("/login?error=access_denied");
    expect(html).toContain("An error occurred during social login");
    expect(html).toContain("The sign-in was cancelled at the provider.");
  });

  it("refuses an over-long e-mail or password with a clear 400", async () => {
    const email = await site.server.postForm("/login", {
      intent: "password",
      email: `${"a".repeat(250)}@example.com`,
      password: "x",
    });
    expect(email.status).toBe(400);
    expect(await email.text()).toContain("Email must be at most 254 characters");
    const password = await site.server.postForm("/signup", {
      intent: "password",
      email: "long@example.com",
      password: "p".repeat(129),
      confirmPassword: "p".repeat(129),
    });
    expect(password.status).toBe(400);
    expect(await password.text()).toContain("Password must be at most 128 characters");
  });

  it("returns to the page named in redirectTo, and only to a page of this site", async () => {
    await createUserWithPassword(site.server.app, "returning@example.com", "returning-password");
    const login = (redirectTo: string) =>
      site.server.postForm("/login", {
        intent: "password",
        email: "returning@example.com",
        password: "returning-password",
        redirectTo,
      });
    const back = await login("/peptide/bpc-157?size=10mg");
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/peptide/bpc-157?size=10mg");
    for (const offSite of ["//evil.test/", "/\\evil.test", "https://evil.test/"]) {
      const refused = await login(offSite);
      expect(refused.headers.get("location"), offSite).toBe("/deals");
    }
  });

  it("links the header's Login to a return to the current page", async () => {
    const { html } = await page("/catalog");
    expect(html).toContain('href="/login?redirectTo=%2Fcatalog"');
    const login = await page("/login");
    expect(login.html).not.toContain("redirectTo=%2Flogin");
  });

  it("carries redirectTo from the address into the form", async () => {
    const { html } = await page("/login?redirectTo=%2Fcompare");
    expect(html).toMatch(/<input type="hidden" name="redirectTo" value="\/compare"\/>/);
  });
});
