import { readFileSync } from "node:fs";

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { peptides, sizeOptions } from "~/.server/db/schema";
import { formatPrice } from "~/lib/format";
import type { MarketIndexPoint } from "~/lib/market-index";

import { newVerifiedContext, waitForHydration } from "../helpers/browser";
import { SETTLE, startPublicBrowser } from "../helpers/public-browser";

const site = startPublicBrowser();

/** The open-data API's index of a size, as a program would read it. */
async function apiIndex(size: string, days: number): Promise<MarketIndexPoint[]> {
  const query = new URLSearchParams({ size, days: String(days) });
  const response = await site.server.fetch(`/api/v1/peptides/bpc-157/index?${query.toString()}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { points: MarketIndexPoint[] }).points;
}

const perMg = (amount: number) => `${formatPrice(amount, "USD")}/mg`;

/** The size the history section is of, from its heading ("Price history · 5mg"). */
async function chartSize(page: Page): Promise<string> {
  const heading = (await page.locator("#history-heading").textContent()) ?? "";
  return heading.split(" · ")[1];
}

describe("market price index on the detail page", () => {
  it("shows the API's median for the size shown, follows the size, and downloads the CSV", async () => {
    const context = await newVerifiedContext(site.browser);
    const page = await context.newPage();
    await page.goto(site.url("/peptide/bpc-157"));
    await waitForHydration(page);
    // Per pack by default; the market chart is computed only when asked for.
    await page.getByTestId("price-history-chart").waitFor();
    expect(await page.getByTestId("market-index").count()).toBe(0);

    await page
      .getByRole("navigation", { name: "History chart" })
      .getByRole("link", { name: "Market per mg" })
      .click();
    await page.waitForURL(/[?&]chart=market/, SETTLE);
    const median = page.getByTestId("market-median");
    await median.waitFor(SETTLE);

    const size = await chartSize(page);
    const points = await apiIndex(size, 90);
    expect(points.length).toBeGreaterThan(1);
    const last = points[points.length - 1];
    expect(await median.textContent()).toBe(perMg(last.median));
    // The band and the words that say what the chart is.
    await page.locator('[data-testid="market-index-svg"]:visible').waitFor();
    const summary = page.getByRole("group", { name: /Market price of BPC-157/ });
    expect(await summary.count()).toBe(1);
    const words = (await page.locator("figcaption").textContent()) ?? "";
    expect(words).toContain(`the median was ${perMg(last.median)}`);
    expect(words).toContain(`${perMg(last.p25)} to ${perMg(last.p75)}`);

    // Another size while the market chart shows loads that size's index.
    const sizeNav = page.getByRole("navigation", { name: "Size" });
    const labels = (await sizeNav.getByRole("link").allTextContents()).filter(
      (label) => label !== "All" && label !== size,
    );
    expect(labels.length).toBeGreaterThan(0);
    const otherPoints = await apiIndex(labels[0], 90);
    await sizeNav.getByRole("link", { name: labels[0], exact: true }).click();
    await page.waitForFunction(
      (label) => document.querySelector("#history-heading")?.textContent?.endsWith(label),
      labels[0],
      SETTLE,
    );
    // A size priced differently, so a market chart left on the first size would show.
    const otherLast = otherPoints.at(-1)!;
    expect(perMg(otherLast.median)).not.toBe(perMg(last.median));
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid="market-median"]')?.textContent === text,
      perMg(otherLast.median),
      SETTLE,
    );
    await page.goBack();
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid="market-median"]')?.textContent === text,
      perMg(last.median),
      SETTLE,
    );

    // The range switch keeps the market chart and shortens its days.
    await page
      .getByRole("form", { name: "History range" })
      .getByRole("button", { name: "30 days" })
      .click();
    await page.waitForURL(/[?&]range=30d/, SETTLE);
    expect(page.url()).toContain("chart=market");
    await page.getByText("over the last 30 days").waitFor(SETTLE);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`bpc-157-${size}-market-index.csv`);
    const csv = readFileSync((await download.path())!, "utf8")
      .trim()
      .split("\n");
    expect(csv[0]).toBe("date,median,p25,p75,vendors");
    const last30 = (await apiIndex(size, 30)).at(-1)!;
    expect(csv.at(-1)).toBe(
      [last30.date, last30.median, last30.p25, last30.p75, last30.vendors].join(","),
    );
    await context.close();
  });

  it("says so when a size has no market prices, with nothing to download", async () => {
    const [peptide] = await site.server.app.db
      .insert(peptides)
      .values({ name: "Unpriced Market", slug: "unpriced-market" })
      .returning({ id: peptides.id });
    await site.server.app.db
      .insert(sizeOptions)
      .values({ peptideId: peptide!.id, quantity: 5, unit: "mg" });
    const context = await newVerifiedContext(site.browser);
    const page = await context.newPage();
    await page.goto(site.url("/peptide/unpriced-market?chart=market"));
    await waitForHydration(page);
    expect(await page.getByTestId("market-index-empty").textContent()).toContain(
      "No market price per mg in this range",
    );
    expect(await page.getByRole("link", { name: "Download CSV" }).count()).toBe(0);
    await context.close();
  });

  it("works without JavaScript: the chart switch is a plain link", async () => {
    const context = await newVerifiedContext(site.browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site.url("/peptide/bpc-157"));
    await page
      .getByRole("navigation", { name: "History chart" })
      .getByRole("link", { name: "Market per mg" })
      .click();
    await page.waitForURL(/[?&]chart=market/, SETTLE);
    await page.getByTestId("market-median").waitFor(SETTLE);
    expect(
      await page
        .getByRole("navigation", { name: "History chart" })
        .getByRole("link", { name: "Market per mg" })
        .getAttribute("aria-current"),
    ).toBe("true");
    await context.close();
  });
});
