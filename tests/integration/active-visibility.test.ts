/**
 * The active flag of peptides and offers: the admin's bulk Activate / Deactivate (one
 * audit insert for the lot, the page cache emptied), and every public read model leaving out
 * what is inactive until it is activated again.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { deliverDueAlertMessages } from "~/.server/alerts/deliver.server";
import { currentAlertState } from "~/.server/alerts/price-alerts.server";
import {
  getCatalogue,
  getDiagnostics,
  getSitemapEntries,
} from "~/.server/data/listings/catalogue.server";
import { getHomePageData } from "~/.server/data/listings/home.server";
import { defaultPricingContext } from "~/.server/data/listings/offer-rows.server";
import {
  getComparePageData,
  getPeptidePageData,
} from "~/.server/data/listings/peptide-pages.server";
import {
  getOpenDataPeptide,
  getOpenDataPeptidePage,
  getOpenDataSizes,
} from "~/.server/data/open-data.server";
import { findPeptideSlugRedirect } from "~/.server/data/peptides.server";
import { upsertPriceAlert } from "~/.server/data/price-alerts.server";
import { getPriceDrops } from "~/.server/data/price-drops.server";
import { listSavedDeals, saveDeal } from "~/.server/data/saved-deals.server";
import { searchCatalogue } from "~/.server/data/search.server";
import { getStackCatalogue } from "~/.server/data/stacks.server";
import { getVendorProfile } from "~/.server/data/vendor-profile.server";
import {
  auditLog,
  mailOutbox,
  peptides,
  peptideSlugHistory,
  sizeOptions,
  vendorPeptides,
  vendors,
} from "~/.server/db/schema";
import { saveOffer } from "~/.server/services/offers.server";
import { EMPTY_HOME_FILTERS } from "~/lib/home-filters";
import { handlePeptideAction } from "~/routes/admin/peptides.server";
import { handlePriceAction } from "~/routes/admin/prices.server";

import { createTestApp, type TestApp } from "../helpers/app";
import { createUserWithPassword } from "../helpers/auth";

let app: TestApp;
let admin: { id: string; email: string };
let userId: string;
/** Hidetide's 10 mg size has prices from vendors A (40) and B (30); Showtide is a bystander. */
let hidetide: string;
let showtide: string;
let sizeId: string;
let priceA: string;
let priceB: string;
let vendorA: string;
let vendorB: string;

beforeAll(async () => {
  app = await createTestApp({ SEED_DEMO: "false" });
  admin = { id: "", email: "bulk-admin@example.com" };
  admin.id = await createUserWithPassword(app, admin.email, "admin-password", { admin: true });
  userId = await createUserWithPassword(app, "visitor@example.com", "visitor-password");
  const rows = await app.db
    .insert(peptides)
    .values([
      { name: "Hidetide", slug: "hidetide", aliases: ["HT-1"] },
      { name: "Showtide", slug: "showtide" },
    ])
    .returning({ id: peptides.id, slug: peptides.slug });
  hidetide = rows.find((row) => row.slug === "hidetide")!.id;
  showtide = rows.find((row) => row.slug === "showtide")!.id;
  await app.db.insert(peptideSlugHistory).values({ slug: "old-hidetide", peptideId: hidetide });
  const sizes = await app.db
    .insert(sizeOptions)
    .values([
      { peptideId: hidetide, quantity: 10, unit: "mg" },
      { peptideId: showtide, quantity: 5, unit: "mg" },
    ])
    .returning({ id: sizeOptions.id, peptideId: sizeOptions.peptideId });
  sizeId = sizes.find((size) => size.peptideId === hidetide)!.id;
  const showSize = sizes.find((size) => size.peptideId === showtide)!.id;
  const inserted = await app.db
    .insert(vendors)
    .values([{ name: "Vendor A" }, { name: "Vendor B" }])
    .returning({ id: vendors.id, name: vendors.name });
  vendorA = inserted.find((vendor) => vendor.name === "Vendor A")!.id;
  vendorB = inserted.find((vendor) => vendor.name === "Vendor B")!.id;
  const price = async (peptideId: string, sizeOptionId: string, vendorId: string, at: number) =>
    (
      await saveOffer(app, {
        peptideId,
        sizeOptionId,
        vendorId,
        price: at,
        currency: "USD",
        source: "manual",
      })
    ).vendorPeptideId!;
  priceA = await price(hidetide, sizeId, vendorA, 40);
  priceB = await price(hidetide, sizeId, vendorB, 30);
  await price(showtide, showSize, vendorA, 20);
  // A drop, for the price-drop feeds.
  await price(hidetide, sizeId, vendorB, 25);
});
afterAll(async () => {
  await app?.dispose();
});

/** Every test starts with everything active. */
beforeEach(async () => {
  await app.db.update(peptides).set({ active: true });
  await app.db.update(vendorPeptides).set({ active: true });
  await app.db.delete(auditLog);
});

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

async function bulkPeptides(operation: string, ids: string[]) {
  return handlePeptideAction(
    app,
    admin,
    form({ intent: "bulk-peptides", operation, ids: ids.join(",") }),
  );
}

async function bulkPrices(operation: string, ids: string[]) {
  return handlePriceAction(
    app,
    admin,
    form({ intent: "bulk-vendor-prices", operation, ids: ids.join(",") }),
  );
}

const home = () =>
  getHomePageData(app.db, { categorySlug: null, page: 1, filters: EMPTY_HOME_FILTERS });

async function auditRows() {
  return app.db
    .select({
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      action: auditLog.action,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog);
}

describe("bulk activate and deactivate", () => {
  it("deactivates peptides, audits every changed one in one insert, and empties the page cache", async () => {
    let loads = 0;
    await app.cache.get("probe", async () => ++loads);
    const result = await bulkPeptides("deactivate", [hidetide, showtide]);
    expect(result).toMatchObject({ ok: true, message: "2 peptides deactivated" });
    const states = await app.db.select({ active: peptides.active }).from(peptides);
    expect(states.every((row) => !row.active)).toBe(true);

    const entries = await auditRows();
    expect(entries.map((entry) => entry.entityId).sort()).toEqual([hidetide, showtide].sort());
    for (const entry of entries) {
      expect(entry).toMatchObject({ entity: "peptide", action: "update" });
      expect(entry.details).toMatchObject({ changes: { active: { before: true, after: false } } });
    }
    expect(entries.find((entry) => entry.entityId === hidetide)!.details).toMatchObject({
      name: "Hidetide",
    });
    // One INSERT: the rows share its statement's now(); separate inserts would not.
    expect(new Set(entries.map((entry) => entry.createdAt.getTime())).size).toBe(1);
    await app.cache.get("probe", async () => ++loads);
    expect(loads).toBe(2);

    // Already inactive: nothing changes, nothing more is recorded.
    await bulkPeptides("deactivate", [hidetide]);
    expect(await auditRows()).toHaveLength(2);
  });

  it("deactivates vendor prices with one audit insert naming each price", async () => {
    const result = await bulkPrices("deactivate", [priceA, priceB]);
    expect(result).toMatchObject({ ok: true, message: "2 vendor prices deactivated" });
    const entries = await auditRows();
    expect(entries).toHaveLength(2);
    expect(entries.map((entry) => (entry.details as { name: string }).name).sort()).toEqual([
      "Vendor A price for Hidetide",
      "Vendor B price for Hidetide",
    ]);
    expect(entries[0]!.details).toMatchObject({
      changes: { active: { before: true, after: false } },
    });
    expect(new Set(entries.map((entry) => entry.createdAt.getTime())).size).toBe(1);
  });

  it("refuses a selection that names a missing record, changing nothing", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const result = await bulkPeptides("deactivate", [hidetide, missing]);
    expect((result as { init: { status: number } }).init.status).toBe(404);
    const [row] = await app.db
      .select({ active: peptides.active })
      .from(peptides)
      .where(eq(peptides.id, hidetide));
    expect(row!.active).toBe(true);
    expect(await auditRows()).toHaveLength(0);
  });

  it("refuses an unknown operation with a 400", async () => {
    const result = await bulkPeptides("publish", [hidetide]);
    expect((result as { init: { status: number } }).init.status).toBe(400);
  });

  it("a bulk delete also writes all its audit rows in one insert", async () => {
    const spares = await app.db
      .insert(peptides)
      .values([
        { name: "Spare One", slug: "spare-one" },
        { name: "Spare Two", slug: "spare-two" },
      ])
      .returning({ id: peptides.id });
    const ids = spares.map((row) => row.id);
    const result = await bulkPeptides("delete", ids);
    expect(result).toMatchObject({ ok: true, message: "2 peptides deleted" });
    const entries = await auditRows();
    expect(entries).toHaveLength(2);
    expect(entries.every((entry) => entry.action === "delete")).toBe(true);
    expect(new Set(entries.map((entry) => entry.createdAt.getTime())).size).toBe(1);
  });
});

describe("an inactive peptide is gone from the public side", () => {
  it("and comes back when activated again", async () => {
    const pricing = defaultPricingContext();
    const visible = async () => {
      const [homePage, detail, search, sitemap, catalog, compare, apiPage, apiPeptide] =
        await Promise.all([
          home(),
          getPeptidePageData(app.db, "hidetide"),
          searchCatalogue(app.db, { query: "hidetide", limit: 8 }),
          getSitemapEntries(app.db),
          getCatalogue(app.db),
          getComparePageData(app.db, { peptideSlug: null, sizeId: null }),
          getOpenDataPeptidePage(app.db, { page: 1, perPage: 50 }),
          getOpenDataPeptide(app.db, "hidetide"),
        ]);
      const [aliasSearch, redirect, stack, vendorPage, drops, diagnostics] = await Promise.all([
        searchCatalogue(app.db, { query: "HT-1", limit: 8 }),
        findPeptideSlugRedirect(app.db, "old-hidetide"),
        getStackCatalogue(app.db, ["hidetide"]),
        getVendorProfile(app.db, "vendor-b", pricing),
        getPriceDrops(app.db),
        getDiagnostics(app.db),
      ]);
      return {
        home: homePage.peptides.map((card) => card.slug),
        homeTotal: homePage.total,
        detail: detail !== null,
        search: search.peptides.map((hit) => hit.slug),
        aliasSearch: aliasSearch.peptides.map((hit) => hit.slug),
        sitemap: sitemap.map((entry) => entry.slug),
        catalog: catalog.flatMap((section) => section.peptides.map((peptide) => peptide.slug)),
        compare: compare.peptides.map((peptide) => peptide.slug),
        api: apiPage.peptides.map((peptide) => peptide.slug),
        apiTotal: apiPage.total,
        apiPeptide: apiPeptide !== null,
        redirect,
        stackOffers: stack.offers.length,
        vendorPage: vendorPage!.offers.map((offer) => offer.peptideSlug),
        drops: drops.map((drop) => drop.peptideSlug),
        diagnostics: { peptides: diagnostics.peptides, prices: diagnostics.prices },
      };
    };
    const shown = {
      home: ["hidetide", "showtide"],
      homeTotal: 2,
      detail: true,
      search: ["hidetide"],
      aliasSearch: ["hidetide"],
      sitemap: ["hidetide", "showtide"],
      catalog: ["hidetide", "showtide"],
      compare: ["hidetide", "showtide"],
      api: ["hidetide", "showtide"],
      apiTotal: 2,
      apiPeptide: true,
      redirect: "hidetide",
      stackOffers: 2,
      vendorPage: ["hidetide"],
      drops: ["hidetide"],
      diagnostics: { peptides: 2, prices: 3 },
    };
    expect(await visible()).toEqual(shown);

    await bulkPeptides("deactivate", [hidetide]);
    expect(await visible()).toEqual({
      home: ["showtide"],
      homeTotal: 1,
      detail: false,
      search: [],
      aliasSearch: [],
      sitemap: ["showtide"],
      catalog: ["showtide"],
      compare: ["showtide"],
      api: ["showtide"],
      apiTotal: 1,
      apiPeptide: false,
      redirect: null,
      stackOffers: 0,
      vendorPage: [],
      drops: [],
      diagnostics: { peptides: 1, prices: 1 },
    });

    await bulkPeptides("activate", [hidetide]);
    expect(await visible()).toEqual(shown);
  });

  it("a saved deal of it reads as unavailable, and cannot be saved meanwhile", async () => {
    expect(await saveDeal(app.db, { userId, vendorPeptideId: priceA })).toBe("saved");
    await bulkPeptides("deactivate", [hidetide]);
    const [deal] = await listSavedDeals(app.db, { userId });
    expect(deal).toMatchObject({ peptideName: "Hidetide", now: null, peptideSlug: null });
    expect(await saveDeal(app.db, { userId, vendorPeptideId: priceB })).toBe("not-found");
    await bulkPeptides("activate", [hidetide]);
    const [back] = await listSavedDeals(app.db, { userId });
    expect(back).toMatchObject({ now: { priceAfterCoupon: 40 }, peptideSlug: "hidetide" });
  });

  it("a saved deal whose price alone is hidden still links to its public peptide", async () => {
    expect(await saveDeal(app.db, { userId, vendorPeptideId: priceA })).toBe("already-saved");
    await bulkPrices("deactivate", [priceA]);
    const [deal] = await listSavedDeals(app.db, { userId });
    expect(deal).toMatchObject({ now: null, peptideSlug: "hidetide" });
    await bulkPrices("activate", [priceA]);
  });
});

describe("an inactive vendor price is neither shown nor counted", () => {
  it("and is back when activated again", async () => {
    const pricing = defaultPricingContext();
    const visible = async () => {
      const [homePage, detail, compare, stack, vendorPage] = await Promise.all([
        home(),
        getPeptidePageData(app.db, "hidetide"),
        getComparePageData(app.db, { peptideSlug: "hidetide", sizeId: null }),
        getStackCatalogue(app.db, ["hidetide"]),
        getVendorProfile(app.db, "vendor-b", pricing),
      ]);
      const [api] = await getOpenDataSizes(app.db, [hidetide], pricing);
      const card = homePage.peptides.find((peptide) => peptide.slug === "hidetide")!;
      return {
        cardVendors: card.sizes[0]!.vendorCount,
        cardBest: card.sizes[0]!.lowestPrice,
        detail: detail!.offers.map((offer) => offer.vendorName),
        compare: compare.offers.map((offer) => offer.vendorName),
        stack: stack.offers.map((offer) => offer.vendorName).sort(),
        api: api!.offers.map((offer) => offer.vendorName),
        vendorPage: vendorPage!.offers.length,
        history: detail!.history.offers.length,
      };
    };
    const shown = {
      cardVendors: 2,
      cardBest: 25,
      detail: ["Vendor B", "Vendor A"],
      compare: ["Vendor B", "Vendor A"],
      stack: ["Vendor A", "Vendor B"],
      api: ["Vendor B", "Vendor A"],
      vendorPage: 1,
      history: 2,
    };
    expect(await visible()).toEqual(shown);

    await bulkPrices("deactivate", [priceB]);
    expect(await visible()).toEqual({
      cardVendors: 1,
      cardBest: 40,
      detail: ["Vendor A"],
      compare: ["Vendor A"],
      stack: ["Vendor A"],
      api: ["Vendor A"],
      vendorPage: 0,
      history: 1,
    });

    await bulkPrices("activate", [priceB]);
    expect(await visible()).toEqual(shown);
  });

  it("sets off no price alert while inactive; coming back below the target is a crossing", async () => {
    const email = "alert-owner@example.com";
    const owner = await createUserWithPassword(app, email, "alert-password");
    const settings = {
      mode: "below" as const,
      targetPrice: 20,
      currency: "USD",
      includeShipping: false,
      channels: ["email" as const],
      webhookUrl: null,
      digest: "immediate" as const,
    };
    const { state } = await currentAlertState(app, { sizeOptionId: sizeId, ...settings });
    await upsertPriceAlert(app.db, {
      ...settings,
      userId: owner,
      peptideId: hidetide,
      sizeOptionId: sizeId,
      state,
    });
    // Alert e-mails wait in the delivery queue: the delivery job's run sends them.
    const mails = async () => {
      await deliverDueAlertMessages(app);
      return app.db
        .select({ subject: mailOutbox.subject })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, email));
    };

    await bulkPrices("deactivate", [priceA]);
    await saveOffer(app, {
      peptideId: hidetide,
      sizeOptionId: sizeId,
      vendorId: vendorA,
      price: 15,
      currency: "USD",
      source: "manual",
    });
    expect(await mails()).toHaveLength(0);

    await bulkPrices("activate", [priceA]);
    expect(await mails()).toHaveLength(1);
  });
});
