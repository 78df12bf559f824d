import { and, eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as t from "~/.server/db/schema";

import { chooseInCombobox, launchBrowser, newAdminContext } from "../helpers/browser";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let apexId: string;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  context = await newAdminContext(server, browser, { viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
  const [apex] = await server.app.db
    .select({ id: t.vendors.id })
    .from(t.vendors)
    .where(eq(t.vendors.name, "Apex Peptide Labs"));
  apexId = apex.id;
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

const toast = (text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

describe("the review queue in a browser", () => {
  it("shows why a listing waits, approves it with a currency, and ignores another for good", async () => {
    await server.app.db.insert(t.scrapeReviewItems).values([
      {
        vendorId: apexId,
        name: "Lysine Proline Valine 7mg x 2 vials",
        price: 42,
        currency: null,
        reason: "unknown_currency",
        quantity: 7,
        unit: "mg",
        vials: 2,
      },
      { vendorId: apexId, name: "Odd Listing 3mg", price: 9, reason: "unknown_peptide" },
    ]);
    await page.goto(`${server.baseUrl}/admin/scraping`);
    const queue = page.getByRole("table", { name: "Review queue" });
    const row = queue.getByRole("row").filter({ hasText: "Lysine Proline Valine" });
    await row.getByText("Currency unknown", { exact: true }).waitFor();
    await row.getByText("read as 7mg × 2 vials").waitFor();

    await chooseInCombobox(
      row.getByLabel("Peptide for Lysine Proline Valine 7mg x 2 vials"),
      "kpv",
      "KPV",
    );
    await row.getByLabel("Currency").fill("EUR");
    await row.getByRole("button", { name: "Approve Lysine Proline Valine 7mg x 2 vials" }).click();
    await toast("Price approved").waitFor();
    await row.waitFor({ state: "detached" });
    const [offer] = await server.app.db
      .select({ price: t.vendorPeptides.price, currency: t.vendorPeptides.currency })
      .from(t.vendorPeptides)
      .innerJoin(t.sizeOptions, eq(t.sizeOptions.id, t.vendorPeptides.sizeOptionId))
      .where(and(eq(t.vendorPeptides.vendorId, apexId), eq(t.sizeOptions.quantity, 7)));
    expect(offer).toEqual({ price: 42, currency: "EUR" });

    await queue.getByRole("button", { name: "Ignore Odd Listing 3mg for good" }).click();
    await toast("Listing ignored for good").waitFor();
    await queue.getByText("Odd Listing 3mg", { exact: true }).waitFor({ state: "detached" });
  }, 60_000);
});
