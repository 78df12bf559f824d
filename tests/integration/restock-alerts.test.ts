import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { deliverDueAlertMessages } from "~/.server/alerts/deliver.server";
import { notifyPriceChanges } from "~/.server/alerts/notify.server";
import { type PriceAlertSettings } from "~/.server/data/price-alerts.server";
import { upsertOffer } from "~/.server/data/vendor-peptides.server";

import { accountMaker } from "../helpers/auth";
import { createTestApp, type TestApp } from "../helpers/app";
import {
  clearAlertsAndOffers,
  saveSizeAlert,
  seedWatchedSize,
  writeOfferAndNotify,
  type WatchedSize,
} from "../helpers/alert-catalogue";
import { startReceiver } from "../helpers/receiver";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";

let app: TestApp;
let smtp: TestSmtpServer;
let size: WatchedSize;
let helix: string;
let meridian: string;
let newUser: ReturnType<typeof accountMaker>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp({ SEED_DEMO: "false", SMTP_URL: smtp.url });
  const seeded = await seedWatchedSize(app, { name: "Restockide", slug: "restockide" }, [
    "Helix Source",
    "Meridian Labs",
  ]);
  size = seeded.size;
  [helix, meridian] = seeded.vendorIds as [string, string];
  newUser = accountMaker(app, "restock");
});
afterAll(async () => {
  await app?.dispose();
  await smtp?.close();
});

beforeEach(async () => {
  await clearAlertsAndOffers(app);
  await writeOffer(helix, 60, { soldOut: true });
  await writeOffer(meridian, 70, { soldOut: true });
});

/** A price and stock write as the scraper and the admin editor make it, then the one alert hook. */
async function writeOffer(vendorId: string, price: number, { soldOut }: { soldOut: boolean }) {
  const url = `https://shop.example/${vendorId}`;
  return (await writeOfferAndNotify(app, size, { vendorId, price, soldOut, url })).vendorPeptideId;
}

async function createRestockAlert(userId: string, settings: Partial<PriceAlertSettings> = {}) {
  return saveSizeAlert(app, size, userId, { mode: "restock", targetPrice: null, ...settings });
}

/** The e-mails the user got once the delivery job ran (every alert e-mail waits in its queue). */
async function mailsTo(email: string) {
  await deliverDueAlertMessages(app);
  return smtp.messages.filter((message) => message.to.includes(email));
}

async function nextMailTo(email: string) {
  await deliverDueAlertMessages(app);
  return smtp.waitForMessage((message) => message.to.includes(email));
}

describe("back-in-stock alerts", () => {
  it("mails once per return of the size, never while it stays in stock", async () => {
    const { userId, email } = await newUser();
    await createRestockAlert(userId);

    // First return: one mail, naming the vendor, with the price, the page and an unsubscribe link.
    await writeOffer(helix, 60, { soldOut: false });
    const mail = await nextMailTo(email);
    expect(mail.subject).toBe("Back in stock: Restockide 10mg at Helix Source");
    // Without shipping counted, the price says so, as the alert list does.
    expect(mail.body).toContain(
      "Restockide 10mg is back in stock at Helix Source: $60.00 before shipping",
    );
    expect(mail.body).toContain(`${app.baseUrl}/peptide/restockide`);
    expect(mail.body).toMatch(/Stop these e-mails: \S+\/alerts\/unsubscribe\?token=/);
    expect(mail.raw).toMatch(/^List-Unsubscribe:\s+<\S+\/alerts\/unsubscribe/im);

    // Further scrapes while it stays buyable — same price, a new price, a second vendor — are no news.
    await writeOffer(helix, 60, { soldOut: false });
    await writeOffer(helix, 55, { soldOut: false });
    await writeOffer(meridian, 70, { soldOut: false });
    expect(await mailsTo(email)).toHaveLength(1);

    // Gone everywhere (silently), then back: the second return is a second mail, and only one.
    await writeOffer(helix, 55, { soldOut: true });
    await writeOffer(meridian, 70, { soldOut: true });
    await writeOffer(meridian, 70, { soldOut: true });
    expect(await mailsTo(email)).toHaveLength(1);
    await writeOffer(meridian, 72, { soldOut: false });
    await writeOffer(meridian, 72, { soldOut: false });
    expect(await mailsTo(email)).toHaveLength(2);
    expect((await mailsTo(email))[1].subject).toBe(
      "Back in stock: Restockide 10mg at Meridian Labs",
    );
  });

  it("watches one vendor's offer when asked: another vendor's stock is no news", async () => {
    const { userId, email } = await newUser();
    const meridianOffer = await writeOffer(meridian, 70, { soldOut: true });
    await createRestockAlert(userId, { vendorPeptideId: meridianOffer });

    await writeOffer(helix, 60, { soldOut: false });
    await writeOffer(helix, 58, { soldOut: false });
    expect(await mailsTo(email)).toHaveLength(0);

    await writeOffer(meridian, 68, { soldOut: false });
    const mail = await nextMailTo(email);
    expect(mail.subject).toBe("Back in stock: Restockide 10mg at Meridian Labs");
    expect(mail.body).toContain("$68.00");

    await writeOffer(meridian, 68, { soldOut: true });
    await writeOffer(meridian, 68, { soldOut: false });
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it("starts from the stock now: an alert set while in stock waits for the next return", async () => {
    const { userId, email } = await newUser();
    await writeOffer(helix, 60, { soldOut: false });
    await createRestockAlert(userId);

    await writeOffer(helix, 60, { soldOut: false });
    expect(await mailsTo(email)).toHaveLength(0);

    await writeOffer(helix, 60, { soldOut: true });
    await writeOffer(helix, 60, { soldOut: false });
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("notifies once when two evaluations of one return race", async () => {
    const { userId, email } = await newUser();
    await createRestockAlert(userId);
    const result = await upsertOffer(app.db, {
      vendorId: helix,
      ...size,
      price: 60,
      currency: "USD",
      soldOut: false,
      source: "scraped",
    });
    const change = { vendorPeptideId: result.vendorPeptideId!, oldPrice: 60, newPrice: 60 };
    await Promise.all([notifyPriceChanges(app, [change]), notifyPriceChanges(app, [change])]);
    expect(await mailsTo(email)).toHaveLength(1);
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
        message: "Restockide 10mg is back in stock at Helix Source: $60.00 before shipping",
        click: `${app.baseUrl}/peptide/restockide`,
      });
    } finally {
      await hook.close();
    }
  });
});
