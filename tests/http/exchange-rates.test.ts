import { and, count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  findExchangeRate,
  getExchangeRates,
  listExchangeRates,
} from "~/.server/data/exchange-rates.server";
import { getSettings } from "~/.server/data/settings.server";
import { auditLog } from "~/.server/db/schema";
import { EXCHANGE_RATE_MESSAGES } from "~/lib/forms/exchange-rates";

import { createUserWithPassword, signIn } from "../helpers/auth";
import { ECB_FIXTURE_XML, startEcbServer, type EcbServer } from "../helpers/ecb-server";
import { startTestServer, type FormFields, type TestServer } from "../helpers/server";

let server: TestServer;
let ecb: EcbServer;
let adminCookie: string;
let userCookie: string;

const PLAIN = { email: "rates-user@peptideprices.test", password: "rates-user-password" };

beforeAll(async () => {
  ecb = await startEcbServer();
  server = await startTestServer({
    ECB_RATES_URL: ecb.ratesUrl,
    ECB_RATES_ANY_HOST: "true",
    SCRAPER_ALLOW_PRIVATE_HOSTS: "true",
  });
  adminCookie = await signIn(server, "admin@peptideprices.test", "admin-password");
  await createUserWithPassword(server.app, PLAIN.email, PLAIN.password);
  userCookie = await signIn(server, PLAIN.email, PLAIN.password);
});
afterAll(async () => {
  await server?.close();
  await ecb?.close();
});

async function post(pathname: string, fields: FormFields, cookie: string | null = adminCookie) {
  const response = await server.postForm(pathname, fields, { cookie });
  return { status: response.status, text: await response.text(), response };
}

const rates = () => getExchangeRates(server.app.db);

async function auditEntries(entityId: string) {
  const [row] = await server.app.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "exchange-rate"), eq(auditLog.entityId, entityId)));
  return row!.n;
}

/** A page-cache entry that survives unless an admin write empties the cache. */
async function primeCache() {
  await server.app.cache.get("exchange-rate-probe", async () => "before");
}
async function cacheWasEmptied() {
  return (await server.app.cache.get("exchange-rate-probe", async () => "after")) === "after";
}

describe("Admin → Settings → Exchange rates", () => {
  it("refuses visitors and plain users on the page and every rate action", async () => {
    const before = await rates();
    const actions: FormFields[] = [
      { intent: "add-rate", currency: "SEK", unitsPerUsd: "10" },
      { intent: "update-rate", currency: "EUR", unitsPerUsd: "5" },
      { intent: "delete-rate", currency: "EUR" },
      { intent: "set-rate-refresh", autoRefresh: "on" },
      { intent: "refresh-rates" },
    ];
    for (const cookie of [null, userCookie]) {
      const page = await server.fetch("/admin/settings", { headers: cookie ? { cookie } : {} });
      expect(page.status).toBe(403);
      for (const fields of actions) {
        expect((await post("/admin/settings", fields, cookie)).status).toBe(403);
      }
    }
    expect(await rates()).toEqual(before);
    expect((await getSettings(server.app.db)).exchangeRatesAutoRefresh).toBe(false);
    expect(ecb.requestCount()).toBe(0);
  });

  it("shows the stored rates with their source", async () => {
    const response = await server.fetch("/admin/settings", { headers: { cookie: adminCookie } });
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain("Exchange Rates");
    expect(html).toContain('aria-label="1 USD in EUR"');
    expect(html).toContain("Refresh daily from the ECB");
    expect(html).toContain("Refresh now");
  });

  it("adds a currency, audits it and empties the page cache", async () => {
    await primeCache();
    const result = await post("/admin/settings", {
      intent: "add-rate",
      currency: "SEK",
      unitsPerUsd: "9.4512",
    });
    expect(result.status).toBe(200);
    expect(result.text).toContain(EXCHANGE_RATE_MESSAGES.rateAdded);
    const sek = (await listExchangeRates(server.app.db)).find((row) => row.currency === "SEK");
    expect(sek).toMatchObject({ unitsPerUsd: 9.4512, source: "manual" });
    expect(await auditEntries("SEK")).toBe(1);
    expect(await cacheWasEmptied()).toBe(true);
  });

  it.each([
    [{ currency: "sek", unitsPerUsd: "9" }, EXCHANGE_RATE_MESSAGES.codeFormat],
    [{ currency: "SEKK", unitsPerUsd: "9" }, EXCHANGE_RATE_MESSAGES.codeFormat],
    [{ currency: "QQQ", unitsPerUsd: "9" }, EXCHANGE_RATE_MESSAGES.unknownCode],
    [{ currency: "USD", unitsPerUsd: "1" }, EXCHANGE_RATE_MESSAGES.dollarIsBase],
    [{ currency: "NOK", unitsPerUsd: "0" }, EXCHANGE_RATE_MESSAGES.rateRange],
    [{ currency: "NOK", unitsPerUsd: "-4" }, EXCHANGE_RATE_MESSAGES.rateRange],
    [{ currency: "NOK", unitsPerUsd: "99999999" }, EXCHANGE_RATE_MESSAGES.rateRange],
    [{ currency: "NOK", unitsPerUsd: "ten" }, EXCHANGE_RATE_MESSAGES.rateRange],
    [{ currency: "NOK" }, EXCHANGE_RATE_MESSAGES.rateRange],
  ])("refuses %o with 400 and says why", async (fields, message) => {
    const before = await rates();
    const result = await post("/admin/settings", { intent: "add-rate", ...fields });
    expect(result.status).toBe(400);
    expect(result.text).toContain(message);
    expect(await rates()).toEqual(before);
  });

  it("refuses to add a currency twice (409) and to edit one that has no rate (404)", async () => {
    const duplicate = await post("/admin/settings", {
      intent: "add-rate",
      currency: "EUR",
      unitsPerUsd: "2",
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.text).toContain("EUR already has a rate");
    // Shown under the Currency field, not only in the toast.
    expect(duplicate.text).toMatch(/fieldErrors.*currency/s);
    const missing = await post("/admin/settings", {
      intent: "update-rate",
      currency: "NOK",
      version: "1",
      unitsPerUsd: "2",
    });
    expect(missing.status).toBe(404);
    expect((await rates()).NOK).toBeUndefined();
    expect((await rates()).EUR).not.toBe(2);
  });

  it("edits a rate, which becomes manual, and the audit log shows the rate before and after", async () => {
    const before = (await rates()).EUR;
    const result = await post("/admin/settings", {
      intent: "update-rate",
      currency: "EUR",
      version: (await findExchangeRate(server.app.db, "EUR"))!.version,
      unitsPerUsd: "0.9123",
    });
    expect(result.status).toBe(200);
    expect(result.text).toContain(EXCHANGE_RATE_MESSAGES.rateUpdated);
    const eur = (await listExchangeRates(server.app.db)).find((row) => row.currency === "EUR");
    expect(eur).toMatchObject({ unitsPerUsd: 0.9123, source: "manual" });
    const [entry] = await server.app.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "exchange-rate"), eq(auditLog.entityId, "EUR")))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry!.details).toEqual({
      name: "EUR",
      changes: { unitsPerUsd: { before, after: 0.9123 } },
    });
  });

  it("deletes a rate once; a second delete is 404", async () => {
    await primeCache();
    const deleted = await post("/admin/settings", { intent: "delete-rate", currency: "SEK" });
    expect(deleted.status).toBe(200);
    expect(deleted.text).toContain(EXCHANGE_RATE_MESSAGES.rateDeleted);
    expect((await rates()).SEK).toBeUndefined();
    expect(await cacheWasEmptied()).toBe(true);
    expect((await post("/admin/settings", { intent: "delete-rate", currency: "SEK" })).status).toBe(
      404,
    );
  });

  it("turns the daily ECB refresh on and off", async () => {
    const on = await post("/admin/settings", { intent: "set-rate-refresh", autoRefresh: "on" });
    expect(on.status).toBe(200);
    const [entry] = await server.app.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.entity, "settings"))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry!.details).toMatchObject({
      changes: { exchangeRatesAutoRefresh: { before: false, after: true } },
    });
    expect((await getSettings(server.app.db)).exchangeRatesAutoRefresh).toBe(true);
    await post("/admin/settings", { intent: "set-rate-refresh", autoRefresh: "off" });
    expect((await getSettings(server.app.db)).exchangeRatesAutoRefresh).toBe(false);
    expect(
      (await post("/admin/settings", { intent: "set-rate-refresh", autoRefresh: "yes" })).status,
    ).toBe(400);
  });

  it("refreshes now from the ECB, and reports a failure without touching the rates", async () => {
    ecb.answer(503, "down");
    const before = await rates();
    const failed = await post("/admin/settings", { intent: "refresh-rates" });
    expect(failed.status).toBe(502);
    expect(failed.text).toContain("The ECB answered HTTP 503");
    expect(await rates()).toEqual(before);

    ecb.answer(200, ECB_FIXTURE_XML);
    const refreshed = await post("/admin/settings", { intent: "refresh-rates" });
    expect(refreshed.status).toBe(200);
    expect(refreshed.text).toContain(EXCHANGE_RATE_MESSAGES.refreshed);
    const rows = await listExchangeRates(server.app.db);
    expect(rows.find((row) => row.currency === "EUR")).toMatchObject({ source: "ecb" });
    expect(rows.find((row) => row.currency === "EUR")!.unitsPerUsd).toBeCloseTo(1 / 1.1612, 6);
    expect(rows.some((row) => row.currency === "ZAR")).toBe(true);
    expect(await auditEntries("ecb")).toBe(1);
  });
});

describe("the display-currency switch (/currency)", () => {
  it("keeps the choice in a year-long Lax cookie and goes back to the page", async () => {
    const result = await post(
      "/currency",
      { currency: "GBP", returnTo: "/compare?q=bpc#top" },
      null,
    );
    expect(result.status).toBe(302);
    expect(result.response.headers.get("location")).toBe("/compare?q=bpc#top");
    const cookie = result.response.headers.getSetCookie().join("\n");
    expect(cookie).toMatch(/^display_currency=GBP;/);
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
  });

  it.each(["https://evil.test/", "//evil.test/x", "/\\evil.test", "javascript:alert(1)"])(
    "never sends the visitor off-site (%s)",
    async (returnTo) => {
      const result = await post("/currency", { currency: "EUR", returnTo }, null);
      expect(result.status).toBe(302);
      expect(result.response.headers.get("location")).toBe("/");
    },
  );

  it.each([
    ["eur", EXCHANGE_RATE_MESSAGES.codeFormat],
    ["XYZ", EXCHANGE_RATE_MESSAGES.unknownCode],
    ["AED", "Prices cannot be shown in AED: it has no exchange rate"],
  ])("refuses %s with 400 and sets no cookie", async (currency, message) => {
    const result = await post("/currency", { currency, returnTo: "/" }, null);
    expect(result.status).toBe(400);
    expect(result.text).toContain(message);
    expect(result.response.headers.getSetCookie()).toEqual([]);
  });

  it("refuses a post from another site", async () => {
    const response = await server.postForm(
      "/currency",
      { currency: "EUR" },
      { headers: { origin: "https://evil.test" } },
    );
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("shows the chosen currency in the header switcher; a bad cookie falls back to USD", async () => {
    const chosen = await server.fetch("/", { headers: { cookie: "display_currency=EUR" } });
    const html = await chosen.text();
    expect(html).toContain('<label for="display-currency"');
    expect(html).toMatch(/<option value="EUR" selected="">EUR<\/option>/);

    for (const cookie of [
      "display_currency=XYZ",
      "display_currency=%E2%82%AC",
      "display_currency=",
    ]) {
      const fallback = await (await server.fetch("/", { headers: { cookie } })).text();
      expect(fallback).toMatch(/<option value="USD" selected="">USD<\/option>/);
    }
  });
});
