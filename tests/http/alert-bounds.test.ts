import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ADDRESS_LIMITS } from "~/.server/services/address-limits.server";
import { currentAlertState } from "~/.server/alerts/price-alerts.server";
import { upsertPriceAlert, WEBHOOK_ALERTS_PER_USER } from "~/.server/data/price-alerts.server";
import { PUSH_SUBSCRIPTIONS_PER_USER } from "~/.server/data/push-subscriptions.server";
import { peptides, priceAlerts, pushSubscriptions, sizeOptions, user } from "~/.server/db/schema";

import { createUserWithPassword, signIn } from "../helpers/auth";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

let accounts = 0;
async function newAccount() {
  accounts += 1;
  const email = `bounded-${accounts}@example.com`;
  const id = await createUserWithPassword(server.app, email, "bounded-password-1");
  return { id, cookie: await signIn(server, email, "bounded-password-1") };
}

function subscription(n: number | string) {
  return {
    intent: "push-subscribe",
    endpoint: `https://push.example.com/send/${n}`,
    p256dh: "B".repeat(87),
    auth: "a".repeat(22),
  };
}

async function endpointsOf(userId: string) {
  const rows = await server.app.db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.endpoint));
  return rows.map((row) => row.endpoint.replace("https://push.example.com/send/", ""));
}

/** A peptide of its own with `count` sizes, so a user may hold that many alerts. */
async function peptideWithSizes(slug: string, count: number) {
  const [peptide] = await server.app.db
    .insert(peptides)
    .values({ name: slug, slug })
    .returning({ id: peptides.id });
  const sizes = await server.app.db
    .insert(sizeOptions)
    .values(
      Array.from({ length: count }, (_, i) => ({
        peptideId: peptide.id,
        quantity: i + 1,
        unit: "mg",
      })),
    )
    .returning({ id: sizeOptions.id });
  return { peptideId: peptide.id, sizeIds: sizes.map((size) => size.id) };
}

const alertForm = (sizeOptionId: string, channels: string[]) => ({
  intent: "save",
  sizeOptionId,
  mode: "below",
  targetPrice: "1.00",
  currency: "USD",
  channels,
  webhookUrl: "https://hooks.example.com/alerts",
  digest: "immediate",
});

describe("push subscriptions are bounded", () => {
  it(`keeps at most ${PUSH_SUBSCRIPTIONS_PER_USER} per user, replacing the least recently used`, async () => {
    const owner = await newAccount();
    for (let n = 1; n <= PUSH_SUBSCRIPTIONS_PER_USER; n += 1) {
      const saved = await server.postForm("/alerts", subscription(n), { cookie: owner.cookie });
      expect(saved.status).toBe(200);
    }
    // Browser 1 saves again (it is in use), so browser 2 is now the least recently used.
    await server.postForm("/alerts", subscription(1), { cookie: owner.cookie });
    const eleventh = await server.postForm("/alerts", subscription(11), { cookie: owner.cookie });
    expect(await eleventh.json()).toEqual({ ok: true, message: "Browser notifications are on" });
    const kept = await endpointsOf(owner.id);
    expect(kept).toHaveLength(PUSH_SUBSCRIPTIONS_PER_USER);
    expect(kept).toContain("1");
    expect(kept).toContain("11");
    expect(kept).not.toContain("2");
  });

  it.each([
    "https://127.0.0.1/push",
    "https://localhost/push",
    "https://[::1]/push",
    "https://10.0.0.7/push",
    "https://192.168.1.2:8443/push",
  ])("refuses a push endpoint on a private or loopback address (%s)", async (endpoint) => {
    const owner = await newAccount();
    const refused = await server.postForm(
      "/alerts",
      { ...subscription(0), endpoint },
      { cookie: owner.cookie },
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      ok: false,
      error: "That push service is on a private network; browser notifications need a public one",
    });
    expect(await endpointsOf(owner.id)).toEqual([]);
  });

  it("keeps an endpoint with the user who saved it: another user's post of it is refused", async () => {
    const owner = await newAccount();
    const other = await newAccount();
    expect(
      (await server.postForm("/alerts", subscription("mine"), { cookie: owner.cookie })).status,
    ).toBe(200);
    const taken = await server.postForm("/alerts", subscription("mine"), { cookie: other.cookie });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({
      ok: false,
      error: "This browser's notifications belong to another account; turn them off there first",
    });
    expect(await endpointsOf(owner.id)).toEqual(["mine"]);
    expect(await endpointsOf(other.id)).toEqual([]);
  });
});

describe("webhook alerts are bounded", () => {
  it(`allows at most ${WEBHOOK_ALERTS_PER_USER} alerts with a webhook per user`, async () => {
    const owner = await newAccount();
    const { peptideId, sizeIds } = await peptideWithSizes("hooked", WEBHOOK_ALERTS_PER_USER + 1);
    const settings = {
      mode: "below" as const,
      targetPrice: 1,
      currency: "USD",
      includeShipping: false,
      channels: ["webhook" as const],
      webhookUrl: "https://hooks.example.com/alerts",
      digest: "immediate" as const,
    };
    for (const sizeOptionId of sizeIds.slice(0, WEBHOOK_ALERTS_PER_USER)) {
      const { state } = await currentAlertState(server.app, { sizeOptionId, ...settings });
      await upsertPriceAlert(server.app.db, {
        ...settings,
        userId: owner.id,
        peptideId,
        sizeOptionId,
        state,
      });
    }
    const last = sizeIds[WEBHOOK_ALERTS_PER_USER]!;
    const refused = await server.postForm("/alerts", alertForm(last, ["webhook"]), {
      cookie: owner.cookie,
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatch(/50 alerts with a webhook/);
    const stored = await server.app.db
      .select({ id: priceAlerts.id })
      .from(priceAlerts)
      .where(and(eq(priceAlerts.userId, owner.id), eq(priceAlerts.sizeOptionId, last)));
    expect(stored).toEqual([]);

    // Without a webhook the alert is fine, and re-saving one of the 50 keeps its webhook.
    const emailOnly = await server.postForm("/alerts", alertForm(last, ["email"]), {
      cookie: owner.cookie,
    });
    expect(emailOnly.status).toBe(200);
    const resaved = await server.postForm("/alerts", alertForm(sizeIds[0]!, ["webhook"]), {
      cookie: owner.cookie,
    });
    expect(resaved.status).toBe(200);
  });
});

describe("per-address limits", () => {
  it(`refuses a sign-up past ${ADDRESS_LIMITS["sign-up"].max} an hour from one address`, async () => {
    const { max } = ADDRESS_LIMITS["sign-up"];
    const signUp = (n: number) =>
      server.postForm("/signup", {
        intent: "password",
        email: `many-${n}@example.com`,
        password: "many-password-1",
        confirmPassword: "many-password-1",
      });
    for (let n = 0; n < max; n += 1) expect((await signUp(n)).status).toBe(302);
    const refused = await signUp(max);
    expect(refused.status).toBe(429);
    const created = await server.app.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, `many-${max}@example.com`));
    expect(created).toEqual([]);
  });

  it(`refuses a password-reset request past ${ADDRESS_LIMITS["password-reset"].max} an hour from one address`, async () => {
    const { max } = ADDRESS_LIMITS["password-reset"];
    const ask = (n: number) =>
      server.postForm("/forgot-password", { email: `reset-${n}@example.com` });
    for (let n = 0; n < max; n += 1) expect((await ask(n)).status).toBe(200);
    expect((await ask(max)).status).toBe(429);
  });

  it(`refuses alert saves past ${ADDRESS_LIMITS.alert.max} an hour from one address`, async () => {
    const { max } = ADDRESS_LIMITS.alert;
    const owner = await newAccount();
    const { sizeIds } = await peptideWithSizes("many-alerts", max + 1);
    // The webhook test above saved from this address too: count what is left of the hour.
    let saved = 0;
    let refused: Response | null = null;
    for (const sizeOptionId of sizeIds) {
      const response = await server.postForm("/alerts", alertForm(sizeOptionId, ["email"]), {
        cookie: owner.cookie,
      });
      if (response.status === 429) {
        refused = response;
        break;
      }
      expect(response.status).toBe(200);
      saved += 1;
    }
    expect(refused?.status).toBe(429);
    expect(saved).toBeLessThanOrEqual(max);
    expect(saved).toBeGreaterThanOrEqual(max - 5);
    const stored = await server.app.db
      .select({ id: priceAlerts.id })
      .from(priceAlerts)
      .where(eq(priceAlerts.userId, owner.id));
    expect(stored).toHaveLength(saved);
  });
});
