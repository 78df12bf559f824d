/**
 * Services own their writes, the vendor side and the settings too: a held submission's
 * decision, a lab report's decision, a review's moderation, a vendor member's changes and a
 * backup restore commit with their audit entries or not at all. This test's own database
 * refuses audit entries whose recorded name mentions "Refused" (a trigger), so a change whose
 * entry fails must leave nothing behind; a change whose entry is accepted keeps both.
 */
import crypto from "node:crypto";

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import * as t from "~/.server/db/schema";
import { createBackup, parseBackup } from "~/.server/services/backup.server";
import { restoreCatalogue } from "~/.server/services/settings.server";
import { decideVendorLabReport } from "~/.server/services/vendor-lab-reports.server";
import {
  saveVendorReply,
  saveVendorTerms,
  revokeApiKey,
} from "~/.server/services/vendor-manage.server";
import { moderateReview } from "~/.server/services/vendor-reviews.server";
import { decideHeldSubmission } from "~/.server/services/vendor-submissions.server";

import { createTestApp, type TestApp } from "../helpers/app";
import { accountMaker } from "../helpers/auth";

/** The refused insert, as drizzle reports it (the trigger's message is its cause). */
const REFUSED = /insert into "audit_log"/;

let app: TestApp;
let admin: { id: string; email: string };
let newAccount: ReturnType<typeof accountMaker>;
let size: { id: string; peptideId: string };

beforeAll(async () => {
  app = await createTestApp();
  newAccount = accountMaker(app, "audited-vendor");
  const made = await newAccount();
  admin = { id: made.userId, email: made.email };
  [size] = await app.db
    .select({ id: t.sizeOptions.id, peptideId: t.sizeOptions.peptideId })
    .from(t.sizeOptions)
    .limit(1);
  await app.db.execute(sql`
    create function refuse_vendor_audit() returns trigger language plpgsql as $$
    begin
      if new.details->>'name' like '%Refused%' then raise exception 'audit refused'; end if;
      return new;
    end $$`);
  await app.db.execute(sql`
    create trigger refuse_vendor_audit before insert on audit_log
      for each row execute function refuse_vendor_audit()`);
});
afterAll(async () => {
  await app?.dispose();
});

async function vendor(name: string) {
  const [row] = await app.db
    .insert(t.vendors)
    .values({ name, website: `https://${name.toLowerCase().replaceAll(" ", "-")}.example` })
    .returning({ id: t.vendors.id, name: t.vendors.name, slug: t.vendors.slug });
  return { ...row!, website: `https://${name.toLowerCase().replaceAll(" ", "-")}.example` };
}

async function auditedFor(entityId: string) {
  const rows = await app.db
    .select({ action: t.auditLog.action, entity: t.auditLog.entity })
    .from(t.auditLog)
    .where(eq(t.auditLog.entityId, entityId));
  return rows.map((row) => `${row.entity}:${row.action}`).sort();
}

describe("a held vendor submission's decision", () => {
  async function held(vendorId: string) {
    const [row] = await app.db
      .insert(t.vendorOfferSubmissions)
      .values({
        vendorId,
        sizeOptionId: size.id,
        via: "api",
        price: 41.5,
        currency: "USD",
        stockStatus: "in_stock",
        url: "https://shop.example/p",
        status: "held",
        reason: "the storefront shows a different price or stock",
      })
      .returning({ id: t.vendorOfferSubmissions.id });
    return row!.id;
  }
  const offersOf = (vendorId: string) =>
    app.db
      .select({ price: t.vendorPeptides.price })
      .from(t.vendorPeptides)
      .where(eq(t.vendorPeptides.vendorId, vendorId));
  const statusOf = async (id: string) =>
    (
      await app.db
        .select({ status: t.vendorOfferSubmissions.status })
        .from(t.vendorOfferSubmissions)
        .where(eq(t.vendorOfferSubmissions.id, id))
    )[0]!.status;

  it("approves: the price, the decision and the entry together", async () => {
    const kept = await vendor("Kept submitter");
    const id = await held(kept.id);
    expect(await decideHeldSubmission(app, admin, id, true)).toBe(true);
    expect(await offersOf(kept.id)).toEqual([{ price: 41.5 }]);
    expect(await statusOf(id)).toBe("approved");
    expect(await auditedFor(id)).toEqual(["vendor_submission:update"]);
  });

  it("writes no price and keeps the submission held when the entry is refused", async () => {
    const refused = await vendor("Refused submitter");
    const id = await held(refused.id);
    const clear = vi.spyOn(app.cache, "clear");
    clear.mockClear();
    await expect(decideHeldSubmission(app, admin, id, true)).rejects.toThrow(REFUSED);
    expect(await offersOf(refused.id)).toEqual([]);
    expect(await statusOf(id)).toBe("held");
    expect(await auditedFor(id)).toEqual([]);
    expect(clear).not.toHaveBeenCalled();

    await expect(decideHeldSubmission(app, admin, id, false)).rejects.toThrow(REFUSED);
    expect(await statusOf(id)).toBe("held");
  });
});

describe("a vendor lab report's decision", () => {
  async function pending(vendorId: string, labName: string) {
    const [row] = await app.db
      .insert(t.vendorLabReports)
      .values({
        vendorId,
        peptideId: size.peptideId,
        sizeOptionId: size.id,
        labName,
        testedOn: "2025-03-01",
        purityPercent: 99.1,
        reportUrl: "/vendor-lab-reports/pending/file",
        pendingFile: Buffer.from("%PDF-1.4\n%%EOF\n"),
        // Each its own name: approval stores the file under it.
        pendingFileName: `lab-report-${crypto.randomBytes(12).toString("hex")}.pdf`,
      })
      .returning({ id: t.vendorLabReports.id });
    return row!.id;
  }
  const reportOf = async (id: string) =>
    (
      await app.db
        .select({ status: t.vendorLabReports.status, labTestId: t.vendorLabReports.labTestId })
        .from(t.vendorLabReports)
        .where(eq(t.vendorLabReports.id, id))
    )[0]!;
  const testsOf = (vendorId: string) =>
    app.db.select({ id: t.labTests.id }).from(t.labTests).where(eq(t.labTests.vendorId, vendorId));

  it("approves: the lab test, the report's status and both entries together", async () => {
    const kept = await vendor("Kept lab vendor");
    const id = await pending(kept.id, "Kept Labs");
    expect(await decideVendorLabReport(app, admin, { id, approve: true })).toMatchObject({
      ok: true,
    });
    const [test] = await testsOf(kept.id);
    expect(await reportOf(id)).toEqual({ status: "approved", labTestId: test!.id });
    expect(await auditedFor(id)).toEqual(["vendor_lab_report:update"]);
    expect(await auditedFor(test!.id)).toEqual(["lab_test:create"]);
  });

  it("creates no lab test and leaves the report pending when the entry is refused", async () => {
    const refused = await vendor("Refused lab vendor");
    const id = await pending(refused.id, "Any Labs");
    await expect(decideVendorLabReport(app, admin, { id, approve: true })).rejects.toThrow(REFUSED);
    expect(await testsOf(refused.id)).toEqual([]);
    expect(await reportOf(id)).toEqual({ status: "pending", labTestId: null });

    await expect(
      decideVendorLabReport(app, admin, { id, approve: false, reason: "Unreadable scan." }),
    ).rejects.toThrow(REFUSED);
    expect(await reportOf(id)).toEqual({ status: "pending", labTestId: null });
    expect(await auditedFor(id)).toEqual([]);
  });
});

describe("a review's moderation", () => {
  async function review(vendorId: string) {
    const author = await newAccount();
    const [row] = await app.db
      .insert(t.vendorReviews)
      .values({ vendorId, userId: author.userId, stars: 5, text: "Fast and well packed." })
      .returning({ id: t.vendorReviews.id });
    return row!.id;
  }
  const statusOf = async (id: string) =>
    (
      await app.db
        .select({ status: t.vendorReviews.status })
        .from(t.vendorReviews)
        .where(eq(t.vendorReviews.id, id))
    )[0]!.status;

  it("publishes with its entry, and leaves the review pending when the entry is refused", async () => {
    const kept = await review((await vendor("Kept reviewed")).id);
    expect(await moderateReview(app, admin, { intent: "approve", id: kept })).toMatchObject({
      ok: true,
    });
    expect(await statusOf(kept)).toBe("approved");
    expect(await auditedFor(kept)).toEqual(["vendor_review:update"]);

    const refused = await review((await vendor("Refused reviewed")).id);
    const clear = vi.spyOn(app.cache, "clear");
    clear.mockClear();
    await expect(moderateReview(app, admin, { intent: "approve", id: refused })).rejects.toThrow(
      REFUSED,
    );
    expect(await statusOf(refused)).toBe("pending");
    expect(await auditedFor(refused)).toEqual([]);
    expect(clear).not.toHaveBeenCalled();
  });
});

describe("a vendor member's changes on its manage page", () => {
  async function member(name: string) {
    const account = await newAccount();
    return {
      user: { id: account.userId, email: account.email },
      vendor: await vendor(name),
    };
  }
  const terms = {
    shippingCost: "Flat 9 USD",
    currency: "USD",
    shippingFee: 9,
    freeShippingThreshold: 150,
    shipsTo: ["US"],
    couponCode: "SPRING10",
    discountAmount: 10,
    discountType: "percentage" as const,
    expirationDate: null,
  };
  const couponOf = (vendorId: string) =>
    app.db.select({ code: t.coupons.code }).from(t.coupons).where(eq(t.coupons.vendorId, vendorId));

  it("saves terms and coupon with their entry", async () => {
    const kept = await member("Kept manager");
    await saveVendorTerms(app, kept, terms);
    expect(await couponOf(kept.vendor.id)).toEqual([{ code: "SPRING10" }]);
    expect(await auditedFor(kept.vendor.id)).toEqual(["vendor:update"]);
  });

  it("saves neither terms nor coupon, nor a reply, when the entry is refused", async () => {
    const refused = await member("Refused manager");
    await expect(saveVendorTerms(app, refused, terms)).rejects.toThrow(REFUSED);
    expect(await couponOf(refused.vendor.id)).toEqual([]);
    const [stored] = await app.db
      .select({ shippingFee: t.vendors.shippingFee })
      .from(t.vendors)
      .where(eq(t.vendors.id, refused.vendor.id));
    expect(stored!.shippingFee).not.toBe(9);

    const [test] = await app.db
      .insert(t.labTests)
      .values({
        vendorId: refused.vendor.id,
        peptideId: size.peptideId,
        sizeOptionId: size.id,
        labName: "Own Labs",
        testedOn: "2025-02-01",
        reportUrl: "https://example.com/report.pdf",
      })
      .returning({ id: t.labTests.id });
    await expect(
      saveVendorReply(app, refused, "lab_test", test!.id, "Retested since."),
    ).rejects.toThrow(REFUSED);
    const replies = await app.db
      .select({ id: t.vendorReplies.id })
      .from(t.vendorReplies)
      .where(eq(t.vendorReplies.subjectId, test!.id));
    expect(replies).toEqual([]);
    expect(await auditedFor(test!.id)).toEqual([]);
  });

  it("refuses another vendor's record without writing or auditing", async () => {
    const kept = await member("Kept other");
    const [test] = await app.db
      .select({ id: t.labTests.id })
      .from(t.labTests)
      .where(sql`${t.labTests.vendorId} <> ${kept.vendor.id}`)
      .limit(1);
    expect(await saveVendorReply(app, kept, "lab_test", test!.id, "Not ours.")).toBe(false);
    expect(await revokeApiKey(app, kept, crypto.randomUUID())).toBe(false);
    expect(await auditedFor(kept.vendor.id)).toEqual([]);
  });
});

describe("a backup restore", () => {
  it("restores with its entry, and changes nothing when the entry is refused", async () => {
    const backup = parseBackup(JSON.stringify(await createBackup(app.db)));
    const [made] = await app.db
      .insert(t.categories)
      .values({ name: "Made after the backup", slug: "made-after-the-backup" })
      .returning({ id: t.categories.id });
    const clear = vi.spyOn(app.cache, "clear");
    clear.mockClear();
    await expect(
      restoreCatalogue(app, admin, { name: "Refused backup.json", backup }),
    ).rejects.toThrow(REFUSED);
    const still = await app.db
      .select({ id: t.categories.id })
      .from(t.categories)
      .where(eq(t.categories.id, made!.id));
    expect(still).toHaveLength(1);
    expect(clear).not.toHaveBeenCalled();

    await restoreCatalogue(app, admin, { name: "kept-backup.json", backup });
    const gone = await app.db
      .select({ id: t.categories.id })
      .from(t.categories)
      .where(eq(t.categories.id, made!.id));
    expect(gone).toEqual([]);
    const entries = await app.db
      .select({ action: t.auditLog.action })
      .from(t.auditLog)
      .where(sql`${t.auditLog.details}->>'name' = 'kept-backup.json'`);
    expect(entries).toEqual([{ action: "restore" }]);
    expect(clear).toHaveBeenCalledTimes(1);
  });
});
