import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  BACKUP_TABLE_NAMES,
  BackupError,
  createBackup,
  parseBackup,
  restoreBackup,
} from "~/.server/services/backup.server";
import { checkAllPriceAlerts } from "~/.server/alerts/price-alerts.server";
import { moveToTrash } from "~/.server/data/trash.server";
import {
  ads,
  categories,
  labTests,
  peptides,
  priceAlerts,
  pushSubscriptions,
  savedDeals,
  savedStacks,
  user,
  vendorPeptides,
  vendors,
} from "~/.server/db/schema";

import { createTestApp, type TestApp } from "../helpers/app";
import { createUserWithPassword } from "../helpers/auth";

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

  it("is lossless: after a restore every table of the database, users' included, is as backed up", async () => {
    const userId = await createUserWithPassword(app, "restore-user@example.test", "restore-pass-1");
    const [offer] = await app.db
      .select({
        id: vendorPeptides.id,
        price: vendorPeptides.price,
        peptideId: vendorPeptides.peptideId,
        sizeOptionId: vendorPeptides.sizeOptionId,
        vendorId: vendorPeptides.vendorId,
      })
      .from(vendorPeptides)
      .limit(1);
    await app.db.insert(savedDeals).values({
      userId,
      vendorPeptideId: offer!.id,
      peptideName: "Kept",
      vendorName: "Kept",
      priceAtSave: offer!.price,
    });
    await app.db.insert(priceAlerts).values({
      userId,
      peptideId: offer!.peptideId,
      sizeOptionId: offer!.sizeOptionId,
      targetPrice: 10,
    });
    // Its state from the prices now, as saving an alert through the site sets it.
    await checkAllPriceAlerts(app);
    await app.db.insert(savedStacks).values({
      userId,
      name: "My stack",
      items: [{ peptideId: offer!.peptideId }],
      shareToken: "restore-share-token-0123456789abcdef",
    });
    await app.db.insert(pushSubscriptions).values({
      userId,
      endpoint: "https://push.example.test/restore",
      p256dh: "key",
      auth: "auth",
    });
    // A rename leaves the vendor's former slug in vendor_slug_history (a trigger).
    const rename = (name: string) =>
      app.db.update(vendors).set({ name }).where(eq(vendors.id, offer!.vendorId));
    await rename("Renamed Before Backup");

    const before = await everyTable();
    for (const name of [
      "saved_deals",
      "price_alerts",
      "saved_stacks",
      "push_subscriptions",
      "vendor_slug_history",
    ]) {
      expect(before[name]!.length, name).toBeGreaterThan(0);
    }
    const file = JSON.stringify(await createBackup(app.db));

    // The catalogue changes after the backup, under the users' rows.
    await rename("Renamed After Backup");
    await app.db
      .update(peptides)
      .set({ name: "Renamed Peptide" })
      .where(eq(peptides.id, offer!.peptideId));
    await app.db
      .update(vendorPeptides)
      .set({ price: 1.11 })
      .where(eq(vendorPeptides.id, offer!.id));
    await app.db.insert(categories).values({ name: "Made after", slug: "made-after" });

    await restoreBackup(app.db, parseBackup(file));
    expect(await everyTable()).toEqual(before);
  });

  it("is consistent after edit → restore: alert states and the trash follow the restored catalogue", async () => {
    const userId = await createUserWithPassword(app, "restore-edit@example.test", "restore-pass-1");
    const [offer] = await app.db
      .select({
        id: vendorPeptides.id,
        peptideId: vendorPeptides.peptideId,
        sizeOptionId: vendorPeptides.sizeOptionId,
      })
      .from(vendorPeptides)
      .where(and(eq(vendorPeptides.stockStatus, "in_stock"), eq(vendorPeptides.missedScrapes, 0)))
      .limit(1);
    // A back-in-stock alert on the offer, evaluated: in stock, at its price.
    await app.db.insert(priceAlerts).values({
      userId,
      peptideId: offer!.peptideId,
      sizeOptionId: offer!.sizeOptionId,
      vendorPeptideId: offer!.id,
      mode: "restock",
    });
    await checkAllPriceAlerts(app);
    const [armed] = await app.db.select().from(priceAlerts).where(eq(priceAlerts.userId, userId));
    expect(armed).toMatchObject({ isBelow: true, lastPrice: expect.any(Number) });
    const [labTest] = await app.db.select({ id: labTests.id }).from(labTests).limit(1);

    const before = await everyTable();
    const file = JSON.stringify(await createBackup(app.db));

    // The edits: the offer goes out of stock (the alert re-arms), a lab test goes to the trash.
    await app.db
      .update(vendorPeptides)
      .set({ stockStatus: "out_of_stock" })
      .where(eq(vendorPeptides.id, offer!.id));
    await checkAllPriceAlerts(app);
    const [rearmed] = await app.db.select().from(priceAlerts).where(eq(priceAlerts.userId, userId));
    expect(rearmed).toMatchObject({ isBelow: false, lastPrice: null });
    await moveToTrash(app.db, { entity: "lab_test", ids: [labTest!.id], actorId: null });

    await restoreBackup(app.db, parseBackup(file));
    expect(await everyTable()).toEqual(before);
  });
});

/**
 * Every row of every table of the database, tables read from the catalog (a table added later
 * is covered without editing this test), rows as JSON text in a stable order.
 */
async function everyTable(): Promise<Record<string, string[]>> {
  const { rows: tables } = await app.database.executeSql(
    `select table_name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    [],
  );
  const contents: Record<string, string[]> = {};
  for (const { table_name: name } of tables as { table_name: string }[]) {
    const { rows } = await app.database.executeSql(
      `select to_jsonb(t)::text as row from "${name}" t order by 1`,
      [],
    );
    contents[name] = rows.map((row) => String(row.row));
  }
  expect(Object.keys(contents).length).toBeGreaterThan(30);
  return contents;
}
