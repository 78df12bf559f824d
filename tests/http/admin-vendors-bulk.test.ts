/** Bulk delete on the vendors table: to the trash together (one Undo), and nothing else. */
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { trashItems, vendors } from "~/.server/db/schema";

import { startAdminHttp } from "../helpers/admin-http";

const admin = startAdminHttp();

async function post(fields: Record<string, string>) {
  const response = await admin.server.postForm("/admin/vendors", fields, {
    cookie: admin.adminCookie,
  });
  return { status: response.status, text: await response.text() };
}

describe("bulk selection on vendors", () => {
  it("moves the ticked vendors to the trash in one batch", async () => {
    const made = await admin.server.app.db
      .insert(vendors)
      .values([
        { name: "Bulk Vendor One", website: "https://bulk-one.example" },
        { name: "Bulk Vendor Two", website: "https://bulk-two.example" },
      ])
      .returning({ id: vendors.id });
    const ids = made.map((row) => row.id);

    const answer = await post({ intent: "bulk-vendors", operation: "delete", ids: ids.join(",") });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("2 vendors deleted");
    expect(
      await admin.server.app.db.select().from(vendors).where(inArray(vendors.id, ids)),
    ).toEqual([]);
    const trashed = await admin.server.app.db
      .select({ batchId: trashItems.batchId, name: trashItems.name })
      .from(trashItems)
      .where(inArray(trashItems.entityId, ids));
    expect(trashed.map((row) => row.name).sort()).toEqual(["Bulk Vendor One", "Bulk Vendor Two"]);
    expect(new Set(trashed.map((row) => row.batchId)).size).toBe(1);
  });

  it("refuses an operation vendors do not have and an empty selection", async () => {
    const [vendor] = await admin.server.app.db
      .insert(vendors)
      .values({ name: "Bulk Vendor Kept", website: "https://kept.example" })
      .returning({ id: vendors.id });
    const activate = await post({ intent: "bulk-vendors", operation: "activate", ids: vendor!.id });
    expect(activate.status).toBe(400);
    expect((await post({ intent: "bulk-vendors", operation: "delete", ids: "" })).status).toBe(400);
    expect(
      await admin.server.app.db
        .select()
        .from(vendors)
        .where(inArray(vendors.id, [vendor!.id])),
    ).toHaveLength(1);
  });
});
