import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createAd } from "~/.server/data/ads.server";
import { ads, auditLog } from "~/.server/db/schema";

import { startAdminHttp } from "../helpers/admin-http";
import { versionOf } from "../helpers/row-version";

const admin = startAdminHttp({
  plainUser: { email: "ads-user@peptideprices.test", password: "ads-password" },
});
const { db } = admin;

async function post(fields: Record<string, string>, cookie = admin.adminCookie) {
  const response = await admin.server.postForm("/admin/ads", fields, { cookie });
  return { status: response.status, text: await response.text() };
}

async function newAds(titles: string[], active: boolean) {
  const ids: string[] = [];
  for (const title of titles) ids.push(await createAd(db(), { title, active }));
  return ids;
}

async function activeOf(ids: string[]) {
  const rows = await db()
    .select({ id: ads.id, active: ads.active })
    .from(ads)
    .where(inArray(ads.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.active]));
}

async function auditOf(id: string, action: string) {
  return db()
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.entityId, id), eq(auditLog.action, action), eq(auditLog.entity, "ads")));
}

describe("ads bulk actions", () => {
  it("only an admin may use them", async () => {
    const [id] = await newAds(["Guarded Ad"], true);
    expect(
      (await post({ intent: "bulk-ads", operation: "deactivate", ids: id! }, admin.userCookie))
        .status,
    ).toBe(403);
    expect(await activeOf([id!])).toEqual({ [id!]: true });
  });

  it("activates and deactivates the selected ads, recording each change by name", async () => {
    const ids = await newAds(["Bulk One", "Bulk Two"], false);
    const [untouched] = await newAds(["Bulk Bystander"], false);

    const activated = await post({ intent: "bulk-ads", operation: "activate", ids: ids.join(",") });
    expect(activated.status).toBe(200);
    expect(activated.text).toContain("2 ads activated");
    expect(await activeOf([...ids, untouched!])).toEqual({
      [ids[0]!]: true,
      [ids[1]!]: true,
      [untouched!]: false,
    });
    const [entry] = await auditOf(ids[0]!, "update");
    expect(entry!.details).toMatchObject({ name: "Bulk One" });
    expect(JSON.stringify(entry!.details)).toContain("active");

    const deactivated = await post({ intent: "bulk-ads", operation: "deactivate", ids: ids[1]! });
    expect(deactivated.text).toContain("1 ad deactivated");
    expect(await activeOf(ids)).toEqual({ [ids[0]!]: true, [ids[1]!]: false });
  });

  it("moves the selected ads to the trash with their names, and Undo brings them back", async () => {
    const ids = await newAds(["Trash One", "Trash Two"], true);
    const deleted = await post({ intent: "bulk-ads", operation: "delete", ids: ids.join(",") });
    expect(deleted.status).toBe(200);
    expect(deleted.text).toContain("2 ads deleted");
    expect(await activeOf(ids)).toEqual({});

    const [entry] = await auditOf(ids[0]!, "delete");
    expect(entry!.details).toMatchObject({ name: "Trash One" });
    const { trashBatchId } = entry!.details as { trashBatchId: string };
    expect(deleted.text).toContain(trashBatchId);

    const undo = await admin.server.postForm(
      "/admin/trash",
      { intent: "restore-batch", batchId: trashBatchId },
      { cookie: admin.adminCookie },
    );
    expect(undo.status).toBe(200);
    const restored = await db()
      .select({ title: ads.title, active: ads.active })
      .from(ads)
      .where(inArray(ads.id, ids))
      .orderBy(ads.title);
    expect(restored).toEqual([
      { title: "Trash One", active: true },
      { title: "Trash Two", active: true },
    ]);
  });

  it("an edit records the ad's name and what changed", async () => {
    const [id] = await newAds(["Before Title"], true);
    const saved = await post({
      intent: "update",
      id: id!,
      version: await versionOf(db(), ads, id!),
      title: "After Title",
      active: "on",
    });
    expect(saved.status).toBe(200);
    const [entry] = await auditOf(id!, "update");
    expect(entry!.details).toMatchObject({ name: "After Title" });
    const changes = JSON.stringify((entry!.details as { changes: unknown }).changes);
    expect(changes).toContain("Before Title");
    expect(changes).toContain("After Title");
  });
});
