/**
 * "…keeps the offer from Best Price unless the buyer turns that off" (issue 30 Must 4): the
 * price table's "Include offers that failed a lab test in Best Price" switch is a cookie, off by
 * default, posted without JavaScript; every screen that ranks — home card, detail, compare, the
 * stack, saved deals — follows it through the one pricing rule, a malformed value reads as off,
 * and a failed offer keeps its "Failed lab test" warning wherever it is shown. Saved deals also
 * keep the delivered total they were saved at and draw their last 30 days of prices.
 */
import * as cheerio from "cheerio";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as t from "~/.server/db/schema";
import { FAILED_LAB_COOKIE } from "~/lib/failed-lab-preference";

import { createUserWithPassword, readHtml, signIn } from "../helpers/auth";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
const ids = { size: "", cheap: "", dear: "" };
const INCLUDE = `${FAILED_LAB_COOKIE}=include`;
const PEPTIDE = "/peptide/failcheck-peptide";
const DAY_MS = 86_400_000;

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.app;
  const [category] = await db
    .insert(t.categories)
    .values({ name: "Failcheck", slug: "failcheck" })
    .returning({ id: t.categories.id });
  const [peptide] = await db
    .insert(t.peptides)
    .values({ name: "Failcheck Peptide", slug: "failcheck-peptide", categoryId: category!.id })
    .returning({ id: t.peptides.id });
  const [size] = await db
    .insert(t.sizeOptions)
    .values({ peptideId: peptide!.id, quantity: 10, unit: "mg" })
    .returning({ id: t.sizeOptions.id });
  ids.size = size!.id;
  const [cheap, dear] = await db
    .insert(t.vendors)
    .values([
      { name: "Failcheck Cheap", currency: "USD", shippingFee: 5 },
      { name: "Failcheck Dear", currency: "USD", shippingFee: 5 },
    ])
    .returning({ id: t.vendors.id });
  const offer = async (vendorId: string, price: number) => {
    const [row] = await db
      .insert(t.vendorPeptides)
      .values({
        peptideId: peptide!.id,
        sizeOptionId: ids.size,
        vendorId,
        currency: "USD",
        price,
        url: "https://shop.example/failcheck",
        stockStatus: "in_stock",
        priceCheckedAt: new Date(),
      })
      .returning({ id: t.vendorPeptides.id });
    return row!.id;
  };
  ids.cheap = await offer(cheap!.id, 20);
  ids.dear = await offer(dear!.id, 30);
  // The cheap vendor's 10 mg vial failed: 96.4 % purity, 8.3 of 10 mg.
  await db.insert(t.labTests).values({
    vendorId: cheap!.id,
    peptideId: peptide!.id,
    sizeOptionId: ids.size,
    labName: "Janoshik",
    testedOn: new Date(Date.now() - 25 * DAY_MS).toISOString().slice(0, 10),
    claimedMassMg: 10,
    measuredMassMg: 8.3,
    purityPercent: 96.4,
    reportUrl: "https://reports.example.org/failcheck.pdf",
  });
});
afterAll(async () => {
  await server?.close();
});

async function page(path: string, cookie?: string) {
  const response = await server.fetch(path, cookie ? { headers: { Cookie: cookie } } : {});
  return { response, $: cheerio.load(await readHtml(response)) };
}

function row($: cheerio.CheerioAPI, offerId: string, testId = "price-row") {
  return $(`[data-testid="${testId}"][data-offer="${offerId}"]`).first().text();
}

describe("the failed-lab switch on the price table", () => {
  it("shows only where an offer of the peptide failed a lab test", async () => {
    const clean = await page("/peptide/semax");
    expect(clean.response.status).toBe(200);
    expect(clean.$('[data-testid="failed-lab-switch"]').length).toBe(0);
    expect((await page(PEPTIDE)).$('[data-testid="failed-lab-switch"]').length).toBe(1);
  });

  it("keeps a failed offer from Best Price by default, and lets it win when switched on", async () => {
    const off = await page(PEPTIDE);
    expect(off.response.status).toBe(200);
    expect(row(off.$, ids.cheap)).toContain("Failed lab test");
    expect(row(off.$, ids.cheap)).not.toContain("Best Price");
    expect(row(off.$, ids.dear)).toContain("Best Price");
    const offSwitch = off.$('[data-testid="failed-lab-switch"]');
    expect(offSwitch.attr("aria-checked")).toBe("false");
    expect(offSwitch.text()).toContain("Include offers that failed a lab test in Best Price");

    const on = await page(PEPTIDE, INCLUDE);
    expect(row(on.$, ids.cheap)).toContain("Best Price");
    // Still warned of.
    expect(row(on.$, ids.cheap)).toContain("Failed lab test");
    expect(row(on.$, ids.dear)).not.toContain("Best Price");
    expect(on.$('[data-testid="failed-lab-switch"]').attr("aria-checked")).toBe("true");

    const compare = `/compare?peptide=failcheck-peptide&size=${ids.size}`;
    const compareOff = (await page(compare)).$;
    expect(row(compareOff, ids.dear, "compare-row")).toContain("Best Price");
    expect(row(compareOff, ids.cheap, "compare-row")).not.toContain("Best Price");
    const compareOn = (await page(compare, INCLUDE)).$;
    expect(row(compareOn, ids.cheap, "compare-row")).toContain("Best Price");
  });

  it("prices the home card by the same choice", async () => {
    const price = async (cookie?: string) =>
      (await page("/?category=failcheck", cookie))
        .$('[aria-label="Failcheck Peptide"] [data-testid="card-price"]')
        .text();
    // Dear's $30 + $5, not Cheap's $20 + $5, unless the buyer includes failed offers.
    expect(await price()).toBe("$35.00");
    expect(await price(INCLUDE)).toBe("$25.00");
    expect(await price(`${FAILED_LAB_COOKIE}=exclude`)).toBe("$35.00");
  });

  it("keeps the choice in a cookie from a plain form post, and refuses anything else", async () => {
    const response = await server.postForm("/failed-lab-offers", {
      failedLabOffers: "include",
      returnTo: `${PEPTIDE}?size=10mg`,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${PEPTIDE}?size=10mg`);
    expect(response.headers.get("set-cookie")).toMatch(
      new RegExp(`^${FAILED_LAB_COOKIE}=include; Max-Age=\\d+; Path=/; HttpOnly; SameSite=Lax`),
    );
    const back = await server.postForm("/failed-lab-offers", { failedLabOffers: "exclude" });
    expect(back.headers.get("set-cookie")).toMatch(new RegExp(`^${FAILED_LAB_COOKIE}=exclude;`));
    const bad = await server.postForm("/failed-lab-offers", { failedLabOffers: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("set-cookie") ?? "").not.toContain(FAILED_LAB_COOKIE);
  });

  it("reads a malformed cookie as off: no error, and the browser is told to drop it", async () => {
    for (const value of ["%ZZ", "yes", "include%", '"<script>"']) {
      const { response, $ } = await page(PEPTIDE, `${FAILED_LAB_COOKIE}=${value}`);
      expect(response.status).toBe(200);
      expect(row($, ids.cheap)).not.toContain("Best Price");
      expect(row($, ids.dear)).toContain("Best Price");
      expect(response.headers.get("set-cookie")).toContain(`${FAILED_LAB_COOKIE}=; Max-Age=0`);
    }
  });
});

describe("the stack and the failed-lab choice", () => {
  it("never buys the failed offer unless switched on, and then warns on its line", async () => {
    const path = "/stack?items=failcheck-peptide:10mg:1";
    const off = await page(path);
    expect(off.response.status).toBe(200);
    expect(off.$.text()).toContain("Failcheck Dear");
    expect(off.$.text()).not.toContain("Failcheck Cheap");
    expect(off.$('[data-testid="stack-lab-warning"]')).toHaveLength(0);

    const on = await page(path, INCLUDE);
    expect(on.$.text()).toContain("Failcheck Cheap");
    expect(on.$('[data-testid="stack-lab-warning"]').text()).toContain("Failed lab test");
  });
});

describe("a saved deal as a watchlist card", () => {
  it("keeps the delivered total, shows the change on it, a 30-day sparkline and the lab warning", async () => {
    const { db } = server.app;
    const userId = await createUserWithPassword(
      server.app,
      "failcheck@example.com",
      "failcheck-pw-1",
    );
    const cookie = await signIn(server, "failcheck@example.com", "failcheck-pw-1");
    const saved = await server.postForm(
      "/deals",
      { intent: "save", vendorPeptideId: ids.cheap },
      { cookie },
    );
    expect(saved.status).toBe(200);
    const [deal] = await db
      .select({ total: t.savedDeals.totalAtSave, currency: t.savedDeals.totalCurrencyAtSave })
      .from(t.savedDeals)
      .where(eq(t.savedDeals.userId, userId));
    // $20 + $5 shipping, in the saver's display currency.
    expect(deal).toEqual({ total: 25, currency: "USD" });

    const now = Date.now();
    await db.insert(t.priceHistory).values([
      {
        vendorPeptideId: ids.cheap,
        price: 26,
        inStock: true,
        observedAt: new Date(now - 40 * DAY_MS),
      },
      {
        vendorPeptideId: ids.cheap,
        price: 18.5,
        inStock: true,
        observedAt: new Date(now - 20 * DAY_MS),
      },
      {
        vendorPeptideId: ids.cheap,
        price: 22,
        inStock: true,
        observedAt: new Date(now - 2 * DAY_MS),
      },
    ]);
    // The price rises to $22: delivered $27, $2.00 more than the $25 saved.
    await db.update(t.vendorPeptides).set({ price: 22 }).where(eq(t.vendorPeptides.id, ids.cheap));

    const { $ } = await page("/deals", cookie);
    const card = $('[data-testid="saved-deal"]').first();
    expect(card.find('[data-testid="deal-saved-total"]').text()).toBe("$25.00");
    expect(card.find('[data-testid="deal-total"]').text()).toContain("$27.00");
    expect(card.find('[data-testid="deal-change"]').text()).toBe("▲ $2.00");
    expect(card.text()).not.toContain("(price after coupon)");
    // The price that held 30 days ago ($26), the low of $18.50 and today's $22.
    const sparkline = card.find('[data-testid="deal-history"] svg');
    expect(sparkline.attr("role")).toBe("img");
    expect(sparkline.attr("aria-label")).toBe(
      "Price history: lowest $18.50, highest $26.00 over 30 days",
    );
    expect(sparkline.find("polyline").attr("points")).toMatch(/^0,0 /);
    expect(card.find('[data-testid="deal-lab-warning"]').text()).toContain("Failed lab test");
  });
});
