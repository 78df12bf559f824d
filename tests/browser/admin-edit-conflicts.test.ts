/**
 * Issue 17 Must 7 and 8 in the browser: two admins (two browser contexts) edit the same peptide,
 * vendor (and its coupon), scrape source, settings and footer section (its rich text); the later
 * save is refused with the other change shown, and its reload keeps what was typed. A far-off
 * manual price asks for a confirmation before it is saved; 0 is refused under the field.
 */
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getAdminSettings } from "~/.server/data/settings.server";
import { createScrapeSource } from "~/.server/data/scrape-sources.server";
import {
  coupons,
  footerContent,
  peptides,
  scrapeSources,
  vendorPeptides,
  vendors,
} from "~/.server/db/schema";

import { launchBrowser, newAdminContext, waitForHydration } from "../helpers/browser";
import { startTestServer, type TestServer } from "../helpers/server";
import { singlePageSource } from "../helpers/scrape-sources";

let server: TestServer;
let browser: Browser;
let contextA: BrowserContext;
let contextB: BrowserContext;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  contextA = await newAdminContext(server, browser);
  contextB = await newAdminContext(server, browser);
});
afterAll(async () => {
  await contextA?.close();
  await contextB?.close();
  await browser?.close();
  await server?.close();
});

async function open(context: BrowserContext, pathname: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}${pathname}`);
  await waitForHydration(page);
  return page;
}

const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });

async function peptide(slug: string) {
  const [row] = await server.app.db
    .select({ name: peptides.name, description: peptides.description })
    .from(peptides)
    .where(eq(peptides.slug, slug));
  return row!;
}

describe("two admins, one peptide", () => {
  it("B's stale save is refused with A's rename shown; B's reload keeps B's description and saves with A's name", async () => {
    const tabA = await open(contextA, "/admin/peptides?q=Ipamorelin");
    const tabB = await open(contextB, "/admin/peptides?q=Ipamorelin");
    await tabA.getByRole("button", { name: "Edit Ipamorelin" }).click();
    await tabB.getByRole("button", { name: "Edit Ipamorelin" }).click();
    const dialogA = tabA.getByRole("dialog", { name: "Edit Peptide" });
    const dialogB = tabB.getByRole("dialog", { name: "Edit Peptide" });
    await dialogA.getByLabel("Name", { exact: true }).fill("Ipamorelin Acetate");
    await dialogA.getByRole("button", { name: "Save Changes" }).click();
    await toast(tabA, "Peptide updated").waitFor();

    await dialogB.getByLabel("Description").fill("Typed in tab B");
    await dialogB.getByRole("button", { name: "Save Changes" }).click();
    await toast(tabB, "Changed by someone else since you opened it").waitFor();
    const notice = dialogB.getByTestId("edit-conflict");
    await notice.waitFor();
    expect(await notice.textContent()).toContain("Ipamorelin Acetate");
    expect(await notice.textContent()).toContain("Name");
    expect(await peptide("ipamorelin")).toMatchObject({ name: "Ipamorelin Acetate" });
    expect((await peptide("ipamorelin")).description).not.toBe("Typed in tab B");

    await notice.getByRole("button", { name: "Reload, keep my changes" }).click();
    expect(await dialogB.getByLabel("Name", { exact: true }).inputValue()).toBe(
      "Ipamorelin Acetate",
    );
    expect(await dialogB.getByLabel("Description").inputValue()).toBe("Typed in tab B");
    await dialogB.getByRole("button", { name: "Save Changes" }).click();
    await toast(tabB, "Peptide updated").waitFor();
    expect(await peptide("ipamorelin")).toEqual({
      name: "Ipamorelin Acetate",
      description: "Typed in tab B",
    });
    await tabA.close();
    await tabB.close();
    // Two contexts, two dialogs and three saves: more than one test's default time on a busy machine.
  }, 180_000);
});

/** Both admins' dialogs open on the same row: `open` is the click that opens one. */
async function twoDialogs(pathname: string, editLabel: string, title: string) {
  const tabA = await open(contextA, pathname);
  const tabB = await open(contextB, pathname);
  await tabA.getByRole("button", { name: editLabel, exact: true }).click();
  await tabB.getByRole("button", { name: editLabel, exact: true }).click();
  return {
    tabA,
    tabB,
    dialogA: tabA.getByRole("dialog", { name: title }),
    dialogB: tabB.getByRole("dialog", { name: title }),
  };
}

describe("two admins, one vendor and its coupon", () => {
  it("B's coupon over A's rename is refused with the rename shown; the reload keeps B's coupon", async () => {
    const [vendor] = await server.app.db
      .insert(vendors)
      .values({ name: "Conflict Browser Labs" })
      .returning({ id: vendors.id });
    const { tabA, tabB, dialogA, dialogB } = await twoDialogs(
      "/admin/vendors?q=Conflict%20Browser",
      "Edit Conflict Browser Labs",
      "Edit Vendor",
    );
    await dialogA.getByLabel("Name", { exact: true }).fill("Conflict Browser Labs Renamed");
    await dialogA.getByRole("button", { name: "Save Changes" }).click();
    await toast(tabA, "Vendor updated").waitFor();

    await dialogB.getByLabel("Coupon Code").fill("TABB10");
    await dialogB.getByLabel("Discount Amount").fill("10");
    await dialogB.getByRole("button", { name: "Save Changes" }).click();
    const notice = dialogB.getByTestId("edit-conflict");
    await notice.waitFor();
    expect(await notice.textContent()).toContain("Changed by someone else since you opened it");
    expect(await notice.textContent()).toContain("Conflict Browser Labs Renamed");
    const couponNow = () =>
      server.app.db
        .select({ code: coupons.code })
        .from(coupons)
        .where(eq(coupons.vendorId, vendor!.id));
    expect(await couponNow()).toEqual([]);

    await notice.getByRole("button", { name: "Reload, keep my changes" }).click();
    expect(await dialogB.getByLabel("Name", { exact: true }).inputValue()).toBe(
      "Conflict Browser Labs Renamed",
    );
    expect(await dialogB.getByLabel("Coupon Code").inputValue()).toBe("TABB10");
    await dialogB.getByRole("button", { name: "Save Changes" }).click();
    await toast(tabB, "Vendor updated").waitFor();
    const [saved] = await server.app.db
      .select({ name: vendors.name })
      .from(vendors)
      .where(eq(vendors.id, vendor!.id));
    expect(saved).toEqual({ name: "Conflict Browser Labs Renamed" });
    expect(await couponNow()).toEqual([{ code: "TABB10" }]);
    await tabA.close();
    await tabB.close();
  }, 180_000);
});

describe("two admins, one scrape source", () => {
  it("B's rename over A's new price selector is refused with it shown; the reload saves both", async () => {
    const id = await createScrapeSource(
      server.app.db,
      singlePageSource({
        retailerName: "Conflict Browser Shop",
        url: "https://conflict-browser.example/p/bpc-157",
      }),
    );
    const { tabA, tabB, dialogA, dialogB } = await twoDialogs(
      "/admin/scraping?q=Conflict%20Browser%20Shop",
      "Edit Conflict Browser Shop",
      "Edit Source",
    );
    await dialogA.getByLabel("Price selector *").fill(".price-now");
    await dialogA.getByRole("button", { name: "Save Changes" }).click();
    await toast(tabA, "Source updated successfully").waitFor();

    await dialogB.getByLabel("Retailer name *").fill("Conflict Browser Shop B");
    await dialogB.getByRole("button", { name: "Save Changes" }).click();
    await toast(tabB, "Changed by someone else since you opened it").waitFor();
    const notice = dialogB.getByTestId("edit-conflict");
    expect(await notice.textContent()).toContain("Price selector");
    expect(await notice.textContent()).toContain(".price-now");
    const source = async () => {
      const [row] = await server.app.db
        .select({
          retailerName: scrapeSources.retailerName,
          priceSelector: scrapeSources.priceSelector,
        })
        .from(scrapeSources)
        .where(eq(scrapeSources.id, id));
      return row;
    };
    expect(await source()).toEqual({
      retailerName: "Conflict Browser Shop",
      priceSelector: ".price-now",
    });

    await notice.getByRole("button", { name: "Reload, keep my changes" }).click();
    expect(await dialogB.getByLabel("Price selector *").inputValue()).toBe(".price-now");
    expect(await dialogB.getByLabel("Retailer name *").inputValue()).toBe(
      "Conflict Browser Shop B",
    );
    await dialogB.getByRole("button", { name: "Save Changes" }).click();
    await toast(tabB, "Source updated successfully").waitFor();
    expect(await source()).toEqual({
      retailerName: "Conflict Browser Shop B",
      priceSelector: ".price-now",
    });
    await tabA.close();
    await tabB.close();
  }, 180_000);
});

describe("two admins, the settings page", () => {
  it("B's save over A's is refused with A's value shown; after the reload B saves, and saves again", async () => {
    const tabA = await open(contextA, "/admin/settings");
    const tabB = await open(contextB, "/admin/settings");
    const form = (page: Page) => page.getByRole("form", { name: "Settings" });
    await form(tabA).getByLabel("Max URLs per run").fill("37");
    await form(tabA).getByRole("button", { name: "Save Settings" }).click();
    await toast(tabA, "Settings saved").waitFor();

    await form(tabB).getByLabel("Request delay per host (ms)").fill("1500");
    await form(tabB).getByRole("button", { name: "Save Settings" }).click();
    const notice = form(tabB).getByTestId("edit-conflict");
    await notice.waitFor();
    expect(await notice.textContent()).toContain("Max URLs per run");
    expect(await notice.textContent()).toContain("37");
    expect(await getAdminSettings(server.app.db)).toMatchObject({ maxUrlsPerRun: 37 });
    expect((await getAdminSettings(server.app.db)).requestDelayMs).not.toBe(1500);

    await notice.getByRole("button", { name: "Reload, keep my changes" }).click();
    expect(await form(tabB).getByLabel("Max URLs per run").inputValue()).toBe("37");
    expect(await form(tabB).getByLabel("Request delay per host (ms)").inputValue()).toBe("1500");
    await form(tabB).getByRole("button", { name: "Save Settings" }).click();
    await toast(tabB, "Settings saved").waitFor();
    expect(await getAdminSettings(server.app.db)).toMatchObject({
      maxUrlsPerRun: 37,
      requestDelayMs: 1500,
    });

    // The page form stays open: its next save goes over its own, not into a conflict.
    await form(tabB).getByLabel("Request delay per host (ms)").fill("1600");
    await form(tabB).getByRole("button", { name: "Save Settings" }).click();
    await expect
      .poll(async () => (await getAdminSettings(server.app.db)).requestDelayMs)
      .toBe(1600);
    expect(await form(tabB).getByTestId("edit-conflict").count()).toBe(0);
    await tabA.close();
    await tabB.close();
  }, 180_000);
});

describe("two admins, one footer section", () => {
  it("B's new title over A's new text is refused; the reload puts A's text into B's editor", async () => {
    const tabA = await open(contextA, "/admin/footer");
    const tabB = await open(contextB, "/admin/footer");
    const legal = async (page: Page) => {
      await page.getByRole("tab", { name: "Legal" }).click();
      return page.getByRole("form", { name: "Legal section" });
    };
    const formA = await legal(tabA);
    const formB = await legal(tabB);
    const editorA = formA.getByRole("textbox", { name: "Content" });
    await editorA.click();
    await tabA.keyboard.press("ControlOrMeta+a");
    await tabA.keyboard.type("Terms rewritten by A");
    await formA.getByRole("button", { name: "Save Legal" }).click();
    await toast(tabA, "Footer content updated").waitFor();

    await formB.getByLabel("Title").fill("Legal Notes By B");
    await formB.getByRole("button", { name: "Save Legal" }).click();
    const notice = formB.getByTestId("edit-conflict");
    await notice.waitFor();
    expect(await notice.textContent()).toContain("Terms rewritten by A");
    await notice.getByRole("button", { name: "Reload, keep my changes" }).click();
    expect(await formB.getByRole("textbox", { name: "Content" }).textContent()).toContain(
      "Terms rewritten by A",
    );
    expect(await formB.getByLabel("Title").inputValue()).toBe("Legal Notes By B");
    await formB.getByRole("button", { name: "Save Legal" }).click();
    await toast(tabB, "Footer content updated").waitFor();
    const [stored] = await server.app.db
      .select({ title: footerContent.title, content: footerContent.content })
      .from(footerContent)
      .where(eq(footerContent.section, "legal"));
    expect(stored!.title).toBe("Legal Notes By B");
    expect(stored!.content).toContain("Terms rewritten by A");
    await tabA.close();
    await tabB.close();
  }, 180_000);
});

describe("manual price sanity in the inline edit", () => {
  it("0 is refused under the field; a far-off price asks first and is saved once confirmed", async () => {
    const page = await open(contextA, "/admin/prices");
    const label = await page
      .getByRole("checkbox", { name: /^Select .+ price for / })
      .first()
      .getAttribute("aria-label");
    const name = label!.replace(/^Select /, "");
    await page
      .getByRole("button", { name: `Edit ${name}`, exact: true })
      .first()
      .click();
    const price = page.getByRole("spinbutton", { name: `Price of ${name}` });
    const original = Number(await price.inputValue());

    await price.fill("0");
    await price.press("Enter");
    await page.getByText("Price must be greater than 0").first().waitFor();

    const farOff = String(Math.round(original * 50 * 100) / 100);
    await price.fill(farOff);
    await price.press("Enter");
    const question = page.getByRole("alertdialog", { name: "Unusual price" });
    await question.waitFor();
    expect(await question.textContent()).toContain("far from what the other vendors charge");
    const stored = () =>
      server.app.db
        .select({ price: vendorPeptides.price })
        .from(vendorPeptides)
        .where(eq(vendorPeptides.price, Number(farOff)));
    expect(await stored()).toEqual([]);
    await question.getByRole("button", { name: "Save anyway" }).click();
    await toast(page, "Vendor price updated").waitFor();
    expect(await stored()).toHaveLength(1);
    await page.close();
  }, 120_000);
});
