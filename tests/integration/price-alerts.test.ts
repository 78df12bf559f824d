import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { deliverDueAlertMessages, vapidKeys } from "~/.server/alerts/deliver.server";
import { notifyPriceChanges } from "~/.server/alerts/notify.server";
import { checkAllPriceAlerts, sendAlertDigests } from "~/.server/alerts/price-alerts.server";
import { removeEmailFromAlerts, type PriceAlertSettings } from "~/.server/data/price-alerts.server";
import { savePushSubscription } from "~/.server/data/push-subscriptions.server";
import {
  alertDeliveries,
  coupons,
  mailOutbox,
  priceAlerts,
  pushSubscriptions,
  vendorPeptides,
  vendors,
} from "~/.server/db/schema";
import type { AddressPolicy } from "~/.server/platform/outbound/address-guard.server";

import { accountMaker } from "../helpers/auth";
import { createTestApp, type TestApp } from "../helpers/app";
import {
  clearAlertsAndOffers,
  saveSizeAlert,
  seedWatchedSize,
  writeOfferAndNotify,
  type WatchedSize,
} from "../helpers/alert-catalogue";
import { browserKeys, decryptPush } from "../helpers/push";
import { startReceiver } from "../helpers/receiver";

let app: TestApp;
let size: WatchedSize;
let vendorA: string;
let vendorB: string;
let newUser: ReturnType<typeof accountMaker>;

/** The tests' webhook and push servers listen on loopback, which the guard allows only when told. */
const LOOPBACK_ALLOWED: AddressPolicy = { allowPrivateHosts: true, trustedOrigins: [] };

beforeAll(async () => {
  app = await createTestApp({ SEED_DEMO: "false" });
  const seeded = await seedWatchedSize(app, { name: "Alertide", slug: "alertide" }, [
    "Vendor A",
    "Vendor B",
  ]);
  [vendorA, vendorB] = seeded.vendorIds as [string, string];
  size = seeded.size;
  newUser = accountMaker(app, "alerted");
});
afterAll(async () => {
  await app?.dispose();
});

beforeEach(async () => {
  await clearAlertsAndOffers(app);
  await app.db.delete(mailOutbox);
  await app.db.delete(coupons);
  await app.db
    .update(vendors)
    .set({ shippingFee: null, freeShippingThreshold: null, shipsTo: [] })
    .where(eq(vendors.id, vendorA));
  await setPrice(vendorA, 60);
  await setPrice(vendorB, 70);
});

/** Writes a vendor's price (and stock) the way every caller does, then runs the one alert hook. */
async function setPrice(vendorId: string, price: number, soldOut = false) {
  return (await writeOfferAndNotify(app, size, { vendorId, price, soldOut })).notified;
}

async function createAlert(userId: string, settings: Partial<PriceAlertSettings> = {}) {
  return saveSizeAlert(app, size, userId, { mode: "below", targetPrice: 50, ...settings });
}

/** The e-mails the user got once the delivery job ran (every alert e-mail waits in its queue). */
async function mailsTo(email: string) {
  await deliverDueAlertMessages(app);
  return app.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email));
}

describe("target-price alerts: crossings", () => {
  it("mails once per crossing below the target, and again only after the price went back above", async () => {
    const { userId, email } = await newUser();
    await createAlert(userId);
    expect(await mailsTo(email)).toHaveLength(0);

    await setPrice(vendorA, 45);
    let mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Price alert: Alertide 10mg is $45.00");
    expect(mails[0].text).toContain("Vendor A");
    expect(mails[0].text).toMatch(
      /Stop these e-mails: http:\/\/localhost:3000\/alerts\/unsubscribe\?token=/,
    );

    await setPrice(vendorA, 44);
    await setPrice(vendorB, 40);
    expect(await mailsTo(email)).toHaveLength(1);

    await setPrice(vendorA, 55);
    await setPrice(vendorB, 70);
    expect(await mailsTo(email)).toHaveLength(1);

    await setPrice(vendorB, 48);
    mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toBe("Price alert: Alertide 10mg is $48.00");
  });

  it("sends one mail when two evaluations of the same crossing race", async () => {
    const { userId, email } = await newUser();
    await createAlert(userId);
    const [offer] = await app.db
      .update(vendorPeptides)
      .set({ price: 42 })
      .where(eq(vendorPeptides.vendorId, vendorA))
      .returning({ id: vendorPeptides.id });
    const change = { vendorPeptideId: offer.id, oldPrice: 60, newPrice: 42 };
    const results = await Promise.all([
      notifyPriceChanges(app, [change]),
      notifyPriceChanges(app, [change]),
      notifyPriceChanges(app, [change]),
    ]);
    expect(results.map((r) => r.priceAlerts.notified).sort()).toEqual([0, 0, 1]);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("on any change, tells about rises and drops of the lowest price, not about other offers", async () => {
    const { userId, email } = await newUser();
    await createAlert(userId, { mode: "change", targetPrice: null });
    await setPrice(vendorA, 58);
    await setPrice(vendorA, 63);
    await setPrice(vendorB, 75);
    const subjects = (await mailsTo(email)).map((mail) => mail.subject);
    expect(subjects).toEqual([
      "Price change: Alertide 10mg is now $58.00",
      "Price change: Alertide 10mg is now $63.00",
    ]);
  });

  it("counts the coupon, and shipping only for an alert that asks for it", async () => {
    await app.db
      .update(vendors)
      .set({ shippingFee: 8, freeShippingThreshold: null })
      .where(eq(vendors.id, vendorA));
    const withShipping = await newUser();
    const withoutShipping = await newUser();
    await createAlert(withShipping.userId, { includeShipping: true });
    await createAlert(withoutShipping.userId);

    // 20% off 60 = 48: below 50 without shipping, 56 with it.
    await app.db.insert(coupons).values({
      vendorId: vendorA,
      code: "SAVE20",
      discountAmount: 20,
      discountType: "percentage",
    });
    await setPrice(vendorA, 60);
    expect(await mailsTo(withoutShipping.email)).toHaveLength(1);
    expect((await mailsTo(withoutShipping.email))[0].subject).toContain("$48.00");
    expect(await mailsTo(withShipping.email)).toHaveLength(0);

    // 20% off 52 = 41.60, plus 8 shipping = 49.60.
    await setPrice(vendorA, 52);
    const mails = await mailsTo(withShipping.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain("$49.60");
    expect(mails[0].text).toContain("$49.60 delivered");
  });

  it("counts the total shipped to the alert's destination: a vendor that does not ship there is left out", async () => {
    await app.db
      .update(vendors)
      .set({ shippingFee: 2, freeShippingThreshold: null, shipsTo: ["US"] })
      .where(eq(vendors.id, vendorA));
    const toBritain = await newUser();
    const toUs = await newUser();
    await createAlert(toBritain.userId, { includeShipping: true, shipTo: "GB" });
    await createAlert(toUs.userId, { includeShipping: true, shipTo: "US" });

    // 45 + 2 shipping is 47, below 50 in the US; Vendor A does not ship to Britain.
    await setPrice(vendorA, 45);
    const mails = await mailsTo(toUs.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain("$47.00");
    expect(await mailsTo(toBritain.email)).toHaveLength(0);
  });

  it("ignores out-of-stock and stale offers; coming back in stock below the target is a crossing", async () => {
    const { userId, email } = await newUser();
    await createAlert(userId);
    await setPrice(vendorA, 30, true);
    expect(await mailsTo(email)).toHaveLength(0);

    // B at 20 but stale (its price was missed run after run): not a price anyone can count on.
    const [staleOffer] = await app.db
      .update(vendorPeptides)
      .set({ missedScrapes: 100, price: 20 })
      .where(eq(vendorPeptides.vendorId, vendorB))
      .returning({ id: vendorPeptides.id });
    await notifyPriceChanges(app, [{ vendorPeptideId: staleOffer.id, oldPrice: 70, newPrice: 20 }]);
    expect(await mailsTo(email)).toHaveLength(0);

    await setPrice(vendorA, 30, false);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Price alert: Alertide 10mg is $30.00");
    expect(mails[0].text).toContain("Vendor A");
  });

  it("queues the e-mail for the delivery job, which retries it when it fails, so the crossing is not lost", async () => {
    const { userId, email } = await newUser();
    await createAlert(userId);
    const [offer] = await app.db
      .update(vendorPeptides)
      .set({ price: 41 })
      .where(eq(vendorPeptides.vendorId, vendorA))
      .returning({ id: vendorPeptides.id });
    const summary = await notifyPriceChanges(app, [
      { vendorPeptideId: offer.id, oldPrice: 60, newPrice: 41 },
    ]);
    expect(summary.priceAlerts).toEqual({ notified: 1 });
    const [queued] = await app.db
      .select({ channel: alertDeliveries.channel, status: alertDeliveries.status })
      .from(alertDeliveries);
    expect(queued).toEqual({ channel: "email", status: "pending" });

    const brokenMailer = {
      kind: "smtp" as const,
      send: () => Promise.reject(new Error("SMTP server unreachable")),
    };
    const now = new Date();
    expect(await deliverDueAlertMessages({ ...app, mailer: brokenMailer }, { now })).toEqual({
      sent: 0,
      retried: 1,
      failed: 0,
      postponed: 0,
    });
    expect(await mailsTo(email)).toHaveLength(0);

    const retryAt = new Date(now.getTime() + 2 * 60_000);
    expect(await deliverDueAlertMessages(app, { now: retryAt })).toEqual({
      sent: 1,
      retried: 0,
      failed: 0,
      postponed: 0,
    });
    expect((await mailsTo(email)).map((mail) => mail.subject)).toEqual([
      "Price alert: Alertide 10mg is $41.00",
    ]);
  });

  it("finds a crossing no price write reported (a new coupon) in the periodic sweep", async () => {
    const { userId, email } = await newUser();
    await createAlert(userId);
    await app.db
      .insert(coupons)
      .values({ vendorId: vendorB, code: "HALF", discountAmount: 50, discountType: "percentage" });
    expect(await mailsTo(email)).toHaveLength(0);
    expect((await checkAllPriceAlerts(app)).notified).toBe(1);
    expect((await mailsTo(email)).map((mail) => mail.subject)).toEqual([
      "Price alert: Alertide 10mg is $35.00",
    ]);
    expect((await checkAllPriceAlerts(app)).notified).toBe(0);
  });
});

describe("target-price alerts: daily digest", () => {
  it("keeps crossings for one daily e-mail per user, sent once", async () => {
    const { userId, email } = await newUser();
    await createAlert(userId, { digest: "daily" });
    await setPrice(vendorA, 45);
    await setPrice(vendorA, 55);
    await setPrice(vendorA, 47);
    expect(await mailsTo(email)).toHaveLength(0);

    const [first, second] = await Promise.all([sendAlertDigests(app), sendAlertDigests(app)]);
    expect(first.users + second.users).toBe(1);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Your price alerts: 2 changes today");
    expect(mails[0].text).toContain("Alertide 10mg is $45.00 before shipping at Vendor A");
    expect(mails[0].text).toContain("Alertide 10mg is $47.00 before shipping at Vendor A");
    expect((await sendAlertDigests(app)).users).toBe(0);
  });
});

describe("target-price alerts: unsubscribe", () => {
  it("drops e-mail from an alert, deleting an alert that had nothing else", async () => {
    const onlyEmail = await newUser();
    const alsoPush = await newUser();
    const first = await createAlert(onlyEmail.userId);
    const second = await createAlert(alsoPush.userId, { channels: ["email", "push"] });
    expect(await removeEmailFromAlerts(app.db, { alertId: first.id })).toBe(1);
    expect(await removeEmailFromAlerts(app.db, { userId: alsoPush.userId })).toBe(1);
    const left = await app.db
      .select({ id: priceAlerts.id, channels: priceAlerts.channels })
      .from(priceAlerts);
    expect(left).toEqual([{ id: second.id, channels: ["push"] }]);
  });
});

// ---------------------------------------------------------------- push and webhook

describe("target-price alerts: push and webhook", () => {
  it("posts an encrypted Web Push with a VAPID header to the subscription's push service", async () => {
    const pushService = await startReceiver();
    try {
      const { userId } = await newUser();
      const keys = browserKeys();
      await savePushSubscription(app.db, {
        userId,
        endpoint: `${pushService.url}/push/device-1`,
        p256dh: keys.p256dh,
        auth: keys.authText,
      });
      await savePushSubscription(app.db, {
        userId,
        endpoint: `${pushService.url}/push/gone`,
        p256dh: keys.p256dh,
        auth: keys.authText,
      });
      await createAlert(userId, { channels: ["push"] });
      await setPrice(vendorA, 45);
      // Nothing is sent inside the price change: the job does it.
      expect(pushService.received).toHaveLength(0);

      const summary = await deliverDueAlertMessages(app, { policy: LOOPBACK_ALLOWED });
      expect(summary).toEqual({ sent: 1, retried: 0, failed: 0, postponed: 0 });
      const push = pushService.received.find((r) => r.path === "/push/device-1")!;
      expect(push.headers["content-encoding"]).toBe("aes128gcm");
      expect(push.headers["content-type"]).toBe("application/octet-stream");
      expect(push.headers.ttl).toBe("86400");
      expect(push.headers.authorization).toMatch(
        new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapidKeys(app.env).publicKey}$`),
      );
      const message = JSON.parse(decryptPush(push.body, keys)) as Record<string, string>;
      expect(message).toEqual({
        title: "Price alert: Alertide 10mg is $45.00",
        body: "Alertide 10mg is $45.00 before shipping at Vendor A (your target: $50.00)",
        url: "http://localhost:3000/peptide/alertide",
      });
      // The push service said 410 Gone for the other one: it is forgotten.
      const left = await app.db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      expect(left).toEqual([{ endpoint: `${pushService.url}/push/device-1` }]);
    } finally {
      await pushService.close();
    }
  });

  it("posts Discord/Slack/ntfy JSON to the webhook, and retries a failing one later", async () => {
    const hook = await startReceiver();
    const broken = await startReceiver(500);
    try {
      const first = await newUser();
      const second = await newUser();
      await createAlert(first.userId, { channels: ["webhook"], webhookUrl: `${hook.url}/hook` });
      await createAlert(second.userId, {
        channels: ["webhook"],
        webhookUrl: `${broken.url}/hook`,
      });
      await setPrice(vendorA, 45);
      const now = new Date();
      expect(await deliverDueAlertMessages(app, { policy: LOOPBACK_ALLOWED, now })).toEqual({
        sent: 1,
        retried: 1,
        failed: 0,
        postponed: 0,
      });
      expect(hook.received).toHaveLength(1);
      expect(hook.received[0].headers["content-type"]).toBe("application/json");
      const payload = JSON.parse(hook.received[0].body.toString("utf8")) as Record<string, unknown>;
      expect(payload).toMatchObject({
        title: "Price alert: Alertide 10mg is $45.00",
        message: "Alertide 10mg is $45.00 before shipping at Vendor A (your target: $50.00)",
        text: expect.stringContaining("Alertide 10mg is $45.00 before shipping at Vendor A"),
        content: expect.stringContaining("Alertide 10mg is $45.00 before shipping at Vendor A"),
        click: "http://localhost:3000/peptide/alertide",
      });
      // Not due again at once; a minute later it is tried again.
      expect(await deliverDueAlertMessages(app, { policy: LOOPBACK_ALLOWED, now })).toEqual({
        sent: 0,
        retried: 0,
        failed: 0,
        postponed: 0,
      });
      await deliverDueAlertMessages(app, {
        policy: LOOPBACK_ALLOWED,
        now: new Date(now.getTime() + 61_000),
      });
      expect(broken.received).toHaveLength(2);
    } finally {
      await hook.close();
      await broken.close();
    }
  });

  it("refuses a webhook on a private address under the scraper's address guard", async () => {
    const hook = await startReceiver();
    try {
      const { userId } = await newUser();
      await createAlert(userId, { channels: ["webhook"], webhookUrl: `${hook.url}/hook` });
      await setPrice(vendorA, 45);
      expect(app.env.SCRAPER_ALLOW_PRIVATE_HOSTS).toBe(false);
      expect(await deliverDueAlertMessages(app)).toEqual({
        sent: 0,
        retried: 0,
        failed: 1,
        postponed: 0,
      });
      expect(hook.received).toHaveLength(0);
      const [delivery] = await app.db
        .select({ status: alertDeliveries.status, lastError: alertDeliveries.lastError })
        .from(alertDeliveries);
      expect(delivery.status).toBe("failed");
      expect(delivery.lastError).toMatch(/private or local network address/);
    } finally {
      await hook.close();
    }
  });
});
