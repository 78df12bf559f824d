/**
 * Issue 17 Must 7 and 8 over HTTP: an edit saved against a row changed since its form opened
 * answers 409 with the row's current values and writes nothing; a fresh one saves. Every admin
 * edit form is covered (peptides, categories, filters, vendors and their coupon, scrape sources,
 * ads, hero, footer, settings), and the bulk bars refuse rows changed meanwhile. A manual price
 * goes through the scraper's sanity rule: 0 never, a far-off price only when confirmed.
 */
import { and, eq } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";

import { createAd } from "~/.server/data/ads.server";
import { findExchangeRate, upsertExchangeRates } from "~/.server/data/exchange-rates.server";
import { createScrapeSource } from "~/.server/data/scrape-sources.server";
import { rowVersion, type VersionedTable } from "~/.server/data/row-version.server";
import {
  ads,
  categories,
  categoryFilters,
  coupons,
  footerContent,
  heroContent,
  peptides,
  priceHistory,
  scrapeSources,
  settings,
  sizeOptions,
  vendorPeptides,
  vendors,
} from "~/.server/db/schema";
import { EDIT_CONFLICT_MESSAGE } from "~/lib/edit-conflict";

import { startAdminHttp } from "../helpers/admin-http";
import { singlePageSource } from "../helpers/scrape-sources";

const admin = startAdminHttp();
const { db } = admin;

/** The action's answer: status and its ActionResult (React Router's single-fetch payload). */
async function post(path: string, fields: Record<string, string>) {
  const response = await admin.server.postForm(path, fields, { cookie: admin.adminCookie });
  return { status: response.status, text: await response.text() };
}

async function peptideRow(slug: string) {
  const [row] = await db()
    .select({
      id: peptides.id,
      name: peptides.name,
      slug: peptides.slug,
      description: peptides.description,
      version: rowVersion(peptides),
    })
    .from(peptides)
    .where(eq(peptides.slug, slug));
  return row!;
}

function peptideForm(row: { id: string; name: string; slug: string; version: string }) {
  return {
    intent: "update-peptide",
    id: row.id,
    version: row.version,
    name: row.name,
    slug: row.slug,
  };
}

describe("peptides: a save against a changed row", () => {
  it("answers 409 with the other change and writes nothing; a save at the current version goes through", async () => {
    const opened = await peptideRow("bpc-157");
    const first = await post("/admin/peptides", {
      ...peptideForm(opened),
      name: "BPC-157 Renamed By A",
      description: opened.description ?? "",
    });
    expect(first.status).toBe(200);
    expect(first.text).toContain("Peptide updated");

    // Tab B, opened before A saved, changes only the description.
    const stale = await post("/admin/peptides", {
      ...peptideForm(opened),
      description: "Typed in tab B",
    });
    expect(stale.status).toBe(409);
    expect(stale.text).toContain(EDIT_CONFLICT_MESSAGE);
    // The other change travels with the answer: the current name and the new version.
    expect(stale.text).toContain("BPC-157 Renamed By A");
    const current = await peptideRow("bpc-157");
    expect(stale.text).toContain(current.version);
    expect(current.name).toBe("BPC-157 Renamed By A");
    expect(current.description).toBe(opened.description);

    // After B's reload: A's name, B's description, the current version.
    const retried = await post("/admin/peptides", {
      ...peptideForm(current),
      description: "Typed in tab B",
    });
    expect(retried.status).toBe(200);
    expect(await peptideRow("bpc-157")).toMatchObject({
      name: "BPC-157 Renamed By A",
      description: "Typed in tab B",
    });
  });

  it("every save moves the version on, even two in a row with the same values", async () => {
    const opened = await peptideRow("tb-500");
    expect((await post("/admin/peptides", peptideForm(opened))).status).toBe(200);
    const again = await post("/admin/peptides", peptideForm(opened));
    expect(again.status).toBe(409);
  });

  it("refuses a save without a version as an out-of-date form (400), writing nothing", async () => {
    const opened = await peptideRow("tb-500");
    const { version: _version, ...withoutVersion } = peptideForm(opened);
    const answer = await post("/admin/peptides", { ...withoutVersion, name: "No Version" });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("This form is out of date");
    expect((await peptideRow("tb-500")).name).toBe(opened.name);
  });

  it("a bulk deactivate naming a row changed since the page showed it changes nothing and says which", async () => {
    const a = await peptideRow("tb-500");
    const b = await peptideRow("ghk-cu");
    expect(
      (await post("/admin/peptides", { ...peptideForm(b), name: "GHK-Cu Edited" })).status,
    ).toBe(200);
    const bulk = await post("/admin/peptides", {
      intent: "bulk-peptides",
      operation: "deactivate",
      ids: `${a.id},${b.id}`,
      versions: `${a.id}:${a.version},${b.id}:${b.version}`,
    });
    expect(bulk.status).toBe(409);
    expect(bulk.text).toContain(
      "1 of the selected peptides changed since you opened the page (GHK-Cu Edited)",
    );
    const states = await db()
      .select({ active: peptides.active })
      .from(peptides)
      .where(eq(peptides.id, a.id));
    expect(states[0]!.active).toBe(true);

    const fresh = await peptideRow("ghk-cu");
    const bulkDelete = await post("/admin/peptides", {
      intent: "bulk-peptides",
      operation: "delete",
      ids: `${a.id},${b.id}`,
      versions: `${a.id}:${a.version},${b.id}:${b.version}`,
    });
    expect(bulkDelete.status).toBe(409);
    expect((await peptideRow("ghk-cu")).id).toBe(fresh.id);
  });
});

/** The row's version and one field's value, as the database holds them now. */
async function stored(table: VersionedTable, id: string | number, column: string) {
  const field = (table as unknown as Record<string, PgColumn>)[column]!;
  const [row] = await db()
    .select({ version: rowVersion(table), value: field })
    .from(table as typeof peptides)
    .where(eq(table.id, id));
  return row as { version: string; value: unknown } | undefined;
}

/**
 * One edit form: where it posts, the row it edits (made by the test, or the stored singleton),
 * and the form as it posts it, with `text` in the field the test changes (`column` there).
 */
interface EditForm {
  path: string;
  table: VersionedTable;
  column: string;
  row: () => Promise<string | number>;
  form: (id: string | number, version: string, text: string) => Record<string, string>;
}

let made = 0;
const unique = (what: string) => `${what} ${++made}`;

async function footerRowId(): Promise<string> {
  const [row] = await db()
    .insert(footerContent)
    .values({ section: "legal", title: "Legal", content: "<p>Terms.</p>" })
    .onConflictDoUpdate({ target: footerContent.section, set: { title: "Legal" } })
    .returning({ id: footerContent.id });
  return row!.id;
}

async function heroRowId(): Promise<string> {
  const [existing] = await db().select({ id: heroContent.id }).from(heroContent).limit(1);
  if (existing) return existing.id;
  const [row] = await db()
    .insert(heroContent)
    .values({ title: "Hero" })
    .returning({ id: heroContent.id });
  return row!.id;
}

const EDIT_FORMS: Record<string, EditForm> = {
  category: {
    path: "/admin/categories",
    table: categories,
    column: "name",
    row: async () => {
      const name = unique("Conflict Category");
      const [row] = await db()
        .insert(categories)
        .values({ name, slug: name.toLowerCase().replaceAll(" ", "-") })
        .returning({ id: categories.id });
      return row!.id;
    },
    form: (id, version, text) => ({
      intent: "update-category",
      id: String(id),
      version,
      name: text,
    }),
  },
  "home filter": {
    path: "/admin/categories",
    table: categoryFilters,
    column: "name",
    row: async () => {
      const [row] = await db()
        .insert(categoryFilters)
        .values({ name: unique("Conflict Filter"), field: "size", position: 900 })
        .returning({ id: categoryFilters.id });
      return row!.id;
    },
    form: (id, version, text) => ({
      intent: "update-filter",
      id: String(id),
      version,
      name: text,
      type: "checkbox",
      field: "size",
      position: "900",
      enabled: "on",
    }),
  },
  vendor: {
    path: "/admin/vendors",
    table: vendors,
    column: "name",
    row: async () => {
      const [row] = await db()
        .insert(vendors)
        .values({ name: unique("Conflict Vendor") })
        .returning({ id: vendors.id });
      return row!.id;
    },
    form: (id, version, text) => ({ intent: "update-vendor", id: String(id), version, name: text }),
  },
  "scrape source": {
    path: "/admin/scraping",
    table: scrapeSources,
    column: "retailerName",
    row: () =>
      createScrapeSource(
        db(),
        singlePageSource({
          retailerName: unique("Conflict Shop"),
          url: "https://conflict.example/p/bpc-157",
        }),
      ),
    form: (id, version, text) => ({
      intent: "update-source",
      id: String(id),
      version,
      retailer_name: text,
      url: "https://conflict.example/p/bpc-157",
      page_type: "single",
      product_selector: ".product",
      price_selector: ".price",
      name_selector: ".name",
    }),
  },
  ad: {
    path: "/admin/ads",
    table: ads,
    column: "title",
    row: () => createAd(db(), { title: unique("Conflict Ad"), type: "basic", active: false }),
    form: (id, version, text) => ({ intent: "update", id: String(id), version, title: text }),
  },
  hero: {
    path: "/admin/hero",
    table: heroContent,
    column: "title",
    row: heroRowId,
    form: (_id, version, text) => ({ intent: "save", version, title: text }),
  },
  "footer section": {
    path: "/admin/footer",
    table: footerContent,
    column: "title",
    row: footerRowId,
    form: (_id, version, text) => ({
      intent: "save",
      section: "legal",
      version,
      title: text,
      content: "<p>Terms.</p>",
    }),
  },
  settings: {
    path: "/admin/settings",
    table: settings,
    column: "maxUrlsPerRun",
    row: async () => {
      await db().insert(settings).values({ id: 1 }).onConflictDoNothing();
      return 1;
    },
    form: (_id, version, text) => ({
      intent: "save-settings",
      version,
      scrapeIntervalSeconds: "3600",
      maxUrlsPerRun: text,
      requestDelayMs: "0",
      priceAlertThresholdPercent: "5",
    }),
  },
};

describe("every admin edit form: a save against a changed row", () => {
  it.each(Object.entries(EDIT_FORMS))(
    "%s: 409 with the other change, the row unchanged; a save at the current version goes through",
    async (_entity, edit) => {
      const id = await edit.row();
      const column = edit.column;
      const opened = (await stored(edit.table, id, column))!;
      const [textA, textB] =
        edit.table === settings ? ["41", "42"] : [unique("Saved By A"), unique("Typed In B")];

      const first = await post(edit.path, edit.form(id, opened.version, textA));
      expect(first.status, first.text).toBe(200);
      const afterA = (await stored(edit.table, id, column))!;
      expect(String(afterA.value)).toBe(textA);
      expect(afterA.version).not.toBe(opened.version);

      // B opened the form before A saved.
      const stale = await post(edit.path, edit.form(id, opened.version, textB));
      expect(stale.status).toBe(409);
      expect(stale.text).toContain(EDIT_CONFLICT_MESSAGE);
      // The other change and the current version travel with the answer.
      expect(stale.text).toContain(textA);
      expect(stale.text).toContain(afterA.version);
      expect(await stored(edit.table, id, column)).toEqual(afterA);

      // B's reload: the current version, B's text.
      const retried = await post(edit.path, edit.form(id, afterA.version, textB));
      expect(retried.status, retried.text).toBe(200);
      expect(String((await stored(edit.table, id, column))!.value)).toBe(textB);
    },
  );

  it.each(Object.entries(EDIT_FORMS))(
    "%s: a save without a version is an out-of-date form (400), writing nothing",
    async (_entity, edit) => {
      const id = await edit.row();
      const column = edit.column;
      const before = (await stored(edit.table, id, column))!;
      const { version: _version, ...withoutVersion } = edit.form(id, before.version, "77");
      const answer = await post(edit.path, withoutVersion);
      expect(answer.status).toBe(400);
      expect(answer.text).toContain("This form is out of date");
      expect(await stored(edit.table, id, column)).toEqual(before);
    },
  );

  it("vendor: a coupon saved by A is not removed by B's stale save, and moves the vendor's version", async () => {
    const id = (await EDIT_FORMS.vendor!.row()) as string;
    const name = (await stored(vendors, id, "name"))!.value as string;
    const opened = (await stored(vendors, id, "name"))!.version;
    const withCoupon = await post("/admin/vendors", {
      intent: "update-vendor",
      id,
      version: opened,
      name,
      couponCode: "SAVE10",
      discountAmount: "10",
      discountType: "percentage",
    });
    expect(withCoupon.status, withCoupon.text).toBe(200);
    // B's form had no coupon: saving it would delete A's.
    const stale = await post("/admin/vendors", {
      intent: "update-vendor",
      id,
      version: opened,
      name,
    });
    expect(stale.status).toBe(409);
    expect(stale.text).toContain("SAVE10");
    const [coupon] = await db()
      .select({ code: coupons.code })
      .from(coupons)
      .where(eq(coupons.vendorId, id));
    expect(coupon).toEqual({ code: "SAVE10" });
  });

  it("hero: an image removed over a stale version is refused; the editor's image post moves the version it answers", async () => {
    await heroRowId();
    const opened = (await stored(heroContent, await heroRowId(), "title"))!;
    const removed = await post("/admin/hero", { intent: "remove-image", version: opened.version });
    expect(removed.status, removed.text).toBe(200);
    const after = (await stored(heroContent, await heroRowId(), "title"))!;
    expect(removed.text).toContain(after.version);
    const stale = await post("/admin/hero", { intent: "remove-image", version: opened.version });
    expect(stale.status).toBe(409);
    expect(stale.text).toContain(EDIT_CONFLICT_MESSAGE);
  });
});

describe("settings: an exchange rate's inline edit", () => {
  it("answers 409 with the rate saved meanwhile (by an admin or the ECB refresh) and writes nothing", async () => {
    await upsertExchangeRates(db(), [{ currency: "CHF", unitsPerUsd: 0.88, source: "ecb" }]);
    const opened = (await findExchangeRate(db(), "CHF"))!;
    const form = (version: string, unitsPerUsd: string) => ({
      intent: "update-rate",
      currency: "CHF",
      version,
      unitsPerUsd,
    });
    const first = await post("/admin/settings", form(opened.version, "0.91"));
    expect(first.status, first.text).toBe(200);
    const afterA = (await findExchangeRate(db(), "CHF"))!;
    const stale = await post("/admin/settings", form(opened.version, "0.95"));
    expect(stale.status).toBe(409);
    expect(stale.text).toContain(EDIT_CONFLICT_MESSAGE);
    expect(stale.text).toContain("0.91");
    expect(await findExchangeRate(db(), "CHF")).toEqual(afterA);
    expect((await post("/admin/settings", form(afterA.version, "0.95"))).status).toBe(200);
    expect((await findExchangeRate(db(), "CHF"))!.unitsPerUsd).toBe(0.95);
  });
});

describe("bulk bars: rows changed since the page showed them", () => {
  it("sources: 409 naming the changed source, none switched", async () => {
    const source = EDIT_FORMS["scrape source"]!;
    const a = (await source.row()) as string;
    const b = (await source.row()) as string;
    const shownA = (await stored(scrapeSources, a, "isActive"))!;
    const shownB = (await stored(scrapeSources, b, "isActive"))!;
    const renamed = await post("/admin/scraping", source.form(b, shownB.version, "Renamed Shop"));
    expect(renamed.status, renamed.text).toBe(200);
    const bulk = await post("/admin/scraping", {
      intent: "bulk-sources",
      operation: "activate",
      ids: `${a},${b}`,
      versions: `${a}:${shownA.version},${b}:${shownB.version}`,
    });
    expect(bulk.status).toBe(409);
    expect(bulk.text).toContain(
      "1 of the selected sources changed since you opened the page (Renamed Shop)",
    );
    expect((await stored(scrapeSources, a, "isActive"))!.value).toBe(false);
    expect((await stored(scrapeSources, b, "isActive"))!.value).toBe(false);
  });

  it("sources: a bulk switch moves each row's version, so a form opened before it is stale", async () => {
    const source = EDIT_FORMS["scrape source"]!;
    const id = (await source.row()) as string;
    const opened = (await stored(scrapeSources, id, "isActive"))!;
    const bulk = await post("/admin/scraping", {
      intent: "bulk-sources",
      operation: "activate",
      ids: id,
      versions: `${id}:${opened.version}`,
    });
    expect(bulk.status, bulk.text).toBe(200);
    expect((await post("/admin/scraping", source.form(id, opened.version, "Late"))).status).toBe(
      409,
    );
  });

  it("ads: 409 naming the changed ad, none deleted", async () => {
    const a = (await EDIT_FORMS.ad!.row()) as string;
    const b = (await EDIT_FORMS.ad!.row()) as string;
    const shownA = (await stored(ads, a, "title"))!;
    const shownB = (await stored(ads, b, "title"))!;
    const renamed = await post("/admin/ads", EDIT_FORMS.ad!.form(b, shownB.version, "Renamed Ad"));
    expect(renamed.status, renamed.text).toBe(200);
    const bulk = await post("/admin/ads", {
      intent: "bulk-ads",
      operation: "delete",
      ids: `${a},${b}`,
      versions: `${a}:${shownA.version},${b}:${shownB.version}`,
    });
    expect(bulk.status).toBe(409);
    expect(bulk.text).toContain(
      "1 of the selected ads changed since you opened the page (Renamed Ad)",
    );
    expect(await stored(ads, a, "title")).toBeDefined();
    expect(await stored(ads, b, "title")).toBeDefined();
  });
});

/** A vendor's price for a 5 mg size of a peptide, with the other vendors' prices of that size. */
async function offerWithMarket() {
  const rows = await db()
    .select({
      id: vendorPeptides.id,
      price: vendorPeptides.price,
      stockStatus: vendorPeptides.stockStatus,
      sizeOptionId: vendorPeptides.sizeOptionId,
      currency: vendorPeptides.currency,
      version: rowVersion(vendorPeptides),
    })
    .from(vendorPeptides)
    .innerJoin(sizeOptions, eq(sizeOptions.id, vendorPeptides.sizeOptionId))
    .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId))
    .where(and(eq(peptides.slug, "ipamorelin"), eq(vendorPeptides.currency, "USD")));
  const offer = rows.find(
    (row) => rows.filter((other) => other.sizeOptionId === row.sizeOptionId).length >= 3,
  );
  expect(offer, "the demo data has three vendors' USD prices for one Ipamorelin size").toBeTruthy();
  return offer!;
}

async function offerNow(id: string) {
  const [row] = await db()
    .select({ price: vendorPeptides.price, version: rowVersion(vendorPeptides) })
    .from(vendorPeptides)
    .where(eq(vendorPeptides.id, id));
  return row!;
}

function inlineForm(offer: { id: string; version: string; stockStatus: string }, price: number) {
  return {
    intent: "update-vendor-price",
    id: offer.id,
    version: offer.version,
    price: String(price),
    stockStatus: offer.stockStatus,
  };
}

describe("vendor prices: the inline edit", () => {
  it("answers 409 when the price changed since the row was opened, and writes nothing", async () => {
    const offer = await offerWithMarket();
    const nudged = Math.round(offer.price * 1.05 * 100) / 100;
    const first = await post("/admin/prices", inlineForm(offer, nudged));
    expect(first.status).toBe(200);
    const historyAfterFirst = await db()
      .select({ id: priceHistory.id })
      .from(priceHistory)
      .where(eq(priceHistory.vendorPeptideId, offer.id));

    const stale = await post(
      "/admin/prices",
      inlineForm(offer, Math.round(offer.price * 0.95 * 100) / 100),
    );
    expect(stale.status).toBe(409);
    expect(stale.text).toContain(EDIT_CONFLICT_MESSAGE);
    expect(stale.text).toContain(String(nudged));
    expect((await offerNow(offer.id)).price).toBe(nudged);
    const historyAfterStale = await db()
      .select({ id: priceHistory.id })
      .from(priceHistory)
      .where(eq(priceHistory.vendorPeptideId, offer.id));
    expect(historyAfterStale).toHaveLength(historyAfterFirst.length);
  });
});

describe("manual price sanity: the scraper's rule", () => {
  it("never accepts 0 or a negative price, with the message under the field", async () => {
    const offer = await offerWithMarket();
    const zero = await post("/admin/prices", { ...inlineForm(offer, 0), confirm: "1" });
    expect(zero.status).toBe(400);
    expect(zero.text).toContain("Price must be greater than 0");
    const negative = await post("/admin/prices", { ...inlineForm(offer, -4), confirm: "1" });
    expect(negative.status).toBe(400);
    expect((await offerNow(offer.id)).price).toBe(offer.price);
  });

  it.each([
    ["below a cent", "0.004", "Price in USD can have at most 2 decimals"],
    ["below what any currency keeps", "0.0004", "Price can have at most 3 decimals"],
    ["a billionth", "1e-9", "Enter the price as a number"],
    ["an exponent", "1e2", "Enter the price as a number"],
    ["hexadecimal", "0x10", "Enter the price as a number"],
    ["grouped", "1,000", "Enter the price as a number"],
    ["a negative zero", "-0.00", "Price cannot be negative"],
    ["zero written long", "0.00", "Price must be greater than 0"],
    ["Infinity", "Infinity", "Enter the price as a number"],
  ])("refuses %s (%s) even confirmed, and stores nothing", async (_case, price, message) => {
    const offer = await offerWithMarket();
    const refused = await post("/admin/prices", {
      ...inlineForm(offer, offer.price),
      price,
      confirm: "1",
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(message);
    expect(await offerNow(offer.id)).toEqual({ price: offer.price, version: offer.version });
  });

  it("refuses a price far from the other vendors' per mg until the admin confirms it", async () => {
    const offer = await offerWithMarket();
    const farOff = Math.round(offer.price * 20 * 100) / 100;
    const asked = await post("/admin/prices", inlineForm(offer, farOff));
    expect(asked.status).toBe(422);
    expect(asked.text).toContain("This price is far from what the other vendors charge");
    expect(asked.text).toContain("needsConfirmation");
    expect((await offerNow(offer.id)).price).toBe(offer.price);

    const confirmed = await post("/admin/prices", { ...inlineForm(offer, farOff), confirm: "1" });
    expect(confirmed.status).toBe(200);
    expect((await offerNow(offer.id)).price).toBe(farOff);
  });

  it("the manual entry dialog: 0 refused, a far-off price asked, confirmed saved", async () => {
    const offer = await offerWithMarket();
    const [size] = await db()
      .select({
        peptideId: sizeOptions.peptideId,
        quantity: sizeOptions.quantity,
        unit: sizeOptions.unit,
      })
      .from(sizeOptions)
      .where(eq(sizeOptions.id, offer.sizeOptionId));
    const [vendor] = await db().insert(vendors).values({ name: "Sanity Check Labs" }).returning();
    const entry = {
      intent: "create-vendor-price",
      peptideId: size!.peptideId,
      vendorId: vendor!.id,
      currency: "USD",
      quantity: String(size!.quantity),
      unit: size!.unit,
    };
    const zero = await post("/admin/prices", { ...entry, price: "0" });
    expect(zero.status).toBe(400);
    expect(zero.text).toContain("Price must be greater than 0");
    // The market's middle price, not the offer's own: the test before may have saved that one
    // far off, and which row comes first is the database's choice.
    const market = await db()
      .select({ price: vendorPeptides.price })
      .from(vendorPeptides)
      .where(
        and(
          eq(vendorPeptides.sizeOptionId, offer.sizeOptionId),
          eq(vendorPeptides.currency, "USD"),
        ),
      );
    const prices = market.map((row) => row.price).sort((a, b) => a - b);
    const median = prices[Math.floor(prices.length / 2)]!;
    const farOff = String(Math.round(median * 0.02 * 100) / 100);
    const asked = await post("/admin/prices", { ...entry, price: farOff });
    expect(asked.status).toBe(422);
    expect(asked.text).toContain("This price is far from what the other vendors charge");
    const saved = () =>
      db()
        .select({ price: vendorPeptides.price })
        .from(vendorPeptides)
        .where(eq(vendorPeptides.vendorId, vendor!.id));
    expect(await saved()).toEqual([]);
    const confirmed = await post("/admin/prices", { ...entry, price: farOff, confirm: "1" });
    expect(confirmed.status).toBe(200);
    expect(await saved()).toEqual([{ price: Number(farOff) }]);
    const near = await post("/admin/prices", { ...entry, price: String(median) });
    expect(near.status).toBe(200);
  });
});
