import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { containsSearch } from "~/.server/data/table-search.server";
import { getAdminOfferPage } from "~/.server/data/vendor-peptides.server";
import { peptides, vendorPeptides, vendors } from "~/.server/db/schema";

import { createTestApp, type TestApp } from "../helpers/app";

/**
 * The admin price table's search box finds its rows through the names' ids and trigram
 * indexes (offer-search.server.ts): it must find exactly the rows the plain condition
 * does, on the embedded database as on a server. The demo catalogue, searched for the names,
 * links and notes it holds and for pieces of "{vendor} price for {peptide}" across the joiner.
 */
describe("the admin price table's search box", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp();
    const [offer] = await app.db.select({ id: vendorPeptides.id }).from(vendorPeptides).limit(1);
    await app.db
      .update(vendorPeptides)
      .set({ notes: "Save 100% on_this \\ batch" })
      .where(eq(vendorPeptides.id, offer!.id));
  });

  afterAll(async () => {
    await app?.dispose();
  });

  /** The ids the plain condition finds: every text read in full, in any case. */
  async function plainIds(search: string): Promise<string[]> {
    const rows = await app.db
      .select({ id: vendorPeptides.id })
      .from(vendorPeptides)
      .innerJoin(peptides, eq(vendorPeptides.peptideId, peptides.id))
      .innerJoin(vendors, eq(vendorPeptides.vendorId, vendors.id))
      .where(
        containsSearch(search, [
          peptides.name,
          vendors.name,
          vendorPeptides.url,
          vendorPeptides.notes,
          sql`${vendors.name} || ' price for ' || ${peptides.name}`,
        ]),
      );
    return rows.map((row) => row.id).sort();
  }

  async function searchedIds(search: string): Promise<{ ids: string[]; total: number }> {
    const { rows, total } = await getAdminOfferPage(app.db, {
      search,
      peptideId: null,
      vendorId: null,
      stock: null,
      stale: null,
      active: null,
      sort: { column: "peptide", direction: "asc" },
      page: 1,
      pageSize: 10_000,
    });
    return { ids: rows.map((row) => row.id).sort(), total };
  }

  it("finds what the plain condition finds, across the joiner too", async () => {
    const names = await app.db
      .select({ vendor: vendors.name, peptide: peptides.name, url: vendorPeptides.url })
      .from(vendorPeptides)
      .innerJoin(peptides, eq(vendorPeptides.peptideId, peptides.id))
      .innerJoin(vendors, eq(vendorPeptides.vendorId, vendors.id))
      .orderBy(vendorPeptides.id)
      .limit(3);
    expect(names.length).toBeGreaterThan(0);
    const searches = [
      "price",
      "E",
      "no-such-thing%",
      "100%",
      "on_this \\",
      "_",
      "\\",
      " for ",
      "Price For ",
    ];
    for (const { vendor, peptide, url } of names) {
      searches.push(
        `${vendor} price for ${peptide}`,
        `${vendor.slice(-3)} PRICE FOR ${peptide.slice(0, 3)}`.toLowerCase(),
        `${vendor.slice(-2)} pri`,
        `or ${peptide.slice(0, 2)}`,
        `${vendor.slice(1)} price`,
        `for ${peptide.slice(0, -1)}`,
        peptide.toUpperCase(),
        vendor.slice(2, 6),
        url?.slice(8, 20) ?? "",
      );
    }
    for (const search of searches.filter(Boolean)) {
      const plain = await plainIds(search);
      const { ids, total } = await searchedIds(search);
      expect({ search, ids, total }).toEqual({ search, ids: plain, total: plain.length });
    }
    // The searches reach rows each way: not a run of empty pages.
    const [first] = names;
    expect(
      (await searchedIds(`${first!.vendor} price for ${first!.peptide}`)).total,
    ).toBeGreaterThan(0);
    expect((await searchedIds("100%")).total).toBe(1);
    expect((await searchedIds(`${first!.vendor.slice(-2)} pri`)).total).toBeGreaterThan(0);
    expect((await searchedIds(`or ${first!.peptide.slice(0, 2)}`)).total).toBeGreaterThan(0);
  });
});
