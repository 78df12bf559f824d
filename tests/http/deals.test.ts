import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { coupons, peptides, savedDeals, vendorPeptides } from "~/.server/db/schema";
import { formatPrice } from "~/lib/format";
import { applyCoupon } from "~/lib/pricing";

import { createUserWithPassword, readHtml, signIn } from "../helpers/auth";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };
let carol: { id: string; cookie: string };

beforeAll(async () => {
  server = await startTestServer();
  const aliceId = await createUserWithPassword(server.app, "alice@example.com", "alice-password");
  const bobId = await createUserWithPassword(server.app, "bob@example.com", "bob-password-1");
  alice = { id: aliceId, cookie: await signIn(server, "alice@example.com", "alice-password") };
  bob = { id: bobId, cookie: await signIn(server, "bob@example.com", "bob-password-1") };
  const carolId = await createUserWithPassword(server.app, "carol@example.com", "carol-password");
  carol = { id: carolId, cookie: await signIn(server, "carol@example.com", "carol-password") };
});
afterAll(async () => {
  await server?.close();
});

function post(fields: Record<string, string | string[]>, cookie?: string) {
  return server.postForm("/deals", fields, { cookie });
}

async function offers(n: number) {
  return server.app.db
    .select({ id: vendorPeptides.id, peptide: peptides.name, vendorId: vendorPeptides.vendorId })
    .from(vendorPeptides)
    .innerJoin(peptides, eq(peptides.id, vendorPeptides.peptideId))
    .orderBy(vendorPeptides.id)
    .limit(n);
}

async function dealsOf(userId: string) {
  return server.app.db
    .select({
      id: savedDeals.id,
      tags: savedDeals.tags,
      notes: savedDeals.notes,
      alertEnabled: savedDeals.alertEnabled,
      vendorPeptideId: savedDeals.vendorPeptideId,
    })
    .from(savedDeals)
    .where(eq(savedDeals.userId, userId));
}

describe("/deals for visitors", () => {
  it("renders 'Login Required' with a 'Go to Login' button (status 401)", async () => {
    const response = await server.fetch("/deals");
    expect(response.status).toBe(401);
    const html = await readHtml(response);
    expect(html).toContain("Login Required");
    expect(html).toMatch(/<a[^>]*href="\/login"[^>]*>Go to Login<\/a>/);
  });

  it("refuses to save with 401 and a message to log in", async () => {
    const [offer] = await offers(1);
    const response = await post({ intent: "save", vendorPeptideId: offer.id });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain("Please log in to save deals");
    expect(await server.app.db.select().from(savedDeals)).toHaveLength(0);
  });
});

describe("/deals for a signed-in user", () => {
  it("saves a deal once even when saved twice, and lists it with the price now (coupon applied)", async () => {
    const [offer] = await offers(1);
    const first = await post({ intent: "save", vendorPeptideId: offer.id }, alice.cookie);
    const second = await post({ intent: "save", vendorPeptideId: offer.id }, alice.cookie);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(await readHtml(second)).toContain("Deal saved");
    expect(await dealsOf(alice.id)).toHaveLength(1);

    // Change the live price: "price now" follows it, with the vendor's coupon as the site applies it.
    await server.app.db
      .update(vendorPeptides)
      .set({ price: 123.45 })
      .where(eq(vendorPeptides.id, offer.id));
    const [coupon] = await server.app.db
      .select({
        code: coupons.code,
        discountAmount: coupons.discountAmount,
        discountType: coupons.discountType,
        expirationDate: coupons.expirationDate,
      })
      .from(coupons)
      .where(eq(coupons.vendorId, offer.vendorId));
    const expected = applyCoupon(
      123.45,
      coupon ? { ...coupon, discountType: coupon.discountType as "percentage" | "fixed" } : null,
    );

    const html = await readHtml(
      await server.fetch("/deals", { headers: { cookie: alice.cookie } }),
    );
    expect(html).toContain(offer.peptide);
    expect(html).toContain("Price when saved");
    expect(html).toContain(formatPrice(expected));
    expect(html).toContain("Price-drop alert on");
  });

  it("keeps the coupon code the deal was saved with, and shows it with the price's freshness", async () => {
    const [withCoupon] = await server.app.db
      .select({ id: vendorPeptides.id, code: coupons.code })
      .from(vendorPeptides)
      .innerJoin(coupons, eq(coupons.vendorId, vendorPeptides.vendorId))
      .where(isNull(coupons.expirationDate))
      .orderBy(vendorPeptides.id)
      .limit(1);
    await post({ intent: "save", vendorPeptideId: withCoupon.id }, carol.cookie);
    const [saved] = await server.app.db
      .select({ couponCode: savedDeals.couponCode })
      .from(savedDeals)
      .where(and(eq(savedDeals.userId, carol.id), eq(savedDeals.vendorPeptideId, withCoupon.id)));
    expect(saved.couponCode).toBe(withCoupon.code);

    const html = await readHtml(
      await server.fetch("/deals", { headers: { cookie: carol.cookie } }),
    );
    expect(html).toContain("Coupon when saved");
    expect(html).toContain(`aria-label="Copy coupon code ${withCoupon.code}"`);
    expect(html).toMatch(/as of\s*(<!-- -->)?\s*<time dateTime="[^"]+">/);
  });

  it("unsaves a price from its Save button (intent=unsave), only the owner's", async () => {
    const [, , third] = await offers(3);
    await post({ intent: "save", vendorPeptideId: third.id }, carol.cookie);
    expect((await post({ intent: "unsave", vendorPeptideId: third.id }, alice.cookie)).status).toBe(
      404,
    );
    const response = await post({ intent: "unsave", vendorPeptideId: third.id }, carol.cookie);
    expect(response.status).toBe(200);
    expect(await readHtml(response)).toContain("Deal removed from your saved deals");
    expect((await dealsOf(carol.id)).map((deal) => deal.vendorPeptideId)).not.toContain(third.id);
  });

  it("rejects a malformed id with 400 and an unknown price with 404", async () => {
    expect(
      (await post({ intent: "save", vendorPeptideId: "not-a-uuid" }, alice.cookie)).status,
    ).toBe(400);
    expect(
      (await post({ intent: "save", vendorPeptideId: crypto.randomUUID() }, alice.cookie)).status,
    ).toBe(404);
    expect((await post({ intent: "explode" }, alice.cookie)).status).toBe(400);
  });

  it("edits tags, notes and the alert, and filters by tag", async () => {
    const [, second] = await offers(2);
    await post({ intent: "save", vendorPeptideId: second.id }, alice.cookie);
    const deal = (await dealsOf(alice.id)).find((row) => row.vendorPeptideId === second.id)!;

    const response = await post(
      {
        intent: "update",
        dealId: deal.id,
        tags: ["researching"],
        notes: "Compare with the 10mg",
        alertEnabled: "false",
      },
      alice.cookie,
    );
    expect(response.status).toBe(200);
    const [updated] = (await dealsOf(alice.id)).filter((row) => row.id === deal.id);
    expect(updated).toMatchObject({
      tags: ["researching"],
      notes: "Compare with the 10mg",
      alertEnabled: false,
    });

    const researching = await readHtml(
      await server.fetch("/deals?tag=researching", { headers: { cookie: alice.cookie } }),
    );
    expect(researching).toContain("Compare with the 10mg");
    expect(researching).toContain("Price-drop alert off");
    const favorites = await readHtml(
      await server.fetch("/deals?tag=favorite", { headers: { cookie: alice.cookie } }),
    );
    expect(favorites).not.toContain("Compare with the 10mg");
    expect(favorites).toContain("No saved deals tagged Favorite.");

    const badTag = await post(
      { intent: "update", dealId: deal.id, tags: ["urgent"] },
      alice.cookie,
    );
    expect(badTag.status).toBe(400);
  });

  it("never lets one user change or remove another user's deal", async () => {
    const [deal] = await dealsOf(alice.id);
    const update = await post(
      { intent: "update", dealId: deal.id, tags: ["favorite"], notes: "mine now" },
      bob.cookie,
    );
    expect(update.status).toBe(404);
    const remove = await post({ intent: "remove", dealId: deal.id }, bob.cookie);
    expect(remove.status).toBe(404);
    const [unchanged] = (await dealsOf(alice.id)).filter((row) => row.id === deal.id);
    expect(unchanged.notes).not.toBe("mine now");
    const bobsPage = await readHtml(
      await server.fetch("/deals", { headers: { cookie: bob.cookie } }),
    );
    expect(bobsPage).toContain("You have not saved any deals yet.");
  });

  it("removes a deal", async () => {
    const before = await dealsOf(alice.id);
    const response = await post({ intent: "remove", dealId: before[0].id }, alice.cookie);
    expect(response.status).toBe(200);
    expect(await dealsOf(alice.id)).toHaveLength(before.length - 1);
  });

  it("keeps a deal readable after its vendor price is deleted", async () => {
    const [, , third] = await offers(3);
    await post({ intent: "save", vendorPeptideId: third.id }, bob.cookie);
    await server.app.db.delete(vendorPeptides).where(eq(vendorPeptides.id, third.id));
    const orphans = await server.app.db
      .select({ id: savedDeals.id })
      .from(savedDeals)
      .where(and(eq(savedDeals.userId, bob.id), isNull(savedDeals.vendorPeptideId)));
    expect(orphans).toHaveLength(1);
    const html = await readHtml(await server.fetch("/deals", { headers: { cookie: bob.cookie } }));
    expect(html).toContain(third.peptide);
    expect(html).toContain("No longer listed");
  });
});
