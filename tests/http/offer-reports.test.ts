import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  auditLog,
  offerReports,
  peptides,
  sizeOptions,
  vendorPeptides,
  vendors,
} from "~/.server/db/schema";
import { formatPrice } from "~/lib/format";
import { OFFER_REPORT_MESSAGES } from "~/lib/trust/offer-reports";

import { DEMO_ADMIN } from "../helpers/admin-http";
import { createUserWithPassword, readHtml, signIn } from "../helpers/auth";
import { startTestServer, type TestServer } from "../helpers/server";
import { runQueuedShopReads } from "../helpers/shop-reads";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";

/**
 * Issue 33, Must 1: a report on an offer, the admin's "re-check now" reading the offer's page
 * through the scraper (the demo retailer the app serves itself), the corrected price on the
 * public page, the reporter's mail from a real SMTP server, and the vendor page's figures.
 */

const WRONG_PRICE = 999.99;
const REPORTER = { email: "reporter@example.com", password: "reporter-password" };

let server: TestServer;
let smtp: TestSmtpServer;
let adminCookie: string;
let reporterCookie: string;
let offer: { id: string; vendorSlug: string; peptideSlug: string };

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url });
  adminCookie = await signIn(server, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await createUserWithPassword(server.app, REPORTER.email, REPORTER.password);
  reporterCookie = await signIn(server, REPORTER.email, REPORTER.password);
  // Apex's BPC-157 offer, pointed at the demo retailer's page for it and given a wrong price.
  const [row] = await server.app.db
    .select({ id: vendorPeptides.id, vendorSlug: vendors.slug, peptideSlug: peptides.slug })
    .from(vendorPeptides)
    .innerJoin(vendors, eq(vendors.id, vendorPeptides.vendorId))
    .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId))
    .innerJoin(sizeOptions, eq(sizeOptions.id, vendorPeptides.sizeOptionId))
    .where(
      and(
        eq(vendors.name, "Apex Peptide Labs"),
        eq(peptides.slug, "bpc-157"),
        eq(vendorPeptides.vials, 1),
      ),
    )
    .orderBy(sizeOptions.quantity)
    .limit(1);
  offer = row!;
  await server.app.db
    .update(vendorPeptides)
    .set({ price: WRONG_PRICE, url: `${server.baseUrl}/demo-retailer/products/bpc-157` })
    .where(eq(vendorPeptides.id, offer.id));
  server.app.cache.clear();
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const report = (fields: Record<string, string>, cookie?: string) =>
  server.postForm(`/offers/${offer.id}/report`, fields, { cookie });

async function reportsOfOffer() {
  return server.app.db
    .select()
    .from(offerReports)
    .where(eq(offerReports.vendorPeptideId, offer.id))
    .orderBy(offerReports.createdAt);
}

describe("Report a problem", () => {
  it("is offered on every row of the one offer table", async () => {
    const html = await readHtml(await server.fetch(`/peptide/${offer.peptideSlug}`));
    expect(html).toContain(`href="/offers/${offer.id}/report"`);
    const vendorPage = await readHtml(await server.fetch(`/vendor/${offer.vendorSlug}`));
    expect(vendorPage).toContain(`href="/offers/${offer.id}/report"`);
  });

  it("names the offer on its form, and answers 404 for an unknown one", async () => {
    const html = await readHtml(await server.fetch(`/offers/${offer.id}/report`));
    expect(html).toContain("Report a problem");
    expect(html).toContain(formatPrice(WRONG_PRICE, "USD"));
    const missing = await server.fetch("/offers/00000000-0000-4000-8000-000000000000/report");
    expect(missing.status).toBe(404);
    expect((await server.fetch("/offers/not-an-id/report")).status).toBe(404);
  });

  it("refuses a report without a kind or with too long a detail, and stores nothing", async () => {
    const noKind = await report({ kind: "", detail: "x" });
    expect(noKind.status).toBe(400);
    expect(await noKind.text()).toContain(OFFER_REPORT_MESSAGES.kindRequired);
    const tooLong = await report({ kind: "price", detail: "x".repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("Details can be at most 500 characters");
    expect(await reportsOfOffer()).toEqual([]);
  });

  it("takes a user's report, then visitors' until the address's hourly limit", async () => {
    const signedIn = await report(
      { kind: "price", detail: "The shop's page shows a much lower price." },
      reporterCookie,
    );
    expect(signedIn.status).toBe(200);
    expect(await signedIn.text()).toContain("we will e-mail you the outcome");
    // The address limit (10 an hour) counts the user's report too: 9 more, then refused.
    for (let i = 0; i < 9; i += 1) {
      const visitor = await report({ kind: "stock", detail: "" });
      expect(visitor.status).toBe(200);
    }
    const over = await report({ kind: "other", detail: "" });
    expect(over.status).toBe(429);
    expect(await over.text()).toContain(OFFER_REPORT_MESSAGES.tooMany);
    const stored = await reportsOfOffer();
    expect(stored).toHaveLength(10);
    expect(stored[0]).toMatchObject({
      kind: "price",
      status: "open",
      reportedPrice: WRONG_PRICE,
      reportedCurrency: "USD",
    });
    expect(stored.filter((r) => r.reporterUserId === null)).toHaveLength(9);
  });

  it("shows the admin the offer's provenance, re-checks its page in the background and mails the reporter", async () => {
    const [userReport] = await reportsOfOffer();
    const page = await readHtml(
      await server.fetch("/admin/reports", { headers: { cookie: adminCookie } }),
    );
    expect(page).toContain("Re-check now");
    expect(page).toContain(REPORTER.email);
    expect(page).toContain("last confirmed");
    expect(page).toContain("Demo Retailer");

    const recheck = await server.postForm(
      "/admin/reports",
      { intent: "recheck", id: userReport!.id },
      { cookie: adminCookie },
    );
    // The page is read by a background job (executed here as the worker would).
    expect(recheck.status).toBe(202);
    expect(await readHtml(recheck)).toContain("Re-check under way");
    expect(await runQueuedShopReads(server.app, "offer-recheck")).toBe(1);
    const after = await readHtml(
      await server.fetch("/admin/reports", { headers: { cookie: adminCookie } }),
    );
    expect(after).not.toContain("Re-check under way");
    expect(after).toContain('data-testid="report-recheck"');

    const [corrected] = await server.app.db
      .select({ price: vendorPeptides.price })
      .from(vendorPeptides)
      .where(eq(vendorPeptides.id, offer.id));
    expect(corrected!.price).not.toBe(WRONG_PRICE);
    const [closed] = (await reportsOfOffer()).filter((r) => r.id === userReport!.id);
    expect(closed).toMatchObject({ status: "corrected" });
    expect(closed!.recheckResult).toContain(formatPrice(corrected!.price, "USD"));

    // The public pages show the corrected price, no longer the wrong one.
    const vendorPage = await readHtml(await server.fetch(`/vendor/${offer.vendorSlug}`));
    expect(vendorPage).toContain(formatPrice(corrected!.price, "USD"));
    expect(vendorPage).not.toContain(formatPrice(WRONG_PRICE, "USD"));

    const mail = await smtp.waitForMessage((m) => m.to.includes(REPORTER.email));
    expect(mail.subject).toContain("Corrected");
    expect(mail.body).toContain(`It now shows ${formatPrice(corrected!.price, "USD")}`);

    const audit = await server.app.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "offer_report"), eq(auditLog.entityId, userReport!.id)));
    expect(audit.length).toBe(2);
  });

  it("closes a visitor's report with an outcome, audited, without mail, and counts it on the vendor page", async () => {
    const open = (await reportsOfOffer()).find((r) => r.status === "open")!;
    const sentBefore = smtp.messages.length;
    const closed = await server.postForm(
      "/admin/reports",
      { intent: "resolve", id: open.id, outcome: "no_change" },
      { cookie: adminCookie },
    );
    expect(closed.status).toBe(200);
    expect(await readHtml(closed)).toContain("Report closed: Checked, no change");
    const again = await server.postForm(
      "/admin/reports",
      { intent: "resolve", id: open.id, outcome: "dismissed" },
      { cookie: adminCookie },
    );
    expect(again.status).toBe(409);
    expect(smtp.messages.length).toBe(sentBefore);

    const refused = await server.postForm(
      "/admin/reports",
      { intent: "resolve", id: open.id, outcome: "maybe" },
      { cookie: adminCookie },
    );
    expect(refused.status).toBe(400);

    const vendorPage = await readHtml(await server.fetch(`/vendor/${offer.vendorSlug}`));
    expect(vendorPage).toContain("10 reports in 90 days, 1 corrected within 24 h");
  });

  it("keeps the review page and its actions to admins", async () => {
    const page = await server.fetch("/admin/reports", { headers: { cookie: reporterCookie } });
    expect(page.status).not.toBe(200);
    const [first] = await reportsOfOffer();
    const post = await server.postForm(
      "/admin/reports",
      { intent: "recheck", id: first!.id },
      { cookie: reporterCookie },
    );
    expect([401, 403, 302]).toContain(post.status);
  });
});
