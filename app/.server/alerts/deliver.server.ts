import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import path from "node:path";

import webpush from "web-push";

import type { AppContext } from "../platform/context.server";
import { disableUserWebhook } from "../data/price-alerts.server";
import {
  claimDueAlertDeliveries,
  finishAlertDelivery,
  postponeAlertDelivery,
  type ClaimedAlertDelivery,
} from "../data/alert-deliveries.server";
import {
  deletePushSubscriptionsById,
  listPushSubscriptions,
  touchPushSubscriptions,
} from "../data/push-subscriptions.server";
import { MEMORY_DATA_DIR } from "../db/client";
import type { Env } from "../platform/env";
import type { MailMessage } from "../platform/mail.server";
import {
  assertAllowedUrl,
  BlockedAddressError,
  guardedLookup,
  isPrivateAddress,
  isTrustedOrigin,
  type AddressPolicy,
} from "../platform/outbound/address-guard.server";

import { sendDeliveryDisabledNotice, withinDeliveryCap } from "./delivery-bounds.server";
import { alertDeliveries } from "../platform/metrics.server";

type DeliveryContext = Pick<AppContext, "db" | "env" | "logger" | "mailer" | "baseUrl">;

// ---------------------------------------------------------------- VAPID keys

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const vapidByEnv = new WeakMap<Env, VapidKeys>();

function vapidSubject(env: Env): string {
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  const address = env.MAIL_FROM.match(/<([^>]+)>/)?.[1] ?? env.MAIL_FROM;
  return `mailto:${address.trim()}`;
}

function readOrCreateKeys(env: Env): Pick<VapidKeys, "publicKey" | "privateKey"> {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  if (env.DATA_DIR === MEMORY_DATA_DIR) return webpush.generateVAPIDKeys();
  const file = path.join(env.DATA_DIR, "vapid-keys.json");
  if (fs.existsSync(file))
    return JSON.parse(fs.readFileSync(file, "utf8")) as Pick<VapidKeys, "publicKey" | "privateKey">;
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/**
 * The site's Web Push identity: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, otherwise a pair
 * generated on first use into DATA_DIR (kept in memory for memory://). Browsers subscribe with
 * the public key, so it must not change while subscriptions exist.
 */
export function vapidKeys(env: Env): VapidKeys {
  const known = vapidByEnv.get(env);
  if (known) return known;
  const keys = { ...readOrCreateKeys(env), subject: vapidSubject(env) };
  vapidByEnv.set(env, keys);
  return keys;
}

// ---------------------------------------------------------------- guarded POST

const REQUEST_TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 64 * 1024;

export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** The scraper's rule: private and loopback addresses only with SCRAPER_ALLOW_PRIVATE_HOSTS. */
export function deliveryAddressPolicy(env: Env): AddressPolicy {
  return { allowPrivateHosts: env.SCRAPER_ALLOW_PRIVATE_HOSTS, trustedOrigins: [] };
}

/**
 * POSTs to a URL a user gave (a webhook, a push endpoint) through the scraper's address guard
 * (checked before connecting and again at connect time, against DNS rebinding), with a timeout
 * and no redirects. Resolves with the status; a non-2xx answer throws DeliveryError.
 */
export async function guardedPost(
  target: string,
  request: { headers: Record<string, string | number>; body: Buffer | string },
  policy: AddressPolicy,
): Promise<number> {
  const url = new URL(target);
  await assertAllowedUrl(url, policy);
  const client = url.protocol === "https:" ? https : http;
  const status = await new Promise<number>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: "POST",
        headers: { ...request.headers, "content-length": Buffer.byteLength(request.body) },
        lookup: isTrustedOrigin(url, policy) ? undefined : guardedLookup,
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        let received = 0;
        res.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received > MAX_RESPONSE_BYTES) res.destroy();
        });
        res.on("close", () => resolve(res.statusCode ?? 0));
        res.on("error", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("timeout", () =>
      req.destroy(new DeliveryError(`No answer within ${REQUEST_TIMEOUT_MS / 1000} s`)),
    );
    req.on("error", reject);
    req.end(request.body);
  });
  if (status < 200 || status >= 300) throw new DeliveryError(`Answered HTTP ${status}`, status);
  return status;
}

// ---------------------------------------------------------------- sending

export interface PushMessage {
  title: string;
  body: string;
  url: string;
}

/**
 * Pushes to each of the user's browsers. A subscription the push service says is gone
 * (404/410) is forgotten at once; one that failed on the delivery's last attempt, or whose
 * address the guard refuses, is removed and the user told.
 */
async function sendPush(
  app: DeliveryContext,
  delivery: ClaimedAlertDelivery,
  policy: AddressPolicy,
  lastAttempt: boolean,
): Promise<void> {
  const keys = vapidKeys(app.env);
  const subscriptions = await listPushSubscriptions(app.db, [delivery.userId]);
  const payload = JSON.stringify(delivery.payload as PushMessage);
  const reached: string[] = [];
  const gone: string[] = [];
  const failures: { id: string; message: string; final: boolean }[] = [];
  for (const subscription of subscriptions) {
    const details = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      payload,
      {
        vapidDetails: keys,
        TTL: 24 * 60 * 60,
        contentEncoding: webpush.supportedContentEncodings.AES_128_GCM,
      },
    );
    try {
      await guardedPost(
        details.endpoint,
        { headers: details.headers as Record<string, string>, body: details.body ?? "" },
        policy,
      );
      reached.push(subscription.id);
    } catch (error) {
      // 404/410: the browser unsubscribed or the subscription expired; it will never work again.
      if (error instanceof DeliveryError && (error.status === 404 || error.status === 410)) {
        gone.push(subscription.id);
        continue;
      }
      const message = error instanceof Error ? error.message : String(error);
      failures.push({
        id: subscription.id,
        message,
        final: lastAttempt || error instanceof BlockedAddressError,
      });
    }
  }
  await touchPushSubscriptions(app.db, reached);
  const disabled = failures.filter((failure) => failure.final);
  await deletePushSubscriptionsById(app.db, [...gone, ...disabled.map((failure) => failure.id)]);
  if (disabled.length > 0) {
    await sendDeliveryDisabledNotice(app, {
      userId: delivery.userId,
      what: disabled.length === 1 ? "one of your browsers" : `${disabled.length} of your browsers`,
      reason: disabled[0]!.message,
      turnBackOn: "Turn browser notifications on again in that browser to get them there.",
    });
  }
  if (failures.length > 0) {
    throw new DeliveryError(failures.map((failure) => failure.message).join("; "));
  }
}

async function sendWebhook(delivery: ClaimedAlertDelivery, policy: AddressPolicy): Promise<void> {
  if (!delivery.url) throw new DeliveryError("The webhook has no URL");
  await guardedPost(
    delivery.url,
    { headers: { "content-type": "application/json" }, body: JSON.stringify(delivery.payload) },
    policy,
  );
}

async function sendMail(app: DeliveryContext, delivery: ClaimedAlertDelivery) {
  try {
    await app.mailer.send(delivery.payload as MailMessage);
  } catch (error) {
    throw new DeliveryError(error instanceof Error ? error.message : String(error));
  }
}

/** Waits after the 1st, 2nd and 3rd failed attempt; after the 4th a delivery is given up. */
const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000];

export interface DeliveryRunSummary {
  sent: number;
  retried: number;
  failed: number;
  /** Left in the queue untried: their user was over the per-minute cap. */
  postponed: number;
}

/** A webhook that failed for good: every alert of the user posting there stops, and the user is told. */
async function disableFailingWebhook(
  app: DeliveryContext,
  delivery: ClaimedAlertDelivery,
  reason: string,
): Promise<void> {
  if (!delivery.url) return;
  const alerts = await disableUserWebhook(app.db, { userId: delivery.userId, url: delivery.url });
  if (alerts === 0) return;
  await sendDeliveryDisabledNotice(app, {
    userId: delivery.userId,
    what: `the webhook ${new URL(delivery.url).host}`,
    reason,
    turnBackOn: "Save the alert again to turn the webhook back on.",
  });
}

/**
 * Sends the alert e-mails, pushes and webhook posts that are due (the background job's work,
 * each minute): every alert message goes this way, e-mail included.
 * A failure is retried later, a few times; the address guard's refusal is final.
 */
export async function deliverDueAlertMessages(
  app: DeliveryContext,
  options: { policy?: AddressPolicy; now?: Date; limit?: number } = {},
): Promise<DeliveryRunSummary> {
  const policy = options.policy ?? deliveryAddressPolicy(app.env);
  const now = options.now ?? new Date();
  const summary: DeliveryRunSummary = { sent: 0, retried: 0, failed: 0, postponed: 0 };
  const deliveries = await claimDueAlertDeliveries(app.db, options.limit ?? 100, now);
  for (const delivery of deliveries) {
    if (delivery.channel !== "email" && !(await withinDeliveryCap(app.db, delivery.userId))) {
      await postponeAlertDelivery(app.db, {
        id: delivery.id,
        nextAttemptAt: new Date(now.getTime() + 60_000),
      });
      summary.postponed += 1;
      alertDeliveries.inc({ channel: delivery.channel, outcome: "postponed" });
      continue;
    }
    const lastAttempt = RETRY_DELAYS_MS[delivery.attempts - 1] === undefined;
    try {
      if (delivery.channel === "push") await sendPush(app, delivery, policy, lastAttempt);
      else if (delivery.channel === "webhook") await sendWebhook(delivery, policy);
      else await sendMail(app, delivery);
      await finishAlertDelivery(app.db, { id: delivery.id, outcome: "sent" });
      summary.sent += 1;
      alertDeliveries.inc({ channel: delivery.channel, outcome: "sent" });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const delay = RETRY_DELAYS_MS[delivery.attempts - 1];
      // A refused address stays refused; anything else may be a passing outage.
      if (delay === undefined || error instanceof BlockedAddressError) {
        await finishAlertDelivery(app.db, { id: delivery.id, outcome: "failed", error: message });
        if (delivery.channel === "webhook") await disableFailingWebhook(app, delivery, message);
        summary.failed += 1;
        alertDeliveries.inc({ channel: delivery.channel, outcome: "failed" });
      } else {
        await finishAlertDelivery(app.db, {
          id: delivery.id,
          outcome: "retry",
          error: message,
          nextAttemptAt: new Date(now.getTime() + delay),
        });
        summary.retried += 1;
        alertDeliveries.inc({ channel: delivery.channel, outcome: "retry" });
      }
      app.logger.warn(
        { err: error, deliveryId: delivery.id, channel: delivery.channel },
        "alert delivery failed",
      );
    }
  }
  return summary;
}

/**
 * A form-time check of a webhook URL without a DNS lookup: localhost and private IP literals
 * are refused at once (the full guard runs again at every send, when names are resolved).
 */
export function isPlainlyPrivateUrl(target: string, policy: AddressPolicy): boolean {
  const url = new URL(target);
  if (isTrustedOrigin(url, policy)) return false;
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  return net.isIP(host) !== 0 && isPrivateAddress(host);
}
