import crypto from "node:crypto";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { deliverDueAlertMessages } from "~/.server/alerts/deliver.server";
import { DELIVERIES_PER_USER_PER_MINUTE } from "~/.server/alerts/delivery-bounds.server";
import { queueAlertDeliveries } from "~/.server/data/alert-deliveries.server";
import { savePushSubscription } from "~/.server/data/push-subscriptions.server";
import { alertDeliveries, mailOutbox, priceAlerts, pushSubscriptions } from "~/.server/db/schema";
import type { AddressPolicy } from "~/.server/platform/outbound/address-guard.server";

import { accountMaker } from "../helpers/auth";
import { saveSizeAlert, seedWatchedSize, type WatchedSize } from "../helpers/alert-catalogue";
import { createTestApp, type TestApp } from "../helpers/app";
import { startReceiver } from "../helpers/receiver";

let app: TestApp;
let size: WatchedSize;
let newUser: ReturnType<typeof accountMaker>;

/** The tests' receivers listen on loopback, which the guard allows only when told. */
const LOOPBACK_ALLOWED: AddressPolicy = { allowPrivateHosts: true, trustedOrigins: [] };

beforeAll(async () => {
  app = await createTestApp({ SEED_DEMO: "false" });
  ({ size } = await seedWatchedSize(app, { name: "Boundide", slug: "boundide", quantity: 5 }));
  newUser = accountMaker(app, "delivery");
});
afterAll(async () => {
  await app?.dispose();
});

async function webhookAlert(userId: string, webhookUrl: string) {
  return saveSizeAlert(app, size, userId, {
    mode: "below",
    targetPrice: 50,
    channels: ["email", "webhook"],
    webhookUrl,
  });
}

function webhookPost(userId: string, url: string, n: number) {
  return { userId, channel: "webhook" as const, url, payload: { text: `message ${n}` } };
}

async function noticesTo(email: string) {
  return app.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email));
}

/** Runs the delivery job at `now`, then every minute after, `runs` times in all. */
async function runJob(runs: number, start: Date) {
  for (let run = 0; run < runs; run += 1) {
    await deliverDueAlertMessages(app, {
      policy: LOOPBACK_ALLOWED,
      now: new Date(start.getTime() + run * 31 * 60_000),
    });
  }
}

describe("alert deliveries are bounded", () => {
  it(`sends at most ${DELIVERIES_PER_USER_PER_MINUTE} a minute per user and queues the rest`, async () => {
    const hook = await startReceiver();
    try {
      const busy = await newUser();
      const quiet = await newUser();
      const extra = 5;
      await queueAlertDeliveries(app.db, [
        ...Array.from({ length: DELIVERIES_PER_USER_PER_MINUTE + extra }, (_, n) =>
          webhookPost(busy.userId, `${hook.url}/busy`, n),
        ),
        webhookPost(quiet.userId, `${hook.url}/quiet`, 0),
      ]);
      const now = new Date();
      const summary = await deliverDueAlertMessages(app, { policy: LOOPBACK_ALLOWED, now });
      expect(summary).toEqual({
        sent: DELIVERIES_PER_USER_PER_MINUTE + 1,
        retried: 0,
        failed: 0,
        postponed: extra,
      });
      expect(hook.received.filter((r) => r.path === "/busy")).toHaveLength(
        DELIVERIES_PER_USER_PER_MINUTE,
      );
      // Another user's delivery is not held up by the busy one.
      expect(hook.received.filter((r) => r.path === "/quiet")).toHaveLength(1);
      const waiting = await app.db
        .select({
          attempts: alertDeliveries.attempts,
          nextAttemptAt: alertDeliveries.nextAttemptAt,
        })
        .from(alertDeliveries)
        .where(eq(alertDeliveries.status, "pending"));
      expect(waiting).toHaveLength(extra);
      for (const row of waiting) {
        expect(row.attempts).toBe(0);
        expect(row.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
      }
    } finally {
      await hook.close();
      await app.db.delete(alertDeliveries);
    }
  });

  it("disables a webhook that keeps failing, on every alert using it, and tells the user", async () => {
    const broken = await startReceiver(500);
    try {
      const owner = await newUser();
      const url = `${broken.url}/hook`;
      const { id: alertId } = await webhookAlert(owner.userId, url);
      await queueAlertDeliveries(app.db, [webhookPost(owner.userId, url, 1)]);
      // The first attempt and its three retries, each after its delay.
      await runJob(4, new Date());
      expect(broken.received).toHaveLength(4);
      const [alert] = await app.db
        .select({
          channels: priceAlerts.channels,
          webhookDisabledAt: priceAlerts.webhookDisabledAt,
        })
        .from(priceAlerts)
        .where(eq(priceAlerts.id, alertId));
      expect(alert.webhookDisabledAt).not.toBeNull();
      expect(alert.channels).toEqual(["email", "webhook"]);
      const [notice] = await noticesTo(owner.email);
      expect(notice.subject).toBe(`Price alerts stopped for the webhook ${new URL(url).host}`);
      expect(notice.text).toContain("Answered HTTP 500");
      expect(notice.text).toContain("Save the alert again to turn the webhook back on.");

      // Saving the alert again turns it back on.
      await webhookAlert(owner.userId, url);
      const [resaved] = await app.db
        .select({ webhookDisabledAt: priceAlerts.webhookDisabledAt })
        .from(priceAlerts)
        .where(eq(priceAlerts.id, alertId));
      expect(resaved.webhookDisabledAt).toBeNull();
    } finally {
      await broken.close();
      await app.db.delete(alertDeliveries);
    }
  });

  it("removes a browser whose push service keeps failing, keeps the others, and tells the user", async () => {
    const pushService = await startReceiver(201);
    const failing = await startReceiver(500);
    try {
      const owner = await newUser();
      const ecdh = crypto.createECDH("prime256v1");
      ecdh.generateKeys();
      const keys = {
        p256dh: ecdh.getPublicKey().toString("base64url"),
        auth: crypto.randomBytes(16).toString("base64url"),
      };
      await savePushSubscription(app.db, {
        userId: owner.userId,
        endpoint: `${pushService.url}/ok`,
        ...keys,
      });
      await savePushSubscription(app.db, {
        userId: owner.userId,
        endpoint: `${failing.url}/broken`,
        ...keys,
      });
      await queueAlertDeliveries(app.db, [
        {
          userId: owner.userId,
          channel: "push",
          url: null,
          payload: { title: "t", body: "b", url: "/" },
        },
      ]);
      await runJob(4, new Date());
      expect(failing.received).toHaveLength(4);
      const left = await app.db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, owner.userId));
      expect(left).toEqual([{ endpoint: `${pushService.url}/ok` }]);
      const [notice] = await noticesTo(owner.email);
      expect(notice.subject).toBe("Price alerts stopped for one of your browsers");
    } finally {
      await pushService.close();
      await failing.close();
      await app.db.delete(alertDeliveries);
    }
  });
});
