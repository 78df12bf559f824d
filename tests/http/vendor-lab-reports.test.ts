import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as t from "~/.server/db/schema";
import { addVendorMember } from "~/.server/data/vendor-accounts.server";
import { LAB_REPORT_MESSAGES } from "~/.server/services/vendor-lab-reports.server";
import { REPORT_UPLOAD_MESSAGES } from "~/.server/services/uploads.server";

import { DEMO_ADMIN } from "../helpers/admin-http";
import { createUserWithPassword, readHtml, signIn } from "../helpers/auth";
import { startTestServer, type FormFields, type TestServer } from "../helpers/server";

/**
 * Issue 33 Must 4 over HTTP: a vendor uploads a lab report (checked like every report upload)
 * that stays unpublished until an admin approves it as a lab test with the report linked, or
 * rejects it with a reason the vendor reads; and a vendor answers its published reviews, the
 * reply shown beneath the review. Every step is audited.
 */

let server: TestServer;
let adminCookie: string;
let ownerCookie: string;
let ownerId: string;
let plainCookie: string;
let otherVendorCookie: string;
let apex: { id: string; slug: string };
let nova: { id: string; slug: string };
let size: { peptideId: string; sizeOptionId: string };
const db = () => server.app.db;

const PDF = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

async function vendorNamed(name: string) {
  const [row] = await db()
    .select({ id: t.vendors.id, slug: t.vendors.slug })
    .from(t.vendors)
    .where(eq(t.vendors.name, name));
  return row!;
}

beforeAll(async () => {
  server = await startTestServer();
  apex = await vendorNamed("Apex Peptide Labs");
  nova = await vendorNamed("NovaChem Research");
  ownerId = await createUserWithPassword(server.app, "owner@example.com", "owner-password-1");
  await addVendorMember(db(), { vendorId: apex.id, userId: ownerId, via: "admin" });
  ownerCookie = await signIn(server, "owner@example.com", "owner-password-1");
  adminCookie = await signIn(server, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await createUserWithPassword(server.app, "plain@example.com", "plain-password-1");
  plainCookie = await signIn(server, "plain@example.com", "plain-password-1");
  const novaMember = await createUserWithPassword(
    server.app,
    "nova-member@example.com",
    "nova-password-1",
  );
  await addVendorMember(db(), { vendorId: nova.id, userId: novaMember, via: "admin" });
  otherVendorCookie = await signIn(server, "nova-member@example.com", "nova-password-1");
  const [offer] = await db()
    .select({ peptideId: t.vendorPeptides.peptideId, sizeOptionId: t.vendorPeptides.sizeOptionId })
    .from(t.vendorPeptides)
    .where(eq(t.vendorPeptides.vendorId, apex.id))
    .limit(1);
  size = offer!;
});
afterAll(async () => {
  await server?.close();
});

const manage = () => `/vendor/${apex.slug}/manage`;
const report = (batch: string, file: Blob, extra: FormFields = {}): FormFields => ({
  intent: "submit-lab-report",
  peptideId: size.peptideId,
  sizeOptionId: size.sizeOptionId,
  labName: "Janoshik",
  testedOn: "2026-01-15",
  batch,
  claimedMassMg: "10",
  measuredMassMg: "9.9",
  purityPercent: "99.1",
  report: file,
  ...extra,
});
const pdf = () => new File([PDF], "report.pdf", { type: "application/pdf" });

async function reportRow(batch: string) {
  const [row] = await db()
    .select()
    .from(t.vendorLabReports)
    .where(eq(t.vendorLabReports.batch, batch));
  return row;
}

async function publicTexts() {
  const vendorPage = await readHtml(await server.fetch(`/vendor/${apex.slug}`));
  const api = await (await server.fetch("/api/v1/lab-tests?limit=100")).text();
  return vendorPage + api;
}

async function auditedActions(entity: string, entityId: string) {
  const rows = await db()
    .select({ actor: t.auditLog.actorUserId, details: t.auditLog.details })
    .from(t.auditLog)
    .where(and(eq(t.auditLog.entity, entity), eq(t.auditLog.entityId, entityId)));
  return rows;
}

describe("a vendor's lab report", () => {
  it("is stored pending with the report and nothing public until an admin decides", async () => {
    const response = await server.postForm(manage(), report("VLR-PENDING", pdf()), {
      cookie: ownerCookie,
    });
    expect(response.status).toBe(200);
    expect(await readHtml(response)).toContain(LAB_REPORT_MESSAGES.submitted);
    const row = await reportRow("VLR-PENDING");
    expect(row).toMatchObject({ status: "pending", vendorId: apex.id, labTestId: null });
    expect(row!.reportUrl).toBe(`/vendor-lab-reports/${row!.id}/file`);
    expect(row!.pendingFileName).toMatch(/^lab-report-[0-9a-f]{24}\.pdf$/);
    const tests = await db()
      .select({ id: t.labTests.id })
      .from(t.labTests)
      .where(eq(t.labTests.batch, "VLR-PENDING"));
    expect(tests).toEqual([]);
    expect(await publicTexts()).not.toContain("VLR-PENDING");
    expect(await auditedActions("vendor_lab_report", row!.id)).toEqual([
      expect.objectContaining({ actor: ownerId }),
    ]);
    const own = await readHtml(await server.fetch(manage(), { headers: { cookie: ownerCookie } }));
    expect(own).toContain("waiting for an admin");
  });

  it("refuses a file that is not a PDF or an image by its bytes, and a size of another peptide", async () => {
    const fake = new File(["<html><script>alert(1)</script>"], "report.pdf", {
      type: "application/pdf",
    });
    const refused = await server.postForm(manage(), report("VLR-FAKE", fake), {
      cookie: ownerCookie,
    });
    expect(refused.status).toBe(400);
    expect(await readHtml(refused)).toContain(REPORT_UPLOAD_MESSAGES.notAReport);
    const [otherSize] = await db()
      .select({ id: t.sizeOptions.id, peptideId: t.sizeOptions.peptideId })
      .from(t.sizeOptions)
      .limit(50)
      .then((rows) => rows.filter((row) => row.peptideId !== size.peptideId));
    const wrongSize = await server.postForm(
      manage(),
      report("VLR-WRONG-SIZE", pdf(), { sizeOptionId: otherSize!.id }),
      { cookie: ownerCookie },
    );
    expect(wrongSize.status).toBe(400);
    const badPurity = await server.postForm(
      manage(),
      report("VLR-BAD-PURITY", pdf(), { purityPercent: "140" }),
      { cookie: ownerCookie },
    );
    expect(badPurity.status).toBe(400);
    const missing = await server.postForm(
      manage(),
      { ...report("VLR-NO-FILE", pdf()), report: "" },
      { cookie: ownerCookie },
    );
    expect(missing.status).toBe(400);
    expect(await readHtml(missing)).toContain(LAB_REPORT_MESSAGES.noFile);
    for (const batch of ["VLR-FAKE", "VLR-WRONG-SIZE", "VLR-BAD-PURITY", "VLR-NO-FILE"])
      expect(await reportRow(batch)).toBeUndefined();
  });

  it("refuses a report over 5 MB before reading it all (413)", async () => {
    const big = new File([PDF, new Uint8Array(5 * 1024 * 1024)], "big.pdf", {
      type: "application/pdf",
    });
    const response = await server.postForm(manage(), report("VLR-BIG", big), {
      cookie: ownerCookie,
    });
    expect(response.status).toBe(413);
    expect(await reportRow("VLR-BIG")).toBeUndefined();
  });

  it("is rejected with a reason the vendor sees, and stays unpublished", async () => {
    await server.postForm(manage(), report("VLR-REJECT", pdf()), { cookie: ownerCookie });
    const row = await reportRow("VLR-REJECT");
    const adminPage = await readHtml(
      await server.fetch("/admin/lab-tests", { headers: { cookie: adminCookie } }),
    );
    expect(adminPage).toContain("VLR-REJECT");
    expect(adminPage).toContain(row!.reportUrl);
    const noReason = await server.postForm(
      "/admin/lab-tests",
      { intent: "reject-lab-report", id: row!.id, reason: "" },
      { cookie: adminCookie },
    );
    expect(noReason.status).toBe(400);
    const rejected = await server.postForm(
      "/admin/lab-tests",
      { intent: "reject-lab-report", id: row!.id, reason: "The report names another vendor." },
      { cookie: adminCookie },
    );
    expect(rejected.status).toBe(200);
    expect(await reportRow("VLR-REJECT")).toMatchObject({
      status: "rejected",
      rejectionReason: "The report names another vendor.",
    });
    const own = await readHtml(await server.fetch(manage(), { headers: { cookie: ownerCookie } }));
    expect(own).toContain("The report names another vendor.");
    expect(await publicTexts()).not.toContain("VLR-REJECT");
    const again = await server.postForm(
      "/admin/lab-tests",
      { intent: "approve-lab-report", id: row!.id },
      { cookie: adminCookie },
    );
    expect(again.status).toBe(404);
    expect(await auditedActions("vendor_lab_report", row!.id)).toHaveLength(2);
  });

  it("is published as a lab test with the report linked once an admin approves it", async () => {
    const row = await reportRow("VLR-PENDING");
    const approved = await server.postForm(
      "/admin/lab-tests",
      { intent: "approve-lab-report", id: row!.id },
      { cookie: adminCookie },
    );
    expect(approved.status).toBe(200);
    const decided = await reportRow("VLR-PENDING");
    expect(decided!.status).toBe("approved");
    const [test] = await db()
      .select()
      .from(t.labTests)
      .where(eq(t.labTests.id, decided!.labTestId!));
    expect(test).toMatchObject({
      vendorId: apex.id,
      peptideId: size.peptideId,
      sizeOptionId: size.sizeOptionId,
      labName: "Janoshik",
      testedOn: "2026-01-15",
      batch: "VLR-PENDING",
      claimedMassMg: 10,
      measuredMassMg: 9.9,
      purityPercent: 99.1,
      reportUrl: decided!.reportUrl,
    });
    expect(decided!.reportUrl).toMatch(/^\/uploads\/lab-report-[0-9a-f]{24}\.pdf$/);
    expect(decided!.pendingFile).toBeNull();
    const texts = await publicTexts();
    expect(texts).toContain("VLR-PENDING");
    expect(texts).toContain(decided!.reportUrl);
    expect(await auditedActions("vendor_lab_report", row!.id)).toHaveLength(2);
    expect(await auditedActions("lab_test", test!.id)).toHaveLength(1);
    const twice = await server.postForm(
      "/admin/lab-tests",
      { intent: "approve-lab-report", id: row!.id },
      { cookie: adminCookie },
    );
    expect(twice.status).toBe(404);
    const tests = await db()
      .select({ id: t.labTests.id })
      .from(t.labTests)
      .where(eq(t.labTests.batch, "VLR-PENDING"));
    expect(tests).toHaveLength(1);
  });
});

describe("a vendor's lab report file", () => {
  const readers = () => ({
    anonymous: undefined,
    plain: plainCookie,
    otherVendor: otherVendorCookie,
    owner: ownerCookie,
    admin: adminCookie,
  });

  async function statuses(url: string) {
    const result: Record<string, number> = {};
    for (const [who, cookie] of Object.entries(readers())) {
      const response = await server.fetch(url, {
        headers: cookie ? { cookie } : {},
        redirect: "manual",
      });
      result[who] = response.status;
      if (response.status === 200) {
        expect(await response.text()).toBe(PDF);
        expect(response.headers.get("content-type")).toBe("application/pdf");
        expect(response.headers.get("cache-control")).toMatch(/no-store/);
      } else await response.body?.cancel();
    }
    return result;
  }

  it("is read only by the vendor's users and admins until approved, then by everyone", async () => {
    await server.postForm(manage(), report("VLR-PRIVATE", pdf()), { cookie: ownerCookie });
    const row = (await reportRow("VLR-PRIVATE"))!;
    // Nothing was written to the public uploads, so no public URL can reach it.
    expect(row.reportUrl).toBe(`/vendor-lab-reports/${row.id}/file`);
    expect(await statuses(row.reportUrl)).toEqual({
      anonymous: 404,
      plain: 404,
      otherVendor: 404,
      owner: 200,
      admin: 200,
    });
    const uploaded = await server.fetch(`/uploads/${row.pendingFileName}`);
    expect(uploaded.status).toBe(404);
    await uploaded.body?.cancel();

    const approved = await server.postForm(
      "/admin/lab-tests",
      { intent: "approve-lab-report", id: row.id },
      { cookie: adminCookie },
    );
    expect(approved.status).toBe(200);
    const published = (await reportRow("VLR-PRIVATE"))!;
    expect(published.reportUrl).toMatch(/^\/uploads\/lab-report-[0-9a-f]{24}\.pdf$/);
    for (const cookie of Object.values(readers())) {
      const file = await server.fetch(published.reportUrl, { headers: cookie ? { cookie } : {} });
      expect(file.status).toBe(200);
      expect(await file.text()).toBe(PDF);
      // The address the vendor was given before approval leads everyone there.
      const before = await server.fetch(row.reportUrl, {
        headers: cookie ? { cookie } : {},
        redirect: "manual",
      });
      expect(before.status).toBe(302);
      expect(before.headers.get("location")).toBe(published.reportUrl);
    }
  });

  it("is dropped when the report is rejected", async () => {
    await server.postForm(manage(), report("VLR-PRIVATE-REJECT", pdf()), { cookie: ownerCookie });
    const row = (await reportRow("VLR-PRIVATE-REJECT"))!;
    const rejected = await server.postForm(
      "/admin/lab-tests",
      { intent: "reject-lab-report", id: row.id, reason: "Unreadable scan." },
      { cookie: adminCookie },
    );
    expect(rejected.status).toBe(200);
    expect(await reportRow("VLR-PRIVATE-REJECT")).toMatchObject({
      pendingFile: null,
      pendingFileName: null,
    });
    expect(await statuses(row.reportUrl)).toEqual({
      anonymous: 404,
      plain: 404,
      otherVendor: 404,
      owner: 404,
      admin: 404,
    });
  });
});

describe("a vendor's reply to a review", () => {
  async function review(vendorId: string, status: "approved" | "pending", text: string) {
    const author = await createUserWithPassword(
      server.app,
      `author-${Math.random().toString(36).slice(2)}@example.com`,
      "author-password-1",
    );
    const [row] = await db()
      .insert(t.vendorReviews)
      .values({ vendorId, userId: author, stars: 4, text, status })
      .returning({ id: t.vendorReviews.id });
    return row!.id;
  }

  it("is shown beneath the published review, editable, plain text and audited", async () => {
    const id = await review(
      apex.id,
      "approved",
      "Arrived in a week, vials well packed and labelled.",
    );
    const first = await server.postForm(
      manage(),
      { intent: "reply-review", id, body: "Thanks for <b>ordering</b>!\u202e" },
      { cookie: ownerCookie },
    );
    expect(first.status).toBe(200);
    const edited = await server.postForm(
      manage(),
      { intent: "reply-review", id, body: "Thanks for ordering; the next batch ships Monday." },
      { cookie: ownerCookie },
    );
    expect(edited.status).toBe(200);
    const replies = await db()
      .select({ body: t.vendorReplies.body })
      .from(t.vendorReplies)
      .where(and(eq(t.vendorReplies.subject, "review"), eq(t.vendorReplies.subjectId, id)));
    expect(replies).toEqual([{ body: "Thanks for ordering; the next batch ships Monday." }]);
    const page = await readHtml(await server.fetch(`/vendor/${apex.slug}`));
    const at = page.indexOf("Arrived in a week, vials well packed and labelled.");
    expect(at).toBeGreaterThan(-1);
    expect(page.indexOf("Thanks for ordering; the next batch ships Monday.")).toBeGreaterThan(at);
    expect(await auditedActions("vendor_reply", id)).toHaveLength(2);
  });

  it("keeps markup and hidden characters out, and the length within its limit", async () => {
    const id = await review(apex.id, "approved", "Good communication, the coupon worked for me.");
    const sanitized = await server.postForm(
      manage(),
      { intent: "reply-review", id, body: "<script>alert(1)</script>Glad \u202eit helped" },
      { cookie: ownerCookie },
    );
    expect(sanitized.status).toBe(200);
    const [reply] = await db()
      .select({ body: t.vendorReplies.body })
      .from(t.vendorReplies)
      .where(eq(t.vendorReplies.subjectId, id));
    expect(reply!.body).toBe("alert(1)Glad it helped");
    const tooLong = await server.postForm(
      manage(),
      { intent: "reply-review", id, body: "x".repeat(2001) },
      { cookie: ownerCookie },
    );
    expect(tooLong.status).toBe(400);
    const empty = await server.postForm(
      manage(),
      { intent: "reply-review", id, body: "<p></p>" },
      { cookie: ownerCookie },
    );
    expect(empty.status).toBe(400);
  });

  it("answers only the vendor's own published reviews", async () => {
    const pending = await review(apex.id, "pending", "Still waiting on my order after two weeks.");
    const novas = await review(nova.id, "approved", "Nova shipped fast and answered my e-mail.");
    for (const id of [pending, novas]) {
      const response = await server.postForm(
        manage(),
        { intent: "reply-review", id, body: "Not ours to answer" },
        { cookie: ownerCookie },
      );
      expect(response.status).toBe(404);
    }
    const replies = await db()
      .select({ id: t.vendorReplies.id })
      .from(t.vendorReplies)
      .where(eq(t.vendorReplies.body, "Not ours to answer"));
    expect(replies).toEqual([]);
  });
});
