/**
 * Lab tests per size on every screen (issue 30 Must 4, issue 34 Must 4): a vendor whose 10 mg
 * vial failed its test (96.4 % purity, 8.3 of 10 mg) is the cheapest 10 mg offer, yet no screen
 * that shows Best Price — home card, detail, compare, search, API — makes it Best Price; its
 * rows carry the "Failed lab test" warning on every table (vendor page included); the same
 * vendor's passing 5 mg test makes its 5 mg offer Tested and never its 10 mg one; a test that
 * covers every size of a batch speaks for the other sizes; and the price per verified mg is the
 * landed total ÷ (measured mg × purity), worked out here by hand.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getHomePageData } from "~/.server/data/listings/home.server";
import {
  getComparePageData,
  getPeptidePageData,
} from "~/.server/data/listings/peptide-pages.server";
import { getOpenDataPeptide, getOpenDataSizes } from "~/.server/data/open-data.server";
import { getSearchResultRows, searchCatalogue } from "~/.server/data/search.server";
import { getVendorProfile } from "~/.server/data/vendor-profile.server";
import * as t from "~/.server/db/schema";
import { apiOffers, apiPeptide, getOpenDataPricing } from "~/.server/services/open-data.server";
import { EMPTY_HOME_FILTERS } from "~/lib/home-filters";
import type { OfferRow } from "~/lib/offer-row";
import { perVerifiedMg } from "~/lib/offer-view";
import { bestOfferIds } from "~/lib/ranking";

import { createTestApp, type TestApp } from "../helpers/app";

let app: TestApp;
const ids = { cheap: "", dear: "", size5: "", size10: "", peptide: "" };
const offerIds = { cheap5: "", cheap10: "", dear5: "", dear10: "" };

const daysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  app = await createTestApp();
  const { db } = app;
  const [category] = await db
    .insert(t.categories)
    .values({ name: "Lab Check", slug: "lab-check" })
    .returning({ id: t.categories.id });
  const [peptide] = await db
    .insert(t.peptides)
    .values({ name: "Labcheck Peptide", slug: "labcheck-peptide", categoryId: category!.id })
    .returning({ id: t.peptides.id });
  ids.peptide = peptide!.id;
  const [size5, size10] = await db
    .insert(t.sizeOptions)
    .values([
      { peptideId: ids.peptide, quantity: 5, unit: "mg" },
      { peptideId: ids.peptide, quantity: 10, unit: "mg" },
    ])
    .returning({ id: t.sizeOptions.id });
  ids.size5 = size5!.id;
  ids.size10 = size10!.id;
  const [cheap, dear] = await db
    .insert(t.vendors)
    .values([
      { name: "Cheap Failing Labs", currency: "USD", shippingFee: 5 },
      { name: "Dear Passing Co", currency: "USD", shippingFee: 5 },
    ])
    .returning({ id: t.vendors.id });
  ids.cheap = cheap!.id;
  ids.dear = dear!.id;
  const offer = async (vendorId: string, sizeOptionId: string, price: number) => {
    const [row] = await db
      .insert(t.vendorPeptides)
      .values({
        peptideId: ids.peptide,
        sizeOptionId,
        vendorId,
        currency: "USD",
        price,
        url: "https://shop.example/p",
        stockStatus: "in_stock",
        priceCheckedAt: new Date(),
      })
      .returning({ id: t.vendorPeptides.id });
    return row!.id;
  };
  offerIds.cheap5 = await offer(ids.cheap, ids.size5, 12);
  offerIds.cheap10 = await offer(ids.cheap, ids.size10, 20);
  offerIds.dear5 = await offer(ids.dear, ids.size5, 15);
  offerIds.dear10 = await offer(ids.dear, ids.size10, 30);
  const test = {
    peptideId: ids.peptide,
    labName: "Janoshik",
    endotoxin: null,
    heavyMetals: null,
  };
  await db.insert(t.labTests).values([
    // The cheap vendor's 10 mg vial failed; its 5 mg vial passed.
    {
      ...test,
      vendorId: ids.cheap,
      sizeOptionId: ids.size10,
      testedOn: daysAgo(25),
      claimedMassMg: 10,
      measuredMassMg: 8.3,
      purityPercent: 96.4,
      reportUrl: "https://reports.example.org/cheap-10.pdf",
    },
    {
      ...test,
      vendorId: ids.cheap,
      sizeOptionId: ids.size5,
      testedOn: daysAgo(40),
      claimedMassMg: 5,
      measuredMassMg: 5,
      purityPercent: 99,
      reportUrl: null,
    },
    // The dear vendor's 10 mg report covers every size of the batch.
    {
      ...test,
      vendorId: ids.dear,
      sizeOptionId: ids.size10,
      coversAllSizes: true,
      testedOn: daysAgo(60),
      claimedMassMg: 10,
      measuredMassMg: 9.8,
      purityPercent: 99.5,
      reportUrl: "https://reports.example.org/dear-batch.pdf",
    },
  ]);
});
afterAll(async () => {
  await app?.dispose();
});

const bestIds = (offers: OfferRow[]) => bestOfferIds(offers, (offer) => offer.sizeId, {});

describe("a failed lab test of a size on every screen", () => {
  it("keeps the cheapest 10 mg offer, whose test failed, from Best Price on every screen", async () => {
    const pricing = await getOpenDataPricing(app.db);

    const home = await getHomePageData(app.db, {
      categorySlug: "lab-check",
      page: 1,
      filters: EMPTY_HOME_FILTERS,
      pricing,
    });
    const card = home.peptides.find((p) => p.slug === "labcheck-peptide")!;
    // Dear's $30 + $5 shipping, not Cheap's $20 + $5; the 5 mg card is Cheap's $12 + $5.
    expect(card.sizes.find((size) => size.id === ids.size10)?.lowestPrice).toBe(35);
    expect(card.sizes.find((size) => size.id === ids.size5)?.lowestPrice).toBe(17);

    const detail = (await getPeptidePageData(app.db, "labcheck-peptide", pricing))!;
    expect([...bestIds(detail.offers)].sort()).toEqual([offerIds.cheap5, offerIds.dear10].sort());

    const compare = await getComparePageData(
      app.db,
      { peptideSlug: "labcheck-peptide", sizeId: ids.size10 },
      pricing,
    );
    expect([...bestIds(compare.offers)]).toEqual([offerIds.dear10]);

    const found = await searchCatalogue(app.db, { query: "labcheck peptide 10mg", limit: 10 });
    const rows = await getSearchResultRows(app.db, found.peptides, pricing);
    expect(rows.offers.map((row) => row.id)).toEqual([offerIds.dear10]);

    const peptide = (await getOpenDataPeptide(app.db, "labcheck-peptide"))!;
    const sizes = await getOpenDataSizes(app.db, [peptide.id], pricing);
    const api = apiPeptide(peptide, sizes, app.baseUrl, pricing);
    expect(api.sizes.map((size) => [size.size, size.best?.vendor.name])).toEqual([
      ["5mg", "Cheap Failing Labs"],
      ["10mg", "Dear Passing Co"],
    ]);
    const failedInApi = apiOffers(sizes, pricing)
      .filter((offer) => offer.failedLabTest)
      .map((offer) => offer.id);
    expect(failedInApi).toEqual([offerIds.cheap10]);
  });

  it("sorts the home grid by the card's price, never a failed-lab offer's", async () => {
    const { db } = app;
    // A second peptide whose only size's cheapest offer ($10 + $5) failed its test: its card
    // reads Dear's $40 + $5, so by price it comes after Labcheck Peptide's $17.
    const [other] = await db
      .insert(t.peptides)
      .values({
        name: "Labcheck Other",
        slug: "labcheck-other",
        categoryId: (
          await db.select().from(t.categories).where(eq(t.categories.slug, "lab-check"))
        )[0]!.id,
      })
      .returning({ id: t.peptides.id });
    const [size] = await db
      .insert(t.sizeOptions)
      .values({ peptideId: other!.id, quantity: 10, unit: "mg" })
      .returning({ id: t.sizeOptions.id });
    for (const [vendorId, price] of [
      [ids.cheap, 10],
      [ids.dear, 40],
    ] as const) {
      await db.insert(t.vendorPeptides).values({
        peptideId: other!.id,
        sizeOptionId: size!.id,
        vendorId,
        currency: "USD",
        price,
        stockStatus: "in_stock",
        priceCheckedAt: new Date(),
      });
    }
    await db.insert(t.labTests).values({
      vendorId: ids.cheap,
      peptideId: other!.id,
      sizeOptionId: size!.id,
      labName: "Janoshik",
      testedOn: daysAgo(5),
      claimedMassMg: 10,
      measuredMassMg: 10,
      purityPercent: 90,
    });
    const pricing = await getOpenDataPricing(app.db);
    const home = await getHomePageData(app.db, {
      categorySlug: "lab-check",
      page: 1,
      filters: EMPTY_HOME_FILTERS,
      sort: "price",
      pricing,
    });
    expect(home.peptides.map((card) => [card.slug, card.sizes[0]?.lowestPrice])).toEqual([
      ["labcheck-peptide", 17],
      ["labcheck-other", 45],
    ]);
  });

  it("warns on the failed size's rows only, with the report, on the detail and vendor pages", async () => {
    const pricing = await getOpenDataPricing(app.db);
    const detail = (await getPeptidePageData(app.db, "labcheck-peptide", pricing))!;
    const byId = new Map(detail.offers.map((offer) => [offer.id, offer]));
    expect(byId.get(offerIds.cheap10)?.labWarning).toMatchObject({
      text: expect.stringMatching(
        /^Failed lab test by Janoshik on .+ \(purity 96\.4%, mass 8\.3 mg of 10 mg\)$/,
      ),
      reportUrl: "https://reports.example.org/cheap-10.pdf",
    });
    // The passing 5 mg test badges the 5 mg row only: never the failed 10 mg one.
    expect(byId.get(offerIds.cheap10)?.tested).toBeNull();
    expect(byId.get(offerIds.cheap5)?.tested).toMatch(/^Tested by Janoshik .+: passed/);
    expect(byId.get(offerIds.cheap5)?.labWarning).toBeNull();
    // The batch report of the 10 mg vial speaks for the 5 mg size too.
    expect(byId.get(offerIds.dear5)?.tested).toMatch(/^Tested by Janoshik .+: passed/);
    expect(byId.get(offerIds.dear10)?.tested).toMatch(/^Tested by Janoshik .+: passed/);

    const [vendor] = await app.db
      .select({ slug: t.vendors.slug })
      .from(t.vendors)
      .where(eq(t.vendors.id, ids.cheap));
    const profile = (await getVendorProfile(app.db, vendor!.slug, pricing))!;
    expect(
      profile.offers
        .filter((offer) => offer.peptideSlug === "labcheck-peptide" && offer.labWarning !== null)
        .map((offer) => offer.id),
    ).toEqual([offerIds.cheap10]);
  });

  it("prices per verified mg by hand: landed total ÷ (measured mg × purity)", async () => {
    const pricing = await getOpenDataPricing(app.db);
    const detail = (await getPeptidePageData(app.db, "labcheck-peptide", pricing))!;
    const byId = new Map(detail.offers.map((offer) => [offer.id, offer]));
    const verified = (id: string) => perVerifiedMg(byId.get(id)!)?.amount ?? null;
    // $12 + $5 for 5 mg measured at 99 %: 17 / 4.95.
    expect(verified(offerIds.cheap5)).toBeCloseTo(17 / (5 * 0.99), 10);
    // $30 + $5 for the tested 10 mg vial: 9.8 mg at 99.5 %.
    expect(verified(offerIds.dear10)).toBeCloseTo(35 / (9.8 * 0.995), 10);
    // The batch's 5 mg vial: 5 mg × 9.8/10 found × 99.5 %.
    expect(verified(offerIds.dear5)).toBeCloseTo(20 / (5 * 0.98 * 0.995), 10);
    // A failed test verifies nothing: "not verified".
    expect(verified(offerIds.cheap10)).toBeNull();

    const peptide = (await getOpenDataPeptide(app.db, "labcheck-peptide"))!;
    const api = apiOffers(await getOpenDataSizes(app.db, [peptide.id], pricing), pricing);
    expect(
      Object.fromEntries(api.map((offer) => [offer.id, offer.perVerifiedMg?.amount ?? null])),
    ).toEqual({
      [offerIds.cheap5]: 3.4343,
      [offerIds.cheap10]: null,
      [offerIds.dear5]: 4.1021,
      [offerIds.dear10]: 3.5894,
    });
  });
});
