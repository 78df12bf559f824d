import { readFileSync } from "node:fs";

import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { defaultPricingContext } from "~/.server/data/listings/offer-rows.server";
import { getSearchResultRows, searchCatalogue } from "~/.server/data/search.server";
import * as t from "~/.server/db/schema";

import { createTestApp, type TestApp } from "../helpers/app";
import { startCountingDatabase } from "../helpers/query-count";
import { seedSyntheticCatalogue } from "../helpers/synthetic-catalogue";

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
  await app.db
    .update(t.peptides)
    .set({ aliases: ["Thymosin Beta-4", "TB4"] })
    .where(eq(t.peptides.name, "TB-500"));
  await app.db
    .update(t.peptides)
    .set({ aliases: ["Bremelanotide"] })
    .where(eq(t.peptides.name, "PT-141"));
  // A description naming another peptide: found by it, ranked after that peptide's own matches.
  await app.db
    .update(t.peptides)
    .set({ description: "Often stacked with thymosin beta-4 fragments in tissue studies." })
    .where(eq(t.peptides.name, "KPV"));
});
afterAll(async () => {
  await app?.dispose();
});

const names = async (query: string) =>
  (await searchCatalogue(app.db, { query, limit: 8 })).peptides.map((p) => p.name);

describe("searchCatalogue", () => {
  it("finds a peptide whatever the hyphens and spaces", async () => {
    expect((await names("bpc157"))[0]).toBe("BPC-157");
    expect((await names("BPC 157"))[0]).toBe("BPC-157");
    expect((await names("ghkcu"))[0]).toBe("GHK-Cu");
  });

  it("forgives typos and unfinished words", async () => {
    expect((await names("semaglutid"))[0]).toBe("Semaglutide");
    expect((await names("semaglotide"))[0]).toBe("Semaglutide");
    // Word similarity 0.5: found only below pg_trgm's default threshold of 0.6.
    expect((await names("semaglotyde"))[0]).toBe("Semaglutide");
    expect((await names("tesamorelim"))[0]).toBe("Tesamorelin");
  });

  it("finds peptides by alias and says which alias matched", async () => {
    const result = await searchCatalogue(app.db, { query: "bremelanotide", limit: 8 });
    expect(result.peptides[0]).toMatchObject({ name: "PT-141", matchedAlias: "Bremelanotide" });
    const thymosin = await names("thymosin");
    expect(thymosin).toEqual(expect.arrayContaining(["Thymosin Alpha-1", "TB-500"]));
  });

  it("finds the words of a description: 'glp' finds the GLP-1 agonists", async () => {
    expect(await names("glp")).toEqual(expect.arrayContaining(["Semaglutide", "Tirzepatide"]));
    expect(await names("receptor agonist")).toEqual(
      expect.arrayContaining(["Semaglutide", "Tirzepatide"]),
    );
  });

  it("ranks name matches first, then alias matches, then description matches", async () => {
    const thymosin = await names("thymosin");
    const at = (name: string) => thymosin.indexOf(name);
    expect(at("Thymosin Alpha-1")).toBe(0);
    expect(at("TB-500")).toBe(1);
    expect(at("KPV")).toBeGreaterThan(at("TB-500"));
  });

  it("matches one or two letters against no description", async () => {
    expect(await names("gl")).not.toContain("Semaglutide");
  });

  it("finds the words of a name or alias in any order", async () => {
    expect((await names("beta thymosin"))[0]).toBe("TB-500");
    expect((await names("alpha thym"))[0]).toBe("Thymosin Alpha-1");
  });

  it("matches one or two letters at the start of a word only", async () => {
    const result = await names("se");
    expect(result).toEqual(
      expect.arrayContaining(["Selank", "Semax", "Semaglutide", "Sermorelin"]),
    );
    expect(result).not.toContain("Tesamorelin");
  });

  it("finds categories and vendors by name", async () => {
    const result = await searchCatalogue(app.db, { query: "metabolic", limit: 8 });
    expect(result.categories).toEqual([{ name: "Metabolic", slug: "metabolic" }]);
    const vendor = await searchCatalogue(app.db, { query: "meridian", limit: 8 });
    expect(vendor.vendors.map((v) => v.name)).toEqual(["Meridian Biolabs"]);
  });

  it("answers nothing for a query without letters or digits, and little for nonsense", async () => {
    expect(await searchCatalogue(app.db, { query: "--", limit: 8 })).toEqual({
      peptides: [],
      categories: [],
      vendors: [],
    });
    expect(await names("zzqxj")).toEqual([]);
  });

  it("takes tsquery syntax as plain words", async () => {
    await expect(names("bpc & | ! ( :* <->")).resolves.toBeInstanceOf(Array);
  });

  it("uses the trigram and full-text indexes", async () => {
    // Twenty demo rows would be read sequentially; the plan must show the indexes can serve it.
    const plan = await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain
        select id from peptides
         where peptide_search_keys(name, aliases) like '%bpc157%'
            or 'bpc157' <% peptide_search_keys(name, aliases)
            or peptide_search_document(name, aliases) @@ to_tsquery('simple', 'bpc157:*')`);
    });
    const text = JSON.stringify((plan as unknown as { rows: unknown[] }).rows);
    expect(text).toContain("peptides_search_keys_trgm_idx");
    expect(text).toContain("peptides_search_document_idx");
  });

  it("uses an index for the words of descriptions", async () => {
    const plan = await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain
        select id from peptides
         where peptide_description_document(description) @@ to_tsquery('simple', 'glp:*')`);
    });
    const text = JSON.stringify((plan as unknown as { rows: unknown[] }).rows);
    expect(text).toContain("peptides_description_document_idx");
  });
});

describe("searchCatalogue: sizes, brand names and category words (issue 30)", () => {
  const hits = async (query: string) =>
    (await searchCatalogue(app.db, { query, limit: 8 })).peptides.map((p) => ({
      name: p.name,
      size: p.sizeLabel,
      alias: p.matchedAlias,
    }));

  it("reads the size in 'semaglutide 5mg' however it is written and answers it with the peptide", async () => {
    for (const query of [
      "semaglutide 5mg",
      "semaglutide 5 mg",
      "SEMAGLUTIDE 5MG",
      "semaglutide 5",
    ]) {
      expect((await hits(query))[0], query).toEqual({
        name: "Semaglutide",
        size: "5mg",
        alias: null,
      });
    }
    expect((await hits("tirzepatide 15mg"))[0]).toMatchObject({
      name: "Tirzepatide",
      size: "15mg",
    });
    // Micrograms are the same amount in milligrams.
    expect((await hits("semaglutide 5000mcg"))[0]).toMatchObject({ size: "5mg" });
  });

  it("finds the peptide without a size it does not sell, and keeps a number that is part of a name", async () => {
    expect((await hits("semaglutide 7mg"))[0]).toEqual({
      name: "Semaglutide",
      size: null,
      alias: null,
    });
    expect((await hits("bpc 157"))[0]).toMatchObject({ name: "BPC-157", size: null });
    // "Melanotan 2" is an alias word for word; Melanotan II sells no 2 mg vial.
    expect((await hits("melanotan 2"))[0]).toMatchObject({ name: "Melanotan II", size: null });
    expect((await hits("tb 500"))[0]).toMatchObject({ name: "TB-500", size: null });
  });

  it("matches a size stored in micrograms or IU by its amount, and takes any number without failing", async () => {
    const [omega] = await app.db
      .insert(t.peptides)
      .values({ name: "Omega Sizetide", slug: "omega-sizetide" })
      .returning({ id: t.peptides.id });
    await app.db.insert(t.sizeOptions).values([
      { peptideId: omega.id, quantity: 500, unit: "mcg" },
      { peptideId: omega.id, quantity: 5, unit: "mg" },
      { peptideId: omega.id, quantity: 10, unit: "IU" },
    ]);
    try {
      expect((await hits("omega sizetide 0.5mg"))[0]).toMatchObject({ size: "500mcg" });
      expect((await hits("omega sizetide 500 mcg"))[0]).toMatchObject({ size: "500mcg" });
      expect((await hits("omega sizetide 10 IU"))[0]).toMatchObject({ size: "10IU" });
      expect((await hits("omega sizetide 10"))[0]).toMatchObject({ size: "10IU" });
      expect((await hits("omega sizetide 10mg"))[0]).toMatchObject({ size: null });
      expect((await hits(`omega sizetide ${"9".repeat(60)}`))[0]).toMatchObject({ size: null });
    } finally {
      await app.db.delete(t.peptides).where(eq(t.peptides.id, omega.id));
    }
  });

  it("finds brand names and misspellings by the peptides' aliases", async () => {
    expect((await hits("ozempic"))[0]).toEqual({
      name: "Semaglutide",
      size: null,
      alias: "Ozempic",
    });
    expect((await hits("Wegovy"))[0]).toMatchObject({ name: "Semaglutide", alias: "Wegovy" });
    expect((await hits("mounjaro"))[0]).toMatchObject({ name: "Tirzepatide", alias: "Mounjaro" });
    expect((await hits("zepbound"))[0]).toMatchObject({ name: "Tirzepatide", alias: "Zepbound" });
    expect((await hits("bcp"))[0]).toMatchObject({ name: "BPC-157", alias: "BCP-157" });
    // A brand name and a size together.
    expect((await hits("ozempic 5mg"))[0]).toEqual({
      name: "Semaglutide",
      size: "5mg",
      alias: "Ozempic",
    });
  });

  it("lists every peptide of a category for a category word, before what its descriptions match", async () => {
    const healing = await app.db
      .select({ name: t.peptides.name })
      .from(t.peptides)
      .innerJoin(t.categories, eq(t.categories.id, t.peptides.categoryId))
      .where(eq(t.categories.slug, "healing-recovery"));
    expect(healing.length).toBe(4);
    const found = (await hits("healing")).map((hit) => hit.name);
    expect(found.slice(0, 4).sort()).toEqual(healing.map((row) => row.name).sort());
    expect(
      (await hits("metabolic"))
        .map((hit) => hit.name)
        .slice(0, 3)
        .sort(),
    ).toEqual(["AOD-9604", "Semaglutide", "Tirzepatide"]);
    // A peptide named by the words still comes before its category's other peptides.
    expect((await hits("recovery bpc")).map((hit) => hit.name)[0]).toBe("BPC-157");
  });

  it("gives the search page's row the size asked for: its Best Price and its vendors", async () => {
    const result = await searchCatalogue(app.db, { query: "semaglutide 5mg", limit: 8 });
    const rows = await getSearchResultRows(app.db, result.peptides, defaultPricingContext());
    const semaglutide = rows.offers.find((offer) => offer.peptideName === "Semaglutide");
    expect(semaglutide).toMatchObject({ sizeLabel: "5mg", askedSize: "5mg" });
    const fiveMgVendors = await app.db
      .selectDistinct({ vendorId: t.vendorPeptides.vendorId })
      .from(t.vendorPeptides)
      .innerJoin(t.sizeOptions, eq(t.sizeOptions.id, t.vendorPeptides.sizeOptionId))
      .innerJoin(t.peptides, eq(t.peptides.id, t.vendorPeptides.peptideId))
      .where(
        sql`${t.peptides.name} = 'Semaglutide' and ${t.sizeOptions.quantity} = 5 and ${t.vendorPeptides.active}`,
      );
    expect(semaglutide!.vendorCount).toBe(fiveMgVendors.length);
  });

  it("the migration adds the brand names and misspelling to a database that holds the peptides, once", async () => {
    const names = ["Semaglutide", "Tirzepatide", "BPC-157"];
    await app.db
      .update(t.peptides)
      .set({
        aliases: sql`case ${t.peptides.name} when 'Semaglutide' then array['ozempic'] else '{}'::text[] end`,
      })
      .where(inArray(t.peptides.name, names));
    const migration = readFileSync("drizzle/0039_search_aliases.sql", "utf8");
    await app.db.execute(sql.raw(migration));
    await app.db.execute(sql.raw(migration));
    const rows = await app.db
      .select({ name: t.peptides.name, aliases: t.peptides.aliases })
      .from(t.peptides)
      .where(inArray(t.peptides.name, names));
    expect(Object.fromEntries(rows.map((row) => [row.name, row.aliases]))).toEqual({
      Semaglutide: ["ozempic", "Wegovy"],
      Tirzepatide: ["Mounjaro", "Zepbound"],
      "BPC-157": ["BCP-157"],
    });
  });
});

describe("search query budget", () => {
  const database = startCountingDatabase();
  beforeAll(async () => {
    await seedSyntheticCatalogue(database.handle.db, 40);
  });

  it("answers a size, a category word and a bare number in two queries, and the rows in one", async () => {
    for (const query of ["peptide 00012 5mg", "synthetic", "peptide 00012 5"]) {
      let result: Awaited<ReturnType<typeof searchCatalogue>> | undefined;
      expect(
        await database.measure(async () => {
          result = await searchCatalogue(database.handle.db, { query, limit: 48 });
        }),
        query,
      ).toBe(2);
      expect(result!.peptides.length, query).toBeGreaterThan(0);
      expect(
        await database.measure(() =>
          getSearchResultRows(database.handle.db, result!.peptides, defaultPricingContext()),
        ),
        query,
      ).toBe(1);
    }
  });
});

describe("getSearchResultRows", () => {
  /** Four peptides of this test's own, with vendors whose terms make the sums easy. */
  async function seedPricedPeptides() {
    const { db } = app;
    const [coupon, free, dear, unstated] = await db
      .insert(t.vendors)
      .values([
        { name: "Kappa Coupon Labs", shippingFee: 5, freeShippingThreshold: 200 },
        { name: "Kappa Free Ship", shippingFee: 0 },
        { name: "Kappa Sold Out", shippingFee: 0 },
        { name: "Kappa Unstated", shippingCost: "Varies" },
      ])
      .returning({ id: t.vendors.id });
    await db.insert(t.coupons).values({
      vendorId: coupon.id,
      code: "KAPPA10",
      discountAmount: 10,
      discountType: "percentage",
    });
    const [priced, unpriced, soldOut, unsold] = await db
      .insert(t.peptides)
      .values([
        { name: "Kappa Testide", slug: "kappa-testide" },
        { name: "Kappa Unstatide", slug: "kappa-unstatide" },
        { name: "Kappa Soldoutide", slug: "kappa-soldoutide" },
        { name: "Kappa Unsoldide", slug: "kappa-unsoldide" },
      ])
      .returning({ id: t.peptides.id });
    const [five, ten, two, three] = await db
      .insert(t.sizeOptions)
      .values([
        { peptideId: priced.id, quantity: 5, unit: "mg" },
        { peptideId: priced.id, quantity: 10, unit: "mg" },
        { peptideId: unpriced.id, quantity: 2, unit: "mg" },
        { peptideId: soldOut.id, quantity: 3, unit: "mg" },
        { peptideId: unsold.id, quantity: 4, unit: "mg" },
      ])
      .returning({ id: t.sizeOptions.id });
    const offer = (peptideId: string, sizeOptionId: string, vendorId: string, price: number) => ({
      peptideId,
      sizeOptionId,
      vendorId,
      price,
    });
    await db.insert(t.vendorPeptides).values([
      // $100 − 10% = $90, + $5 shipping: $95, the best total.
      offer(priced.id, ten.id, coupon.id, 100),
      // $99 with free shipping: $99 at the door, more than $95.
      offer(priced.id, five.id, free.id, 99),
      // The cheapest price, but out of stock: counted as a vendor, never the best.
      { ...offer(priced.id, five.id, dear.id, 10), stockStatus: "out_of_stock" },
      // A price switched off is neither a price nor a vendor.
      { ...offer(priced.id, five.id, unstated.id, 1), active: false },
      offer(unpriced.id, two.id, unstated.id, 30),
      // Priced by two vendors, bought from neither: a row that says so.
      { ...offer(soldOut.id, three.id, dear.id, 20), stockStatus: "out_of_stock" },
      { ...offer(soldOut.id, three.id, free.id, 25), stockStatus: "out_of_stock" },
    ]);
    return { priced: priced.id, unpriced: unpriced.id, soldOut: soldOut.id, unsold: unsold.id };
  }

  it("gives each result its Best Price offer row with its number of vendors, and says which have none", async () => {
    const ids = await seedPricedPeptides();
    const result = await searchCatalogue(app.db, { query: "kappa", limit: 8 });
    const rows = await getSearchResultRows(app.db, result.peptides, defaultPricingContext());
    const offerOf = (id: string) => rows.offers.find((offer) => offer.peptideId === id);
    // The whole offer-table row of the best offer: $100 − 10% + $5 shipping.
    expect(offerOf(ids.priced)).toMatchObject({
      peptideName: "Kappa Testide",
      peptideSlug: "kappa-testide",
      matchedAlias: null,
      // As the home card counts: vendors with a buyable offer of the best offer's size (10 mg).
      vendorCount: 1,
      vendorName: "Kappa Coupon Labs",
      sizeLabel: "10mg",
      vials: 1,
      price: 100,
      buyable: true,
      coupon: { code: "KAPPA10" },
      display: { total: 95, priceAfterCoupon: 90, currency: "USD", converted: false },
    });
    // Shipping not stated: the price, and no total.
    expect(offerOf(ids.unpriced)).toMatchObject({
      vendorCount: 1,
      vendorName: "Kappa Unstated",
      display: { total: null, priceAfterCoupon: 30 },
    });
    expect(rows.offerless).toEqual([
      {
        peptideId: ids.soldOut,
        peptideName: "Kappa Soldoutide",
        peptideSlug: "kappa-soldoutide",
        matchedAlias: null,
        askedSize: null,
        vendorCount: 2,
      },
      {
        peptideId: ids.unsold,
        peptideName: "Kappa Unsoldide",
        peptideSlug: "kappa-unsoldide",
        matchedAlias: null,
        askedSize: null,
        vendorCount: 0,
      },
    ]);
    // One row per result, in the results' order.
    const order = result.peptides.map((peptide) => peptide.id);
    expect(rows.offers.map((offer) => offer.peptideId)).toEqual(
      order.filter((id) => id === ids.priced || id === ids.unpriced),
    );
    expect(await getSearchResultRows(app.db, [], defaultPricingContext())).toEqual({
      offers: [],
      offerless: [],
    });
  });
});
