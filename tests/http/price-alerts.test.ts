import { eq, notInArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { deliverDueAlertMessages } from "~/.server/alerts/deliver.server";
import { notifyPriceChanges } from "~/.server/alerts/notify.server";
import {
  labTests,
  peptides,
  priceAlerts,
  pushSubscriptions,
  sizeOptions,
  vendorPeptides,
} from "~/.server/db/schema";

import { createUserWithPassword, readHtml, signIn } from "../helpers/auth";
import { startTestServer, type TestServer } from "../helpers/server";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";

let server: TestServer;
let smtp: TestSmtpServer;
let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };
let size: { id: string; peptideSlug: string; peptideName: string };

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url });
  const aliceId = await createUserWithPassword(server.app, "alice@example.com", "alice-password");
  const bobId = await createUserWithPassword(server.app, "bob@example.com", "bob-password-1");
  alice = { id: aliceId, cookie: await signIn(server, "alice@example.com", "alice-password") };
  bob = { id: bobId, cookie: await signIn(server, "bob@example.com", "bob-password-1") };
  const [row] = await server.app.db
    .select({ id: sizeOptions.id, peptideSlug: peptides.slug, peptideName: peptides.name })
    .from(vendorPeptides)
    .innerJoin(sizeOptions, eq(sizeOptions.id, vendorPeptides.sizeOptionId))
    .innerJoin(peptides, eq(peptides.id, sizeOptions.peptideId))
    // A peptide no lab test speaks of: a failed test keeps its offers out of every alert, and
    // these tests are about the alert's own rules, whichever size the random ids put first.
    .where(notInArray(peptides.id, server.app.db.select({ id: labTests.peptideId }).from(labTests)))
    .orderBy(vendorPeptides.id)
    .limit(1);
  size = row;
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

function post(fields: Record<string, string | string[]>, cookie?: string) {
  return server.postForm("/alerts", fields, { cookie });
}

const validAlert = () => ({
  intent: "save",
  sizeOptionId: size.id,
  mode: "below",
  targetPrice: "1.00",
  currency: "USD",
  channels: ["email"],
  digest: "immediate",
});

async function alertsOf(userId: string) {
  return server.app.db
    .select({
      id: priceAlerts.id,
      targetPrice: priceAlerts.targetPrice,
      channels: priceAlerts.channels,
      mode: priceAlerts.mode,
      lastPrice: priceAlerts.lastPrice,
      isBelow: priceAlerts.isBelow,
    })
    .from(priceAlerts)
    .where(eq(priceAlerts.userId, userId));
}

describe("/alerts for visitors", () => {
  it("refuses to save an alert (401) and tells the form to offer a sign-in", async () => {
    const response = await post(validAlert());
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      ok: false,
      error: "Please log in to set price alerts",
    });
    const panel = await server.fetch(`/alerts?peptide=${size.peptideSlug}`);
    expect(panel.status).toBe(200);
    expect(await panel.json()).toEqual({ signedIn: false });
  });
});

describe("/alerts forms", () => {
  it("saves an alert on a size, starting from today's prices, and lists it for the page and on /deals", async () => {
    const response = await post(validAlert(), alice.cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, message: "Price alert saved" });
    const [alert] = await alertsOf(alice.id);
    expect(alert).toMatchObject({
      targetPrice: 1,
      channels: ["email"],
      mode: "below",
      isBelow: false,
    });
    expect(alert.lastPrice).toBeGreaterThan(0);

    const panel = (await (
      await server.fetch(`/alerts?peptide=${size.peptideSlug}`, {
        headers: { cookie: alice.cookie },
      })
    ).json()) as { signedIn: boolean; alerts: { id: string }[]; pushPublicKey: string };
    expect(panel.signedIn).toBe(true);
    expect(panel.alerts.map((a) => a.id)).toEqual([alert.id]);
    expect(panel.pushPublicKey).toMatch(/^[\w-]{80,}$/);

    const deals = await readHtml(
      await server.fetch("/deals", { headers: { cookie: alice.cookie } }),
    );
    expect(deals).toContain("Price alerts");
    expect(deals).toContain(`${size.peptideName}`);
    expect(deals).toContain("At or below $1.00");

    // Saving again on the same size replaces the settings: one alert per size.
    expect((await post({ ...validAlert(), targetPrice: "2.50" }, alice.cookie)).status).toBe(200);
    expect((await alertsOf(alice.id)).map((a) => a.targetPrice)).toEqual([2.5]);
  });

  it.each([
    ["no target for a below-target alert", { targetPrice: "" }, "Enter the target price"],
    ["a target that is not a price", { targetPrice: "12,5€" }, "Enter a price such as 49.99"],
    ["a negative target", { targetPrice: "-3" }, "Enter a price such as 49.99"],
    ["a currency that is not a code", { currency: "dollars" }, "Choose a currency"],
    ["no channel", { channels: [] }, "Choose at least one way to be told"],
    ["an unknown channel", { channels: ["sms"] }, "Choose e-mail, browser notification or webhook"],
    ["a webhook without its URL", { channels: ["webhook"] }, "Enter the webhook URL"],
    [
      "a webhook that is not http(s)",
      { channels: ["webhook"], webhookUrl: "ftp://example.com/x" },
      "Enter a full URL starting with http:// or https://",
    ],
    [
      "a webhook URL over 2,048 characters",
      { channels: ["webhook"], webhookUrl: `https://example.com/${"a".repeat(2100)}` },
      "Webhook URL can be at most 2,048 characters",
    ],
    [
      "a webhook on localhost",
      { channels: ["webhook"], webhookUrl: "http://localhost:8080/hook" },
      "That webhook address is on a private network; use a public URL",
    ],
    [
      "a webhook on a private IP",
      { channels: ["webhook"], webhookUrl: "http://169.254.169.254/latest" },
      "That webhook address is on a private network; use a public URL",
    ],
    ["an unknown mode", { mode: "sideways" }, "Choose when to be told"],
    ["an unknown digest", { digest: "weekly" }, "Choose at once or a daily digest"],
    ["a size that is not an id", { sizeOptionId: "10mg" }, "Choose a size"],
  ])("answers 400 with a message for %s", async (_, change, message) => {
    const response = await post({ ...validAlert(), ...change }, bob.cookie);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ ok: false, error: message });
  });

  it("names the field a message belongs to, for showing it beside the input", async () => {
    const response = await post({ ...validAlert(), targetPrice: "" }, bob.cookie);
    expect(await response.json()).toEqual({
      ok: false,
      error: "Enter the target price",
      fieldErrors: { targetPrice: ["Enter the target price"] },
    });
  });

  it("answers 404 for a size that does not exist, and 400 for an unknown intent", async () => {
    const missing = await post(
      { ...validAlert(), sizeOptionId: "00000000-0000-4000-8000-000000000000" },
      bob.cookie,
    );
    expect(missing.status).toBe(404);
    expect((await post({ intent: "explode" }, bob.cookie)).status).toBe(400);
  });

  it("edits and deletes only the user's own alerts", async () => {
    expect((await post(validAlert(), bob.cookie)).status).toBe(200);
    const [bobs] = await alertsOf(bob.id);
    const edit = {
      ...validAlert(),
      intent: "update",
      alertId: bobs.id,
      mode: "change",
      targetPrice: "",
      channels: ["email", "webhook"],
      webhookUrl: "https://hooks.example.com/alerts",
    };
    expect((await post(edit, alice.cookie)).status).toBe(404);
    expect((await post({ intent: "delete", alertId: bobs.id }, alice.cookie)).status).toBe(404);

    const updated = await post(edit, bob.cookie);
    expect(await updated.json()).toEqual({ ok: true, message: "Price alert updated" });
    expect(await alertsOf(bob.id)).toMatchObject([
      { id: bobs.id, mode: "change", targetPrice: null, channels: ["email", "webhook"] },
    ]);
    const deleted = await post({ intent: "delete", alertId: bobs.id }, bob.cookie);
    expect(await deleted.json()).toEqual({ ok: true, message: "Price alert deleted" });
    expect(await alertsOf(bob.id)).toEqual([]);
  });

  it("keeps a browser's push subscription only for an https push service", async () => {
    const subscription = {
      intent: "push-subscribe",
      endpoint: "https://push.example.com/send/abc",
      p256dh: "B".repeat(87),
      auth: "a".repeat(22),
    };
    const plain = await post(
      { ...subscription, endpoint: "http://push.example.com/x" },
      bob.cookie,
    );
    expect(plain.status).toBe(400);
    expect((await post({ ...subscription, auth: "<script>" }, bob.cookie)).status).toBe(400);
    expect((await post(subscription, bob.cookie)).status).toBe(200);
    const rows = await server.app.db
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, subscription.endpoint));
    expect(rows).toEqual([{ userId: bob.id }]);
    const off = await post(
      { intent: "push-unsubscribe", endpoint: subscription.endpoint },
      bob.cookie,
    );
    expect(await off.json()).toEqual({ ok: true, message: "Browser notifications are off" });
  });
});

describe("alert e-mail unsubscribe", () => {
  it("sends List-Unsubscribe headers whose one-click POST turns the alert's e-mail off", async () => {
    const carolId = await createUserWithPassword(server.app, "carol@example.com", "carol-password");
    const carol = await signIn(server, "carol@example.com", "carol-password");
    const [offer] = await server.app.db
      .select({ id: vendorPeptides.id, price: vendorPeptides.price })
      .from(vendorPeptides)
      .where(eq(vendorPeptides.sizeOptionId, size.id))
      .orderBy(vendorPeptides.price)
      .limit(1);
    expect(
      (
        await post(
          { ...validAlert(), targetPrice: "0.50", channels: ["email", "push"], currency: "USD" },
          carol,
        )
      ).status,
    ).toBe(200);
    await server.app.db
      .update(vendorPeptides)
      .set({ price: 0.01, stockStatus: "in_stock", missedScrapes: 0 })
      .where(eq(vendorPeptides.id, offer.id));
    await notifyPriceChanges(server.app, [
      { vendorPeptideId: offer.id, oldPrice: offer.price, newPrice: 0.01 },
    ]);
    await deliverDueAlertMessages(server.app);
    const mail = await smtp.waitForMessage((m) => m.to.includes("carol@example.com"));
    expect(mail.subject).toMatch(/^Price alert: /);
    const unfolded = mail.raw.replace(/\r?\n[ \t]+/g, " ");
    expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
    const link = unfolded.match(/^List-Unsubscribe: <([^>]+)>$/im)?.[1];
    expect(link).toMatch(new RegExp(`^${server.baseUrl}/alerts/unsubscribe\\?token=`));
    expect(mail.body).toContain(link!);

    const tampered = link!.replace(/token=([^.]+)\./, (_, p: string) => `token=${p}x.`);
    const refused = await fetch(tampered, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(refused.status).toBe(400);
    expect((await alertsOf(carolId))[0].channels).toEqual(["email", "push"]);

    // RFC 8058: the mail provider POSTs from its own servers, no cookie, no Origin.
    const oneClick = await fetch(link!, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect((await alertsOf(carolId))[0].channels).toEqual(["push"]);
  });

  it("unsubscribes by following the link (GET), and refuses a tampered one", async () => {
    const daveId = await createUserWithPassword(server.app, "dave@example.com", "dave-password");
    const dave = await signIn(server, "dave@example.com", "dave-password");
    expect((await post(validAlert(), dave)).status).toBe(200);
    const [alert] = await alertsOf(daveId);
    const { unsubscribeUrl } = await import("~/.server/alerts/price-alerts.server");
    const link = unsubscribeUrl(server.app, { kind: "alert", alertId: alert.id });
    const path = link.slice(link.indexOf("/alerts/"));

    const bad = await server.fetch(path.replace("token=", "token=x"));
    expect(bad.status).toBe(400);
    expect(await readHtml(bad)).toContain("This unsubscribe link is not valid");
    expect(await alertsOf(daveId)).toHaveLength(1);

    const good = await server.fetch(path);
    expect(good.status).toBe(200);
    expect(await readHtml(good)).toContain("You are unsubscribed");
    // E-mail was its only channel: the alert is gone.
    expect(await alertsOf(daveId)).toEqual([]);
  });
});
