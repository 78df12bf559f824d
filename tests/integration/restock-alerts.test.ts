import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { deliverDueAlertMessages } from "~/.server/alerts/deliver.server";
import { notifyPriceChanges } from "~/.server/alerts/notify.server";
import { currentAlertState } from "~/.server/alerts/price-alerts.server";
import { upsertPriceAlert, type PriceAlertSettings } from "~/.server/data/price-alerts.server";
import { upsertVendorPrice } from "~/.server/data/vendor-peptides.server";
import {
  alertDeliveries,
  peptides,
  priceAlerts,
  sizeOptions,
  vendorPeptides,
  vendors,
} from "~/.server/db/schema";

import { createTestApp, type TestApp } from "../helpers/app";
import { createUserWithPassword } from "../helpers/auth";
import { startReceiver } from "../helpers/receiver";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";

let app: TestApp;
let smtp: TestSmtpServer;
let peptideId: string;
let sizeOptionId: string;
let helix: string;
let meridian: string;
let userCount = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp({ SEED_DEMO: "false", SMTP_URL: smtp.url });
  const [peptide] = await app.db
    .insert(peptides)
    .values({ name: "Restockide", slug: "restockide" })
    .returning({ id: peptides.id });
  peptideId = peptide.id;
  const [size] = await app.db
    .insert(sizeOptions)
    .values({ peptideId, quantity: 10, unit: "mg" })
    .returning({ id: sizeOptions.id });
  sizeOptionId = size.id;
  const inserted = await app.db
    .insert(vendors)
    .values([{ name: "Helix Source" }, { name: "Meridian Labs" }])
    .returning({ id: vendors.id, name: vendors.name });
  helix = inserted.find((v) => v.name === "Helix Source")!.id;
  meridian = inserted.find((v) => v.name === "Meridian Labs")!.id;
});
afterAll(async () => {
  await app?.dispose();
  await smtp?.close();
});

beforeEach(async () => {
  await app.db.delete(priceAlerts);
  await app.db.delete(alertDeliveries);
  await app.db.delete(vendorPeptides);
  await writeOffer(helix, 60, { soldOut: true });
  await writeOffer(meridian, 70, { soldOut: true });
});

/** A price and stock write as the scraper and the admin editor make it, then the one alert hook. */
async function writeOffer(vendorId: string, price: number, { soldOut }: { soldOut: boolean }) {
  const result = await upsertVendorPrice(app.db, {
    vendorId,
    peptideId,
    sizeOptionId,
    price,
    currency: "USD",
    url: `https://shop.example/${vendorId}`,
    soldOut,
    source: "scraped",
  });
  await notifyPriceChanges(app, [
    {
      vendorPeptideId: result.vendorPeptideId!,
      oldPrice: result.oldPrice ?? price,
      newPrice: price,
    },
  ]);
  return result.vendorPeptideId!;
}

async function newUser(): Promise<{ userId: string; email: string }> {
  userCount += 1;
  const email = `restock-${userCount}@example.com`;
  return { userId: await createUserWithPassword(app, email, "restock-password"), email };
}

async function createRestockAlert(userId: string, settings: Partial<PriceAlertSettings> = {}) {
  const full: PriceAlertSettings = {
    mode: "restock",
    targetPrice: null,
    currency: "USD",
    includeShipping: false,
    channels: ["email"],
    webhookUrl: null,
    digest: "immediate",
    ...settings,
  };
  const { state } = await currentAlertState(app, { sizeOptionId, ...full });
  return upsertPriceAlert(app.db, { ...full, userId, peptideId, sizeOptionId, state });
}

function mailsTo(email: string) {
  return smtp.messages.filter((message) => message.to.includes(email));
}

describe("back-in-stock alerts", () => {
  it("mails once per return of the size, never while it stays in stock", async () => {
    const { userId, email } = await newUser();
    await createRestockAlert(userId);

    // First return: one mail, naming the vendor, with the price, the page and an unsubscribe link.
    await writeOffer(helix, 60, { soldOut: false });
    const mail = await smtp.waitForMessage((message) => message.to.includes(email));
    expect(mail.subject).toBe("Back in stock: Restockide 10mg at Helix Source");
    expect(mail.body).toContain("Restockide 10mg is back in stock at Helix Source: $60.00");
    expect(mail.body).toContain(`${app.baseUrl}/peptide/restockide`);
    expect(mail.body).toMatch(/Stop these e-mails: \S+\/alerts\/unsubscribe\?token=/);
    expect(mail.raw).toMatch(/^List-Unsubscribe:\s+<\S+\/alerts\/unsubscribe/im);

    // Further scrapes while it stays buyable — same price, a new price, a second vendor — are no news.
    await writeOffer(helix, 60, { soldOut: false });
    await writeOffer(helix, 55, { soldOut: false });
    await writeOffer(meridian, 70, { soldOut: false });
    expect(mailsTo(email)).toHaveLength(1);

    // Gone everywhere (silently), then back: the second return is a second mail, and only one.
    await writeOffer(helix, 55, { soldOut: true });
    await writeOffer(meridian, 70, { soldOut: true });
    await writeOffer(meridian, 70, { soldOut: true });
    expect(mailsTo(email)).toHaveLength(1);
    await writeOffer(meridian, 72, { soldOut: false });
    await writeOffer(meridian, 72, { soldOut: false });
    expect(mailsTo(email)).toHaveLength(2);
    expect(mailsTo(email)[1].subject).toBe("Back in stock: Restockide 10mg at Meridian Labs");
  });

  it("watches one vendor's offer when asked: another vendor's stock is no news", async () => {
    const { userId, email } = await newUser();
    const meridianOffer = await writeOffer(meridian, 70, { soldOut: true });
    await createRestockAlert(userId, { vendorPeptideId: meridianOffer });

    await writeOffer(helix, 60, { soldOut: false });
    await writeOffer(helix, 58, { soldOut: false });
    expect(mailsTo(email)).toHaveLength(0);

    await writeOffer(meridian, 68, { soldOut: false });
    const mail = await smtp.waitForMessage((message) => message.to.includes(email));
    expect(mail.subject).toBe("Back in stock: Restockide 10mg at Meridian Labs");
    expect(mail.body).toContain("$68.00");

    await writeOffer(meridian, 68, { soldOut: true });
    await writeOffer(meridian, 68, { soldOut: false });
    expect(mailsTo(email)).toHaveLength(2);
  });

  it("starts from the stock now: an alert set while in stock waits for the next return", async () => {
    const { userId, email } = await newUser();
    await writeOffer(helix, 60, { soldOut: false });
    await createRestockAlert(userId);

    await writeOffer(helix, 60, { soldOut: false });
    expect(mailsTo(email)).toHaveLength(0);

    await writeOffer(helix, 60, { soldOut: true });
    await writeOffer(helix, 60, { soldOut: false });
    expect(mailsTo(email)).toHaveLength(1);
  });

  it("notifies once when two evaluations of one return race", async () => {
    const { userId, email } = await newUser();
    await createRestockAlert(userId);
    const result = await upsertVendorPrice(app.db, {
      vendorId: helix,
      peptideId,
      sizeOptionId,
      price: 60,
      currency: "USD",
      soldOut: false,
      source: "scraped",
    });
    const change = { vendorPeptideId: result.vendorPeptideId!, oldPrice: 60, newPrice: 60 };
    await Promise.all([notifyPriceChanges(app, [change]), notifyPriceChanges(app, [change])]);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it("posts one return to a webhook like a price alert", async () => {
    const hook = await startReceiver();
    try {
      const { userId } = await newUser();
      await createRestockAlert(userId, { channels: ["webhook"], webhookUrl: `${hook.url}/hook` });
      await writeOffer(helix, 60, { soldOut: false });
      await writeOffer(helix, 59, { soldOut: false });
      const policy = { allowPrivateHosts: true, trustedOrigins: [] };
      expect(await deliverDueAlertMessages(app, { policy })).toMatchObject({ sent: 1 });
      expect(hook.received).toHaveLength(1);
      expect(JSON.parse(hook.received[0].body.toString("utf8"))).toMatchObject({
        title: "Back in stock: Restockide 10mg at Helix Source",
        message: "Restockide 10mg is back in stock at Helix Source: $60.00",
        click: `${app.baseUrl}/peptide/restockide`,
      });
    } finally {
      await hook.close();
    }
  });
});
