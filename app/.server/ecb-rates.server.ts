import { EcbRatesError, parseEcbDailyRates } from "~/lib/ecb-rates";

import type { AppContext } from "./context.server";
import { upsertExchangeRates } from "./data/exchange-rates.server";

export type EcbRefreshResult =
  { ok: true; date: string; currencies: string[] } | { ok: false; error: string };

const FETCH_TIMEOUT_MS = 15_000;
/** The real file is about 2 kB; anything far larger is not it. */
const MAX_BODY_CHARS = 1_000_000;

async function fetchEcbXml(env: AppContext["env"]): Promise<string> {
  const response = await fetch(env.ECB_RATES_URL, {
    headers: { accept: "application/xml, text/xml", "user-agent": env.SCRAPER_USER_AGENT },
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!response.ok) throw new EcbRatesError(`The ECB answered HTTP ${response.status}`);
  const body = await response.text();
  if (body.length > MAX_BODY_CHARS) throw new EcbRatesError("The ECB answer is too large");
  return body;
}

/**
 * Fetches the ECB's daily reference rates from ECB_RATES_URL and stores them with source 'ecb'.
 * Any failure (network, HTTP status, an unreadable file) is logged and reported, and the
 * stored rates stay as they were: a bad day at the ECB must not blank the site's prices.
 */
export async function refreshExchangeRatesFromEcb(
  app: Pick<AppContext, "db" | "env" | "logger">,
): Promise<EcbRefreshResult> {
  let parsed;
  try {
    parsed = parseEcbDailyRates(await fetchEcbXml(app.env));
  } catch (error) {
    const message =
      error instanceof EcbRatesError
        ? error.message
        : `The ECB rates could not be fetched (${error instanceof Error ? error.message : String(error)})`;
    app.logger.error(
      { err: error, url: app.env.ECB_RATES_URL },
      "ECB exchange-rate refresh failed",
    );
    return { ok: false, error: message };
  }
  const currencies = Object.keys(parsed.rates).sort();
  await upsertExchangeRates(
    app.db,
    currencies.map((currency) => ({
      currency,
      unitsPerUsd: parsed.rates[currency]!,
      source: "ecb" as const,
    })),
  );
  app.logger.info(
    { date: parsed.date, currencies: currencies.length },
    "exchange rates refreshed from the ECB",
  );
  return { ok: true, date: parsed.date, currencies };
}
