import { and, eq, isNull, sql } from "drizzle-orm";
import * as cheerio from "cheerio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  coupons,
  peptides,
  priceAlerts,
  savedDeals,
  sizeOptions,
  vendorPeptides,
} from "~/.server/db/schema";
import { getPeptidePageData } from "~/.server/data/listings/peptide-pages.server";
import { getOpenDataPricing } from "~/.server/services/open-data.server";
import { formatPrice } from "~/lib/format";

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
    .select({
      id: vendorPeptides.id,
      peptide: peptides.name,
      slug: peptides.slug,
      vendorId: vendorPeptides.vendorId,
    })
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
  it("saves a deal once even when saved twice, and lists it with the delivered total now, as the offer table says it", async () => {
    const [offer] = await offers(1);
    const first = await post({ intent: "save", vendorPeptideId: offer.id }, alice.cookie);
    const second = await post({ intent: "save", vendorPeptideId: offer.id }, alice.cookie);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(await readHtml(second)).toContain("Deal saved");
    expect(await dealsOf(alice.id)).toHaveLength(1);

    // Raise the live price: the delivered total now follows it, priced as the detail page's
    // offer table prices it (coupon, then shipping). Raised far enough that free shipping
    // crossing in cannot make the total fall, whichever offer the ids put first.
    await server.app.db
      .update(vendorPeptides)
      .set({ price: sql`${vendorPeptides.price} * 3 + 100` })
      .where(eq(vendorPeptides.id, offer.id));
    const pricing = await getOpenDataPricing(server.app.db);
    const detail = await getPeptidePageData(server.app.db, offer.slug, pricing);
    const row = detail!.offers.find((candidate) => candidate.id === offer.id)!;
    const [saved] = await server.app.db
      .select({ priceAtSave: savedDeals.priceAtSave, totalAtSave: savedDeals.totalAtSave })
      .from(savedDeals)
      .where(eq(savedDeals.userId, alice.id));

    const $ = cheerio.load(
      await readHtml(await server.fetch("/deals", { headers: { cookie: alice.cookie } })),
    );
    const card = $('[data-testid="saved-deal"]').first();
    expect(card.text()).toContain(offer.peptide);
    expect(card.text()).toContain("Delivered total now");
    expect(card.find('[data-testid="deal-total"]').text()).toContain(
      formatPrice(row.display!.total ?? row.display!.priceAfterCoupon),
    );
    // The change is on the delivered total when both ends have one (issue 30 Must 5).
    const delivered = saved!.totalAtSave !== null && row.display!.total !== null;
    expect(card.text()).toContain(delivered ? "Delivered total when saved" : "Price when saved");
    const change = delivered
      ? row.display!.total! - saved!.totalAtSave!
      : row.priceAfterCoupon - saved!.priceAtSave;
    expect(change).toBeGreaterThan(0);
    expect(card.find('[data-testid="deal-change"]').text()).toBe(`▲ ${formatPrice(change)}`);
    expect(card.text()).toContain("Price-drop alert on");
  });

  it("asks for tags and a note in the one save step", async () => {
    const [, , , fourth] = await offers(4);
    const response = await post(
      {
        intent: "save",
        vendorPeptideId: fourth.id,
        tags: ["to-buy", "favorite"],
        notes: "  For the spring order ",
      },
      bob.cookie,
    );
    expect(response.status).toBe(200);
    const deal = (await dealsOf(bob.id)).find((row) => row.vendorPeptideId === fourth.id);
    expect(deal).toMatchObject({ tags: ["to-buy", "favorite"], notes: "For the spring order" });
    const tooLong = await post(
      { intent: "save", vendorPeptideId: fourth.id, notes: "x".repeat(1001) },
      bob.cookie,
    );
    expect(tooLong.status).toBe(400);
    await post({ intent: "unsave", vendorPeptideId: fourth.id }, bob.cookie);
  });

  it("says a saved offer is out of stock and sets a back-in-stock alert on it in one click", async () => {
    const daveId = await createUserWithPassword(server.app, "dave@example.com", "dave-password");
    const dave = { id: daveId, cookie: await signIn(server, "dave@example.com", "dave-password") };
    const [, offer] = await offers(2);
    await post({ intent: "save", vendorPeptideId: offer.id }, dave.cookie);
    await server.app.db
      .update(vendorPeptides)
      .set({ stockStatus: "out_of_stock" })
      .where(eq(vendorPeptides.id, offer.id));
    const html = await readHtml(await server.fetch("/deals", { headers: { cookie: dave.cookie } }));
    expect(html).toMatch(/data-testid="deal-stock"[^>]*>Out of stock</);
    expect(html).toContain("Tell me when back in stock");
    // The button's form, as the page renders it.
    const form = /<form[^>]*action="\/alerts"[^>]*>([\s\S]*?)<\/form>/.exec(html)![1];
    const fields = Object.fromEntries(
      [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
        m[1],
        m[2],
      ]),
    );
    expect(fields).toMatchObject({ mode: "restock", vendorPeptideId: offer.id });
    const saved = await server.postForm("/alerts", fields, { cookie: dave.cookie });
    expect(saved.status).toBe(200);
    const [alert] = await server.app.db
      .select({ mode: priceAlerts.mode, vendorPeptideId: priceAlerts.vendorPeptideId })
      .from(priceAlerts)
      .where(eq(priceAlerts.userId, dave.id));
    expect(alert).toEqual({ mode: "restock", vendorPeptideId: offer.id });
    await server.app.db
      .update(vendorPeptides)
      .set({ stockStatus: "in_stock" })
      .where(eq(vendorPeptides.id, offer.id));
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

describe("/deals with many saved deals (issue 37: every user-owned list is paged)", () => {
  it("shows 24 deals a page, newest first, with links to the other pages", async () => {
    const dave = await createUserWithPassword(server.app, "dave@example.com", "dave-password");
    const cookie = await signIn(server, "dave@example.com", "dave-password");
    const saved = await offers(30);
    expect(saved).toHaveLength(30);
    for (const offer of saved) {
      expect((await post({ intent: "save", vendorPeptideId: offer.id }, cookie)).status).toBe(200);
    }
    expect(await dealsOf(dave)).toHaveLength(30);

    const cardsOn = async (path: string) => {
      const response = await server.fetch(path, { headers: { cookie } });
      expect(response.status).toBe(200);
      const html = await readHtml(response);
      return { html, cards: cheerio.load(html)('ul[aria-label="Saved deals"] > li').length };
    };
    const first = await cardsOn("/deals");
    expect(first.cards).toBe(24);
    expect(first.html).toContain("Page 1 of 2");
    expect(first.html).toContain('href="/deals?page=2"');
    const second = await cardsOn("/deals?page=2");
    expect(second.cards).toBe(6);
    expect(second.html).toContain("Page 2 of 2");
    // Past the end, or not a number: the last page, or the first.
    expect((await cardsOn("/deals?page=99")).html).toContain("Page 2 of 2");
    expect((await cardsOn("/deals?page=abc")).html).toContain("Page 1 of 2");
  });

  it("shows 25 price alerts a page, keeping the deals' page in the links", async () => {
    const erin = await createUserWithPassword(server.app, "erin@example.com", "erin-password");
    const cookie = await signIn(server, "erin@example.com", "erin-password");
    const sizes = await server.app.db
      .select({ id: sizeOptions.id, peptideId: sizeOptions.peptideId })
      .from(sizeOptions)
      .orderBy(sizeOptions.id)
      .limit(30);
    expect(sizes).toHaveLength(30);
    await server.app.db.insert(priceAlerts).values(
      sizes.map((size) => ({
        userId: erin,
        peptideId: size.peptideId,
        sizeOptionId: size.id,
        mode: "below",
        targetPrice: 1,
      })),
    );
    const alertsOn = async (path: string) => {
      const response = await server.fetch(path, { headers: { cookie } });
      expect(response.status).toBe(200);
      const html = await readHtml(response);
      const $ = cheerio.load(html);
      return { $, nav: $('nav[aria-label="Price alerts pages"]') };
    };
    const first = await alertsOn("/deals");
    expect(first.nav.text()).toContain("Page 1 of 2");
    expect(first.nav.find('a[href="/deals?alertsPage=2"]').length).toBeGreaterThan(0);
    const second = await alertsOn("/deals?alertsPage=2");
    expect(second.nav.text()).toContain("Page 2 of 2");
    // Each alert watches its own size, named by the row's link.
    const sizesOn = ({ $ }: { $: cheerio.CheerioAPI }) =>
      $('[data-testid="price-alert-row"]')
        .map((_, row) => $(row).find("a").first().text())
        .get();
    const firstSizes = sizesOn(first);
    const secondSizes = sizesOn(second);
    expect(firstSizes).toHaveLength(25);
    expect(secondSizes).toHaveLength(5);
    expect(secondSizes.filter((size) => firstSizes.includes(size))).toEqual([]);
  });
});
