import { parseFeed } from "@rowanmanning/feed-parser";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { upsertOffer } from "~/.server/data/vendor-peptides.server";
import { peptides, priceHistory, sizeOptions, vendorPeptides, vendors } from "~/.server/db/schema";

import { atomProblems } from "../helpers/atom-checks";
import { readHtml } from "../helpers/auth";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function getFeed(pathname: string) {
  const response = await server.fetch(pathname);
  const xml = await response.text();
  return { response, xml, cache: response.headers.get("x-page-cache") };
}

const entryUuid = (id: string | null) => id?.split(":").at(-1);

/** The newest drops worked out here from the whole history, independently of the SQL. */
async function expectedDropIds(peptideSlug?: string): Promise<string[]> {
  const rows = await server.app.db
    .select({
      id: priceHistory.id,
      offer: priceHistory.vendorPeptideId,
      price: priceHistory.price,
      observedAt: priceHistory.observedAt,
      slug: peptides.slug,
    })
    .from(priceHistory)
    .innerJoin(vendorPeptides, eq(vendorPeptides.id, priceHistory.vendorPeptideId))
    .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId));
  const order = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
    a.observedAt.getTime() - b.observedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const byOffer = new Map<string, typeof rows>();
  for (const row of rows) byOffer.set(row.offer, [...(byOffer.get(row.offer) ?? []), row]);
  const drops: typeof rows = [];
  for (const history of byOffer.values()) {
    history.sort(order);
    history.forEach((row, index) => {
      if (index > 0 && row.price < history[index - 1]!.price) drops.push(row);
    });
  }
  return drops
    .filter((drop) => !peptideSlug || drop.slug === peptideSlug)
    .sort((a, b) => order(b, a))
    .slice(0, 50)
    .map((drop) => drop.id);
}

async function bpcOffer() {
  const [offer] = await server.app.db
    .select({
      peptideId: vendorPeptides.peptideId,
      vendorId: vendorPeptides.vendorId,
      sizeOptionId: vendorPeptides.sizeOptionId,
      price: vendorPeptides.price,
      vendorName: vendors.name,
      quantity: sizeOptions.quantity,
    })
    .from(vendorPeptides)
    .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId))
    .innerJoin(vendors, eq(vendors.id, vendorPeptides.vendorId))
    .innerJoin(sizeOptions, eq(sizeOptions.id, vendorPeptides.sizeOptionId))
    .where(
      and(eq(peptides.slug, "bpc-157"), eq(sizeOptions.unit, "mg"), eq(vendorPeptides.vials, 1)),
    )
    .limit(1);
  return offer!;
}

describe("site-wide price-drop feed", () => {
  it("is valid Atom a feed parser reads, with the newest 50 drops first", async () => {
    const { response, xml } = await getFeed("/feeds/price-drops.atom");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toMatch(/^public\b/);
    expect(atomProblems(xml)).toEqual([]);

    const feed = parseFeed(xml);
    expect(feed.meta.type).toBe("atom");
    expect(feed.self).toBe(`${server.baseUrl}/feeds/price-drops.atom`);
    const expected = await expectedDropIds();
    expect(expected.length).toBeGreaterThan(0);
    expect(feed.items.map((item) => entryUuid(item.id))).toEqual(expected);
    expect(feed.updated?.getTime()).toBe(feed.items[0]!.updated?.getTime());
    for (const item of feed.items) {
      expect(item.title).toMatch(/^.+ at .+: \S+ → \S+$/);
      expect(item.url).toMatch(new RegExp(`^${server.baseUrl}/peptide/[a-z0-9-]+\\?size=`));
      expect(item.authors[0]?.name).toBe("PeptidePrices");
    }
  });

  it("shows a new drop first, answered from the cache until the price write", async () => {
    const url = "/feeds/price-drops.atom";
    await getFeed(url);
    expect((await getFeed(url)).cache).toBe("hit");

    const offer = await bpcOffer();
    const lower = Math.round((offer.price - 0.5) * 100) / 100;
    await upsertOffer(server.app.db, {
      peptideId: offer.peptideId,
      vendorId: offer.vendorId,
      sizeOptionId: offer.sizeOptionId,
      price: lower,
      currency: "USD",
      source: "scraped",
    });
    const after = await getFeed(url);
    expect(after.cache).toBe("miss");
    expect(atomProblems(after.xml)).toEqual([]);
    const [first] = parseFeed(after.xml).items;
    const money = (amount: number) =>
      `$${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(first!.title).toBe(
      `BPC-157 ${offer.quantity}mg at ${offer.vendorName}: ${money(offer.price)} → ${money(lower)}`,
    );
    expect(first!.url).toBe(`${server.baseUrl}/peptide/bpc-157?size=${offer.quantity}mg`);

    // A rise is no drop: the feed's first entry stays the same.
    await upsertOffer(server.app.db, {
      peptideId: offer.peptideId,
      vendorId: offer.vendorId,
      sizeOptionId: offer.sizeOptionId,
      price: lower + 10,
      currency: "USD",
      source: "scraped",
    });
    expect(parseFeed((await getFeed(url)).xml).items[0]!.id).toBe(first!.id);
  });
});

describe("per-peptide price-drop feed", () => {
  it("lists only that peptide's drops, as valid Atom", async () => {
    const { response, xml } = await getFeed("/feeds/peptides/bpc-157/price-drops.atom");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    expect(atomProblems(xml)).toEqual([]);
    const feed = parseFeed(xml);
    expect(feed.title).toBe("PeptidePrices: BPC-157 price drops");
    expect(feed.url).toBe(`${server.baseUrl}/peptide/bpc-157`);
    expect(feed.self).toBe(`${server.baseUrl}/feeds/peptides/bpc-157/price-drops.atom`);
    expect(feed.items.map((item) => entryUuid(item.id))).toEqual(await expectedDropIds("bpc-157"));
    for (const item of feed.items) expect(item.title).toMatch(/^BPC-157 /);
  });

  it("answers an unknown peptide with a 404", async () => {
    for (const slug of ["no-such-peptide", "Not%20A%20Slug"]) {
      const { response } = await getFeed(`/feeds/peptides/${slug}/price-drops.atom`);
      expect(response.status).toBe(404);
    }
  });
});

describe("autodiscovery", () => {
  it("links the site feed from the home page and the peptide's feed from its page", async () => {
    const home = await readHtml(await server.fetch("/"));
    expect(home).toMatch(
      /<link rel="alternate" type="application\/atom\+xml" title="PeptidePrices: price drops" href="\/feeds\/price-drops\.atom"\/>/,
    );
    const detail = await readHtml(await server.fetch("/peptide/bpc-157"));
    expect(detail).toMatch(
      /<link rel="alternate" type="application\/atom\+xml" title="BPC-157 price drops" href="\/feeds\/peptides\/bpc-157\/price-drops\.atom"\/>/,
    );
  });
});
