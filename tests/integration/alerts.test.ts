import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { deliverDueAlertMessages } from "~/.server/alerts/deliver.server";
import { notifyPriceChanges } from "~/.server/alerts/notify.server";
import { saveDeal } from "~/.server/data/saved-deals.server";
import { coupons, savedDeals, settings, vendorPeptides } from "~/.server/db/schema";
import { createMailer } from "~/.server/platform/mail.server";

import { createTestApp, type TestApp } from "../helpers/app";
import { createUserWithPassword } from "../helpers/auth";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";

let app: TestApp;
let smtp: TestSmtpServer;
let alertApp: Pick<TestApp, "db" | "mailer" | "logger" | "baseUrl" | "env">;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp({ SMTP_URL: smtp.url });
  alertApp = app;
});
afterAll(async () => {
  await app?.dispose();
  await smtp?.close();
});

/** A buyable offer without a coupon, so the price the site shows is the listed price. */
async function uncouponedOffer(index: number) {
  const rows = await app.db
    .select({
      id: vendorPeptides.id,
      price: vendorPeptides.price,
      vendorId: vendorPeptides.vendorId,
    })
    .from(vendorPeptides)
    .orderBy(vendorPeptides.id)
    .limit(index + 1);
  const offer = rows[index];
  await app.db.delete(coupons).where(eq(coupons.vendorId, offer.vendorId));
  await app.db
    .update(vendorPeptides)
    .set({ stockStatus: "in_stock", missedScrapes: 0 })
    .where(eq(vendorPeptides.id, offer.id));
  return offer;
}

async function changePrice(vendorPeptideId: string, newPrice: number) {
  const [before] = await app.db
    .select({ price: vendorPeptides.price })
    .from(vendorPeptides)
    .where(eq(vendorPeptides.id, vendorPeptideId));
  await app.db
    .update(vendorPeptides)
    .set({ price: newPrice })
    .where(eq(vendorPeptides.id, vendorPeptideId));
  const summary = await notifyPriceChanges(alertApp, [
    { vendorPeptideId, oldPrice: before.price, newPrice },
  ]);
  // The e-mails wait in the delivery queue: the delivery job's run sends them.
  await deliverDueAlertMessages(app);
  return summary;
}

describe("price-drop alerts", () => {
  it("mails the owner once per drop of at least the threshold, and not for small ones", async () => {
    const email = "watcher@example.com";
    const userId = await createUserWithPassword(app, email, "watcher-password");
    const offer = await uncouponedOffer(0);
    await app.db.update(vendorPeptides).set({ price: 100 }).where(eq(vendorPeptides.id, offer.id));
    expect(await saveDeal(app.db, { userId, vendorPeptideId: offer.id })).toBe("saved");

    // 4% below the saved price: under the default 5% threshold.
    expect(await changePrice(offer.id, 96)).toMatchObject({ queued: 0 });

    expect(await changePrice(offer.id, 90)).toMatchObject({ queued: 1 });
    const mail = await smtp.waitForMessage((message) => message.to.includes(email));
    expect(mail.subject).toContain("Price drop");
    expect(mail.body).toContain("$100.00");
    expect(mail.body).toContain("$90.00");
    const [deal] = await app.db
      .select({ lastAlertedPrice: savedDeals.lastAlertedPrice })
      .from(savedDeals)
      .where(eq(savedDeals.userId, userId));
    expect(deal.lastAlertedPrice).toBe(90);

    // The same drop reported again, and a small further dip, mail nobody.
    expect(await changePrice(offer.id, 90)).toMatchObject({ queued: 0 });
    expect(await changePrice(offer.id, 88)).toMatchObject({ queued: 0 });
    // 5% below the last price the owner heard about is a new drop.
    expect(await changePrice(offer.id, 85.5)).toMatchObject({ queued: 1 });
    expect(smtp.messages.filter((message) => message.to.includes(email))).toHaveLength(2);
  });

  it("stays quiet when the deal's alert is off or alerts are off in settings", async () => {
    const email = "quiet@example.com";
    const userId = await createUserWithPassword(app, email, "quiet-password");
    const offer = await uncouponedOffer(1);
    await app.db.update(vendorPeptides).set({ price: 50 }).where(eq(vendorPeptides.id, offer.id));
    await saveDeal(app.db, { userId, vendorPeptideId: offer.id });

    await app.db
      .update(savedDeals)
      .set({ alertEnabled: false })
      .where(eq(savedDeals.userId, userId));
    expect(await changePrice(offer.id, 40)).toMatchObject({ queued: 0 });

    await app.db
      .update(savedDeals)
      .set({ alertEnabled: true })
      .where(eq(savedDeals.userId, userId));
    await app.db.update(settings).set({ priceAlertsEnabled: false }).where(eq(settings.id, 1));
    expect(await changePrice(offer.id, 30)).toMatchObject({ queued: 0 });

    await app.db.update(settings).set({ priceAlertsEnabled: true, priceAlertThresholdPercent: 50 });
    expect(await changePrice(offer.id, 29)).toMatchObject({ queued: 0 });
    expect(await changePrice(offer.id, 25)).toMatchObject({ queued: 1 });
    await app.db.update(settings).set({ priceAlertThresholdPercent: 5 });
    expect(smtp.messages.filter((message) => message.to.includes(email))).toHaveLength(1);
  });

  it("stays quiet about a drop on an out-of-stock or stale offer, and tells once it is buyable", async () => {
    const email = "buyable@example.com";
    const userId = await createUserWithPassword(app, email, "buyable-password");
    const offer = await uncouponedOffer(3);
    await app.db.update(vendorPeptides).set({ price: 60 }).where(eq(vendorPeptides.id, offer.id));
    await saveDeal(app.db, { userId, vendorPeptideId: offer.id });

    await app.db
      .update(vendorPeptides)
      .set({ stockStatus: "out_of_stock" })
      .where(eq(vendorPeptides.id, offer.id));
    expect(await changePrice(offer.id, 50)).toMatchObject({ queued: 0 });

    // Three missed runs is the default staleness threshold.
    await app.db
      .update(vendorPeptides)
      .set({ stockStatus: "low_stock", missedScrapes: 3 })
      .where(eq(vendorPeptides.id, offer.id));
    expect(await changePrice(offer.id, 45)).toMatchObject({ queued: 0 });

    await app.db
      .update(vendorPeptides)
      .set({ missedScrapes: 0 })
      .where(eq(vendorPeptides.id, offer.id));
    expect(await changePrice(offer.id, 44)).toMatchObject({ queued: 1 });
    expect(smtp.messages.filter((message) => message.to.includes(email))).toHaveLength(1);
  });

  it("keeps a drop's e-mail in the delivery queue when it cannot be sent, and sends it on the retry", async () => {
    const email = "retry@example.com";
    const userId = await createUserWithPassword(app, email, "retry-password");
    const offer = await uncouponedOffer(2);
    await app.db.update(vendorPeptides).set({ price: 20 }).where(eq(vendorPeptides.id, offer.id));
    await saveDeal(app.db, { userId, vendorPeptideId: offer.id });
    await app.db.update(vendorPeptides).set({ price: 10 }).where(eq(vendorPeptides.id, offer.id));

    const queued = await notifyPriceChanges(alertApp, [
      { vendorPeptideId: offer.id, oldPrice: 20, newPrice: 10 },
    ]);
    expect(queued).toMatchObject({ queued: 1 });
    const brokenMailer = createMailer({
      smtpUrl: "smtp://127.0.0.1:1",
      from: "x@example.com",
      db: app.db,
      logger: app.logger,
    });
    expect(await deliverDueAlertMessages({ ...app, mailer: brokenMailer })).toMatchObject({
      sent: 0,
      retried: 1,
    });
    // The drop stays claimed: a repeat of the change queues nothing more.
    expect(
      await notifyPriceChanges(alertApp, [
        { vendorPeptideId: offer.id, oldPrice: 20, newPrice: 10 },
      ]),
    ).toMatchObject({ queued: 0 });
    const retryAt = new Date(Date.now() + 2 * 60_000);
    expect(await deliverDueAlertMessages(app, { now: retryAt })).toMatchObject({ sent: 1 });
    const mail = await smtp.waitForMessage((message) => message.to.includes(email));
    expect(mail.subject).toMatch(/^Price drop: /);
  });
});
