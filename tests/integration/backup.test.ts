import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  BACKUP_TABLE_NAMES,
  BackupError,
  createBackup,
  parseBackup,
  restoreBackup,
} from "~/.server/backup.server";
import { ads, categories, peptides, savedDeals, user, vendorPeptides } from "~/.server/db/schema";

import { createTestApp, type TestApp } from "../helpers/app";

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.dispose();
});

/** Every row of every product table, in a stable order, as JSON would carry it. */
async function snapshot() {
  const backup = await createBackup(app.db);
  return JSON.parse(
    JSON.stringify(
      Object.fromEntries(
        BACKUP_TABLE_NAMES.map((name) => [
          name,
          [...backup.tables[name]].sort((a, b) => String(a.id).localeCompare(String(b.id))),
        ]),
      ),
    ),
  ) as Record<string, Record<string, unknown>[]>;
}

describe("backup and restore", () => {
  it("round-trips every row of every product table", async () => {
    const before = await snapshot();
    expect(before.peptides!.length).toBeGreaterThan(10);
    expect(before.price_history!.length).toBeGreaterThan(100);
    expect(before.settings).toHaveLength(1);

    const file = JSON.stringify(await createBackup(app.db));
    // Changes made after the backup must disappear on restore.
    await app.db.delete(ads);
    await app.db
      .insert(categories)
      .values({ name: "Made after backup", slug: "made-after-backup" });

    const counts = await restoreBackup(app.db, parseBackup(file));
    expect(counts.peptides).toBe(before.peptides!.length);
    expect(await snapshot()).toEqual(before);
  });

  it("keeps users' saved deals linked to the restored vendor prices", async () => {
    const [account] = await app.db.select({ id: user.id }).from(user).limit(1);
    const [price] = await app.db
      .select({ id: vendorPeptides.id, price: vendorPeptides.price })
      .from(vendorPeptides)
      .limit(1);
    const [deal] = await app.db
      .insert(savedDeals)
      .values({
        userId: account!.id,
        vendorPeptideId: price!.id,
        peptideName: "X",
        vendorName: "Y",
        priceAtSave: price!.price,
      })
      .returning({ id: savedDeals.id });
    await restoreBackup(app.db, parseBackup(JSON.stringify(await createBackup(app.db))));
    const [after] = await app.db
      .select({ vendorPeptideId: savedDeals.vendorPeptideId })
      .from(savedDeals)
      .where(eq(savedDeals.id, deal!.id));
    expect(after!.vendorPeptideId).toBe(price!.id);
  });

  it("refuses files that are not a valid backup and changes nothing", async () => {
    const before = await snapshot();
    expect(() => parseBackup("not json")).toThrow(BackupError);
    expect(() => parseBackup(JSON.stringify({ format: "other" }))).toThrow(
      "This is not a PeptidePrices backup file",
    );
    const valid = await createBackup(app.db);
    const badRow = structuredClone(JSON.parse(JSON.stringify(valid)));
    badRow.tables.peptides[0].is_popular = "yes";
    expect(() => parseBackup(JSON.stringify(badRow))).toThrow(/tables\.peptides\.0\.is_popular/);

    // Valid shape but a broken reference: the transaction rolls back as a whole.
    const orphan = JSON.parse(JSON.stringify(valid));
    orphan.tables.size_options[0].peptide_id = "00000000-0000-4000-8000-000000000000";
    await expect(restoreBackup(app.db, parseBackup(JSON.stringify(orphan)))).rejects.toThrow(
      /nothing was changed/,
    );
    expect(await snapshot()).toEqual(before);
    expect((await app.db.select({ id: peptides.id }).from(peptides)).length).toBe(
      before.peptides!.length,
    );
  });

  it("refuses links that are not http(s) in URL columns", async () => {
    const valid = JSON.parse(JSON.stringify(await createBackup(app.db)));
    const scripted = structuredClone(valid);
    scripted.tables.vendor_peptides[0].url = "javascript:alert(document.cookie)";
    expect(() => parseBackup(JSON.stringify(scripted))).toThrow(
      /url must be an http\(s\) link \(at tables\.vendor_peptides\.0\.url\)/,
    );
    const dataLink = structuredClone(valid);
    dataLink.tables.vendors[0].website = "data:text/html,<script>alert(1)</script>";
    expect(() => parseBackup(JSON.stringify(dataLink))).toThrow(/tables\.vendors\.0\.website/);
    expect(() => parseBackup(JSON.stringify(valid))).not.toThrow();
  });
});
