/**
 * Issue 17 Must 7 and 8 over HTTP: an edit saved against a row changed since its form opened
 * answers 409 with the row's current values and writes nothing; a fresh one saves. A manual
 * price goes through the scraper's sanity rule: 0 never, a far-off price only when confirmed.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { rowVersion } from "~/.server/data/row-version.server";
import { peptides, priceHistory, sizeOptions, vendorPeptides, vendors } from "~/.server/db/schema";
import { EDIT_CONFLICT_MESSAGE } from "~/lib/edit-conflict";

import { signIn } from "../helpers/auth";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let adminCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  adminCookie = await signIn(server, "admin@peptideprices.test", "admin-password");
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.app.db;

/** The action's answer: status and its ActionResult (React Router's single-fetch payload). */
async function post(path: string, fields: Record<string, string>) {
  const response = await server.postForm(path, fields, { cookie: adminCookie });
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
    const farOff = String(Math.round(offer.price * 0.02 * 100) / 100);
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
    const near = await post("/admin/prices", { ...entry, price: String(offer.price) });
    expect(near.status).toBe(200);
  });
});
