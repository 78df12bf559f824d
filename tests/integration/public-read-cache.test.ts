import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createCategory } from "~/.server/data/categories.server";
import { upsertExchangeRates } from "~/.server/data/exchange-rates.server";
import { getHomePageData } from "~/.server/data/listings/home.server";
import { updateSettings } from "~/.server/data/settings.server";
import { peptides, vendorPeptides } from "~/.server/db/schema";
import type { PageCache } from "~/.server/platform/http/page-cache.server";
import { getPricingContext } from "~/.server/services/pricing-context.server";
import { parseHomeFilters, parseHomeSort } from "~/lib/home-filters";

import { createTestApp, type TestApp } from "../helpers/app";

/**
 * The reads public pages share through the app's data cache (exchange rates, settings, the home
 * page's category, vendor and size lists, featured peptides and unfiltered counts): a write
 * empties them (NOTIFY, before the write resolves on the embedded database), prices are never
 * kept, so each display currency prices afresh, and visitors' URLs add no entries.
 */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
  await upsertExchangeRates(app.db, [{ currency: "EUR", unitsPerUsd: 0.5, source: "manual" }]);
});
afterAll(async () => {
  await app?.dispose();
});

function visitor(displayCurrency?: string) {
  return new Request("http://localhost:3000/", {
    headers: displayCurrency ? { cookie: `display_currency=${displayCurrency}` } : {},
  });
}

/** The app's cache, recording the keys asked for. */
function recordingCache(): { cache: Pick<PageCache, "get">; keys: string[] } {
  const keys: string[] = [];
  return {
    keys,
    cache: {
      get: (key, load) => {
        keys.push(key);
        return app.cache.get(key, load);
      },
    },
  };
}

async function home(
  options: { currency?: string; category?: string | null; query?: string; page?: number } = {},
  cache: Pick<PageCache, "get"> = app.cache,
) {
  return getHomePageData(app.db, {
    categorySlug: options.category ?? null,
    page: options.page ?? 1,
    filters: parseHomeFilters(new URLSearchParams(options.query ?? "")),
    sort: parseHomeSort(new URLSearchParams(options.query ?? "").get("sort")),
    pricing: await getPricingContext(app, visitor(options.currency)),
    cache,
  });
}

describe("pricing context from the data cache", () => {
  it("sees a new exchange rate and setting as soon as they are written", async () => {
    expect((await getPricingContext(app, visitor("EUR"))).rates.EUR).toBe(0.5);
    await upsertExchangeRates(app.db, [{ currency: "EUR", unitsPerUsd: 0.8, source: "manual" }]);
    expect((await getPricingContext(app, visitor("EUR"))).rates.EUR).toBe(0.8);

    const before = (await getPricingContext(app, visitor())).staleAfterMissedRuns;
    await updateSettings(app.db, { staleAfterMissedRuns: before + 2 });
    expect((await getPricingContext(app, visitor())).staleAfterMissedRuns).toBe(before + 2);
  });

  it("keeps each visitor's display currency: the cached rates are shared, not the choice", async () => {
    const [euro, dollar] = await Promise.all([
      getPricingContext(app, visitor("EUR")),
      getPricingContext(app, visitor()),
    ]);
    expect(euro.displayCurrency).toBe("EUR");
    expect(dollar.displayCurrency).toBe("USD");
    expect(euro.rates).toBe(dollar.rates);
  });
});

describe("home page from the data cache", () => {
  it("prices every request in its visitor's currency", async () => {
    const dollar = await home();
    const euro = await home({ currency: "EUR" });
    const rate = (await getPricingContext(app, visitor("EUR"))).rates.EUR!;
    const dollarSize = dollar.peptides.flatMap((p) => p.sizes).find((s) => s.lowestPrice !== null)!;
    const euroSize = euro.peptides.flatMap((p) => p.sizes).find((s) => s.id === dollarSize.id)!;
    expect(dollarSize.currency).toBe("USD");
    expect(euroSize.currency).toBe("EUR");
    expect(euroSize.lowestPrice).toBeCloseTo(dollarSize.lowestPrice! * rate, 2);
  });

  it("lists a new category and counts a new peptide as soon as they are written", async () => {
    const before = await home();
    expect(before.categories.map((c) => c.slug)).not.toContain("cache-test-category");
    await createCategory(app.db, {
      name: "Cache test category",
      slug: "cache-test-category",
      description: null,
    });
    await app.db
      .insert(peptides)
      .values({ name: "Cache Test Peptide", slug: "cache-test-peptide" });
    const after = await home();
    expect(after.categories.map((c) => c.slug)).toContain("cache-test-category");
    expect(after.total).toBe(before.total + 1);
  });

  it("keeps counts only for real categories and unfiltered lists", async () => {
    const { cache, keys } = recordingCache();
    const category = (await home()).categories[0]!.slug;
    await home({ category }, cache);
    await home({ category: "no-such-category" }, cache);
    await home({ query: "minPrice=1" }, cache);
    expect(keys.filter((key) => key.startsWith("home-count:"))).toEqual([`home-count:${category}`]);
  });

  it("keeps the rows of unfiltered pages that exist, and nothing of filtered or sorted ones", async () => {
    const { cache, keys } = recordingCache();
    const category = (await home()).categories[0]!.slug;
    await home({}, cache);
    await home({ category }, cache);
    await home({ page: 999 }, cache);
    await home({ query: "minPrice=1" }, cache);
    await home({ query: "sort=price" }, cache);
    await home({ category: "no-such-category" }, cache);
    expect(keys.filter((key) => key.startsWith("home-page:"))).toEqual([
      "home-page::1",
      `home-page:${category}:1`,
    ]);
  });

  it("shows a new price on a kept page as soon as it is written", async () => {
    const before = await home();
    const size = before.peptides.flatMap((p) => p.sizes).find((s) => s.lowestPrice !== null)!;
    expect((await home()).peptides).toEqual(before.peptides);
    await app.db
      .update(vendorPeptides)
      .set({ price: 0.5, vials: 1, currency: "USD", stockStatus: "in_stock", missedScrapes: 0 })
      .where(eq(vendorPeptides.sizeOptionId, size.id));
    const after = (await home()).peptides.flatMap((p) => p.sizes).find((s) => s.id === size.id)!;
    expect(after.lowestPrice).not.toBe(size.lowestPrice);
    expect(after.lowestPrice).toBeLessThanOrEqual(0.5);
  });
});
