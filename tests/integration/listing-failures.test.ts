import { desc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { createScrapeSource, getScrapeSource } from "~/.server/data/scrape-sources.server";
import { updateSettings } from "~/.server/data/settings.server";
import * as t from "~/.server/db/schema";
import { createLogger } from "~/.server/platform/logger";
import { scrapeSource } from "~/.server/scraper/run.server";
import { DEFAULT_SETTINGS } from "~/lib/constants";

import { createScraperTestApp, demoScrapedVendorId, type TestApp } from "../helpers/app";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-site";
import { singlePageSource } from "../helpers/scrape-sources";

/**
 * Issue 17, Must 3: one bad listing is that listing's problem, never the source's; what went
 * wrong is a sentence in the run log and on the source, never SQL.
 */

let app: TestApp;
let site: FixtureSite;
let vendorId: string;
let logLines: string[];

const card = (name: string, price: string) =>
  `<div class="item"><h3 class="item-name">${name}</h3><span class="item-price">${price}</span></div>`;
const shop = (...cards: string[]) =>
  `<!doctype html><html><head><title>Shop</title></head><body>${cards.join("")}</body></html>`;

async function run(path: string) {
  const id = await createScrapeSource(
    app.db,
    singlePageSource({
      retailerName: "Listing failures shop",
      url: `${site.baseUrl}${path}`,
      productSelector: ".item",
      nameSelector: ".item-name",
      priceSelector: ".item-price",
      vendorId,
      isActive: true,
      currency: "USD",
    }),
  );
  // The run logs through a logger whose lines the test reads.
  const logger = createLogger("info", { write: (line: string) => void logLines.push(line) });
  const result = await scrapeSource({ ...app, logger }, (await getScrapeSource(app.db, id))!);
  const [log] = await app.db
    .select({ status: t.scrapeLogs.status, details: t.scrapeLogs.details })
    .from(t.scrapeLogs)
    .where(eq(t.scrapeLogs.sourceId, id))
    .orderBy(desc(t.scrapeLogs.createdAt))
    .limit(1);
  const source = (await getScrapeSource(app.db, id))!;
  return { result, log, source };
}

const reviewNames = () =>
  app.db.select({ name: t.scrapeReviewItems.name }).from(t.scrapeReviewItems);

beforeAll(async () => {
  app = await createScraperTestApp();
  await updateSettings(app.db, { ...DEFAULT_SETTINGS, requestDelayMs: 0 });
  vendorId = await demoScrapedVendorId(app);
});

afterAll(async () => {
  await app.dispose();
});

beforeEach(async () => {
  logLines = [];
  site = await startFixtureSite();
});

afterEach(async () => {
  await site.close();
  await app.db.delete(t.scrapeReviewItems);
  await app.db
    .delete(t.scrapeSources)
    .where(eq(t.scrapeSources.retailerName, "Listing failures shop"));
});

describe("one bad listing never fails the source", () => {
  it("cuts an over-long name to the column's limit and says so", async () => {
    const longName = `Unheard-of Peptide 5mg ${"lorem ipsum ".repeat(1200)}`;
    site.setPage("/long", shop(card(longName, "$30.00"), card("Wholly Unknown 10mg", "$20.00")));
    const { result, log, source } = await run("/long");

    expect(result.ok).toBe(true);
    expect(source.status).toBe("active");
    const names = (await reviewNames()).map((row) => row.name);
    expect(names).toContain("Wholly Unknown 10mg");
    expect(names.find((name) => name.startsWith("Unheard-of Peptide"))).toHaveLength(10_000);
    expect(log.details).toMatch(/characters long; cut to 10,000/);
    expect(source.lastError).toMatch(/cut to 10,000/);
  });

  it("records a listing the database refuses as a sentence and applies the others", async () => {
    // A real refusal by the real database: this listing's row breaks a CHECK.
    await app.db.execute(
      sql`alter table scrape_review_items add constraint test_refuses_poison check (name not like '%Poison%')`,
    );
    try {
      site.setPage(
        "/refused",
        shop(card("Poison Peptide 5mg", "$10.00"), card("Other Thing 5mg", "$12.00")),
      );
      const { result, log, source } = await run("/refused");

      expect(result.ok).toBe(true);
      expect((await reviewNames()).map((row) => row.name)).toEqual(["Other Thing 5mg"]);
      const sentence =
        'Could not save "Poison Peptide 5mg": the database refused it (a value is out of the allowed range)';
      expect(log.details).toContain(sentence);
      expect(source.lastError).toContain(sentence);
      for (const text of [log.details, source.lastError, result.message])
        expect(text).not.toMatch(/Failed query|insert into/i);
      // The server log keeps the cause.
      const entry = logLines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((line) => line.msg === "scraped listing not applied");
      expect(JSON.stringify(entry)).toContain("test_refuses_poison");
    } finally {
      await app.db.execute(
        sql`alter table scrape_review_items drop constraint test_refuses_poison`,
      );
    }
  });

  it("says a source-wide database failure as a sentence, never as SQL", async () => {
    await app.db.execute(
      sql`alter table scraped_data add constraint test_refuses_data check (data::text not like '%Refused%')`,
    );
    try {
      site.setPage("/source-refused", shop(card("Refused Peptide 5mg", "$10.00")));
      const { result, log, source } = await run("/source-refused");
      expect(result.ok).toBe(false);
      const message =
        "Error during scraping: the database refused it (a value is out of the allowed range)";
      expect(result.message).toBe(message);
      expect(source.lastError).toBe(message);
      expect(log.details).toBe(message);
    } finally {
      await app.db.execute(sql`alter table scraped_data drop constraint test_refuses_data`);
    }
  });
});

describe("a listing without a price", () => {
  it("is named in the run log and the source's last result instead of reading as success", async () => {
    site.setPage("/no-price", shop(card("Mystery Peptide 5mg", "Call for price")));
    const { result, log, source } = await run("/no-price");

    expect(result.ok).toBe(true);
    expect(log.details).toContain("0 prices changed, 0 unchanged, 0 sent to review");
    expect(log.details).toContain('No price found for "Mystery Peptide 5mg"');
    expect(source.lastError).toBe('No price found for "Mystery Peptide 5mg"');
  });
});
