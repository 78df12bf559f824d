/**
 * Lab tests on the public pages (issue 23 Must 1), in a browser: the "Tested" badge on exactly
 * the offers whose vendor–peptide pair the database calls Tested (with lab, date and result as
 * its description), on the desktop table and the phone's cards; the "Tested only" switch, with
 * and without JavaScript; and the "Lab tests" sections showing a failed test as failed.
 */
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import * as t from "~/.server/db/schema";

import { newVerifiedContext } from "../helpers/browser";
import { offerBadgesOf } from "../helpers/lab-tests";
import { PHONE, SETTLE, startPublicBrowser } from "../helpers/public-browser";

const site = startPublicBrowser();
const { url } = site;

/** A peptide's offers whose pair is Tested per the database: offer id → the badge's words. */
async function testedOffersOf(peptideSlug: string): Promise<Map<string, string>> {
  return (await offerBadgesOf(site.server.app.db, peptideSlug)).badges;
}

/** The rows of the page's price table: offer id, and the badge's title when it has one. */
async function priceRows(page: Page) {
  return page.getByTestId("price-row").evaluateAll((rows) =>
    rows.map((row) => ({
      id: row.getAttribute("data-offer")!,
      badge: row.querySelector("[data-tested-badge]")?.getAttribute("title") ?? null,
    })),
  );
}

describe("the Tested badge and the Tested only switch", () => {
  it("badges exactly the Tested offers, says lab, date and result, and filters to them", async () => {
    const tested = await testedOffersOf("tb-500");
    expect(tested.size).toBeGreaterThan(0);
    const page = await site.openPage("/peptide/tb-500", { viewport: { width: 1366, height: 900 } });

    const all = await priceRows(page);
    expect(all.length).toBeGreaterThan(tested.size);
    for (const row of all) expect(row.badge).toBe(tested.get(row.id) ?? null);
    expect([...tested.values()].every((text) => /^Tested by .+ on .+: passed \(/.test(text))).toBe(
      true,
    );
    // Its words reach a screen reader too, not only the tooltip.
    const firstTested = page
      .getByTestId("price-row")
      .filter({ has: page.locator("[data-tested-badge]") })
      .first();
    expect(await firstTested.locator("[data-tested-badge]").textContent()).toMatch(
      /^Tested: Tested by .+: passed/,
    );

    const testedSwitch = page.getByRole("switch", { name: "Tested only" });
    expect(await testedSwitch.getAttribute("aria-checked")).toBe("false");
    await testedSwitch.click();
    await page.waitForURL(/[?&]tested=1\b/, SETTLE);
    await page.getByRole("switch", { name: "Tested only", checked: true }).waitFor(SETTLE);
    const filtered = await priceRows(page);
    expect(filtered.map((row) => row.id).sort()).toEqual(
      all
        .filter((row) => tested.has(row.id))
        .map((row) => row.id)
        .sort(),
    );
    const hidden = all.length - filtered.length;
    await page
      .getByText(
        `${hidden} ${hidden === 1 ? "offer" : "offers"} without a passing lab test hidden.`,
      )
      .waitFor(SETTLE);

    // Off again: every offer is back.
    await page.getByRole("switch", { name: "Tested only" }).click();
    await page.getByRole("switch", { name: "Tested only", checked: false }).waitFor(SETTLE);
    expect((await priceRows(page)).length).toBe(all.length);
    await page.context().close();
  });

  it("shows the badge on a phone's cards", async () => {
    const tested = await testedOffersOf("tb-500");
    const page = await site.openPage("/peptide/tb-500", { viewport: PHONE });
    const badges = page.getByTestId("price-row").locator("[data-tested-badge]");
    await badges.first().waitFor({ state: "visible" });
    expect(await badges.count()).toBe(
      (await priceRows(page)).filter((row) => tested.has(row.id)).length,
    );
    for (const badge of await badges.all()) expect(await badge.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await page.context().close();
  });

  it("filters without JavaScript", async () => {
    const tested = await testedOffersOf("tb-500");
    const context = await newVerifiedContext(site.browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(url("/peptide/tb-500"));
    await page.getByRole("switch", { name: "Tested only" }).click();
    await page.waitForURL(/[?&]tested=1\b/, SETTLE);
    const rows = await priceRows(page);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => tested.has(row.id) && row.badge === tested.get(row.id))).toBe(true);
    await context.close();
  });
});

describe("lab tests per size in the price table (issue 30, issue 34)", () => {
  it("warns on the failed size's rows, links the report, and never makes them Best Price", async () => {
    const { failed, badges } = await offerBadgesOf(site.server.app.db, "bpc-157");
    expect(failed.size).toBeGreaterThan(0);
    const page = await site.openPage("/peptide/bpc-157", {
      viewport: { width: 1366, height: 900 },
    });
    const rows = await page.getByTestId("price-row").evaluateAll((rows) =>
      rows.map((row) => ({
        id: row.getAttribute("data-offer")!,
        best: row.getAttribute("data-best") === "true",
        warning: row.querySelector("[data-lab-warning] [title]")?.getAttribute("title") ?? null,
        report: row.querySelector("[data-lab-warning] a")?.getAttribute("href") ?? null,
        verified: row.querySelector('[data-testid="per-verified-mg"]')?.textContent ?? null,
      })),
    );
    const warned = rows.filter((row) => row.warning !== null);
    expect(warned.map((row) => row.id).sort()).toEqual([...failed.keys()].sort());
    for (const row of warned) {
      expect(row.warning).toMatch(/^Failed lab test by Janoshik Analytical on .+ \(purity 96\.4%/);
      expect(row.report).toBe("https://reports.example.org/janoshik/mb-2407.pdf");
      expect(row.best).toBe(false);
      expect(row.verified).toBe("not verified");
    }
    // Only a Tested row has a price per verified mg; the others say "not verified".
    for (const row of rows) {
      expect(row.verified === "not verified", row.id).toBe(!badges.has(row.id));
    }
    const warning = page.getByTestId("price-row").locator("[data-lab-warning]").first();
    await warning.waitFor({ state: "visible" });
    expect(await warning.textContent()).toMatch(/^Failed lab test: Failed lab test by /);
    // The table still fits its box at 1366 px with the per verified mg column.
    const [tableWidth, boxWidth] = await page
      .locator(".offer-table")
      .evaluate((table) => [table.scrollWidth, table.parentElement!.clientWidth]);
    expect(tableWidth).toBeLessThanOrEqual(boxWidth!);
    await page.context().close();
  });
});

describe("the Lab tests sections", () => {
  it("shows the peptide page's failed test as failed, beside the passing ones", async () => {
    const context = await newVerifiedContext(site.browser, {
      viewport: { width: 1366, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(url("/peptide/bpc-157"));
    const section = page.getByRole("region", { name: "Lab tests" });
    await section.waitFor(SETTLE);
    const failed = section.locator('tr[data-lab-test="failed"]');
    expect(await failed.count()).toBeGreaterThan(0);
    await failed.first().getByText("Failed", { exact: true }).waitFor({ state: "visible" });
    expect(await failed.first().textContent()).toContain("Meridian Biolabs");
    expect(await section.locator('tr[data-lab-test="passed"]').count()).toBeGreaterThan(0);
    await context.close();
  });

  it("shows a vendor's failed test as failed on its page, on a phone too", async () => {
    const db = site.server.app.db;
    const [meridian] = await db
      .select({ slug: t.vendors.slug })
      .from(t.vendors)
      .where(eq(t.vendors.name, "Meridian Biolabs"));
    const context = await newVerifiedContext(site.browser, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto(url(`/vendor/${meridian!.slug}`));
    const section = page.getByRole("region", { name: "Lab tests" });
    const failed = section.locator('li[data-lab-test="failed"]');
    await failed.first().waitFor({ state: "visible", ...SETTLE });
    await failed.first().getByText("Failed", { exact: true }).waitFor({ state: "visible" });
    // Meridian's BPC-157 failed: none of its BPC-157 offers is badged.
    expect(
      await page
        .getByTestId("vendor-offer-row")
        .filter({ hasText: "BPC-157" })
        .locator("[data-tested-badge]")
        .count(),
    ).toBe(0);
    await context.close();
  });
});
