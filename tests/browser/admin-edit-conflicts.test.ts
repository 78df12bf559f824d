/**
 * Issue 17 Must 7 and 8 in the browser: two admins (two browser contexts) edit the same peptide;
 * the later save is refused with the other change shown, and its reload keeps what was typed. A
 * far-off manual price asks for a confirmation before it is saved; 0 is refused under the field.
 */
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { peptides, vendorPeptides } from "~/.server/db/schema";

import { launchBrowser, newAdminContext } from "../helpers/browser";
import { startTestServer, type TestServer } from "../helpers/server";

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
  await page.waitForFunction(
    () => "__reactRouterRouteModules" in window && document.readyState === "complete",
  );
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
