import { and, eq } from "drizzle-orm";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { deliverDueAlertMessages } from "~/.server/alerts/deliver.server";
import { notifyPriceChanges } from "~/.server/alerts/notify.server";
import { upsertOffer } from "~/.server/data/vendor-peptides.server";
import { peptides, sizeOptions, vendorPeptides, vendors } from "~/.server/db/schema";

import { signIn } from "../helpers/auth";
import {
  browserCookies,
  launchBrowser,
  newVerifiedContext,
  waitForHydration,
} from "../helpers/browser";
import { startTestServer, type TestServer } from "../helpers/server";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";

let server: TestServer;
let smtp: TestSmtpServer;
let browser: Browser;
let context: BrowserContext;

const DEMO_USER = "demo@peptideprices.test";

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
  context = await newVerifiedContext(browser, { viewport: { width: 1366, height: 900 } });
  // Signed in over HTTP (the login form has its own browser tests): the alert form is the subject.
  const cookie = await signIn(server, DEMO_USER, "demo-password");
  await context.addCookies(browserCookies(cookie, server.baseUrl));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

/** Every single-vial TB-500 5 mg offer sold out; returns one of them with its vendor. */
async function soldOutTb500FiveMg() {
  const offers = await server.app.db
    .select({
      id: vendorPeptides.id,
      vendorId: vendorPeptides.vendorId,
      vendorName: vendors.name,
      peptideId: vendorPeptides.peptideId,
      sizeOptionId: vendorPeptides.sizeOptionId,
      price: vendorPeptides.price,
      currency: vendorPeptides.currency,
    })
    .from(vendorPeptides)
    .innerJoin(vendors, eq(vendors.id, vendorPeptides.vendorId))
    .innerJoin(sizeOptions, eq(sizeOptions.id, vendorPeptides.sizeOptionId))
    .innerJoin(peptides, eq(peptides.id, sizeOptions.peptideId))
    .where(
      and(eq(peptides.slug, "tb-500"), eq(sizeOptions.quantity, 5), eq(vendorPeptides.vials, 1)),
    )
    .orderBy(vendors.name);
  await server.app.db
    .update(vendorPeptides)
    .set({ stockStatus: "out_of_stock" })
    .where(eq(vendorPeptides.sizeOptionId, offers[0].sizeOptionId));
  return offers[0];
}

describe("back-in-stock alerts", () => {
  it("e-mails the user (local SMTP) once when the vendor they chose on the detail page has the size again", async () => {
    const offer = await soldOutTb500FiveMg();

    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/peptide/tb-500?size=5mg`);
    await waitForHydration(page);

    // Chosen with the keyboard: the radio group and the vendor select need no pointer.
    const box = page.getByTestId("price-alert");
    await box.getByLabel("Size").selectOption({ label: "5mg" });
    const restock = box.getByRole("radio", { name: "Back in stock" });
    await restock.focus();
    await page.keyboard.press("Space");
    await expect.poll(() => restock.isChecked()).toBe(true);
    await box
      .getByLabel("Vendor", { exact: true })
      .selectOption({ label: `${offer.vendorName} (out of stock)` });
    await box.getByRole("button", { name: "Save alert" }).click();
    await page.getByText("Price alert saved").waitFor();
    await box.getByText("You have an alert on this size.").waitFor();

    // The offer comes back in stock through the app's own write and its one alert hook.
    const back = async () => {
      const result = await upsertOffer(server.app.db, {
        vendorId: offer.vendorId,
        peptideId: offer.peptideId,
        sizeOptionId: offer.sizeOptionId,
        price: offer.price,
        currency: offer.currency,
        soldOut: false,
        source: "scraped",
      });
      await notifyPriceChanges(server.app, [
        {
          vendorPeptideId: offer.id,
          oldPrice: result.oldPrice ?? offer.price,
          newPrice: offer.price,
        },
      ]);
      // The e-mail waits in the delivery queue; the delivery job's run sends it.
      await deliverDueAlertMessages(server.app);
    };
    await back();
    const mail = await smtp.waitForMessage((message) => message.to.includes(DEMO_USER));
    expect(mail.subject).toBe(`Back in stock: TB-500 5mg at ${offer.vendorName}`);
    // Alerts watch the delivered total by default (issue 30): the price plus the vendor's shipping.
    const delivered = /back in stock at [^:]+: \$([\d,.]+) delivered/.exec(mail.body);
    expect(delivered, mail.body).not.toBeNull();
    expect(Number(delivered![1]!.replace(/,/g, ""))).toBeGreaterThanOrEqual(offer.price);
    expect(mail.body).toContain(`${server.baseUrl}/peptide/tb-500`);
    expect(mail.body).toContain("/alerts/unsubscribe?token=");
    // A second scrape that finds it still in stock is no second mail.
    await back();
    expect(smtp.messages.filter((message) => message.to.includes(DEMO_USER))).toHaveLength(1);

    // The saved-deals page lists it with the vendor it watches.
    await page.goto(`${server.baseUrl}/deals`);
    const row = page.getByTestId("price-alert-row");
    await row.getByText(`Back in stock at ${offer.vendorName}`).waitFor();
    // The delivered total, as the alert watches it.
    await row.getByText(/Now: in stock at \$[\d,.]+/).waitFor();
  });
});
