/**
 * Services own their writes: a change and its audit entries commit together. The audit log of
 * this test's own database refuses entries for records named "Refused …" (a trigger), so a
 * service whose audit insert fails must leave the change undone and the page cache untouched.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import * as t from "~/.server/db/schema";
import { saveAd } from "~/.server/services/ads.server";
import { saveCategory } from "~/.server/services/categories.server";
import { savePeptide, switchPeptides } from "~/.server/services/peptides.server";
import { deleteToTrash, restoreFromTrash } from "~/.server/services/trash-actions.server";
import { addOffer } from "~/.server/services/offers.server";

import { createTestApp, type TestApp } from "../helpers/app";

/** The refused insert, as drizzle reports it (the trigger's message is its cause). */
const REFUSED = /insert into "audit_log"/;

let app: TestApp;
let admin: { id: string; email: string };

beforeAll(async () => {
  app = await createTestApp();
  const [account] = await app.db
    .select({ id: t.user.id, email: t.user.email })
    .from(t.user)
    .limit(1);
  admin = account!;
  await app.db.execute(sql`
    create function refuse_audit() returns trigger language plpgsql as $$
    begin
      if new.details->>'name' like 'Refused%' then raise exception 'audit refused'; end if;
      return new;
    end $$`);
  await app.db.execute(sql`
    create trigger refuse_audit before insert on audit_log
      for each row execute function refuse_audit()`);
});
afterAll(async () => {
  await app?.dispose();
});

async function auditedActions(name: string) {
  const rows = await app.db
    .select({ action: t.auditLog.action })
    .from(t.auditLog)
    .where(sql`${t.auditLog.details}->>'name' = ${name}`);
  return rows.map((row) => row.action).sort();
}

describe("a change commits with its audit entries or not at all", () => {
  it("saves a category with its entry, and saves nothing when the entry is refused", async () => {
    const clear = vi.spyOn(app.cache, "clear");
    const saved = await saveCategory(app, admin, { name: "Kept category", description: "" });
    expect(saved).toHaveProperty("saved");
    expect(await auditedActions("Kept category")).toEqual(["create"]);
    expect(clear).toHaveBeenCalledTimes(1);

    clear.mockClear();
    await expect(
      saveCategory(app, admin, { name: "Refused category", description: "" }),
    ).rejects.toThrow(REFUSED);
    const stored = await app.db
      .select({ id: t.categories.id })
      .from(t.categories)
      .where(eq(t.categories.name, "Refused category"));
    expect(stored).toEqual([]);
    expect(clear).not.toHaveBeenCalled();
  });

  it("creates an ad only together with its entry", async () => {
    const values = { title: "Refused ad", linkUrl: "https://example.com/ad" };
    await expect(saveAd(app, admin, values)).rejects.toThrow(REFUSED);
    const stored = await app.db.select().from(t.ads).where(eq(t.ads.title, "Refused ad"));
    expect(stored).toEqual([]);
  });

  it("leaves a record in place when its delete cannot be audited", async () => {
    const [category] = await app.db
      .insert(t.categories)
      .values({ name: "Refused delete", slug: "refused-delete" })
      .returning({ id: t.categories.id });
    const clear = vi.spyOn(app.cache, "clear");
    clear.mockClear();
    await expect(
      deleteToTrash(app, admin, {
        entity: "category",
        ids: [category!.id],
        auditEntity: "category",
        deletedMessage: "Category deleted successfully",
        notFoundMessage: "Category not found",
      }),
    ).rejects.toThrow(REFUSED);
    const still = await app.db
      .select({ id: t.categories.id })
      .from(t.categories)
      .where(eq(t.categories.id, category!.id));
    expect(still).toHaveLength(1);
    const trashed = await app.db
      .select({ id: t.trashItems.id })
      .from(t.trashItems)
      .where(eq(t.trashItems.entityId, category!.id));
    expect(trashed).toEqual([]);
    expect(clear).not.toHaveBeenCalled();
  });

  it("deletes and restores with one entry each when the log accepts them", async () => {
    const [category] = await app.db
      .insert(t.categories)
      .values({ name: "Undone delete", slug: "undone-delete" })
      .returning({ id: t.categories.id });
    const deleted = await deleteToTrash(app, admin, {
      entity: "category",
      ids: [category!.id],
      auditEntity: "category",
      deletedMessage: "Category deleted successfully",
      notFoundMessage: "Category not found",
    });
    expect(deleted).toMatchObject({ ok: true });
    const batchId = (deleted as { trashBatchId: string }).trashBatchId;
    expect(await restoreFromTrash(app, admin, { batchId })).toEqual(["Undone delete"]);
    expect(await auditedActions("Undone delete")).toEqual(["delete", "restore"]);
  });

  const peptide = (name: string, slug: string, popularOrder: number | null = null) => ({
    name,
    slug,
    categoryId: null,
    description: null,
    imageUrl: null,
    keyBenefits: [],
    aliases: [],
    isPopular: popularOrder !== null,
    popularOrder,
    published: true,
  });

  it("creates a peptide only together with its entry", async () => {
    const clear = vi.spyOn(app.cache, "clear");
    clear.mockClear();
    await expect(
      savePeptide(app, admin, peptide("Refused peptide", "refused-peptide")),
    ).rejects.toThrow(REFUSED);
    const stored = await app.db
      .select({ id: t.peptides.id })
      .from(t.peptides)
      .where(eq(t.peptides.slug, "refused-peptide"));
    expect(stored).toEqual([]);
    expect(clear).not.toHaveBeenCalled();
  });

  it("keeps a featured slot with its holder when the holder's entry is refused", async () => {
    // Slot 3 for this test's own holder; the newcomer taking it must audit the holder leaving.
    await app.db
      .update(t.peptides)
      .set({ isPopular: false, popularOrder: null })
      .where(eq(t.peptides.popularOrder, 3));
    await app.db.insert(t.peptides).values(peptide("Refused holder", "refused-holder", 3));
    await expect(
      savePeptide(app, admin, peptide("Slot newcomer", "slot-newcomer", 3)),
    ).rejects.toThrow(REFUSED);
    const slot = await app.db
      .select({ name: t.peptides.name })
      .from(t.peptides)
      .where(eq(t.peptides.popularOrder, 3));
    expect(slot).toEqual([{ name: "Refused holder" }]);
    expect(await auditedActions("Slot newcomer")).toEqual([]);
  });

  it("leaves a peptide shown when hiding it cannot be audited", async () => {
    const [shown] = await app.db
      .insert(t.peptides)
      .values(peptide("Refused hide", "refused-hide"))
      .returning({ id: t.peptides.id });
    const clear = vi.spyOn(app.cache, "clear");
    clear.mockClear();
    await expect(switchPeptides(app, admin, [shown!.id], false)).rejects.toThrow(REFUSED);
    const [still] = await app.db
      .select({ active: t.peptides.active })
      .from(t.peptides)
      .where(eq(t.peptides.id, shown!.id));
    expect(still).toEqual({ active: true });
    expect(clear).not.toHaveBeenCalled();
  });

  it("writes no vendor price and leaves the cache when the price's entry is refused", async () => {
    const [vendor] = await app.db
      .insert(t.vendors)
      .values({ name: "Refused vendor" })
      .returning({ id: t.vendors.id });
    const [size] = await app.db
      .select({ id: t.sizeOptions.id, peptideId: t.sizeOptions.peptideId })
      .from(t.sizeOptions)
      .limit(1);
    const clear = vi.spyOn(app.cache, "clear");
    clear.mockClear();
    await expect(
      addOffer(app, admin, {
        peptideId: size!.peptideId,
        vendorId: vendor!.id,
        sizeOptionId: size!.id,
        price: 12,
        currency: "USD",
        source: "manual",
      }),
    ).rejects.toThrow(REFUSED);
    const stored = await app.db
      .select({ id: t.vendorPeptides.id })
      .from(t.vendorPeptides)
      .where(eq(t.vendorPeptides.vendorId, vendor!.id));
    expect(stored).toEqual([]);
    expect(clear).not.toHaveBeenCalled();
  });
});
