import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";

import * as t from "~/.server/db/schema";

import { addAxe, seriousAxeFindings } from "../helpers/axe";
import { startAdminBrowser } from "../helpers/admin-browser";

/**
 * Every admin page at a desktop and a phone width: no sideways scroll of the page, every row
 * action in view without scrolling its table, a one-row header, and axe-core without serious
 * or critical findings. The trust pages (vendor accounts, clicks, reports, reviews) each hold
 * a row, so that their actions are there to check. The scraping page is checked with its
 * sources, a finished run's results, a review queue and log lines of the longest text each can
 * hold.
 */
const ADMIN_PAGES = [
  "/admin",
  "/admin/peptides",
  "/admin/prices",
  "/admin/categories",
  "/admin/vendors",
  "/admin/lab-tests",
  "/admin/ads",
  "/admin/hero",
  "/admin/footer",
  "/admin/users",
  "/admin/settings",
  "/admin/audit",
  "/admin/trash",
  "/admin/vendor-accounts",
  "/admin/clicks",
  "/admin/reports",
  "/admin/reviews",
];

/** Pages whose rows are cards or lists: every button, not only a table's actions, must be in view. */
const TRUST_PAGES = new Set([
  "/admin/vendor-accounts",
  "/admin/clicks",
  "/admin/reports",
  "/admin/reviews",
]);

const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

const admin = startAdminBrowser();

beforeAll(async () => {
  // The pages' CSP refuses an injected script; the context's init script reaches every page.
  await addAxe(admin.context);
});

/** A row on each trust page: a held submission, a vendor member, a click, a report, a review. */
beforeAll(async () => {
  const { db } = admin.server.app;
  const [vendor] = await db
    .select({ id: t.vendors.id })
    .from(t.vendors)
    .where(eq(t.vendors.name, "Apex Peptide Labs"));
  const [offer] = await db
    .select({ id: t.vendorPeptides.id, sizeOptionId: t.vendorPeptides.sizeOptionId })
    .from(t.vendorPeptides)
    .where(eq(t.vendorPeptides.vendorId, vendor!.id))
    .limit(1);
  const [member] = await db
    .insert(t.user)
    .values({
      id: "admin-fit-member",
      name: "Admin fit member",
      // As long as an address gets: it must wrap rather than widen the page.
      email: `${"purchasing-department".repeat(4)}@apex-peptide-labs.example.com`,
      emailVerified: true,
    })
    .returning({ id: t.user.id });
  await db
    .insert(t.vendorMembers)
    .values({ vendorId: vendor!.id, userId: member!.id, grantedVia: "admin" });
  await db.insert(t.vendorOfferSubmissions).values({
    vendorId: vendor!.id,
    sizeOptionId: offer!.sizeOptionId,
    vendorPeptideId: offer!.id,
    via: "api",
    price: 20,
    currency: "USD",
    stockStatus: "in_stock",
    url: "https://example.com/product",
    status: "held",
    reason: "The storefront shows another price",
  });
  await db.insert(t.outboundClicks).values({
    vendorId: vendor!.id,
    offerId: offer!.id,
    page: "/",
    shipTo: null,
    affiliated: true,
    clickedAt: new Date(),
  });
  await db.insert(t.offerReports).values({
    vendorPeptideId: offer!.id,
    vendorId: vendor!.id,
    kind: "price",
    detail: "The shop asks 25 USD now",
    reportedPrice: 10,
    reportedCurrency: "USD",
    reportedStock: "in_stock",
  });
  await db.insert(t.vendorReviews).values({
    vendorId: vendor!.id,
    userId: member!.id,
    stars: 4,
    text: "Arrived in a week, well packed.",
  });
});

/**
 * The controls of every table's Actions column that its scrolling box (or the window) cuts
 * off, so that reaching them would take a sideways scroll.
 */
async function clippedRowActions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clipped: string[] = [];
    for (const table of document.querySelectorAll("main table")) {
      const heading = [...table.querySelectorAll("thead th")].find(
        (cell) => cell.textContent?.trim() === "Actions",
      ) as HTMLTableCellElement | undefined;
      if (!heading) continue;
      let box: HTMLElement | null = table.parentElement;
      while (box && getComputedStyle(box).overflowX === "visible") box = box.parentElement;
      const boxRect = box?.getBoundingClientRect();
      const right = Math.min(boxRect?.right ?? Infinity, window.innerWidth);
      const left = Math.max(boxRect?.left ?? 0, 0);
      for (const row of table.querySelectorAll("tbody tr")) {
        const cell = (row as HTMLTableRowElement).cells[heading.cellIndex];
        if (!cell || (row as HTMLTableRowElement).cells.length === 1) continue;
        for (const control of cell.querySelectorAll<HTMLElement>("button, a, [role=switch]")) {
          const rect = control.getBoundingClientRect();
          if (rect.width === 0) continue;
          if (rect.right > right + 1 || rect.left < left - 1) {
            const name = control.getAttribute("aria-label") ?? control.textContent?.trim();
            clipped.push(`${name} at x=${Math.round(rect.left)}`);
          }
        }
      }
    }
    return clipped;
  });
}

describe("the admin fits its screen", () => {
  for (const viewport of WIDTHS) {
    for (const path of ADMIN_PAGES) {
      it(`${path} at ${viewport.width} px`, async () => {
        await admin.page.setViewportSize(viewport);
        await admin.open(path);
        await admin.page.getByRole("heading", { level: 1 }).first().waitFor();
        const layout = await admin.page.evaluate(() => ({
          pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
          headerHeight: document.querySelector("header")!.getBoundingClientRect().height,
        }));
        expect(layout.pageOverflow, "sideways scroll of the page").toBeLessThanOrEqual(0);
        // One row: the brand, "View site" and Logout (56 px), at every width.
        expect(layout.headerHeight, "header height").toBeLessThanOrEqual(64);
        expect(await clippedRowActions(admin.page)).toEqual([]);
        if (TRUST_PAGES.has(path)) expect(await clippedButtons(admin.page)).toEqual([]);
        expect(await seriousAxeFindings(admin.page)).toEqual([]);
      });
    }
  }
});

/** Buttons in the page's main area that the window or a scrolling box cuts off sideways. */
async function clippedButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clipped: string[] = [];
    for (const button of document.querySelectorAll<HTMLElement>("main button")) {
      const rect = button.getBoundingClientRect();
      if (rect.width === 0) continue;
      let right = window.innerWidth;
      let left = 0;
      for (let box = button.parentElement; box; box = box.parentElement) {
        if (getComputedStyle(box).overflowX === "visible") continue;
        const boxRect = box.getBoundingClientRect();
        right = Math.min(right, boxRect.right);
        left = Math.max(left, boxRect.left);
      }
      if (rect.right > right + 1 || rect.left < left - 1) {
        const name = button.getAttribute("aria-label") ?? button.textContent?.trim();
        clipped.push(`${name} at x=${Math.round(rect.left)}`);
      }
    }
    return clipped;
  });
}

/**
 * The scraping logs' Details (what a run read or why it failed) that cannot be read where it
 * is: text cut off by its cell, or out of its table's box or the window sideways, or a
 * scrolling box around it that the keyboard cannot reach.
 */
async function unreadableLogDetails(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const table = document.querySelector<HTMLTableElement>('table[aria-label="Scraping logs"]')!;
    const heading = [...table.querySelectorAll("thead th")].find(
      (cell) => cell.textContent?.trim() === "Details",
    ) as HTMLTableCellElement;
    for (const row of table.querySelectorAll<HTMLTableRowElement>("tbody tr")) {
      const cell = row.cells[heading.cellIndex]!;
      const text = cell.textContent?.trim() ?? "";
      if (cell.scrollWidth > cell.clientWidth + 1 || cell.scrollHeight > cell.clientHeight + 1) {
        problems.push(`cut off by its cell: ${text.slice(0, 40)}`);
      }
      const range = document.createRange();
      range.selectNodeContents(cell);
      const textRect = range.getBoundingClientRect();
      let right = window.innerWidth;
      let left = 0;
      for (let box = cell.parentElement; box; box = box.parentElement) {
        const overflowX = getComputedStyle(box).overflowX;
        if (overflowX === "visible") continue;
        const boxRect = box.getBoundingClientRect();
        right = Math.min(right, boxRect.right);
        left = Math.max(left, boxRect.left);
        if (box.scrollWidth > box.clientWidth && box.tabIndex < 0) {
          problems.push(`in a scrolling box the keyboard cannot reach: ${text.slice(0, 40)}`);
        }
      }
      if (textRect.right > right + 1 || textRect.left < left - 1) {
        problems.push(`out of view sideways: ${text.slice(0, 40)}`);
      }
    }
    return problems;
  });
}

describe("the scraping admin fits its screen", () => {
  // Unbroken text as long as scraped names, log lines and URLs get.
  const longWord = "Pentadecapeptide".repeat(12);
  const longUrl = `https://shop.example/${"catalogue/".repeat(20)}bpc-157-10mg?ref=${"x".repeat(120)}`;

  beforeAll(async () => {
    const { db } = admin.server.app;
    const [vendor] = await db.select({ id: t.vendors.id }).from(t.vendors).limit(1);
    await db.insert(t.scrapeReviewItems).values({
      vendorId: vendor!.id,
      name: `${longWord} 10mg`,
      price: 49.5,
      currency: "EUR",
      reason: "unknown_peptide",
      quantity: 10,
      unit: "mg",
      link: longUrl,
    });
    await db.insert(t.scrapeLogs).values([
      { url: longUrl, status: "error", details: `Fetch failed: ${longWord} ${longUrl}` },
      { url: "https://shop.example/", status: "success", details: "Found 12 products." },
    ]);
    const finished = new Date();
    await db.insert(t.scrapeRuns).values({
      trigger: "manual",
      lockKey: "all",
      status: "succeeded",
      ok: true,
      message: "Scraping completed successfully.",
      result: {
        name: [`${longWord} 5mg`, "BPC-157 10mg"],
        price: [19.99, null],
        link: [longUrl, null],
        sold_out: [false, true],
      },
      startedAt: finished,
      finishedAt: finished,
    });
  });

  for (const viewport of WIDTHS) {
    it(`/admin/scraping (sources, run results, review queue, logs) at ${viewport.width} px`, async () => {
      await admin.page.setViewportSize(viewport);
      await admin.open("/admin/scraping");
      const queue = admin.page.getByRole("table", { name: "Review queue" });
      await queue.getByRole("button", { name: `Approve ${longWord} 10mg` }).waitFor();
      await admin.page.locator("summary", { hasText: "Results" }).click();
      await admin.page.getByRole("table", { name: "Scraping results" }).waitFor();
      const pageOverflow = await admin.page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(pageOverflow, "sideways scroll of the page").toBeLessThanOrEqual(0);
      for (const action of ["Approve", "Add alias:", "Reject", "Ignore"]) {
        const button = queue.getByRole("button", { name: new RegExp(`^${action} `) });
        expect(await button.count(), action).toBe(1);
      }
      expect(await clippedRowActions(admin.page)).toEqual([]);
      expect(await clippedButtons(admin.page)).toEqual([]);
      const logs = admin.page.getByRole("table", { name: "Scraping logs" });
      await logs.getByText(`Fetch failed: ${longWord}`).waitFor();
      expect(await unreadableLogDetails(admin.page)).toEqual([]);
      expect(await seriousAxeFindings(admin.page)).toEqual([]);
    }, 60_000);

    it(`/admin/scraping/add-shop at ${viewport.width} px`, async () => {
      await admin.page.setViewportSize(viewport);
      await admin.open("/admin/scraping/add-shop");
      await admin.page.getByRole("heading", { level: 1 }).first().waitFor();
      const pageOverflow = await admin.page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(pageOverflow, "sideways scroll of the page").toBeLessThanOrEqual(0);
      expect(await clippedButtons(admin.page)).toEqual([]);
      expect(await seriousAxeFindings(admin.page)).toEqual([]);
    });
  }
});
