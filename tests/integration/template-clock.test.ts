import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { max, min, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { vendorPeptides } from "~/.server/db/schema";

import { createTestApp, type TestApp } from "../helpers/app";
import { bringTemplateToNow } from "../helpers/template-clock";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let app: TestApp;
let oldTemplate: string;

beforeAll(async () => {
  app = await createTestApp();
  // A template file written five hours ago (a cache an earlier run left).
  oldTemplate = path.join(os.tmpdir(), `pp-template-${process.pid}-${Date.now()}.tar`);
  fs.writeFileSync(oldTemplate, "");
  const fiveHoursAgo = new Date(Date.now() - 5 * HOUR);
  fs.utimesSync(oldTemplate, fiveHoursAgo, fiveHoursAgo);
});
afterAll(async () => {
  await app?.dispose();
  fs.rmSync(oldTemplate, { force: true });
});

describe("a database copied from a template seeded hours ago", () => {
  it("has every timestamp moved forward by the template's age", async () => {
    // The copy as it would be: prices confirmed 10 to 70 minutes before a seed five hours ago.
    await app.db.update(vendorPeptides).set({
      priceCheckedAt: sql`now() - interval '5 hours' - interval '10 minutes' - (random() * interval '1 hour')`,
    });
    await bringTemplateToNow(app.database, { PGLITE_TEMPLATE: oldTemplate });
    const [{ newest, oldest }] = await app.db
      .select({
        newest: max(vendorPeptides.priceCheckedAt),
        oldest: min(vendorPeptides.priceCheckedAt),
      })
      .from(vendorPeptides);
    const now = Date.now();
    // As fresh as at the seed: 10 to 70 minutes old now, not five hours and more (stale).
    expect(now - newest!.getTime()).toBeGreaterThanOrEqual(10 * MINUTE - MINUTE);
    expect(now - oldest!.getTime()).toBeLessThanOrEqual(70 * MINUTE + 5 * MINUTE);
  });

  it("leaves a copy of a template seeded minutes ago as it is", async () => {
    const youngTemplate = `${oldTemplate}.young`;
    fs.writeFileSync(youngTemplate, "");
    const tenMinutesAgo = new Date(Date.now() - 10 * MINUTE);
    fs.utimesSync(youngTemplate, tenMinutesAgo, tenMinutesAgo);
    const [before] = await app.db
      .select({ newest: max(vendorPeptides.priceCheckedAt) })
      .from(vendorPeptides);
    await bringTemplateToNow(app.database, { PGLITE_TEMPLATE: youngTemplate });
    fs.rmSync(youngTemplate);
    const [after] = await app.db
      .select({ newest: max(vendorPeptides.priceCheckedAt) })
      .from(vendorPeptides);
    expect(after.newest).toEqual(before.newest);
  });

  it("leaves a database made without a template as it is", async () => {
    const [before] = await app.db
      .select({ newest: max(vendorPeptides.priceCheckedAt) })
      .from(vendorPeptides);
    await bringTemplateToNow(app.database, {});
    const [after] = await app.db
      .select({ newest: max(vendorPeptides.priceCheckedAt) })
      .from(vendorPeptides);
    expect(after.newest).toEqual(before.newest);
  });
});
