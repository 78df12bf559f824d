import { and, eq } from "drizzle-orm";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { deliverDueAlertMessages } from "~/.server/alerts/deliver.server";
import { mailOutbox, peptides, sizeOptions, vendorPeptides } from "~/.server/db/schema";
import { enqueueScrapeRun, executeScrapeRun } from "~/.server/jobs/jobs.server";
import { getScrapeSources } from "~/.server/data/scrape-sources.server";
import { demoShopItems } from "~/.server/scraper/demo-retailer.server";
import { formatPrice } from "~/lib/format";

import { launchBrowser, newVerifiedContext, waitForHydration } from "../helpers/browser";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let browser: Browser;
let context: BrowserContext;

const DEMO_USER = "demo@peptideprices.test";

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  context = await newVerifiedContext(browser, { viewport: { width: 390, height: 844 } });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

/** TB-500 5 mg offers: every one out of stock, so nothing is below any target before the scrape. */
async function makeTb500FiveMgUnavailable(): Promise<string> {
  const [size] = await server.app.db
    .select({ id: sizeOptions.id })
    .from(sizeOptions)
    .innerJoin(peptides, eq(peptides.id, sizeOptions.peptideId))
    .where(and(eq(peptides.slug, "tb-500"), eq(sizeOptions.quantity, 5)));
  await server.app.db
    .update(vendorPeptides)
    .set({ stockStatus: "out_of_stock" })
    .where(eq(vendorPeptides.sizeOptionId, size.id));
  return size.id;
}

describe("price alerts", () => {
  it("e-mails the user (outbox) after a scrape drops a price below the target set on the detail page", async () => {
    await makeTb500FiveMgUnavailable();
    const item = demoShopItems().find((i) => i.slug === "tb-500-5mg")!;
    expect(item.soldOut).toBe(false);
    const target = (Math.ceil(item.price) + 5).toFixed(2);

    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/peptide/tb-500?size=5mg`);
    await waitForHydration(page);
    const box = page.getByTestId("price-alert");
    await box.getByRole("link", { name: "Sign in" }).click();
    await page.waitForURL(/\/login\?redirectTo=/);
    await page.getByLabel("Email").fill(DEMO_USER);
    await page.getByLabel("Password").fill("demo-password");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL(`${server.baseUrl}/peptide/tb-500?size=5mg`);
    await waitForHydration(page);

    await box.getByLabel("Size").selectOption({ label: "5mg" });
    await box.getByLabel("At or below my target price").check();
    await box.getByLabel("Target price (after coupon)").fill(target);
    await box.getByLabel("Currency").selectOption("USD");
    // This alert watches the price before shipping (the delivered total is the default).
    await box.getByLabel(/^Watch the delivered total/).uncheck();
    await expect.poll(() => box.getByLabel("E-mail").isChecked()).toBe(true);
    await box.getByRole("button", { name: "Save alert" }).click();
    await page.getByText("Price alert saved").waitFor();
    await box.getByText("You have an alert on this size.").waitFor();

    // The scrape of the demo retailer's WooCommerce product, as the job worker runs it.
    const source = (await getScrapeSources(server.app.db)).find(
      (s) => s.retailerName === "Demo Retailer (WooCommerce variable product)",
    )!;
    const { runId } = await enqueueScrapeRun(server.app, {
      sourceId: source.id,
      requestedBy: null,
    });
    await executeScrapeRun(server.app, runId);
    // The alert's e-mail waits in the delivery queue; the delivery job's run sends it.
    await deliverDueAlertMessages(server.app);

    const mails = await server.app.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, DEMO_USER));
    const alertMails = mails.filter((mail) => mail.subject.startsWith("Price alert:"));
    expect(alertMails).toHaveLength(1);
    expect(alertMails[0].subject).toBe(
      `Price alert: TB-500 5mg is ${formatPrice(item.price, "USD")}`,
    );
    expect(alertMails[0].text).toContain("at Meridian Biolabs");
    expect(alertMails[0].text).toContain(`your target: ${formatPrice(Number(target), "USD")}`);

    // The saved-deals page lists the alert with what it last saw.
    await page.goto(`${server.baseUrl}/deals`);
    const row = page.getByTestId("price-alert-row");
    await row.getByText(`At or below ${formatPrice(Number(target), "USD")}`).waitFor();
    await row.getByText(`Lowest now: ${formatPrice(item.price, "USD")} before shipping`).waitFor();

    // Edited and deleted there too.
    await waitForHydration(page);
    await row.getByRole("button", { name: "Edit alert on TB-500 5mg" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit price alert" });
    await dialog.getByLabel("Target price (after coupon)").fill("12.34");
    await dialog.getByLabel("When").selectOption({ label: "In a daily digest" });
    await dialog.getByRole("button", { name: "Update alert" }).click();
    await page.getByText("Price alert updated").waitFor();
    await row.getByText("At or below $12.34").waitFor();
    await row.getByText("E-mail · In a daily digest").waitFor();

    await row.getByRole("button", { name: "Delete alert on TB-500 5mg" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("Price alert deleted").waitFor();
    await page.getByText("No price alerts yet.", { exact: false }).waitFor();
    await page.close();
  }, 120_000);
});
