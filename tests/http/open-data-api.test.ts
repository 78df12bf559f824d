import http from "node:http";

import { compileErrors, validate } from "@readme/openapi-parser";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { exchangeRates, peptides, vendorPeptides, vendors } from "~/.server/db/schema";

import { documentedResponseProblems } from "../helpers/openapi-responses";
import { startTestServer, type TestServer } from "../helpers/server";
import { anOfferOf, writeScrapedPrice } from "../helpers/offers";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A URL no earlier request has asked for, so each check starts with an empty cache entry. */
let unique = 0;
const fresh = (pathname: string) => `${pathname}${pathname.includes("?") ? "&" : "?"}t=${++unique}`;

async function getJson(pathname: string, headers: Record<string, string> = {}) {
  const response = await server.fetch(pathname, { headers });
  const body = (await response.json()) as Record<string, unknown>;
  return { response, body, cache: response.headers.get("x-page-cache") };
}

function expectDocumented(path: string, status: number, body: unknown) {
  expect(documentedResponseProblems(server.baseUrl, { path, status, body })).toEqual([]);
}

interface Money {
  amount: number;
  currency: string;
  converted: { amount: number; currency: string } | null;
}
interface ApiPeptide {
  slug: string;
  name: string;
  aliases: string[];
  url: string;
  sizes: {
    size: string;
    offerCount: number;
    best: {
      vendor: { slug: string };
      priceAfterCoupon: Money;
      landedTotal: { amount: number; currency: string } | null;
      vials: number;
    } | null;
  }[];
}
interface ApiOffer {
  id: string;
  vendor: { slug: string; name: string };
  size: string;
  vials: number;
  price: Money;
  priceAfterCoupon: Money;
  stock: string;
  buyable: boolean;
  landedTotal: { amount: number; currency: string } | null;
  shipsToDestination: boolean | null;
  shipping: Money | null;
  failedLabTest: boolean;
}

describe("GET /api/v1/peptides", () => {
  it("lists every peptide by name with sizes, as documented, as public JSON for any site", async () => {
    const { response, body } = await getJson(fresh("/api/v1/peptides?perPage=100"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("cache-control")).toMatch(/^public\b/);
    expectDocumented("/peptides", 200, body);

    const names = await server.app.db
      .select({ name: peptides.name })
      .from(peptides)
      .orderBy(asc(peptides.name));
    expect(body.total).toBe(names.length);
    const data = body.data as ApiPeptide[];
    expect(data.map((p) => p.name.toLowerCase())).toEqual(
      names.map((p) => p.name.toLowerCase()).sort(),
    );
    const bpc = data.find((p) => p.slug === "bpc-157")!;
    expect(bpc.url).toBe(`${server.baseUrl}/peptide/bpc-157`);
    expect(bpc.sizes.length).toBeGreaterThan(0);
  });

  it("gives each size's best price: the lowest landed total per vial, for ?shipTo= too", async () => {
    for (const shipTo of ["", "&shipTo=US", "&shipTo=gb"]) {
      const list = await getJson(fresh(`/api/v1/peptides?perPage=100${shipTo}`));
      expectDocumented("/peptides", 200, list.body);
      const bpc = (list.body.data as ApiPeptide[]).find((p) => p.slug === "semaglutide")!;
      const offers = (await getJson(fresh(`/api/v1/peptides/semaglutide/offers?x=1${shipTo}`))).body
        .data as ApiOffer[];
      for (const size of bpc.sizes) {
        const ofSize = offers.filter((o) => o.size === size.size);
        expect(size.offerCount).toBe(ofSize.length);
        const eligible = ofSize.filter(
          // A size whose lab test failed is never Best Price (issue 30).
          (o) =>
            o.buyable &&
            o.priceAfterCoupon.converted &&
            o.shipsToDestination !== false &&
            !o.failedLabTest,
        );
        // Known landed totals first; unknown shipping is best only when no total is known.
        const known = eligible.filter((o) => o.landedTotal !== null);
        if (eligible.length === 0) {
          expect(size.best).toBeNull();
          continue;
        }
        if (known.length > 0) {
          expect(size.best!.landedTotal!.amount / size.best!.vials).toBeCloseTo(
            Math.min(...known.map((o) => o.landedTotal!.amount / o.vials)),
            2,
          );
        } else {
          expect(size.best!.landedTotal).toBeNull();
          expect(size.best!.priceAfterCoupon.converted!.amount / size.best!.vials).toBeCloseTo(
            Math.min(...eligible.map((o) => o.priceAfterCoupon.converted!.amount / o.vials)),
            2,
          );
        }
      }
    }
  });

  it("gives each offer its landed total: price after coupon plus shipping, null when unknown", async () => {
    const { body } = await getJson(fresh("/api/v1/peptides/semaglutide/offers?shipTo=GB"));
    expectDocumented("/peptides/{slug}/offers", 200, body);
    const offers = body.data as ApiOffer[];
    for (const offer of offers) {
      if (offer.shipsToDestination === false || offer.shipping === null) {
        expect(offer.landedTotal).toBeNull();
      } else {
        expect(offer.landedTotal!.amount).toBeCloseTo(
          offer.priceAfterCoupon.converted!.amount + offer.shipping.converted!.amount,
          2,
        );
      }
    }
    // The demo data has vendors that do not ship to Britain and one that does not say.
    expect(offers.some((o) => o.shipsToDestination === false)).toBe(true);
    expect(offers.some((o) => o.shipsToDestination === null)).toBe(true);
    const bad = await getJson(fresh("/api/v1/peptides/semaglutide/offers?shipTo=XX"));
    expect(bad.response.status).toBe(400);
    expect(bad.body.error).toMatch(/shipTo/);
  });

  it("pages with perPage, with next/prev links in the body and a Link header", async () => {
    const first = await getJson(fresh("/api/v1/peptides?perPage=5"));
    const total = first.body.total as number;
    expect(first.body.pageCount).toBe(Math.ceil(total / 5));
    const links = first.body.links as { next: string | null; prev: string | null };
    expect(links.prev).toBeNull();
    expect(links.next).toMatch(/page=2/);
    expect(first.response.headers.get("link")).toContain(`rel="next"`);

    const seen: string[] = [];
    let next: string | null = `${server.baseUrl}/api/v1/peptides?perPage=5`;
    while (next) {
      const page = await getJson(new URL(next).pathname + new URL(next).search);
      expect(page.response.status).toBe(200);
      seen.push(...(page.body.data as ApiPeptide[]).map((p) => p.slug));
      next = (page.body.links as { next: string | null }).next;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it("converts into ?currency=, keeping each price in the shop's own currency", async () => {
    const [eur] = await server.app.db
      .select({ rate: exchangeRates.unitsPerUsd })
      .from(exchangeRates)
      .where(eq(exchangeRates.currency, "EUR"));
    const usd = await getJson(fresh("/api/v1/peptides?perPage=3"));
    const inEuros = await getJson(fresh("/api/v1/peptides?perPage=3&currency=eur"));
    expect(inEuros.body.currency).toBe("EUR");
    expectDocumented("/peptides", 200, inEuros.body);
    const best = (body: Record<string, unknown>) =>
      (body.data as ApiPeptide[]).flatMap((p) => p.sizes).find((s) => s.best)!.best!;
    const dollars = best(usd.body).priceAfterCoupon;
    const euros = best(inEuros.body).priceAfterCoupon;
    expect(euros.amount).toBe(dollars.amount);
    expect(euros.currency).toBe(dollars.currency);
    expect(euros.converted!.currency).toBe("EUR");
    expect(euros.converted!.amount).toBeCloseTo(dollars.converted!.amount * eur!.rate, 1);
  });

  it.each([
    ["page=0", /^page: /],
    ["page=abc", /^page: /],
    ["perPage=101", /^perPage: /],
    ["currency=dollars", /^currency: /],
    ["currency=XYZ", /^currency: no exchange rate for XYZ/],
  ])("answers ?%s with a 400 naming the parameter", async (query, message) => {
    const { response, body } = await getJson(`/api/v1/peptides?${query}`);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(body.error).toMatch(message);
    expectDocumented("/peptides", 400, body);
  });
});

describe("GET /api/v1/peptides/{slug}/offers", () => {
  it("lists every vendor's offer with vendor slug, prices, stock, check time, coupon and shipping", async () => {
    const { response, body } = await getJson(fresh("/api/v1/peptides/bpc-157/offers"));
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expectDocumented("/peptides/{slug}/offers", 200, body);
    expect(body.peptide).toEqual({
      slug: "bpc-157",
      name: "BPC-157",
      url: `${server.baseUrl}/peptide/bpc-157`,
    });

    const stored = await server.app.db
      .select({ id: vendorPeptides.id, price: vendorPeptides.price, vendorSlug: vendors.slug })
      .from(vendorPeptides)
      .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId))
      .innerJoin(vendors, eq(vendors.id, vendorPeptides.vendorId))
      .where(eq(peptides.slug, "bpc-157"));
    const offers = body.data as ApiOffer[];
    expect(offers.map((o) => o.id).sort()).toEqual(stored.map((s) => s.id).sort());
    for (const offer of offers) {
      const row = stored.find((s) => s.id === offer.id)!;
      expect(offer.vendor.slug).toBe(row.vendorSlug);
      expect(offer.price.amount).toBe(row.price);
      if (offer.stock === "out_of_stock") expect(offer.buyable).toBe(false);
    }
  });

  it("answers an unknown peptide with a 404 in JSON", async () => {
    for (const slug of ["no-such-peptide", "NOT%20A%20SLUG"]) {
      const { response, body } = await getJson(`/api/v1/peptides/${slug}/offers`);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expectDocumented("/peptides/{slug}/offers", 404, body);
    }
  });

  it("answers a bad currency with a 400 in JSON", async () => {
    const { response, body } = await getJson("/api/v1/peptides/bpc-157/offers?currency=12");
    expect(response.status).toBe(400);
    expectDocumented("/peptides/{slug}/offers", 400, body);
  });

  it("answers anything else under /api/v1 with a JSON 404", async () => {
    const { response, body } = await getJson("/api/v1/nothing-here");
    expect(response.status).toBe(404);
    expect(body.error).toMatch(/openapi\.json/);
  });
});

interface MarketIndexBody {
  size: string | null;
  currency: string;
  unit: string;
  points: { date: string; median: number; p25: number; p75: number; vendors: number }[];
}

describe("GET /api/v1/peptides/{slug}/index", () => {
  it("gives the daily market index of the size most vendors sell, as documented", async () => {
    const { response, body } = await getJson(fresh("/api/v1/peptides/bpc-157/index?days=30"));
    expect(response.status).toBe(200);
    expectDocumented("/peptides/{slug}/index", 200, body);
    const index = body as unknown as MarketIndexBody;

    const offers = (await getJson(fresh("/api/v1/peptides/bpc-157/offers"))).body
      .data as ApiOffer[];
    const perSize = new Map<string, number>();
    for (const offer of offers) perSize.set(offer.size, (perSize.get(offer.size) ?? 0) + 1);
    const most = Math.max(...perSize.values());
    expect(perSize.get(index.size!)).toBe(most);
    expect(index).toMatchObject({ currency: "USD", unit: "mg" });

    expect(index.points.length).toBeGreaterThan(20);
    expect(index.points.length).toBeLessThanOrEqual(30);
    const dates = index.points.map((point) => point.date);
    expect([...dates].sort()).toEqual(dates);
    for (const point of index.points) {
      expect(point.p25).toBeLessThanOrEqual(point.median);
      expect(point.median).toBeLessThanOrEqual(point.p75);
      expect(point.vendors).toBeGreaterThanOrEqual(1);
      expect(point.vendors).toBeLessThanOrEqual(most);
    }
  });

  it("downloads the same figures as CSV", async () => {
    const json = (await getJson(fresh("/api/v1/peptides/bpc-157/index?days=14"))).body;
    const response = await server.fetch(fresh("/api/v1/peptides/bpc-157/index?days=14&format=csv"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="bpc-157-\d+mg-market-index\.csv"$/,
    );
    const [header, ...lines] = (await response.text()).trim().split("\n");
    expect(header).toBe("date,median,p25,p75,vendors");
    expect(lines).toEqual(
      (json as unknown as MarketIndexBody).points.map((p) =>
        [p.date, p.median, p.p25, p.p75, p.vendors].join(","),
      ),
    );
  });

  it.each([
    ["days=0", 400],
    ["days=366", 400],
    ["days=ten", 400],
    ["size=999mg", 400],
    ["format=xml", 400],
    ["currency=12", 400],
  ])("answers ?%s with a documented %i in JSON", async (query, status) => {
    const { response, body } = await getJson(`/api/v1/peptides/bpc-157/index?${query}`);
    expect(response.status).toBe(status);
    expectDocumented("/peptides/{slug}/index", status, body);
  });

  it("answers an unknown peptide with a 404", async () => {
    const { response, body } = await getJson("/api/v1/peptides/no-such-peptide/index");
    expect(response.status).toBe(404);
    expectDocumented("/peptides/{slug}/index", 404, body);
  });
});

describe("GET /api/v1/vendors", () => {
  it("lists every vendor with slug and terms, as documented", async () => {
    const { response, body } = await getJson(fresh("/api/v1/vendors"));
    expect(response.status).toBe(200);
    expectDocumented("/vendors", 200, body);
    const stored = await server.app.db
      .select({ slug: vendors.slug, name: vendors.name })
      .from(vendors);
    const data = body.data as { slug: string; name: string; coupon: unknown }[];
    expect(data.map((v) => v.slug).sort()).toEqual(stored.map((v) => v.slug).sort());
    expect(data.some((v) => v.coupon !== null)).toBe(true);
  });
});

describe("GET /api/v1/openapi.json", () => {
  it("serves a valid OpenAPI 3.1 document for this site", async () => {
    const { response, body } = await getJson("/api/v1/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(body.servers).toEqual([{ url: `${server.baseUrl}/api/v1` }]);
    const result = await validate(body as unknown as Parameters<typeof validate>[0]);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
  });
});

describe("caching", () => {
  it("answers a repeated request from the page cache, and a price write empties it", async () => {
    const url = fresh("/api/v1/peptides/bpc-157/offers");
    const first = await getJson(url);
    expect(first.cache).toBe("miss");
    const second = await getJson(url);
    expect(second.cache).toBe("hit");
    expect(second.body).toEqual(first.body);
    expect(second.response.headers.get("access-control-allow-origin")).toBe("*");
    expect(second.response.headers.get("content-type")).toBe("application/json; charset=utf-8");

    const offer = await anOfferOf(server.app.db, "bpc-157");
    await writeScrapedPrice(server.app.db, offer, 1.23);
    const after = await getJson(url);
    expect(after.cache).toBe("miss");
    const changed = (after.body.data as ApiOffer[]).find((o) => o.id === offer.id)!;
    expect(changed.price.amount).toBe(1.23);
  });

  it("keeps nothing for a request with cookies, and marks it private", async () => {
    const url = fresh("/api/v1/vendors");
    const withCookie = await getJson(url, { cookie: "display_currency=EUR" });
    expect(withCookie.cache).toBeNull();
    expect(withCookie.response.headers.get("cache-control")).toMatch(/private/);
    expect((await getJson(url)).cache).toBe("miss");
  });
});

describe("rate limit", () => {
  let limited: TestServer;

  beforeAll(async () => {
    limited = await startTestServer({ OPEN_DATA_RATE_LIMIT: "3", TRUST_PROXY: "loopback" });
  });
  afterAll(async () => {
    await limited?.close();
  });

  const from = (address: string, pathname: string) =>
    limited.fetch(pathname, { headers: { "x-forwarded-for": address } });

  it("answers the request past the limit with a 429 in JSON and Retry-After, cache hits included", async () => {
    const statuses: number[] = [];
    const caches: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await from("203.0.113.10", "/api/v1/vendors");
      statuses.push(response.status);
      caches.push(response.headers.get("x-page-cache"));
      await response.body?.cancel();
    }
    expect(statuses).toEqual([200, 200, 200]);
    expect(caches).toEqual(["miss", "hit", "hit"]);

    const refused = await from("203.0.113.10", "/api/v1/vendors");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = await refused.json();
    expect(
      documentedResponseProblems(limited.baseUrl, { path: "/vendors", status: 429, body }),
    ).toEqual([]);
    // The feeds share the limit.
    expect((await from("203.0.113.10", "/feeds/price-drops.atom")).status).toBe(429);
  });

  it("counts each client address apart (X-Forwarded-For from a trusted proxy)", async () => {
    for (let i = 0; i < 4; i++)
      await (await from("203.0.113.20", "/api/v1/vendors")).body?.cancel();
    expect((await from("203.0.113.20", "/api/v1/vendors")).status).toBe(429);
    expect((await from("203.0.113.21", "/api/v1/vendors")).status).toBe(200);
  });

  /**
   * A GET of exactly this request target: fetch() would resolve the dot segments first, as a
   * browser does, while a client of its own may send any spelling.
   */
  const rawGet = (address: string, target: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.get(
        `${limited.baseUrl}/`,
        { path: target, headers: { "x-forwarded-for": address } },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode!));
        },
      );
      request.on("error", reject);
    });

  const spellings = [
    ["/API/v1/vendors", "/api/v1/vendors"],
    ["/Api/V1/vendors", "/api/v1/vendors"],
    ["/%61pi/v1/vendors", "/api/v1/vendors"],
    ["/api/%76%31/vendors", "/api/v1/vendors"],
    ["/./api/v1/vendors", "/api/v1/vendors"],
    ["/x/../api/v1/vendors", "/api/v1/vendors"],
    ["/%2e/api/v1/vendors", "/api/v1/vendors"],
    ["/FEEDS/price-drops.atom", "/feeds/price-drops.atom"],
    ["/Feeds/price-drops.atom", "/feeds/price-drops.atom"],
    ["/%66eeds/price-drops.atom", "/feeds/price-drops.atom"],
  ] as const;

  it.each(spellings.map(([spelling, canonical], i) => ({ spelling, canonical, i })))(
    "counts $spelling as $canonical",
    async ({ spelling, canonical, i }) => {
      // The spelling reaches the route (its own address, so nothing is spent here)...
      expect(await rawGet(`198.51.100.${i + 1}`, spelling)).toBe(200);
      // ...and once the canonical path has used up an address's minute, it is refused too.
      const address = `203.0.113.${i + 100}`;
      for (let n = 0; n < 3; n++) expect(await rawGet(address, canonical)).toBe(200);
      expect(await rawGet(address, spelling)).toBe(429);
    },
  );

  it("leaves the site's pages alone", async () => {
    for (let i = 0; i < 5; i++)
      await (await from("203.0.113.30", "/api/v1/vendors")).body?.cancel();
    const page = await from("203.0.113.30", "/catalog");
    expect(page.status).toBe(200);
    await page.body?.cancel();
  });
});
