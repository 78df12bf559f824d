/**
 * Stored files follow the records that name them (issue 32): a replaced or removed image goes
 * once its save has committed, a deleted record's files stay while the trash can bring it back
 * and go when the trash is purged, and a file another record (or trashed record) names stays.
 * The server stores into a folder this file owns, which the purge called here shares.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";

import { getHeroContent } from "~/.server/data/hero.server";
import { ads, labTests, peptides, trashItems, vendorPeptides, vendors } from "~/.server/db/schema";
import { createFileStorage } from "~/.server/platform/storage.server";
import { purgeTrash } from "~/.server/services/trash-actions.server";

import { startAdminHttp } from "../helpers/admin-http";
import { versionOf } from "../helpers/row-version";

const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "stored-files-test-"));
const admin = startAdminHttp({ serverEnv: { UPLOAD_DIR: uploadDir } });
const { post, db } = admin;
afterAll(() => fs.rmSync(uploadDir, { recursive: true, force: true }));

const DAY_MS = 24 * 3600_000;

const imageFile = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 900, height: 600, channels: 3, background: "#2277aa" } })
          .png()
          .toBuffer(),
      ),
    ],
    "picture.png",
    { type: "image/png" },
  );

const status = async (url: string) => (await admin.server.fetch(url)).status;

/**
 * The original's status and its 400-pixel variant's: the first request has the server make the
 * variant, as a visitor's page does, so a deletion must take it too.
 */
const served = async (url: string) => [
  await status(url),
  await status(url.replace("/uploads/", "/uploads/w400/")),
];

/** A file stored as the app stores it, for a record a test writes directly. */
async function storeFile(name: string, body: Buffer, contentType: string): Promise<string> {
  return (await createFileStorage(admin.server.app.env).put(name, body, contentType)).url;
}

/** The trash batch a record went into. */
async function batchOf(entityId: string): Promise<string> {
  const [item] = await db()
    .select({ batchId: trashItems.batchId })
    .from(trashItems)
    .where(eq(trashItems.entityId, entityId));
  return item!.batchId;
}

/** Makes a deletion older than the 30 days the trash keeps it. */
async function expire(entityId: string) {
  await db()
    .update(trashItems)
    .set({ deletedAt: new Date(Date.now() - 31 * DAY_MS) })
    .where(eq(trashItems.entityId, entityId));
}

/** The daily purge job's work. */
const purge = () => purgeTrash(admin.server.app, new Date());

async function peptideNamed(name: string) {
  const [row] = await db().select().from(peptides).where(eq(peptides.name, name));
  return row!;
}

async function createPeptide(name: string, image: File | { imageUrl: string }) {
  const saved = await post("/admin/peptides", {
    intent: "create-peptide",
    name,
    ...(image instanceof File ? { image } : image),
  });
  expect(saved.status).toBe(200);
  return peptideNamed(name);
}

async function vendorNamed(name: string) {
  const [row] = await db().select().from(vendors).where(eq(vendors.name, name));
  return row!;
}

async function saveVendor(name: string, fields: Record<string, string | File>, id?: string) {
  const saved = await post("/admin/vendors", {
    ...(id
      ? { intent: "update-vendor", id, version: await versionOf(db(), vendors, id) }
      : { intent: "create-vendor" }),
    name,
    ...fields,
  });
  expect(saved.status).toBe(200);
  return vendorNamed(name);
}

async function adTitled(title: string) {
  const [row] = await db().select().from(ads).where(eq(ads.title, title));
  return row!;
}

describe("the trash purge", () => {
  it("deletes the files of a purged peptide: its image with its variants, its offers' images and its lab reports", async () => {
    const peptide = await createPeptide("Purged Files", await imageFile());
    const image = peptide.imageUrl!;
    const vendor = await vendorNamed("Helix Source");
    const priced = await post("/admin/prices", {
      intent: "create-vendor-price",
      peptideId: peptide.id,
      vendorId: vendor.id,
      price: "30",
      currency: "USD",
      quantity: "5",
      unit: "mg",
      url: "https://vendor.example/purged-files",
    });
    expect(priced.status).toBe(200);
    const offerImage = await storeFile(
      `offer-${crypto.randomBytes(12).toString("hex")}.webp`,
      await sharp({ create: { width: 500, height: 500, channels: 3, background: "#fff" } })
        .webp()
        .toBuffer(),
      "image/webp",
    );
    await db()
      .update(vendorPeptides)
      .set({ imageUrl: offerImage })
      .where(eq(vendorPeptides.peptideId, peptide.id));
    const report = await storeFile(
      `lab-report-${crypto.randomBytes(12).toString("hex")}.pdf`,
      Buffer.from("%PDF-1.4\n%%EOF\n"),
      "application/pdf",
    );
    await db().insert(labTests).values({
      vendorId: vendor.id,
      peptideId: peptide.id,
      labName: "Purge Lab",
      testedOn: "2026-01-01",
      purityPercent: 99,
      reportUrl: report,
    });
    expect(await served(image)).toEqual([200, 200]);
    expect(await served(offerImage)).toEqual([200, 200]);
    expect(await status(report)).toBe(200);

    expect(
      (await post("/admin/peptides", { intent: "delete-peptide", id: peptide.id })).status,
    ).toBe(200);
    // In the trash, an undo could bring it back: nothing is deleted, not even by a purge.
    expect(await purge()).toBe(0);
    expect(await served(image)).toEqual([200, 200]);
    expect(await served(offerImage)).toEqual([200, 200]);
    expect(await status(report)).toBe(200);

    await expire(peptide.id);
    expect(await purge()).toBe(1);
    expect(await served(image)).toEqual([404, 404]);
    expect(await served(offerImage)).toEqual([404, 404]);
    expect(await status(report)).toBe(404);
    expect(fs.readdirSync(uploadDir)).not.toContain(path.basename(image));
  });

  it("deletes nothing while the purge has not committed", async () => {
    const peptide = await createPeptide("Unpurgeable Files", await imageFile());
    const image = peptide.imageUrl!;
    await post("/admin/peptides", { intent: "delete-peptide", id: peptide.id });
    await expire(peptide.id);
    // This database refuses to let the item go: the purge rolls back.
    await db().execute(sql`
      create function refuse_purge() returns trigger language plpgsql as $$
      begin
        if old.name like 'Unpurgeable%' then raise exception 'purge refused'; end if;
        return old;
      end $$`);
    await db().execute(sql`
      create trigger refuse_purge before delete on trash_items
        for each row execute function refuse_purge()`);
    try {
      await expect(purge()).rejects.toThrow();
      expect(await served(image)).toEqual([200, 200]);
    } finally {
      await db().execute(sql`drop trigger refuse_purge on trash_items`);
      await db().execute(sql`drop function refuse_purge`);
    }
    expect(await purge()).toBe(1);
    expect(await served(image)).toEqual([404, 404]);
  });

  it("keeps the files of a deletion restored before the purge, and they still serve", async () => {
    const peptide = await createPeptide("Restored Files", await imageFile());
    const image = peptide.imageUrl!;
    expect(await served(image)).toEqual([200, 200]);
    expect(
      (await post("/admin/peptides", { intent: "delete-peptide", id: peptide.id })).status,
    ).toBe(200);
    const restored = await post("/admin/trash", {
      intent: "restore-batch",
      batchId: await batchOf(peptide.id),
    });
    expect(restored.status).toBe(200);
    expect((await peptideNamed("Restored Files")).imageUrl).toBe(image);

    // A purge long after finds nothing of it in the trash.
    await purgeTrash(admin.server.app, new Date(Date.now() + 60 * DAY_MS));
    expect(await served(image)).toEqual([200, 200]);
  });

  it("keeps a file another record or another trashed record still names", async () => {
    const owner = await createPeptide("Owns Shared Image", await imageFile());
    const image = owner.imageUrl!;
    // An admin typed the upload's address into another peptide.
    const borrower = await createPeptide("Borrows Shared Image", { imageUrl: image });
    expect(borrower.imageUrl).toBe(image);

    await post("/admin/peptides", { intent: "delete-peptide", id: owner.id });
    await expire(owner.id);
    expect(await purge()).toBe(1);
    expect(await served(image)).toEqual([200, 200]);

    // The borrower in the trash still names it, until its own deletion expires.
    await post("/admin/peptides", { intent: "delete-peptide", id: borrower.id });
    expect(await purge()).toBe(0);
    expect(await served(image)).toEqual([200, 200]);
    await expire(borrower.id);
    expect(await purge()).toBe(1);
    expect(await served(image)).toEqual([404, 404]);
  });
});

describe("a vendor's logo", () => {
  it("goes when replaced or removed, and with the vendor when its deletion is purged", async () => {
    const created = await saveVendor("Logo Files Vendor", { logo: await imageFile() });
    const first = created.logoUrl!;
    expect(first).toMatch(/^\/uploads\/vendor-logo-files-vendor-[0-9a-f]+\.webp$/);
    expect(await served(first)).toEqual([200, 200]);

    const replaced = await saveVendor(
      "Logo Files Vendor",
      { logoUrl: first, logo: await imageFile() },
      created.id,
    );
    const second = replaced.logoUrl!;
    expect(second).not.toBe(first);
    expect(await served(first)).toEqual([404, 404]);
    expect(await served(second)).toEqual([200, 200]);

    const removed = await saveVendor("Logo Files Vendor", { logoUrl: "" }, created.id);
    expect(removed.logoUrl).toBeNull();
    expect(await served(second)).toEqual([404, 404]);

    const third = (await saveVendor("Logo Files Vendor", { logo: await imageFile() }, created.id))
      .logoUrl!;
    expect((await post("/admin/vendors", { intent: "delete-vendor", id: created.id })).status).toBe(
      200,
    );
    expect(await served(third)).toEqual([200, 200]);
    await expire(created.id);
    expect(await purge()).toBe(1);
    expect(await served(third)).toEqual([404, 404]);
  });
});

describe("the hero image", () => {
  it("goes when replaced or removed", async () => {
    const upload = async () => {
      const saved = await post("/admin/hero", { intent: "upload-image", image: await imageFile() });
      expect(saved.status).toBe(200);
      return (await getHeroContent(db())).imageUrl!;
    };
    const first = await upload();
    expect(await served(first)).toEqual([200, 200]);
    const second = await upload();
    expect(second).not.toBe(first);
    expect(await served(first)).toEqual([404, 404]);
    expect(await served(second)).toEqual([200, 200]);

    expect((await post("/admin/hero", { intent: "remove-image" })).status).toBe(200);
    expect((await getHeroContent(db())).imageUrl).toBeNull();
    expect(await served(second)).toEqual([404, 404]);
  });
});

describe("an ad's image", () => {
  it("goes when replaced, and with the ad when its deletion is purged", async () => {
    const created = await post("/admin/ads", {
      intent: "create",
      title: "Ad With Stored Image",
      imageFile: await imageFile(),
    });
    expect(created.status).toBe(200);
    const ad = await adTitled("Ad With Stored Image");
    const first = ad.imageUrl!;
    expect(await served(first)).toEqual([200, 200]);

    const updated = await post("/admin/ads", {
      intent: "update",
      id: ad.id,
      version: await versionOf(db(), ads, ad.id),
      title: "Ad With Stored Image",
      imageUrl: first,
      imageFile: await imageFile(),
    });
    expect(updated.status).toBe(200);
    const second = (await adTitled("Ad With Stored Image")).imageUrl!;
    expect(second).not.toBe(first);
    expect(await served(first)).toEqual([404, 404]);

    expect((await post("/admin/ads", { intent: "delete", id: ad.id })).status).toBe(200);
    expect(await served(second)).toEqual([200, 200]);
    await expire(ad.id);
    expect(await purge()).toBe(1);
    expect(await served(second)).toEqual([404, 404]);
  });
});

describe("a lab test's report", () => {
  it("goes when a new report replaces it, and a refused edit's upload goes too", async () => {
    const vendor = await vendorNamed("Helix Source");
    const [peptide] = await db().select().from(peptides).limit(1);
    const pdf = (name: string) =>
      new File([Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`)], `${name}.pdf`, {
        type: "application/pdf",
      });
    const fields = {
      vendorId: vendor.id,
      peptideId: peptide!.id,
      sizeOptionId: "",
      labName: "Replaced Report Lab",
      testedOn: "2026-05-01",
      batch: "STORED-FILES-1",
      claimedMassMg: "",
      measuredMassMg: "",
      purityPercent: "99.1",
      endotoxin: "",
      heavyMetals: "",
      reportUrl: "",
    };
    const testOf = async () =>
      (await db().select().from(labTests).where(eq(labTests.batch, "STORED-FILES-1")))[0]!;
    expect(
      (await post("/admin/lab-tests", { ...fields, intent: "create-lab-test", report: pdf("a") }))
        .status,
    ).toBe(200);
    const created = await testOf();
    const first = created.reportUrl!;
    expect(await status(first)).toBe(200);

    const edit = {
      ...fields,
      intent: "update-lab-test",
      id: created.id,
      version: await versionOf(db(), labTests, created.id),
    };
    expect((await post("/admin/lab-tests", { ...edit, report: pdf("b") })).status).toBe(200);
    const second = (await testOf()).reportUrl!;
    expect(second).not.toBe(first);
    expect(await status(second)).toBe(200);
    expect(await status(first)).toBe(404);

    // An edit on an old version is refused: the report it uploaded is no one's.
    const before = new Set(fs.readdirSync(uploadDir));
    expect((await post("/admin/lab-tests", { ...edit, report: pdf("c") })).status).toBe(409);
    expect(new Set(fs.readdirSync(uploadDir))).toEqual(before);
    expect((await testOf()).reportUrl).toBe(second);
    expect(await status(second)).toBe(200);
  });
});
