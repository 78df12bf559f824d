import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { outboundClicks, vendors } from "~/.server/db/schema";
import { createBackup, parseBackup, restoreBackup } from "~/.server/services/backup.server";

import { createTestApp, type TestApp } from "../helpers/app";

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.dispose();
});

async function clickIds() {
  const rows = await app.db.select({ id: outboundClicks.id }).from(outboundClicks);
  return rows.map((row) => row.id).sort();
}

describe("the click log in backups (issue 34)", () => {
  it("comes back from a backup, and a restore keeps the clicks counted since", async () => {
    const [vendor] = await app.db.select({ id: vendors.id }).from(vendors).limit(1);
    const click = {
      vendorId: vendor!.id,
      offerId: null,
      page: "/",
      shipTo: "US",
      affiliated: true,
    };
    const [inBackup] = await app.db.insert(outboundClicks).values(click).returning();
    const file = JSON.stringify(await createBackup(app.db));
    expect(JSON.parse(file).tables.outbound_clicks).toHaveLength(1);

    await app.db.delete(outboundClicks);
    const [afterBackup] = await app.db.insert(outboundClicks).values(click).returning();
    await restoreBackup(app.db, parseBackup(file));

    expect(await clickIds()).toEqual([inBackup!.id, afterBackup!.id].sort());
  });

  it("restores a file made before the click log existed, keeping the log", async () => {
    const before = await clickIds();
    const older = JSON.parse(JSON.stringify(await createBackup(app.db)));
    delete older.tables.outbound_clicks;
    await restoreBackup(app.db, parseBackup(JSON.stringify(older)));
    expect(await clickIds()).toEqual(before);
  });
});
