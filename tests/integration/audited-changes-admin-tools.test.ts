/**
 * Services own their writes (issue 36 Must 3), for the admin tools: accounts, the review queue,
 * scrape runs and the Add-shop page. Each change commits with its audit entry or not at all.
 * This test's database refuses audit entries for the ids and names it lists in `refused_audit`
 * (a trigger), so a change whose entry fails must leave nothing behind.
 */
import { randomUUID } from "node:crypto";

import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import * as t from "~/.server/db/schema";
import { enqueueScrapeRun } from "~/.server/jobs/jobs.server";
import {
  addListingAlias,
  createPeptideFromListing,
  createShopSource,
} from "~/.server/services/add-shop.server";
import { grantAdminRights, sendPasswordReset } from "~/.server/services/admin-rights.server";
import { decideReviewItem } from "~/.server/services/review-queue.server";

import { createTestApp, type TestApp } from "../helpers/app";
import { createSourceWithVendor } from "../helpers/scrape-sources";

/** The refused insert, as drizzle reports it (the trigger's message is its cause). */
const REFUSED = /insert into "audit_log"/;
const admin = { id: "audit-tools-admin", email: "audit-tools-admin@example.test" };

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
  await addAccount(admin);
  await app.db.execute(sql`create table refused_audit (value text primary key)`);
  await app.db.execute(sql`
    create function refuse_listed_audit() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from refused_audit
                  where value = new.entity_id or value = new.details->>'name') then
        raise exception 'audit refused';
      end if;
      return new;
    end $$`);
  await app.db.execute(sql`
    create trigger refuse_listed_audit before insert on audit_log
      for each row execute function refuse_listed_audit()`);
});
afterAll(async () => {
  await app?.dispose();
});

async function addAccount(account: { id: string; email: string }) {
  await app.db.insert(t.user).values({ ...account, name: account.email, emailVerified: true });
}

async function refuse(value: string) {
  await app.db.execute(sql`insert into refused_audit (value) values (${value})`);
}

async function auditedActions(entity: string, entityId: string) {
  const rows = await app.db
    .select({ action: t.auditLog.action })
    .from(t.auditLog)
    .where(and(eq(t.auditLog.entity, entity), eq(t.auditLog.entityId, entityId)));
  return rows.map((row) => row.action).sort();
}

async function auditedByName(entity: string, name: string) {
  const rows = await app.db
    .select({ action: t.auditLog.action })
    .from(t.auditLog)
    .where(and(eq(t.auditLog.entity, entity), sql`${t.auditLog.details}->>'name' = ${name}`));
  return rows.map((row) => row.action);
}

function spyOnCache() {
  const clear = vi.spyOn(app.cache, "clear");
  clear.mockClear();
  return clear;
}

describe("accounts", () => {
  const isAdmin = async (userId: string) =>
    (await app.db.select().from(t.adminUsers).where(eq(t.adminUsers.userId, userId))).length > 0;

  it("grants admin rights with their entry, and grants nothing when the entry is refused", async () => {
    const kept = { id: "granted-account", email: "granted@example.test" };
    const refused = { id: "refused-grant", email: "refused-grant@example.test" };
    await addAccount(kept);
    await addAccount(refused);
    await refuse(refused.id);

    expect(await grantAdminRights(app, admin, kept)).toBe(true);
    expect(await isAdmin(kept.id)).toBe(true);
    expect(await auditedActions("admin_users", kept.id)).toEqual(["grant"]);

    await expect(grantAdminRights(app, admin, refused)).rejects.toThrow(REFUSED);
    expect(await isAdmin(refused.id)).toBe(false);
    expect(await auditedActions("admin_users", refused.id)).toEqual([]);
  });

  it("records a password reset once the link went, and nothing when sending failed", async () => {
    const sent = { id: "reset-sent", email: "reset-sent@example.test" };
    const failed = { id: "reset-failed", email: "reset-failed@example.test" };
    const request = vi.spyOn(app.auth.api, "requestPasswordReset");
    request.mockResolvedValueOnce({ status: true, message: "sent" });
    await sendPasswordReset(app, admin, sent);
    expect(await auditedActions("password_reset", sent.id)).toEqual(["send"]);

    request.mockRejectedValueOnce(new Error("mail server down"));
    await expect(sendPasswordReset(app, admin, failed)).rejects.toThrow("mail server down");
    expect(await auditedActions("password_reset", failed.id)).toEqual([]);
    request.mockRestore();
  });
});

describe("the review queue", () => {
  let vendorId: string;
  let sourceId: string;
  let peptide: { id: string; name: string };

  beforeAll(async () => {
    ({ id: sourceId, vendorId } = await createSourceWithVendor(app.db, {
      url: "https://review-queue.example/",
    }));
    const [first] = await app.db
      .select({ id: t.peptides.id, name: t.peptides.name })
      .from(t.peptides)
      .limit(1);
    peptide = first!;
  });

  async function heldListing(name: string) {
    const [item] = await app.db
      .insert(t.scrapeReviewItems)
      .values({
        sourceId,
        vendorId,
        name,
        price: 42,
        currency: "USD",
        reason: "unknown_peptide",
        quantity: 7,
        unit: "mg",
      })
      .returning({ id: t.scrapeReviewItems.id });
    return item!.id;
  }

  const approval = (id: string) =>
    ({
      intent: "approve-review",
      id,
      peptide_id: peptide.id,
      quantity: null,
      unit: null,
      vials: null,
      currency: null,
      add_alias: true,
    }) as const;

  const statusOf = async (id: string) =>
    (
      await app.db
        .select({ status: t.scrapeReviewItems.status })
        .from(t.scrapeReviewItems)
        .where(eq(t.scrapeReviewItems.id, id))
    )[0]?.status;

  const offers = () =>
    app.db
      .select({ price: t.vendorPeptides.price })
      .from(t.vendorPeptides)
      .where(eq(t.vendorPeptides.vendorId, vendorId));

  it("leaves the listing pending, its price unwritten and the cache alone when the approval's entry is refused", async () => {
    const id = await heldListing("Refused Listing 7mg");
    await refuse(id);
    const clear = spyOnCache();
    await expect(decideReviewItem(app, admin, approval(id))).rejects.toThrow(REFUSED);
    expect(await statusOf(id)).toBe("pending");
    expect(await offers()).toEqual([]);
    expect(await auditedActions("scrape_review", id)).toEqual([]);
    const [after] = await app.db
      .select({ aliases: t.peptides.aliases })
      .from(t.peptides)
      .where(eq(t.peptides.id, peptide.id));
    expect(after!.aliases).not.toContain("Refused Listing");
    expect(clear).not.toHaveBeenCalled();
  });

  it("approves with its entry: the price goes live and the cache is emptied", async () => {
    const id = await heldListing("Kept Listing 7mg");
    const clear = spyOnCache();
    expect(await decideReviewItem(app, admin, approval(id))).toBeNull();
    expect(await statusOf(id)).toBe("approved");
    expect(await offers()).toEqual([{ price: 42 }]);
    expect(await auditedActions("scrape_review", id)).toEqual(["update"]);
    expect(clear).toHaveBeenCalled();
  });

  it("rejects only together with its entry", async () => {
    const refused = await heldListing("Refused Reject 7mg");
    await refuse(refused);
    await expect(
      decideReviewItem(app, admin, { intent: "reject-review", id: refused }),
    ).rejects.toThrow(REFUSED);
    expect(await statusOf(refused)).toBe("pending");

    const kept = await heldListing("Kept Reject 7mg");
    await decideReviewItem(app, admin, { intent: "reject-review", id: kept });
    expect(await statusOf(kept)).toBe("rejected");
    expect(await auditedActions("scrape_review", kept)).toEqual(["update"]);
  });
});

describe("scrape runs", () => {
  const runsOf = (sourceId: string) =>
    app.db
      .select({ id: t.scrapeRuns.id })
      .from(t.scrapeRuns)
      .where(eq(t.scrapeRuns.sourceId, sourceId));

  it("queues an admin's run with its entry, and no run when the entry is refused", async () => {
    const refused = await createSourceWithVendor(app.db, { url: "https://refused-run.example/" });
    await refuse(refused.id);
    await expect(
      enqueueScrapeRun(
        app,
        { sourceId: refused.id, requestedBy: admin.email },
        { admin, skipped: null },
      ),
    ).rejects.toThrow(REFUSED);
    expect(await runsOf(refused.id)).toEqual([]);
    expect(await auditedActions("scrape_run", refused.id)).toEqual([]);

    const kept = await createSourceWithVendor(app.db, { url: "https://kept-run.example/" });
    const run = await enqueueScrapeRun(
      app,
      { sourceId: kept.id, requestedBy: admin.email },
      { admin, skipped: null },
    );
    expect(run.created).toBe(true);
    expect(await runsOf(kept.id)).toEqual([{ id: run.runId }]);
    const [entry] = await app.db
      .select({ details: t.auditLog.details })
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entity, "scrape_run"), eq(t.auditLog.entityId, kept.id)));
    expect(entry!.details).toEqual({ runId: run.runId, queued: true });
  });
});

describe("the Add-shop page", () => {
  const createForm = (vendorName: string) =>
    ({
      intent: "create-shop",
      preview_id: randomUUID(),
      vendor_name: vendorName,
      separate_vendor: false,
    }) as const;

  const vendorsNamed = (name: string) =>
    app.db.select({ id: t.vendors.id }).from(t.vendors).where(eq(t.vendors.name, name));

  const sourcesAt = (url: string) =>
    app.db
      .select({ id: t.scrapeSources.id })
      .from(t.scrapeSources)
      .where(eq(t.scrapeSources.url, url));

  it("creates no vendor and no source when the shop's entries are refused", async () => {
    await refuse("Refused Shop");
    const url = "https://refused-shop.example/";
    const form = createForm("Refused Shop");
    const clear = spyOnCache();
    await expect(
      createShopSource(
        app,
        admin,
        { id: form.preview_id, shopUrl: url, kind: "woocommerce" },
        form,
      ),
    ).rejects.toThrow(REFUSED);
    expect(await vendorsNamed("Refused Shop")).toEqual([]);
    expect(await sourcesAt(url)).toEqual([]);
    expect(clear).not.toHaveBeenCalled();
  });

  it("creates the vendor and its source with an entry each, then empties the cache", async () => {
    const url = "https://kept-shop.example/";
    const form = createForm("Kept Shop");
    const clear = spyOnCache();
    expect(
      await createShopSource(
        app,
        admin,
        { id: form.preview_id, shopUrl: url, kind: "woocommerce" },
        form,
      ),
    ).toEqual({ created: { vendorName: "Kept Shop" } });
    expect(await vendorsNamed("Kept Shop")).toHaveLength(1);
    expect(await sourcesAt(url)).toHaveLength(1);
    expect(await auditedByName("vendor", "Kept Shop")).toEqual(["create"]);
    expect(await auditedByName("scrape_source", "Kept Shop")).toEqual(["create"]);
    expect(clear).toHaveBeenCalledTimes(1);
  });

  it("creates a peptide from a listing only together with its entry", async () => {
    await refuse("Refusedtide");
    await expect(
      createPeptideFromListing(app, admin, "Refusedtide", { quantity: 5, unit: "mg" }),
    ).rejects.toThrow(REFUSED);
    const stored = await app.db
      .select({ id: t.peptides.id })
      .from(t.peptides)
      .where(eq(t.peptides.name, "Refusedtide"));
    expect(stored).toEqual([]);

    const id = await createPeptideFromListing(app, admin, "Keptide", { quantity: 5, unit: "mg" });
    const sizes = await app.db
      .select({ quantity: t.sizeOptions.quantity })
      .from(t.sizeOptions)
      .where(eq(t.sizeOptions.peptideId, id));
    expect(sizes).toEqual([{ quantity: 5 }]);
    expect(await auditedActions("peptide", id)).toEqual(["create"]);
  });

  it("keeps a listing's alias only together with its entry", async () => {
    const [peptide] = await app.db
      .insert(t.peptides)
      .values({ name: "Alias holder", slug: "alias-holder" })
      .returning({ id: t.peptides.id, name: t.peptides.name });
    await refuse(peptide!.id);
    await expect(addListingAlias(app, admin, peptide!, "Holder Blend")).rejects.toThrow(REFUSED);
    const [after] = await app.db
      .select({ aliases: t.peptides.aliases })
      .from(t.peptides)
      .where(eq(t.peptides.id, peptide!.id));
    expect(after!.aliases).toEqual([]);
  });
});
