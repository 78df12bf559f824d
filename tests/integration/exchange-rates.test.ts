import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import {
  deleteExchangeRate,
  findExchangeRate,
  getExchangeRates,
  listExchangeRates,
  upsertExchangeRates,
} from "~/.server/data/exchange-rates.server";
import { updateSettings } from "~/.server/data/settings.server";
import { exchangeRates } from "~/.server/db/schema";
import { refreshExchangeRatesFromEcb } from "~/.server/services/ecb-rates.server";
import {
  EXCHANGE_RATES_QUEUE,
  runScheduledExchangeRateRefresh,
} from "~/.server/jobs/exchange-rates-job.server";
import { startJobs } from "~/.server/jobs/jobs.server";

import { createTestApp, type TestApp } from "../helpers/app";
import { ECB_FIXTURE_XML, startEcbServer, type EcbServer } from "../helpers/ecb-server";

let app: TestApp;
let ecb: EcbServer;

beforeAll(async () => {
  ecb = await startEcbServer();
  app = await createTestApp({
    ECB_RATES_URL: ecb.ratesUrl,
    // The stand-in ECB listens on loopback: the operator's two opt-outs let it through.
    ECB_RATES_ANY_HOST: "true",
    SCRAPER_ALLOW_PRIVATE_HOSTS: "true",
  });
});
afterAll(async () => {
  await app?.dispose();
  await ecb?.close();
});

/** A known starting point: two manual rates, the ECB answering its normal file. */
beforeEach(async () => {
  await app.db.delete(exchangeRates);
  await upsertExchangeRates(app.db, [
    { currency: "EUR", unitsPerUsd: 0.5, source: "manual" },
    { currency: "AED", unitsPerUsd: 3.6725, source: "manual" },
  ]);
  await updateSettings(app.db, { exchangeRatesAutoRefresh: false });
  ecb.answer(200, ECB_FIXTURE_XML);
});

async function storedRows() {
  return (await listExchangeRates(app.db)).map(({ currency, unitsPerUsd, source }) => ({
    currency,
    unitsPerUsd,
    source,
  }));
}

describe("exchange-rate data module", () => {
  it("lists rates by currency, updates an existing one and deletes", async () => {
    await upsertExchangeRates(app.db, [{ currency: "EUR", unitsPerUsd: 0.9, source: "manual" }]);
    expect(await storedRows()).toEqual([
      { currency: "AED", unitsPerUsd: 3.6725, source: "manual" },
      { currency: "EUR", unitsPerUsd: 0.9, source: "manual" },
    ]);
    expect(await getExchangeRates(app.db)).toEqual({ AED: 3.6725, EUR: 0.9 });
    expect(await findExchangeRate(app.db, "EUR")).toMatchObject({
      currency: "EUR",
      unitsPerUsd: 0.9,
    });
    expect(await findExchangeRate(app.db, "SEK")).toBeNull();
    expect(await deleteExchangeRate(app.db, "AED")).toBe(true);
    expect(await deleteExchangeRate(app.db, "AED")).toBe(false);
    expect(await getExchangeRates(app.db)).toEqual({ EUR: 0.9 });
  });
});

describe("refreshExchangeRatesFromEcb", () => {
  it("stores every ECB rate per dollar with source 'ecb' and keeps rates the ECB does not list", async () => {
    const result = await refreshExchangeRatesFromEcb(app);
    expect(result).toMatchObject({ ok: true, date: "2026-11-20" });
    expect(result.ok && result.currencies).toHaveLength(30);
    const rows = await listExchangeRates(app.db);
    const byCurrency = new Map(rows.map((row) => [row.currency, row]));
    expect(byCurrency.get("EUR")).toMatchObject({ source: "ecb" });
    expect(byCurrency.get("EUR")!.unitsPerUsd).toBeCloseTo(1 / 1.1612, 6);
    expect(byCurrency.get("JPY")!.unitsPerUsd).toBeCloseTo(180.42 / 1.1612, 6);
    expect(byCurrency.get("AED")).toMatchObject({ unitsPerUsd: 3.6725, source: "manual" });
    expect(byCurrency.has("USD")).toBe(false);
    expect(ecb.requestCount()).toBeGreaterThan(0);
  });

  it("leaves the stored rates alone when the ECB is down", async () => {
    const before = await storedRows();
    ecb.answer(503, "Service unavailable");
    expect(await refreshExchangeRatesFromEcb(app)).toEqual({
      ok: false,
      error: "The ECB answered HTTP 503",
    });
    expect(await storedRows()).toEqual(before);
  });

  it("leaves the stored rates alone when the file has no dollar rate", async () => {
    const before = await storedRows();
    ecb.answer(200, ECB_FIXTURE_XML.replace(/<Cube currency='USD'[^>]*>/, ""));
    expect(await refreshExchangeRatesFromEcb(app)).toEqual({
      ok: false,
      error: "The ECB file has no US dollar rate",
    });
    expect(await storedRows()).toEqual(before);
  });

  it("reports an unreachable address without touching the rates", async () => {
    const before = await storedRows();
    const unreachable = { ...app, env: { ...app.env, ECB_RATES_URL: "http://127.0.0.1:9/x.xml" } };
    const result = await refreshExchangeRatesFromEcb(unreachable);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/could not be fetched/);
    expect(await storedRows()).toEqual(before);
  });
});

describe("the daily refresh job", () => {
  it("does nothing while the setting is off", async () => {
    const requestsBefore = ecb.requestCount();
    expect(await runScheduledExchangeRateRefresh(app)).toBeNull();
    expect(ecb.requestCount()).toBe(requestsBefore);
    expect((await getExchangeRates(app.db)).EUR).toBe(0.5);
  });

  it("refreshes from the ECB once the admin turns it on", async () => {
    await updateSettings(app.db, { exchangeRatesAutoRefresh: true });
    expect(await runScheduledExchangeRateRefresh(app)).toMatchObject({ ok: true });
    expect((await getExchangeRates(app.db)).EUR).toBeCloseTo(1 / 1.1612, 6);
  });
});

describe("startJobs", () => {
  it("schedules the ECB refresh daily after the ECB publishes", async () => {
    const jobs = await startJobs(app);
    try {
      const { rows } = await app.database.executeSql(
        "select name, cron, options->>'tz' as tz from pgboss.schedule where name = $1",
        [EXCHANGE_RATES_QUEUE],
      );
      expect(rows).toEqual([
        { name: EXCHANGE_RATES_QUEUE, cron: "15 16 * * *", tz: "Europe/Berlin" },
      ]);
    } finally {
      await jobs.stop();
    }
  });
});

describe("ECB_RATES_URL is held to the ECB and the address guard", () => {
  it("fetches only from the ECB's host unless the operator opts out", async () => {
    const before = ecb.requestCount();
    const result = await refreshExchangeRatesFromEcb({
      ...app,
      env: { ...app.env, ECB_RATES_ANY_HOST: false },
    });
    expect(result).toEqual({
      ok: false,
      error:
        "ECB_RATES_URL must be an https:// URL on www.ecb.europa.eu (set ECB_RATES_ANY_HOST=true to use another host)",
    });
    expect(ecb.requestCount()).toBe(before);
    expect(await storedRows()).toContainEqual({
      currency: "EUR",
      unitsPerUsd: 0.5,
      source: "manual",
    });
  });

  it("refuses a loopback address under the address guard, even on another host allowed", async () => {
    const before = ecb.requestCount();
    const result = await refreshExchangeRatesFromEcb({
      ...app,
      env: { ...app.env, SCRAPER_ALLOW_PRIVATE_HOSTS: false },
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/private or local network address/);
    expect(ecb.requestCount()).toBe(before);
  });
});
