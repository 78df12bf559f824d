import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  auditLog,
  couponFeedback,
  user,
  vendorReliability,
  vendorReviews,
  vendors,
} from "~/.server/db/schema";
import { refreshVendorReliability } from "~/.server/services/vendor-reliability.server";
import { COUPON_FEEDBACK_MESSAGES } from "~/lib/trust/coupon-feedback";
import { REVIEW_MESSAGES, REVIEW_RULES } from "~/lib/trust/vendor-reviews";

import { DEMO_ADMIN } from "../helpers/admin-http";
import { accountMaker, readHtml, signIn } from "../helpers/auth";
import { startTestServer, type TestServer } from "../helpers/server";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";

/**
 * Issue 33, Musts 2 and 3 on the vendor page: buyers' coupon votes (one a week, shown beside
 * the code, in the reliability score's coupon component) and moderated vendor reviews.
 */

let server: TestServer;
let smtp: TestSmtpServer;
let adminCookie: string;
let vendor: { id: string; slug: string };
const buyers: { userId: string; email: string; cookie: string }[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url });
  adminCookie = await signIn(server, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const makeAccount = accountMaker(server.app, "buyer");
  for (let i = 0; i < 3; i += 1) {
    const account = await makeAccount();
    buyers.push({ ...account, cookie: await signIn(server, account.email, "buyer-password") });
  }
  // Nova's coupon (NOVA5) never expires.
  const [row] = await server.app.db
    .select({ id: vendors.id, slug: vendors.slug })
    .from(vendors)
    .where(eq(vendors.name, "NovaChem Research"));
  vendor = row!;
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const vendorPath = () => `/vendor/${vendor.slug}`;
const post = (fields: Record<string, string>, cookie?: string) =>
  server.postForm(vendorPath(), fields, { cookie });
const page = async (cookie?: string) =>
  readHtml(await server.fetch(vendorPath(), { headers: cookie ? { cookie } : {} }));

async function couponComponent() {
  await refreshVendorReliability(server.app.db);
  const [row] = await server.app.db
    .select({ components: vendorReliability.components })
    .from(vendorReliability)
    .where(eq(vendorReliability.vendorId, vendor.id));
  return row!.components.find((c) => c.key === "coupon")!.value;
}

describe("coupon feedback", () => {
  it("asks a visitor to log in, and counts nothing", async () => {
    const response = await post({ intent: "coupon-feedback", worked: "yes" });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain(COUPON_FEEDBACK_MESSAGES.loginRequired);
    expect(await server.app.db.select().from(couponFeedback)).toEqual([]);
    expect(await page()).toContain("No buyer has rated this code yet");
  });

  it("takes one vote per user and week, shows the count and date, and moves the score", async () => {
    expect(await couponComponent()).toBe(1);
    const [first, second] = buyers;
    const worked = await post({ intent: "coupon-feedback", worked: "yes" }, first!.cookie);
    expect(worked.status).toBe(200);
    expect(await worked.text()).toContain(COUPON_FEEDBACK_MESSAGES.worked);
    const again = await post({ intent: "coupon-feedback", worked: "no" }, first!.cookie);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(COUPON_FEEDBACK_MESSAGES.alreadyVoted);
    const failed = await post({ intent: "coupon-feedback", worked: "no" }, second!.cookie);
    expect(failed.status).toBe(200);
    const invalid = await post({ intent: "coupon-feedback", worked: "maybe" }, second!.cookie);
    expect(invalid.status).toBe(400);

    const html = await page();
    expect(html).toMatch(
      /Worked for 1 of 2 buyers in 90 days · last confirmed \w{3} \d{1,2}, \d{4}/,
    );
    // The code on file counts as one "worked": (1 + 1) / (2 + 1).
    expect(await couponComponent()).toBe(0.667);
  });
});

describe("vendor reviews", () => {
  const text = "Ordered twice, both parcels arrived within a week and matched the listing.";

  it("publishes its rules", async () => {
    const response = await server.fetch("/reviews/rules");
    expect(response.status).toBe(200);
    const html = await readHtml(response);
    for (const rule of REVIEW_RULES) expect(html).toContain(rule.replaceAll("'", "&#x27;"));
  });

  it("takes reviews only from users with a confirmed e-mail, within limits, one per 90 days", async () => {
    const [author, unconfirmed] = buyers;
    expect((await post({ intent: "review", stars: "5", text })).status).toBe(401);

    await server.app.db
      .update(user)
      .set({ emailVerified: false })
      .where(eq(user.id, unconfirmed!.userId));
    const refused = await post({ intent: "review", stars: "4", text }, unconfirmed!.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(REVIEW_MESSAGES.unconfirmed);

    expect((await post({ intent: "review", stars: "6", text }, author!.cookie)).status).toBe(400);
    const short = await post({ intent: "review", stars: "4", text: "Fine." }, author!.cookie);
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Write at least 30 characters");
    expect(
      (await post({ intent: "review", stars: "4", text: "x".repeat(2001) }, author!.cookie)).status,
    ).toBe(400);

    const sent = await post({ intent: "review", stars: "4", text }, author!.cookie);
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain(REVIEW_MESSAGES.submitted);
    const twice = await post({ intent: "review", stars: "5", text }, author!.cookie);
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain(REVIEW_MESSAGES.tooSoon);

    // Not public before moderation; its author sees it waiting.
    expect(await page()).not.toContain(text);
    expect(await page(author!.cookie)).toContain("waiting for a moderator");
  });

  it("publishes an approved review with the distribution, lets anyone report it, and shows a rejection's reason to its author", async () => {
    const [author] = buyers;
    const [review] = await server.app.db
      .select({ id: vendorReviews.id })
      .from(vendorReviews)
      .where(eq(vendorReviews.userId, author!.userId));

    const queue = await readHtml(
      await server.fetch("/admin/reviews", { headers: { cookie: adminCookie } }),
    );
    expect(queue).toContain(text);
    const approved = await server.postForm(
      "/admin/reviews",
      { intent: "approve", id: review!.id },
      { cookie: adminCookie },
    );
    expect(approved.status).toBe(200);
    const published = await page();
    expect(published).toContain(text);
    expect(published).toContain("4 out of 5 from 1 review");

    const reported = await post({
      intent: "report-review",
      reviewId: review!.id,
      reason: "Reads like the vendor's own staff wrote it.",
    });
    expect(reported.status).toBe(200);
    expect(await reported.text()).toContain(REVIEW_MESSAGES.reported);
    const reportedQueue = await readHtml(
      await server.fetch("/admin/reviews", { headers: { cookie: adminCookie } }),
    );
    expect(reportedQueue).toContain("Published, reported");

    const noReason = await server.postForm(
      "/admin/reviews",
      { intent: "reject", id: review!.id, reason: " " },
      { cookie: adminCookie },
    );
    expect(noReason.status).toBe(400);
    const rejected = await server.postForm(
      "/admin/reviews",
      { intent: "reject", id: review!.id, reason: "Written by staff of the vendor (rule 2)." },
      { cookie: adminCookie },
    );
    expect(rejected.status).toBe(200);
    expect(await page()).not.toContain(text);
    expect(await page(author!.cookie)).toContain(
      "Reason: Written by staff of the vendor (rule 2).",
    );
    const mail = await smtp.waitForMessage((m) => m.to.includes(author!.email));
    expect(mail.body).toContain("Reason: Written by staff of the vendor (rule 2).");

    const audit = await server.app.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "vendor_review"), eq(auditLog.entityId, review!.id)));
    expect(audit).toHaveLength(2);

    // A rejected review does not count against the 90 days: the author may write again.
    expect((await post({ intent: "review", stars: "3", text }, author!.cookie)).status).toBe(200);
  });

  it("keeps moderation to admins", async () => {
    const [author] = buyers;
    const response = await server.fetch("/admin/reviews", { headers: { cookie: author!.cookie } });
    expect(response.status).not.toBe(200);
  });
});
