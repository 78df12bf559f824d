import { randomUUID } from "node:crypto";

import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";

import { peptides, priceHistory, sizeOptions, vendorPeptides, vendors } from "~/.server/db/schema";
import { formatPrice } from "~/lib/format";

import { seriousAxeFindings } from "../helpers/axe";
import { newVerifiedContext } from "../helpers/browser";
import { PHONE, SETTLE, startPublicBrowser } from "../helpers/public-browser";

const site = startPublicBrowser();
const { url } = site;
const PRICE = /\$\d+\.\d\d/;
const DATE = /[A-Z][a-z]{2} \d{1,2}, \d{4}/;
const DAY = 86_400_000;
const DESKTOP = { width: 1366, height: 900 };

const openDetail = (path = "/peptide/bpc-157") => site.openPage(path);

const rangeButton = (page: Page, name: string) =>
  page.getByRole("form", { name: "History range" }).getByRole("button", { name });

/**
 * This file's own peptide: three vendors without coupons, each with a price every five days
 * (on different days) for 150 days, so the chart's prices are price_history's as they are.
 */
const chart = {
  slug: "",
  vendors: [] as string[],
  rows: [] as { vendor: string; price: number; observedAt: number }[],
};

beforeAll(async () => {
  const db = site.server.app.db;
  const tag = randomUUID().slice(0, 8);
  const [peptide] = await db
    .insert(peptides)
    .values({ name: `Chart Peptide ${tag}`, slug: `chart-peptide-${tag}` })
    .returning({ id: peptides.id, slug: peptides.slug });
  const [size] = await db
    .insert(sizeOptions)
    .values({ peptideId: peptide!.id, quantity: 10, unit: "mg" })
    .returning({ id: sizeOptions.id });
  chart.slug = peptide!.slug;
  const today = Math.floor(Date.now() / DAY) * DAY;
  for (const [i, letter] of ["A", "B", "C"].entries()) {
    const name = `Chart Vendor ${letter} ${tag}`;
    const [vendor] = await db.insert(vendors).values({ name }).returning({ id: vendors.id });
    const history = [];
    for (let day = 148 - 2 * i; day >= 1; day -= 5) {
      history.push({
        price: 40 + 6 * i + ((day * 7 + i * 3) % 11) + 0.49,
        observedAt: today - day * DAY + 12 * 3_600_000,
      });
    }
    const [offer] = await db
      .insert(vendorPeptides)
      .values({
        peptideId: peptide!.id,
        sizeOptionId: size!.id,
        vendorId: vendor!.id,
        price: history.at(-1)!.price,
      })
      .returning({ id: vendorPeptides.id });
    await db.insert(priceHistory).values(
      history.map((row) => ({
        vendorPeptideId: offer!.id,
        price: row.price,
        inStock: true,
        observedAt: new Date(row.observedAt),
      })),
    );
    chart.vendors.push(name);
    chart.rows.push(...history.map((row) => ({ vendor: name, ...row })));
  }
});

/** The price a vendor had on a day ("Nov 3, 2026 (UTC)"): its last price_history row by then. */
function recordedPrice(vendor: string, dayText: string): number | undefined {
  const endOfDay = Date.parse(`${DATE.exec(dayText)![0]} UTC`) + DAY;
  return chart.rows.filter((r) => r.vendor === vendor && r.observedAt < endOfDay).at(-1)?.price;
}

const openChart = (viewport: { width: number; height: number }) =>
  site.openPage(`/peptide/${chart.slug}`, { viewport });

async function hover(page: Page, share: number) {
  const svg = page.getByTestId("price-history-svg");
  await svg.scrollIntoViewIfNeeded();
  const box = (await svg.boundingBox())!;
  await page.mouse.move(box.x + box.width * share, box.y + box.height * 0.5, { steps: 3 });
  const tooltip = page.getByTestId("price-history-tooltip");
  await tooltip.waitFor(SETTLE);
  return tooltip;
}

/** The crosshair's readout per vendor, as the tooltip shows it. */
async function crosshairValues(tooltip: Locator): Promise<Map<string, string>> {
  const values = new Map<string, string>();
  for (const row of await tooltip.getByTestId("crosshair-value").all()) {
    values.set((await row.getAttribute("data-vendor"))!, (await row.textContent()) ?? "");
  }
  return values;
}

describe.each([
  ["phone", PHONE],
  ["desktop", DESKTOP],
])("the price chart at %s width", (_, viewport) => {
  it("fills its width and reads each vendor's recorded price and the date under the pointer", async () => {
    const page = await openChart(viewport);
    const svg = page.getByTestId("price-history-svg");
    await svg.scrollIntoViewIfNeeded();
    const main = (await page.locator("main").boundingBox())!;
    const plot = (await svg.boundingBox())!;
    // Full width: the plot spans the page's content (main less its padding), not half of it.
    expect(plot.width).toBeGreaterThan(main.width - 80);
    // Dates on the axis: four to six of them, all different.
    const dates = await page.getByTestId("chart-date-tick").allTextContents();
    expect(dates.length).toBeGreaterThanOrEqual(4);
    expect(dates.length).toBeLessThanOrEqual(6);
    expect(new Set(dates).size).toBe(dates.length);

    for (const share of [0.35, 0.8]) {
      const tooltip = await hover(page, share);
      const day = (await tooltip.getByTestId("crosshair-date").textContent()) ?? "";
      expect(day).toMatch(DATE);
      const values = await crosshairValues(tooltip);
      expect([...values.keys()].sort()).toEqual([...chart.vendors].sort());
      for (const vendor of chart.vendors) {
        const recorded = recordedPrice(vendor, day);
        expect(values.get(vendor)).toContain(formatPrice(recorded!, "USD"));
      }
      // The tooltip stays inside the chart.
      const tip = (await tooltip.boundingBox())!;
      expect(tip.x).toBeGreaterThanOrEqual(plot.x - 1);
      expect(tip.x + tip.width).toBeLessThanOrEqual(plot.x + plot.width + 1);
    }
    await page.mouse.move(0, 0);
    await page.getByTestId("price-history-tooltip").waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await page.context().close();
  });

  it("zooms by range and by drag, hides a vendor, steps by keyboard and opens the table, axe-clean", async () => {
    const page = await openChart(viewport);
    const points = page.getByTestId("price-history-point");
    await page.getByTestId("price-history-svg").scrollIntoViewIfNeeded();
    const in90 = await points.count();
    expect(in90).toBeGreaterThan(0);
    expect(await rangeButton(page, "90 days").getAttribute("aria-pressed")).toBe("true");

    await rangeButton(page, "30 days").click();
    await page.waitForURL(/[?&]range=30d/, SETTLE);
    await page.waitForFunction(
      () =>
        document.querySelector('form[aria-label="History range"] button[aria-pressed="true"]')
          ?.textContent === "30 days",
      undefined,
      SETTLE,
    );
    const in30 = await points.count();
    expect(in30).toBeGreaterThan(0);
    expect(in30).toBeLessThan(in90);

    // Drag across the middle: fewer points, and Reset zoom brings them back.
    const svg = page.getByTestId("price-history-svg");
    const box = (await svg.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    const reset = page.getByRole("button", { name: "Reset zoom" });
    await reset.waitFor(SETTLE);
    expect(await points.count()).toBeLessThan(in30);
    await reset.click();
    await reset.waitFor({ state: "detached" });
    expect(await points.count()).toBe(in30);

    // The legend hides a vendor's line and its crosshair reading, and shows it again.
    const hiddenVendor = chart.vendors[1]!;
    const legend = page.getByRole("button", { name: hiddenVendor });
    expect(await legend.getAttribute("aria-pressed")).toBe("true");
    await legend.click();
    expect(await legend.getAttribute("aria-pressed")).toBe("false");
    const line = page.locator(`[data-testid="price-history-line"][data-vendor="${hiddenVendor}"]`);
    await line.waitFor({ state: "detached" });
    const values = await crosshairValues(await hover(page, 0.5));
    expect(values.has(hiddenVendor)).toBe(false);
    expect(values.size).toBe(chart.vendors.length - 1);
    await legend.click();
    await line.waitFor();

    // Keyboard: the plot takes focus, arrows step by date, Home and End jump; the readout is said.
    await page.mouse.move(0, 0);
    const plot = page.getByRole("group", { name: /Price history chart/ });
    await plot.focus();
    const readout = page.getByTestId("price-history-readout");
    expect(await readout.getAttribute("aria-live")).toBe("polite");
    await page.waitForFunction(() =>
      /\$\d/.test(document.querySelector('[data-testid="price-history-readout"]')!.textContent!),
    );
    const last = (await readout.textContent())!;
    await page.keyboard.press("Home");
    const first = (await readout.textContent())!;
    expect(first).not.toBe(last);
    expect(first).toMatch(DATE);
    await page.keyboard.press("ArrowRight");
    const second = (await readout.textContent())!;
    expect(second).not.toBe(first);
    for (const vendor of chart.vendors) {
      const recorded = recordedPrice(vendor, second);
      if (recorded !== undefined)
        expect(second).toContain(`${vendor} ${formatPrice(recorded, "USD")}`);
    }
    await page.keyboard.press("ArrowLeft");
    expect(await readout.textContent()).toBe(first);
    await page.keyboard.press("End");
    expect(await readout.textContent()).toBe(last);

    // The table: a row per date, a column per vendor, the same prices.
    await page.getByText("Show as table").click();
    const table = page.getByTestId("price-history-table");
    await table.waitFor();
    const [dateHeader, ...vendorHeaders] = await table.getByRole("columnheader").allTextContents();
    expect(dateHeader).toBe("Date");
    expect([...vendorHeaders].sort()).toEqual([...chart.vendors].sort());
    const row = table.locator("tbody tr").nth(3);
    const rowDay = (await row.getByRole("rowheader").textContent())!;
    const cells = await row.locator("td").allTextContents();
    vendorHeaders.forEach((vendor, i) => {
      expect(cells[i]).toBe(formatPrice(recordedPrice(vendor, rowDay)!, "USD"));
    });

    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.context().close();
  });

  it("zooms by keyboard: + and − on the focused plot, said by a status; the range buttons are a Tab away", async () => {
    const page = await openChart(viewport);
    const points = page.getByTestId("price-history-point");
    // A status: what a keyboard zoom changes is said, not only shown.
    const status = page.getByTestId("history-zoom-status");
    expect(await status.getAttribute("role")).toBe("status");
    const plot = page.getByRole("group", { name: /Price history chart/ });
    await plot.scrollIntoViewIfNeeded();
    expect(await plot.getAttribute("aria-label")).toMatch(/plus and minus zoom in and out/);
    const unzoomed = await points.count();
    const unzoomedStatus = (await status.textContent())!;
    expect(unzoomedStatus).not.toMatch(/Zoomed to/);

    await plot.focus();
    const readout = page.getByTestId("price-history-readout");
    await page.waitForFunction(() =>
      /\$\d/.test(document.querySelector('[data-testid="price-history-readout"]')!.textContent!),
    );
    const zoomedTo = async () => {
      await page.waitForFunction(
        () =>
          /Zoomed to/.test(
            document.querySelector('[data-testid="history-zoom-status"]')!.textContent!,
          ),
        undefined,
        SETTLE,
      );
      const [from, to] = (await status.textContent())!.match(new RegExp(DATE, "g"))!;
      return (Date.parse(`${to} UTC`) - Date.parse(`${from} UTC`)) / DAY;
    };

    // "+" halves the span around the crosshair: fewer points, the focus and a price reading kept.
    await page.keyboard.press("+");
    const half = await zoomedTo();
    expect(half).toBeGreaterThanOrEqual(43);
    expect(half).toBeLessThanOrEqual(47);
    expect(await points.count()).toBeLessThan(unzoomed);
    expect(await plot.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await readout.textContent()).toMatch(PRICE);
    await page.keyboard.press("+");
    expect(await zoomedTo()).toBeLessThan(half - 10);
    const narrow = await points.count();

    // "−" zooms back out, and out of the zoom altogether once it covers the range.
    await page.keyboard.press("-");
    expect(await zoomedTo()).toBeGreaterThanOrEqual(43);
    expect(await points.count()).toBeGreaterThan(narrow);
    await page.keyboard.press("-");
    await page.getByTestId("history-reset-zoom").waitFor({ state: "detached" });
    expect(await status.textContent()).toBe(unzoomedStatus);
    expect(await points.count()).toBe(unzoomed);

    // Shift+Tab from the plot reaches the range buttons; Enter on one loads that range.
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? "");
    for (let presses = 0; presses < 8 && (await focusedText()) !== "30 days"; presses += 1) {
      await page.keyboard.press("Shift+Tab");
    }
    expect(await focusedText()).toBe("30 days");
    await page.keyboard.press("Enter");
    await page.waitForURL(/[?&]range=30d/, SETTLE);
    await page.context().close();
  });
});

describe("price history", () => {
  it("speaks the table's price: the current price after coupon is one the offer table shows", async () => {
    const page = await openDetail();
    const current = (await page.getByTestId("history-current").textContent()) ?? "";
    const price = PRICE.exec(current)![0];
    // The chart shows the first size; its offers are in the table with every size.
    const table = page.locator("table").filter({ hasText: "Vendor" }).first();
    expect(await table.textContent()).toContain(price);
    // With a coupon in the demo data, the price before it is drawn as a second, thin line.
    await page.locator('[data-testid="price-history-before-coupon"]').first().waitFor();
    await page.getByTestId("history-before-coupon-toggle").uncheck();
    await page.locator('[data-testid="price-history-before-coupon"]').first().waitFor({
      state: "detached",
    });
    await page.context().close();
  });

  it("works without JavaScript: the range buttons submit, the table is a link away", async () => {
    const context = await newVerifiedContext(site.browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(url("/peptide/bpc-157"));
    await rangeButton(page, "All").click();
    await page.waitForURL(/[?&]range=all/, SETTLE);
    expect(await rangeButton(page, "All").getAttribute("aria-pressed")).toBe("true");

    await page.getByText("Show as table").click();
    await page.getByRole("link", { name: /^Show the prices of \d+ dates as a table$/ }).click();
    await page.waitForURL(/[?&]history=table/, SETTLE);
    const table = page.getByRole("table", { name: /Prices of BPC-157/ });
    await table.waitFor({ state: "visible" });
    expect(await table.locator("caption").textContent()).toMatch(
      /after each vendor's current coupon, all:/,
    );
    expect(await table.locator("tbody tr").count()).toBeGreaterThan(1);
    await context.close();
  });

  it("shows the crosshair on a tap on a phone", async () => {
    const page = await site.openPage("/peptide/bpc-157", {
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
    });
    const svg = page.getByTestId("price-history-svg");
    await svg.scrollIntoViewIfNeeded();
    const box = (await svg.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width * 0.6, box.y + box.height * 0.5);
    const tooltip = page.getByTestId("price-history-tooltip");
    await tooltip.waitFor(SETTLE);
    expect(await tooltip.textContent()).toMatch(PRICE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await page.context().close();
  });
});
