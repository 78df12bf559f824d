import { EcbRatesError, parseEcbDailyRates } from "~/lib/ecb-rates";

import type { AppContext } from "../platform/context.server";
import { PageFetcher } from "../platform/outbound/fetch-page.server";
import { upsertExchangeRates } from "../data/exchange-rates.server";

export type EcbRefreshResult =
  { ok: true; date: string; currencies: string[] } | { ok: false; error: string };

const FETCH_TIMEOUT_MS = 15_000;
/** The real file is about 2 kB; anything far larger is not it. */
const MAX_BODY_CHARS = 1_000_000;

/** Where the reference rates are published; ECB_RATES_URL may name another host only with ECB_RATES_ANY_HOST. */
export const ECB_HOST = "www.ecb.europa.eu";

/**
 * GETs ECB_RATES_URL through the scraper's address guard (every redirect hop checked, private
 * and loopback addresses refused unless SCRAPER_ALLOW_PRIVATE_HOSTS), and only from the ECB's
 * own host unless the operator set ECB_RATES_ANY_HOST.
 */
async function fetchEcbXml(env: AppContext["env"]): Promise<string> {
  const url = new URL(env.ECB_RATES_URL);
  if (!env.ECB_RATES_ANY_HOST && (url.hostname !== ECB_HOST || url.protocol !== "https:")) {
    throw new EcbRatesError(
      `ECB_RATES_URL must be an https:// URL on ${ECB_HOST} (set ECB_RATES_ANY_HOST=true to use another host)`,
    );
  }
  const fetcher = new PageFetcher({
    allowPrivateHosts: env.SCRAPER_ALLOW_PRIVATE_HOSTS,
    trustedOrigins: [],
    userAgent: env.SCRAPER_USER_AGENT,
    respectRobotsTxt: false,
    requestDelayMs: 0,
    maxUrls: 1,
    timeoutMs: FETCH_TIMEOUT_MS,
  });
  let page;
  try {
    page = await fetcher.fetchPage(url.href);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const status = /answered HTTP (\d+)/.exec(reason)?.[1];
    throw new EcbRatesError(
      status ? `The ECB answered HTTP ${status}` : `The ECB rates could not be fetched (${reason})`,
    );
  }
  if (page.body.length > MAX_BODY_CHARS) throw new EcbRatesError("The ECB answer is too large");
  return page.body;
}

export type EcbRates =
  { ok: true; date: string; rates: Record<string, number> } | { ok: false; error: string };

/**
 * Fetches the ECB's daily reference rates from ECB_RATES_URL. Any failure (network, HTTP status,
 * an unreadable file) is logged and reported: a bad day at the ECB must not blank the site's
 * prices, so nothing is stored then.
 */
export async function readEcbRates(app: Pick<AppContext, "env" | "logger">): Promise<EcbRates> {
  try {
    const parsed = parseEcbDailyRates(await fetchEcbXml(app.env));
    return { ok: true, date: parsed.date, rates: parsed.rates };
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
}

/** Stores rates read from the ECB with source 'ecb' (in the caller's transaction, if any). */
export async function storeEcbRates(
  app: Pick<AppContext, "db" | "logger">,
  read: Extract<EcbRates, { ok: true }>,
): Promise<EcbRefreshResult> {
  const currencies = Object.keys(read.rates).sort();
  await upsertExchangeRates(
    app.db,
    currencies.map((currency) => ({
      currency,
      unitsPerUsd: read.rates[currency]!,
      source: "ecb" as const,
    })),
  );
  app.logger.info(
    { date: read.date, currencies: currencies.length },
    "exchange rates refreshed from the ECB",
  );
  return { ok: true, date: read.date, currencies };
}

/** The daily job's refresh: the ECB's rates read and stored, or the stored ones left as they were. */
export async function refreshExchangeRatesFromEcb(
  app: Pick<AppContext, "db" | "env" | "logger">,
): Promise<EcbRefreshResult> {
  const read = await readEcbRates(app);
  return read.ok ? storeEcbRates(app, read) : read;
}
