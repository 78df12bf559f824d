/**
 * Issue 34 Must 4: the price per verified mg sorts the detail page's price table (desktop header
 * and phone menu, offers without a verified figure last either way) and appears in the market
 * chart's tooltip; both checked against a hand computation on the demo data's lab tests:
 * landed total ÷ (measured mg × purity).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { DEMO_LAB_TESTS } from "~/.server/seed/demo-data";
import { formatPrice } from "~/lib/format";

import { PHONE, SETTLE, startPublicBrowser } from "../helpers/public-browser";

const site = startPublicBrowser();
const DESKTOP = { width: 1366, height: 900 };
const SIZE = "10mg";

interface ApiOffer {
  id: string;
  vendor: { name: string };
  size: string;
  vials: number;
  buyable: boolean;
  landedTotal: { amount: number; currency: string } | null;
}

/**
 * The BPC-157 10mg offers from the API with their price per verified mg worked out by hand from
 * the demo's lab tests (a passing test of that vendor and size); null: none.
 */
async function handComputed() {
  const response = await site.server.fetch("/api/v1/peptides/bpc-157/offers");
  expect(response.status).toBe(200);
  const offers = ((await response.json()) as { data: ApiOffer[] }).data.filter(
    (offer) => offer.size === SIZE,
  );
  return offers.map((offer) => {
    // Passing by the default thresholds: purity ≥ 98 % and mass within 10 % of the claim.
    const passing = DEMO_LAB_TESTS.flatMap(({ measuredMassMg: mg, purityPercent: purity, ...t }) =>
      t.vendor === offer.vendor.name &&
      t.peptide === "BPC-157" &&
      t.sizeMg === 10 &&
      mg !== null &&
      purity !== null &&
      t.claimedMassMg !== null &&
      purity >= 98 &&
      Math.abs(mg - t.claimedMassMg) <= t.claimedMassMg * 0.1
        ? [{ mg, purity }]
        : [],
    )[0];
    const amount =
      passing && offer.landedTotal
        ? offer.landedTotal.amount / (passing.mg * (passing.purity / 100) * offer.vials)
        : null;
    return {
      ...offer,
      amount,
      text: amount === null ? "not verified" : `${formatPrice(amount, "USD")}/verified mg`,
    };
  });
}

type Expected = Awaited<ReturnType<typeof handComputed>>[number];

/** Buyable rows first (the table's rule), then verified by amount, unverified last. */
function expectedOrder(offers: Expected[], direction: 1 | -1): string[] {
  const rank = (o: Expected) => [o.buyable ? 0 : 1, o.amount === null ? 1 : 0] as const;
  return [...offers]
    .sort((a, b) => {
      const [ra, rb] = [rank(a), rank(b)];
      if (ra[0] !== rb[0]) return ra[0] - rb[0];
      if (ra[1] !== rb[1]) return ra[1] - rb[1];
      return a.amount === null || b.amount === null ? 0 : direction * (a.amount - b.amount);
    })
    .map((o) => o.id);
}

async function rows(page: Page) {
  return page.getByTestId("price-table").evaluate((table) =>
    [...table.querySelectorAll("tbody tr[data-offer]")].map((row) => ({
      id: row.getAttribute("data-offer")!,
      verified: row.querySelector('[data-testid="per-verified-mg"]')?.textContent?.trim() ?? "",
    })),
  );
}

/** The rows once the URL carries the sort, with the verified ids in the expected order. */
async function rowsSortedBy(page: Page, dir: "asc" | "desc", expected: string[]) {
  await page.waitForURL((url) => url.searchParams.get("sort") === "perVerifiedMg", SETTLE);
  await page.waitForFunction(
    (ids) =>
      [...document.querySelectorAll('[data-testid="price-table"] tbody tr[data-offer]')]
        .map((row) => row.getAttribute("data-offer"))
        .join() === ids.join(),
    expected,
    SETTLE,
  );
  const shown = await rows(page);
  expect(new URL(page.url()).searchParams.get("dir") ?? "asc").toBe(dir);
  return shown;
}

describe("price per verified mg", () => {
  it("sorts the desktop table by its header, both ways, offers without a test last", async () => {
    const expected = await handComputed();
    const verified = expected.filter((o) => o.amount !== null);
    // The demo's passing BPC-157 10mg test (Meridian's fails on purity and mass), and vendors
    // without one to sort after it.
    expect(verified.map((o) => o.vendor.name)).toEqual(["Apex Peptide Labs"]);
    expect(expected.length).toBeGreaterThan(verified.length);

    const page = await site.openPage(`/peptide/bpc-157?size=${SIZE}`, { viewport: DESKTOP });
    const header = page.getByRole("columnheader", { name: "Per verified mg" });
    await header.getByRole("button").click();
    const ascending = await rowsSortedBy(page, "asc", expectedOrder(expected, 1));
    expect(await header.getAttribute("aria-sort")).toBe("ascending");
    for (const row of ascending) {
      // The figure ("/mg" under its header), then " · lab report" where the test has a report.
      const { text } = expected.find((o) => o.id === row.id)!;
      expect(row.verified.split(" · ")[0], row.id).toBe(text.replace("/verified mg", "/mg"));
    }

    await header.getByRole("button").click();
    await page.waitForURL((url) => url.searchParams.get("dir") === "desc", SETTLE);
    await rowsSortedBy(page, "desc", expectedOrder(expected, -1));
    expect(await header.getAttribute("aria-sort")).toBe("descending");
    // The table still fits 1366 px with the column.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      DESKTOP.width,
    );
    await page.context().close();
  });

  it("sorts from the phone's Sort by menu, offers without a test last", async () => {
    const expected = await handComputed();
    const page = await site.openPage(`/peptide/bpc-157?size=${SIZE}`, { viewport: PHONE });
    await page.getByLabel("Sort by").selectOption({ label: "Per verified mg: low to high" });
    await rowsSortedBy(page, "asc", expectedOrder(expected, 1));
    await page.context().close();
  });

  it("lists today's offers with their price per verified mg in the market chart's tooltip", async () => {
    const expected = await handComputed();
    const page = await site.openPage(`/peptide/bpc-157?size=${SIZE}&chart=market`, {
      viewport: DESKTOP,
    });
    // Focus shows today's point, the last one.
    await page.getByTestId("market-index-chart").focus();
    const tooltip = page.locator('[data-testid="market-index-tooltip"]:visible');
    await tooltip.waitFor(SETTLE);
    const lines = await tooltip
      .locator("[data-offer-id]")
      .evaluateAll((items) =>
        items.map((item) => ({ id: item.getAttribute("data-offer-id")!, text: item.textContent })),
      );
    const buyable = expected.filter((o) => o.buyable && o.landedTotal !== null);
    expect(lines.map((line) => line.id).sort()).toEqual(buyable.map((o) => o.id).sort());
    for (const line of lines) {
      const offer = expected.find((o) => o.id === line.id)!;
      expect(line.text).toBe(`${offer.vendor.name}: ${offer.text}`);
    }
    expect(lines.some((line) => line.text?.endsWith("/verified mg"))).toBe(true);
    expect(lines.some((line) => line.text?.endsWith(": not verified"))).toBe(true);

    // An earlier day gives the day's figures without offers: lab tests are known as of today.
    await page.keyboard.press("ArrowLeft");
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="market-index-tooltip"]')].every(
          (tip) => tip.querySelector("[data-offer-id]") === null,
        ),
      undefined,
      SETTLE,
    );
    await page.context().close();
  });
});
