/**
 * Issue 18's done-when: on demo data (a vendor with unknown shipping, vendors that do not ship
 * to Britain, free-shipping thresholds), every Best Price badge of every peptide page is the
 * lowest landed total of its size, worked out here from the page's own offers and the vendors'
 * published terms, for more than one "Ship to" choice.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { SHIP_TO_COOKIE } from "~/lib/ship-to";

import { newVerifiedContext, waitForHydration } from "../helpers/browser";
import { SETTLE, startPublicBrowser } from "../helpers/public-browser";

const site = startPublicBrowser();
const { url } = site;

interface VendorTerms {
  slug: string;
  shipping: { fee: number | null; freeShippingThreshold: number | null; shipsTo: string[] };
}

/** The offers as the page's own loader data holds them (its hydrated router state). */
interface PageOffer {
  id: string;
  vendorSlug: string;
  sizeId: string;
  price: number;
  currency: string;
  vials: number;
  buyable: boolean;
  /** A failed lab test of its size: never Best Price (issue 30). */
  labWarning: object | null;
  coupon: {
    discountAmount: number;
    discountType: string;
    expirationDate: string | null;
  } | null;
}

async function json<T>(path: string): Promise<T> {
  const response = await fetch(url(path));
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** SPEC.md §5's coupon arithmetic and the shipping rule of issue 18, written out on their own. */
function landed(offer: PageOffer, terms: VendorTerms["shipping"], shipTo: string | null) {
  const today = new Date().toISOString().slice(0, 10);
  const coupon = offer.coupon;
  let after = offer.price;
  if (coupon && (coupon.expirationDate === null || coupon.expirationDate.slice(0, 10) >= today)) {
    after =
      coupon.discountType === "percentage"
        ? offer.price * (1 - coupon.discountAmount / 100)
        : offer.price - coupon.discountAmount;
    after = Math.round(Math.max(0, after) * 100) / 100;
  }
  const perVial = after / offer.vials;
  if (shipTo !== null && terms.shipsTo.length > 0 && !terms.shipsTo.includes(shipTo)) {
    return { ships: false, total: null, perVial };
  }
  const statedHere = shipTo === null || terms.shipsTo.length > 0;
  const free = terms.freeShippingThreshold !== null && after >= terms.freeShippingThreshold;
  const shipping = !statedHere ? null : free ? 0 : terms.fee;
  return {
    ships: true,
    total: shipping === null ? null : (after + shipping) / offer.vials,
    perVial,
  };
}

async function pageOffers(page: Page): Promise<PageOffer[]> {
  return page.evaluate(() => {
    const router = (
      window as unknown as {
        __reactRouterDataRouter: { state: { loaderData: Record<string, { offers: unknown }> } };
      }
    ).__reactRouterDataRouter;
    return router.state.loaderData["routes/peptide"].offers as PageOffer[];
  });
}

describe("Best Price is the lowest landed total of its size", () => {
  for (const shipTo of ["US", "GB"]) {
    it(`on every peptide page, shipping to ${shipTo}`, async () => {
      const [{ data: vendors }, { data: peptides }] = await Promise.all([
        json<{ data: VendorTerms[] }>("/api/v1/vendors"),
        json<{ data: { slug: string }[] }>("/api/v1/peptides?perPage=100"),
      ]);
      const termsOf = new Map(vendors.map((v) => [v.slug, v.shipping]));
      const context = await newVerifiedContext(site.browser, {
        viewport: { width: 1366, height: 900 },
      });
      await context.addCookies([{ name: SHIP_TO_COOKIE, value: shipTo, url: site.server.baseUrl }]);
      const page = await context.newPage();
      let groups = 0;
      let lowest = 0;
      let notStated = 0;
      let notShipped = 0;
      for (const { slug } of peptides) {
        await page.goto(url(`/peptide/${slug}`));
        await waitForHydration(page);
        const offers = await pageOffers(page);
        // At 1366 px the table fits its box whatever the destination makes the cells say.
        const widths = await page
          .locator(".offer-table")
          .evaluateAll((tables) =>
            tables.map((table) => [table.scrollWidth, table.parentElement!.clientWidth]),
          );
        for (const [tableWidth, boxWidth] of widths) {
          expect(tableWidth, slug).toBeLessThanOrEqual(boxWidth);
        }
        const badged = new Set(
          await page
            .locator('[data-testid="price-row"][data-best="true"]')
            .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-offer"))),
        );
        const sizes = new Map<string, PageOffer[]>();
        for (const offer of offers)
          sizes.set(offer.sizeId, [...(sizes.get(offer.sizeId) ?? []), offer]);
        for (const group of sizes.values()) {
          const priced = group
            .filter((offer) => offer.currency === "USD")
            .map((offer) => ({ offer, ...landed(offer, termsOf.get(offer.vendorSlug)!, shipTo) }));
          notShipped += priced.filter((p) => !p.ships).length;
          notStated += priced.filter((p) => p.ships && p.total === null).length;
          const eligible = priced.filter(
            (p) => p.offer.buyable && p.ships && p.offer.labWarning === null,
          );
          const badges = group.filter((offer) => badged.has(offer.id));
          if (eligible.length === 0) {
            expect(badges, `${slug}: no offer can be best`).toEqual([]);
            continue;
          }
          groups += 1;
          expect(badges, `${slug}: one Best Price per size`).toHaveLength(1);
          const known = eligible.filter((p) => p.total !== null);
          const expected =
            known.length > 0
              ? Math.min(...known.map((p) => p.total!))
              : Math.min(...eligible.map((p) => p.perVial));
          const best = priced.find((p) => p.offer.id === badges[0].id)!;
          const value = known.length > 0 ? best.total : best.perVial;
          if (value !== null && Math.abs(value - expected) < 0.005) lowest += 1;
        }
      }
      // The figure issue 18 asks for: size groups whose Best Price is the lowest known total.
      console.info(`Ship to ${shipTo}: ${lowest} of ${groups} size groups`);
      expect(groups).toBeGreaterThan(20);
      expect(lowest).toBe(groups);
      // The demo data exercises both unknown-shipping offers and, for Britain, vendors that do not ship.
      expect(notStated).toBeGreaterThan(0);
      if (shipTo === "GB") expect(notShipped).toBeGreaterThan(0);
      await context.close();
    }, 300_000);
  }

  it("the header's Ship to choice sets the cookie and shows who does not ship there", async () => {
    const page = await site.openPage("/peptide/semaglutide");
    await page.getByRole("banner").getByLabel("Ship to").selectOption("GB");
    await expect
      .poll(() => page.getByTestId("no-shipping").first().textContent(), SETTLE)
      .toBe("Doesn't ship to United Kingdom");
    expect((await page.context().cookies()).find((c) => c.name === SHIP_TO_COOKIE)?.value).toBe(
      "GB",
    );
    // A vendor that lists no countries: its price with "+ shipping (not stated)", never $0.
    expect(await page.getByTestId("shipping-not-stated").count()).toBeGreaterThan(0);
    await page.getByRole("banner").getByLabel("Ship to").selectOption("anywhere");
    await expect.poll(() => page.getByTestId("no-shipping").count(), SETTLE).toBe(0);
    await page.context().close();
  });
});
