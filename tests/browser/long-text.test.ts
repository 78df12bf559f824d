import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";

import * as t from "~/.server/db/schema";
import { NOTES_MAX_LENGTH } from "~/lib/forms/deals";
import { TEXT_LIMITS } from "~/lib/text-limits";

import { createUserWithPassword, signIn } from "../helpers/auth";
import { browserCookies, newVerifiedContext, waitForHydration } from "../helpers/browser";
import { PHONE, startPublicBrowser } from "../helpers/public-browser";

/**
 * Issue 32 Must 2: text of any length at any width. The admin-editable texts a buyer sees are
 * filled to their limits with unbroken text (no space to wrap at) and a long URL, and every
 * public page that shows them must still fit a phone and a laptop with its controls in reach.
 */
const site = startPublicBrowser();

const unbroken = (start: string, length: number) => (start + "x".repeat(length)).slice(0, length);
const longUrl =
  `https://lab.example/reports/${"a1b2c3d4".repeat(Math.ceil(TEXT_LIMITS.url / 8))}`.slice(
    0,
    TEXT_LIMITS.url,
  );

const LONG_PEPTIDE = unbroken("BPC157", TEXT_LIMITS.name);
const LONG_VENDOR = unbroken("Apexlabs", TEXT_LIMITS.name);
let vendorSlug = "";

beforeAll(async () => {
  const { db } = site.server.app;
  await db
    .update(t.peptides)
    .set({
      name: LONG_PEPTIDE,
      description: unbroken("Description", TEXT_LIMITS.long),
      keyBenefits: [unbroken("Benefit", TEXT_LIMITS.short), longUrl],
    })
    .where(eq(t.peptides.slug, "bpc-157"));
  const [vendor] = await db
    .update(t.vendors)
    .set({
      name: LONG_VENDOR,
      shippingCost: unbroken("Shipping", TEXT_LIMITS.short),
      website: longUrl,
    })
    .where(eq(t.vendors.name, "Apex Peptide Labs"))
    .returning({ slug: t.vendors.slug, id: t.vendors.id });
  vendorSlug = vendor!.slug;
  await db
    .update(t.vendorPeptides)
    .set({ purity: unbroken("99", TEXT_LIMITS.code), notes: unbroken("Note", TEXT_LIMITS.long) })
    .where(eq(t.vendorPeptides.vendorId, vendor!.id));
});

const WIDTHS = [{ width: 1366, height: 900 }, PHONE];

/**
 * What does not fit: the page's sideways overflow, and every visible link, button or field
 * that lies outside the window without a scrolling box of its own to reach it by.
 */
async function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    if (overflow > 0) found.push(`page ${overflow} px too wide`);
    const inScrollBox = (element: Element) => {
      for (let box = element.parentElement; box; box = box.parentElement) {
        if (box === document.body) return false;
        const { overflowX } = getComputedStyle(box);
        if (overflowX === "auto" || overflowX === "scroll") return true;
      }
      return false;
    };
    for (const control of document.querySelectorAll<HTMLElement>("a, button, input, select")) {
      const rect = control.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if ((rect.right > window.innerWidth + 1 || rect.left < -1) && !inScrollBox(control)) {
        const name = control.getAttribute("aria-label") ?? control.textContent?.trim() ?? "";
        found.push(
          `${control.tagName} "${name.slice(0, 24)}" at x=${Math.round(rect.left)}–${Math.round(rect.right)}`,
        );
      }
    }
    return found;
  });
}

describe("text of any length fits every width", () => {
  const paths = () => [
    "/",
    "/catalog",
    "/peptide/bpc-157",
    "/compare?peptide=bpc-157",
    "/vendors",
    `/vendor/${vendorSlug}`,
    "/search?q=BPC157",
  ];
  for (const viewport of WIDTHS) {
    it(`public pages at ${viewport.width} px`, async () => {
      const problems: string[] = [];
      for (const path of paths()) {
        const page = await site.openPage(path, { viewport });
        problems.push(...(await misfits(page)).map((problem) => `${path}: ${problem}`));
        await page.context().close();
      }
      expect(problems).toEqual([]);
    });
  }
});

/**
 * Issue 32 Must 2 on the phone's home list: the 200-character unbroken name wraps inside its
 * card's row, so its text (measured by the glyphs, not the heading's box, which overflowing text
 * leaves behind) never runs under the card's price or vendor count, nor past the card.
 */
describe("a long peptide name on the phone's home list", () => {
  it(`wraps beside its price at ${PHONE.width} px without overlapping it`, async () => {
    const page = await site.openPage("/", { viewport: PHONE });
    // The grid's card (the peptide is Featured too, above it).
    const card = page.getByTestId("peptide-grid").locator(`article[aria-label="${LONG_PEPTIDE}"]`);
    await card.waitFor();
    const boxes = await card.evaluate((article) => {
      type Box = { left: number; right: number; top: number; bottom: number };
      const box = (rect: DOMRect): Box => ({
        left: rect.left,
        right: rect.right,
        top: rect.top,
        bottom: rect.bottom,
      });
      const link = article.querySelector("h3 a")!;
      const range = document.createRange();
      range.selectNodeContents(link);
      return {
        card: box(article.getBoundingClientRect()),
        name: [...range.getClientRects()].filter((r) => r.width > 0).map(box),
        price: box(article.querySelector('[data-testid="card-price"]')!.getBoundingClientRect()),
        vendors: box(
          article.querySelector('[data-testid="card-vendors"]')!.getBoundingClientRect(),
        ),
      };
    });
    const overflow = await misfits(page);
    await page.context().close();
    type Box = (typeof boxes)["card"];
    const overlaps = (a: Box, b: Box) =>
      a.left < b.right - 0.5 &&
      b.left < a.right - 0.5 &&
      a.top < b.bottom - 0.5 &&
      b.top < a.bottom - 0.5;
    expect(boxes.name.length).toBeGreaterThan(1);
    expect({
      overflow,
      overPrice: boxes.name.filter((line) => overlaps(line, boxes.price)),
      overVendors: boxes.name.filter((line) => overlaps(line, boxes.vendors)),
      pastCard: boxes.name.filter(
        (line) => line.right > boxes.card.right + 0.5 || line.left < boxes.card.left - 0.5,
      ),
      priceInCard: boxes.price.right <= boxes.card.right + 0.5,
    }).toEqual({ overflow: [], overPrice: [], overVendors: [], pastCard: [], priceInCard: true });
  });
});

/**
 * A buyer's own texts: a saved deal whose note is a lab report's address as long as the note
 * may be (no space to wrap at), on the long-named peptide and vendor above, and an alert on
 * that peptide, both on /deals: it must fit with every Edit, Delete and alert button in reach.
 */
describe("a buyer's own texts fit every width", () => {
  let cookie = "";
  const note = `https://lab.example/report/${"9f8e7d6c".repeat(NOTES_MAX_LENGTH)}`.slice(
    0,
    NOTES_MAX_LENGTH,
  );

  beforeAll(async () => {
    const { app } = site.server;
    await createUserWithPassword(app, "long-notes@example.com", "long-notes-pw-1");
    cookie = await signIn(site.server, "long-notes@example.com", "long-notes-pw-1");
    const [offer] = await app.db
      .select({ id: t.vendorPeptides.id, sizeOptionId: t.vendorPeptides.sizeOptionId })
      .from(t.vendorPeptides)
      .innerJoin(t.vendors, eq(t.vendors.id, t.vendorPeptides.vendorId))
      .where(eq(t.vendors.name, LONG_VENDOR))
      .orderBy(t.vendorPeptides.id)
      .limit(1);
    const saved = await site.server.postForm(
      "/deals",
      { intent: "save", vendorPeptideId: offer!.id, notes: note },
      { cookie },
    );
    expect(saved.status).toBe(200);
    const alert = await site.server.postForm(
      "/alerts",
      {
        intent: "save",
        sizeOptionId: offer!.sizeOptionId!,
        mode: "below",
        targetPrice: "1.00",
        currency: "USD",
        channels: ["email"],
        digest: "immediate",
      },
      { cookie },
    );
    expect(alert.status).toBe(200);
  });

  for (const viewport of WIDTHS) {
    it(`/deals, with the saved deal and the alert, at ${viewport.width} px`, async () => {
      const context = await newVerifiedContext(site.browser, { viewport });
      await context.addCookies(browserCookies(cookie, site.server.baseUrl));
      const page = await context.newPage();
      await page.goto(`${site.server.baseUrl}/deals`);
      await waitForHydration(page);
      // Both are on the page, so a misfit of either is seen.
      await page.getByText(note.slice(0, 40)).waitFor();
      await page
        .getByRole("button", { name: /delete/i })
        .first()
        .waitFor();
      const problems = await misfits(page);
      await context.close();
      expect(problems).toEqual([]);
    });
  }
});
