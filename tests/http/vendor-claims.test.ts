import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { updateSettings } from "~/.server/data/settings.server";
import * as t from "~/.server/db/schema";
import { DEFAULT_SETTINGS } from "~/lib/constants";
import { VERIFICATION_FILE_PATH } from "~/lib/vendor-accounts";

import { createUserWithPassword, readHtml, signIn } from "../helpers/auth";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-site";
import { startTestServer, type TestServer } from "../helpers/server";
import { runQueuedShopReads } from "../helpers/shop-reads";

/**
 * Issue 33 Must 4: a vendor page claimed by a meta tag and by a file on the shop's own host
 * (local shops, read through the polite fetcher by a background job), and by a link mailed to
 * the shop's domain.
 */

let server: TestServer;
let metaShop: FixtureSite;
let fileShop: FixtureSite;
let apex: { id: string; slug: string };
let ownerCookie: string;
let ownerId: string;
const db = () => server.app.db;

async function vendorNamed(name: string) {
  const [row] = await db()
    .select({ id: t.vendors.id, slug: t.vendors.slug })
    .from(t.vendors)
    .where(eq(t.vendors.name, name));
  return row!;
}

async function claimToken(slug: string, cookie: string): Promise<string> {
  const page = await readHtml(await server.fetch(`/vendor/${slug}/claim`, { headers: { cookie } }));
  return /data-testid="claim-token">([^<]+)</.exec(page)![1]!;
}

/**
 * A check of the shop as the claim page asks for it: queued at once (202), read by the
 * background job (executed here as the worker would), then the claim page as it reloads.
 */
async function checkOnShop(slug: string, intent: "verify-meta" | "verify-file", cookie: string) {
  const queued = await server.postForm(`/vendor/${slug}/claim`, { intent }, { cookie });
  expect(queued.status).toBe(202);
  expect(await runQueuedShopReads(server.app, "vendor-claim")).toBe(1);
  return server.fetch(`/vendor/${slug}/claim`, { headers: { cookie } });
}

async function memberOf(userId: string) {
  const [row] = await db().select().from(t.vendorMembers).where(eq(t.vendorMembers.userId, userId));
  return row ?? null;
}

beforeAll(async () => {
  server = await startTestServer({ SCRAPER_ALLOW_PRIVATE_HOSTS: "true" });
  await updateSettings(db(), { ...DEFAULT_SETTINGS, requestDelayMs: 0 });
  metaShop = await startFixtureSite();
  fileShop = await startFixtureSite();
  apex = await vendorNamed("Apex Peptide Labs");
  await db()
    .update(t.vendors)
    .set({ website: `${metaShop.baseUrl}/` })
    .where(eq(t.vendors.id, apex.id));
  ownerId = await createUserWithPassword(server.app, "owner@example.com", "owner-password-1");
  ownerCookie = await signIn(server, "owner@example.com", "owner-password-1");
});
afterAll(async () => {
  await metaShop?.close();
  await fileShop?.close();
  await server?.close();
});

describe("claiming a vendor page", () => {
  it("refuses until the shop's home page carries the token, then grants by meta tag", async () => {
    const token = await claimToken(apex.slug, ownerCookie);
    const early = await checkOnShop(apex.slug, "verify-meta", ownerCookie);
    expect(early.status).toBe(200);
    // The check's failure shows on the claim page (the shop has no home page yet).
    expect(await readHtml(early)).toContain(`${metaShop.baseUrl}/ answered HTTP 404`);
    expect(await memberOf(ownerId)).toBeNull();

    metaShop.setPage(
      "/",
      `<!doctype html><html><head><meta name="peptideprices-verification" content="${token}"></head><body>Shop</body></html>`,
    );
    const claimed = await checkOnShop(apex.slug, "verify-meta", ownerCookie);
    expect(claimed.status).toBe(302);
    expect(claimed.headers.get("location")).toBe(`/vendor/${apex.slug}/manage`);
    expect((await memberOf(ownerId))?.grantedVia).toBe("meta");
    expect(metaShop.requestsFor("/").length).toBeGreaterThanOrEqual(2);
    const [audit] = await db()
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entity, "vendor_member"), eq(t.auditLog.actorUserId, ownerId)));
    expect(audit?.action).toBe("grant");
  });

  it("grants by the verification file at its fixed path", async () => {
    const other = await vendorNamed("NovaChem Research");
    await db()
      .update(t.vendors)
      .set({ website: `${fileShop.baseUrl}/` })
      .where(eq(t.vendors.id, other.id));
    const userId = await createUserWithPassword(
      server.app,
      "filer@example.com",
      "filer-password-1",
    );
    const cookie = await signIn(server, "filer@example.com", "filer-password-1");
    const token = await claimToken(other.slug, cookie);
    fileShop.setPage(VERIFICATION_FILE_PATH, `# PeptidePrices\n${token}\n`);
    const claimed = await checkOnShop(other.slug, "verify-file", cookie);
    expect(claimed.status).toBe(302);
    expect((await memberOf(userId))?.grantedVia).toBe("file");
    expect(fileShop.requestsFor(VERIFICATION_FILE_PATH)).toHaveLength(1);
  });
});

describe("claiming by e-mail at the shop's domain", () => {
  it("mails a link only to the shop's domain, and the link grants the account that asked", async () => {
    const vertex = await vendorNamed("Vertex Peptides");
    await db()
      .update(t.vendors)
      .set({ website: "https://www.vertex-peptides.example/" })
      .where(eq(t.vendors.id, vertex.id));
    const userId = await createUserWithPassword(
      server.app,
      "mailer@example.com",
      "mailer-password-1",
    );
    const cookie = await signIn(server, "mailer@example.com", "mailer-password-1");
    await claimToken(vertex.slug, cookie);
    const elsewhere = await server.postForm(
      `/vendor/${vertex.slug}/claim`,
      { intent: "mail-link", email: "me@gmail.example" },
      { cookie },
    );
    expect(elsewhere.status).toBe(400);
    const sent = await server.postForm(
      `/vendor/${vertex.slug}/claim`,
      { intent: "mail-link", email: "sales@vertex-peptides.example" },
      { cookie },
    );
    expect(sent.status).toBe(200);
    const [mail] = await db()
      .select({ text: t.mailOutbox.text })
      .from(t.mailOutbox)
      .where(eq(t.mailOutbox.to, "sales@vertex-peptides.example"));
    const link = new URL(/https?:\/\/\S+\/claim\?token=\S+/.exec(mail!.text)![0]);
    // Another signed-in account cannot use the link.
    const stranger = await readHtml(
      await server.fetch(link.pathname + link.search, { headers: { cookie: ownerCookie } }),
    );
    expect(stranger).toContain("not valid for this account");
    const confirmed = await server.fetch(link.pathname + link.search, { headers: { cookie } });
    expect(confirmed.status).toBe(302);
    expect((await memberOf(userId))?.grantedVia).toBe("email");
  });
});
