import { eq, inArray, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  getTrashPage,
  moveToTrash,
  purgeExpiredTrash,
  restoreTrashBatch,
  restoreTrashItem,
  TrashRestoreError,
} from "~/.server/data/trash.server";
import * as t from "~/.server/db/schema";

import { createTestApp, type TestApp } from "../helpers/app";

let app: TestApp;
let adminId: string;

beforeAll(async () => {
  app = await createTestApp();
  const [admin] = await app.db.select({ id: t.user.id }).from(t.user).limit(1);
  adminId = admin!.id;
  // A saved deal on the first price: a delete sets its reference to null, a restore sets it back.
  const [offer] = await app.db
    .select({ id: t.vendorPeptides.id, price: t.vendorPeptides.price })
    .from(t.vendorPeptides)
    .orderBy(t.vendorPeptides.id)
    .limit(1);
  await app.db.insert(t.savedDeals).values({
    userId: adminId,
    vendorPeptideId: offer!.id,
    peptideName: "Snapshot",
    vendorName: "Snapshot",
    priceAtSave: offer!.price,
  });
  // A lab test on the first peptide and the first vendor (the ones deleted below), so their
  // restores must bring it back.
  const [peptide] = await app.db
    .select({ id: t.peptides.id })
    .from(t.peptides)
    .orderBy(t.peptides.id)
    .limit(1);
  const [vendor] = await app.db
    .select({ id: t.vendors.id })
    .from(t.vendors)
    .orderBy(t.vendors.id)
    .limit(1);
  const [size] = await app.db
    .select({ id: t.sizeOptions.id })
    .from(t.sizeOptions)
    .where(eq(t.sizeOptions.peptideId, peptide!.id))
    .limit(1);
  await app.db.insert(t.labTests).values({
    vendorId: vendor!.id,
    peptideId: peptide!.id,
    sizeOptionId: size?.id ?? null,
    labName: "Trash Lab",
    testedOn: "2026-01-01",
    purityPercent: 99,
  });
});
afterAll(async () => {
  await app?.dispose();
});

/** Every row of the tables a peptide or vendor touches, as the database renders them. */
async function snapshot(): Promise<Record<string, unknown[]>> {
  const tables: Record<string, PgTable> = {
    categories: t.categories,
    peptides: t.peptides,
    peptide_slug_history: t.peptideSlugHistory,
    size_options: t.sizeOptions,
    vendors: t.vendors,
    coupons: t.coupons,
    vendor_peptides: t.vendorPeptides,
    price_history: t.priceHistory,
    saved_deals: t.savedDeals,
    scrape_sources: t.scrapeSources,
    scraped_data: t.scrapedData,
    scrape_review_items: t.scrapeReviewItems,
    ads: t.ads,
    category_filters: t.categoryFilters,
    lab_tests: t.labTests,
  };
  const result: Record<string, unknown[]> = {};
  for (const [name, table] of Object.entries(tables)) {
    const rows = await app.db.execute(
      sql`select to_jsonb(${table})::text as row from ${table} order by 1`,
    );
    result[name] = (rows as unknown as { rows: { row: string }[] }).rows.map((row) => row.row);
  }
  return result;
}

async function idsOf(table: PgTable): Promise<string[]> {
  const result = (await app.db.execute(
    sql`select id::text as id from ${table} order by id`,
  )) as unknown as {
    rows: { id: string }[];
  };
  return result.rows.map((row) => row.id);
}

describe.each([
  "category",
  "category_filter",
  "ad",
  "peptide",
  "vendor",
  "vendor_price",
  "scrape_source",
  "lab_test",
] as const)("a %s", (entity) => {
  const tableOf = {
    category: t.categories,
    category_filter: t.categoryFilters,
    ad: t.ads,
    peptide: t.peptides,
    vendor: t.vendors,
    vendor_price: t.vendorPeptides,
    scrape_source: t.scrapeSources,
    lab_test: t.labTests,
  } as const;

  it("comes back from the trash exactly as it was, with everything that depended on it", async () => {
    const table = tableOf[entity];
    const [id] = await idsOf(table);
    expect(id).toBeDefined();
    const before = await snapshot();

    const { batchId, items } = await moveToTrash(app.db, {
      entity,
      ids: [id!],
      actorId: adminId,
    });
    expect(batchId).not.toBeNull();
    expect(items).toHaveLength(1);
    expect(items[0]!.name.length).toBeGreaterThan(0);
    expect(await idsOf(table)).not.toContain(id);
    expect(await snapshot()).not.toEqual(before);

    await restoreTrashBatch(app.db, batchId!);
    expect(await snapshot()).toEqual(before);
    expect((await getTrashPage(app.db, { page: 1, pageSize: 10 })).total).toBe(0);
  });
});

describe("the trash", () => {
  it("restores a bulk deletion as one batch, and single items from the list", async () => {
    const ids = (await idsOf(t.ads)).slice(0, 2);
    expect(ids).toHaveLength(2);
    const before = await snapshot();
    const { batchId } = await moveToTrash(app.db, { entity: "ad", ids, actorId: adminId });
    const page = await getTrashPage(app.db, { page: 1, pageSize: 10 });
    expect(page.total).toBe(2);
    expect(page.rows.every((row) => row.batchId === batchId && row.entityLabel === "Ad")).toBe(
      true,
    );
    expect(page.rows[0]!.deletedByEmail).toContain("@");
    // The search box finds items by name, or by their kind as the view names it.
    const byName = await getTrashPage(app.db, { page: 1, pageSize: 10, q: page.rows[0]!.name });
    expect(byName.rows.map((row) => row.id)).toContain(page.rows[0]!.id);
    const [priceId] = await idsOf(t.vendorPeptides);
    const price = await moveToTrash(app.db, {
      entity: "vendor_price",
      ids: [priceId!],
      actorId: adminId,
    });
    const byKind = await getTrashPage(app.db, { page: 1, pageSize: 10, q: "vendor PRICE" });
    expect(byKind.rows.map((row) => row.entityLabel)).toEqual(["Vendor price"]);
    await restoreTrashBatch(app.db, price.batchId!);

    const restoredName = await restoreTrashItem(app.db, page.rows[0]!.id);
    expect(restoredName).toBe(page.rows[0]!.name);
    await restoreTrashBatch(app.db, batchId!);
    expect(await snapshot()).toEqual(before);
  });

  it("skips ids that do not exist and says so with a null batch", async () => {
    const result = await moveToTrash(app.db, {
      entity: "category",
      ids: [crypto.randomUUID()],
      actorId: adminId,
    });
    expect(result).toEqual({ batchId: null, items: [] });
  });

  it("refuses a restore that would collide with a record created meanwhile (409), restoring nothing", async () => {
    const [category] = await app.db
      .select({ id: t.categories.id, name: t.categories.name, slug: t.categories.slug })
      .from(t.categories)
      .limit(1);
    const linked = await app.db
      .select({ id: t.peptides.id })
      .from(t.peptides)
      .where(eq(t.peptides.categoryId, category!.id));
    const { batchId } = await moveToTrash(app.db, {
      entity: "category",
      ids: [category!.id],
      actorId: adminId,
    });
    await app.db.insert(t.categories).values({ name: category!.name, slug: category!.slug });

    const refusal = await restoreTrashBatch(app.db, batchId!).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TrashRestoreError);
    expect((refusal as TrashRestoreError).status).toBe(409);
    expect((refusal as TrashRestoreError).message).toContain(`Cannot restore "${category!.name}"`);
    expect((refusal as TrashRestoreError).message).not.toMatch(/duplicate key|constraint|insert/i);
    expect((await getTrashPage(app.db, { page: 1, pageSize: 10 })).total).toBe(1);

    await app.db.delete(t.categories).where(eq(t.categories.slug, category!.slug));
    await restoreTrashBatch(app.db, batchId!);
    const relinked = await app.db
      .select({ id: t.peptides.id })
      .from(t.peptides)
      .where(
        inArray(
          t.peptides.id,
          linked.map((row) => row.id),
        ),
      );
    expect(relinked).toHaveLength(linked.length);
    const [restored] = await app.db
      .select({ id: t.categories.id })
      .from(t.categories)
      .where(eq(t.categories.slug, category!.slug));
    expect(restored!.id).toBe(category!.id);
  });

  it("answers 404 for a batch that is gone", async () => {
    const refusal = await restoreTrashBatch(app.db, crypto.randomUUID()).catch((e: unknown) => e);
    expect((refusal as TrashRestoreError).status).toBe(404);
  });

  it("purges what was deleted more than 30 days ago, and keeps the rest", async () => {
    const [old, recent] = (await idsOf(t.ads)).slice(0, 2);
    const first = await moveToTrash(app.db, { entity: "ad", ids: [old!], actorId: adminId });
    const second = await moveToTrash(app.db, { entity: "ad", ids: [recent!], actorId: adminId });
    const now = new Date();
    await app.db
      .update(t.trashItems)
      .set({ deletedAt: new Date(now.getTime() - 30 * 24 * 3600_000 - 1000) })
      .where(eq(t.trashItems.batchId, first.batchId!));

    expect((await purgeExpiredTrash(app.db, now)).purged).toBe(1);
    const left = await getTrashPage(app.db, { page: 1, pageSize: 10 });
    expect(left.rows.map((row) => row.batchId)).toEqual([second.batchId]);
    await restoreTrashBatch(app.db, second.batchId!);
  });
});
