import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { createScrapeSource, getScrapeSource } from "~/.server/data/scrape-sources.server";
import * as t from "~/.server/db/schema";
import { applyListings } from "~/.server/scraper/apply.server";
import { ReviewApprovalError } from "~/.server/services/review-queue.server";
import type { Listing } from "~/.server/reader/extract.server";
import { DEMO_PEPTIDES } from "~/.server/seed/demo-data";
import { matchListing } from "~/lib/listing";

import { createTestApp, type TestApp } from "../helpers/app";
import {
  addReviewItemAlias,
  approveReviewItem,
  ignoreReviewItem,
} from "../helpers/review-decisions";
import { singlePageSource } from "../helpers/scrape-sources";

let app: TestApp;
let vendorA: string;
let vendorB: string;
let bpc: string;
let tb: string;
const sizeIds = new Map<string, string>();

function listing(name: string, price: number | null, currency: string | null = "USD"): Listing {
  return { name, price, currency, link: null, soldOut: false };
}

async function addSource(vendorId: string, currency: string | null, pageType = "single") {
  const id = await createScrapeSource(
    app.db,
    singlePageSource({
      retailerName: `Shop ${Math.random()}`,
      url: "https://shop.example/",
      pageType: pageType as "single" | "category",
      productSelector: ".p",
      vendorId,
      isActive: true,
      currency,
    }),
  );
  return (await getScrapeSource(app.db, id))!;
}

async function offer(vendorId: string, sizeKey: string, vials = 1) {
  const [row] = await app.db
    .select({
      id: t.vendorPeptides.id,
      price: t.vendorPeptides.price,
      currency: t.vendorPeptides.currency,
      vials: t.vendorPeptides.vials,
      missedScrapes: t.vendorPeptides.missedScrapes,
      stockStatus: t.vendorPeptides.stockStatus,
      updatedAt: t.vendorPeptides.updatedAt,
      priceCheckedAt: t.vendorPeptides.priceCheckedAt,
    })
    .from(t.vendorPeptides)
    .where(
      and(
        eq(t.vendorPeptides.vendorId, vendorId),
        eq(t.vendorPeptides.sizeOptionId, sizeIds.get(sizeKey)!),
        eq(t.vendorPeptides.vials, vials),
      ),
    );
  return row ?? null;
}

async function pending(name: string) {
  const [row] = await app.db
    .select({
      id: t.scrapeReviewItems.id,
      reason: t.scrapeReviewItems.reason,
      currency: t.scrapeReviewItems.currency,
      quantity: t.scrapeReviewItems.quantity,
      unit: t.scrapeReviewItems.unit,
      vials: t.scrapeReviewItems.vials,
      form: t.scrapeReviewItems.form,
    })
    .from(t.scrapeReviewItems)
    .where(and(eq(t.scrapeReviewItems.name, name), eq(t.scrapeReviewItems.status, "pending")));
  return row ?? null;
}

beforeAll(async () => {
  app = await createTestApp({ SEED_DEMO: "false" });
  const vendors = await app.db
    .insert(t.vendors)
    .values([{ name: "Vendor A" }, { name: "Vendor B" }, { name: "Vendor C" }])
    .returning({ id: t.vendors.id });
  [vendorA, vendorB] = vendors.map((v) => v.id);
  const peptides = await app.db
    .insert(t.peptides)
    .values([
      { name: "BPC-157", slug: "bpc-157" },
      { name: "TB-500", slug: "tb-500", aliases: ["Thymosin Beta-4"] },
    ])
    .returning({ id: t.peptides.id });
  [bpc, tb] = peptides.map((p) => p.id);
  const sizes = await app.db
    .insert(t.sizeOptions)
    .values([
      { peptideId: bpc, quantity: 5, unit: "mg" },
      { peptideId: bpc, quantity: 10, unit: "mg" },
      { peptideId: tb, quantity: 5, unit: "mg" },
    ])
    .returning({ id: t.sizeOptions.id, peptideId: t.sizeOptions.peptideId });
  sizeIds.set("bpc5", sizes[0].id);
  sizeIds.set("bpc10", sizes[1].id);
  sizeIds.set("tb5", sizes[2].id);
  // Vendor B's prices: the others' median a new listing is compared with (5 USD per mg).
  await app.db.insert(t.vendorPeptides).values([
    { vendorId: vendorB, peptideId: bpc, sizeOptionId: sizes[0].id, price: 25, currency: "USD" },
    { vendorId: vendorB, peptideId: bpc, sizeOptionId: sizes[1].id, price: 50, currency: "USD" },
  ]);
});

afterAll(async () => {
  await app.dispose();
});

beforeEach(async () => {
  await app.db.delete(t.scrapeReviewItems);
  await app.db.delete(t.scrapeSources);
  await app.db.delete(t.vendorPeptides).where(eq(t.vendorPeptides.vendorId, vendorA));
});

describe("applyListings: currencies", () => {
  it("stores the listing's own ISO code, whatever the source says", async () => {
    const source = await addSource(vendorA, "USD");
    await applyListings(app, source, [listing("TB-500 5mg", 20, "EUR")]);
    expect(await offer(vendorA, "tb5")).toMatchObject({ price: 20, currency: "EUR" });
  });

  it("uses the source's currency for a bare '$' and queues it when the source has none", async () => {
    const withCurrency = await addSource(vendorA, "CAD");
    await applyListings(app, withCurrency, [listing("TB-500 5mg", 30, "$")]);
    expect(await offer(vendorA, "tb5")).toMatchObject({ price: 30, currency: "CAD" });

    const without = await addSource(vendorA, null);
    const summary = await applyListings(app, without, [listing("BPC-157 5mg", 24, "$")]);
    expect(summary.queued).toBe(1);
    expect(await offer(vendorA, "bpc5")).toBeNull();
    expect(await pending("BPC-157 5mg")).toMatchObject({
      reason: "unknown_currency",
      currency: null,
    });
  });
});

describe("applyListings: review reasons", () => {
  it("says why each listing waits, and never puts those prices live", async () => {
    const source = await addSource(vendorA, "USD");
    const summary = await applyListings(app, source, [
      listing("BPC-157 + TB-500 Blend 10mg", 60),
      listing("BPC-157 500mcg capsules (60 ct)", 40),
      listing("Retatrutide 10mg", 90),
      listing("BPC-157 20mg", 80),
      listing("BPC-157 10mg", 4),
    ]);
    expect(summary).toMatchObject({ queued: 5, updated: 0, unchanged: 0 });
    expect(await pending("BPC-157 + TB-500 Blend 10mg")).toMatchObject({ reason: "blend" });
    expect(await pending("BPC-157 500mcg capsules (60 ct)")).toMatchObject({
      reason: "not_vial",
      form: "capsule",
      quantity: 0.5,
      unit: "mg",
    });
    expect(await pending("Retatrutide 10mg")).toMatchObject({ reason: "unknown_peptide" });
    expect(await pending("BPC-157 20mg")).toMatchObject({ reason: "unknown_size" });
    expect(await pending("BPC-157 10mg")).toMatchObject({ reason: "price_outlier" });
    expect(await offer(vendorA, "bpc10")).toBeNull();
  });

  it("compares a pack per vial, and only with prices in the same currency", async () => {
    const source = await addSource(vendorA, "USD");
    // 5 vials at 24 each: close to vendor B's 25 per vial.
    await applyListings(app, source, [listing("BPC-157 5mg x 5 vials", 120)]);
    expect(await offer(vendorA, "bpc5", 5)).toMatchObject({ price: 120, vials: 5 });
    expect(await offer(vendorA, "bpc5")).toBeNull();
    // 4 EUR for 10 mg would be an outlier in USD; there is no EUR price to compare with.
    await applyListings(app, source, [listing("BPC-157 10mg", 4, "EUR")]);
    expect(await offer(vendorA, "bpc10")).toMatchObject({ price: 4, currency: "EUR" });
  });
});

describe("applyListings: runs without a price", () => {
  it("counts a miss and keeps the price and its times when a matched listing shows no price", async () => {
    const source = await addSource(vendorA, "USD");
    await applyListings(app, source, [listing("TB-500 5mg", 20)]);
    const before = (await offer(vendorA, "tb5"))!;

    const soldOutWithoutPrice = { ...listing("TB-500 5mg", null), soldOut: true };
    const summary = await applyListings(app, source, [soldOutWithoutPrice]);
    expect(summary.missed).toBe(1);
    expect(summary.warnings.join("\n")).toMatch(/No price found for "TB-500 5mg"/);
    const after = (await offer(vendorA, "tb5"))!;
    expect(after).toMatchObject({ price: 20, missedScrapes: 1, stockStatus: "out_of_stock" });
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect(after.priceCheckedAt).toEqual(before.priceCheckedAt);

    await applyListings(app, source, [listing("TB-500 5mg", 21)]);
    expect(await offer(vendorA, "tb5")).toMatchObject({ price: 21, missedScrapes: 0 });
  });

  it("counts a miss for scraped offers a vendor's only category page no longer lists", async () => {
    const category = await addSource(vendorA, "USD", "category");
    await applyListings(app, category, [listing("TB-500 5mg", 20), listing("BPC-157 5mg", 24)]);

    const summary = await applyListings(app, category, [listing("BPC-157 5mg", 24)]);
    expect(summary.missed).toBe(1);
    expect(await offer(vendorA, "tb5")).toMatchObject({ price: 20, missedScrapes: 1 });
    expect(await offer(vendorA, "bpc5")).toMatchObject({ missedScrapes: 0 });

    // With a second source the vendor's offers may come from elsewhere: nothing is counted.
    await addSource(vendorA, "USD");
    await applyListings(app, category, [listing("BPC-157 5mg", 24)]);
    expect(await offer(vendorA, "tb5")).toMatchObject({ missedScrapes: 1 });
  });
});

describe("the review queue's actions", () => {
  it("approves for the item's vendor only, creating the missing size", async () => {
    const source = await addSource(vendorA, "USD");
    await applyListings(app, source, [listing("BPC-157 20mg", 80), listing("BPC-157 10mg", 4)]);
    const vendorBBefore = await app.db
      .select({ id: t.vendorPeptides.id, price: t.vendorPeptides.price })
      .from(t.vendorPeptides)
      .where(eq(t.vendorPeptides.vendorId, vendorB));

    await approveReviewItem(app, (await pending("BPC-157 20mg"))!.id, { peptideId: bpc });
    await approveReviewItem(app, (await pending("BPC-157 10mg"))!.id, { peptideId: bpc });

    const [size20] = await app.db
      .select({ id: t.sizeOptions.id })
      .from(t.sizeOptions)
      .where(and(eq(t.sizeOptions.peptideId, bpc), eq(t.sizeOptions.quantity, 20)));
    expect(size20).toBeDefined();
    sizeIds.set("bpc20", size20.id);
    expect(await offer(vendorA, "bpc20")).toMatchObject({ price: 80, currency: "USD" });
    expect(await offer(vendorA, "bpc10")).toMatchObject({ price: 4 });
    const vendorBAfter = await app.db
      .select({ id: t.vendorPeptides.id, price: t.vendorPeptides.price })
      .from(t.vendorPeptides)
      .where(eq(t.vendorPeptides.vendorId, vendorB));
    expect(vendorBAfter).toEqual(vendorBBefore);
  });

  it("asks for a currency when the listing's is unknown", async () => {
    const source = await addSource(vendorA, null);
    await applyListings(app, source, [listing("TB-500 5mg", 20, "$")]);
    const item = (await pending("TB-500 5mg"))!;
    await expect(approveReviewItem(app, item.id, { peptideId: tb })).rejects.toBeInstanceOf(
      ReviewApprovalError,
    );
    await approveReviewItem(app, item.id, { peptideId: tb, currency: "AUD" });
    expect(await offer(vendorA, "tb5")).toMatchObject({ price: 20, currency: "AUD" });
  });

  it("keeps the name as an alias, so the next run matches it", async () => {
    const source = await addSource(vendorA, "USD");
    await applyListings(app, source, [listing("Body Protection Compound 5mg", 24)]);
    const item = (await pending("Body Protection Compound 5mg"))!;
    expect(item.reason).toBe("unknown_peptide");
    expect(await addReviewItemAlias(app, item.id, bpc)).toBe("Body Protection Compound");

    await applyListings(app, source, [listing("Body Protection Compound 5mg", 24)]);
    expect(await offer(vendorA, "bpc5")).toMatchObject({ price: 24 });
  });

  it("holds a look-alike (a fragment of a catalogue peptide) for review until an alias says it is that peptide", async () => {
    const source = await addSource(vendorA, "USD");
    const name = "TB-500 Fragment 17-23 5mg";
    await applyListings(app, source, [listing(name, 20)]);
    const item = (await pending(name))!;
    expect(item.reason).toBe("look_alike");
    const [suggested] = await app.db
      .select({ peptideId: t.scrapeReviewItems.suggestedPeptideId })
      .from(t.scrapeReviewItems)
      .where(eq(t.scrapeReviewItems.id, item.id));
    expect(suggested.peptideId).toBe(tb);
    const before = await offer(vendorA, "tb5");

    expect(await addReviewItemAlias(app, item.id, tb)).toBe("TB-500 Fragment 17-23");
    await applyListings(app, source, [listing(name, 20.5)]);
    expect(await offer(vendorA, "tb5")).toMatchObject({ price: 20.5 });
    expect(before?.price).not.toBe(20.5);
  });

  it("ignores a listing for good: later runs skip it silently", async () => {
    const source = await addSource(vendorA, "USD");
    await applyListings(app, source, [listing("Mystery Peptide 5mg", 30)]);
    await ignoreReviewItem(app, (await pending("Mystery Peptide 5mg"))!.id);

    const summary = await applyListings(app, source, [listing("Mystery Peptide 5mg", 31)]);
    expect(summary).toMatchObject({ ignored: 1, queued: 0 });
    expect(await pending("Mystery Peptide 5mg")).toBeNull();
  });
});

describe("the demo catalogue's aliases", () => {
  it.each([
    ["TB-500 (Thymosin Beta-4) 10 mg vial", "TB-500", 10],
    ["Tesamorelin 5mg - 99% purity", "Tesamorelin", 5],
    ["MT-2 10mg", "Melanotan II", 10],
    ["Epithalon 10mg", "Epitalon", 10],
    ["PT-141 (Bremelanotide) 10mg", "PT-141", 10],
    ["Ipamorelin 2000mcg", "Ipamorelin", 2],
    ["TA-1 5mg", "Thymosin Alpha-1", 5],
  ])("matches %s", (title, peptide, quantity) => {
    const catalogue = DEMO_PEPTIDES.map((p) => ({ id: p.name, name: p.name, aliases: p.aliases }));
    expect(matchListing(title, catalogue)).toMatchObject({ peptideId: peptide, quantity });
  });
});
