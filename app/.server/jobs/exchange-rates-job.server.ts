import type PgBoss from "pg-boss";

import type { AppContext } from "../platform/context.server";
import { getSettings } from "../data/settings.server";
import { refreshExchangeRatesFromEcb, type EcbRefreshResult } from "../services/ecb-rates.server";

export const EXCHANGE_RATES_QUEUE = "refresh-exchange-rates";
/** The ECB publishes around 16:00 Frankfurt time on working days; a quarter of an hour later. */
const DAILY_AFTER_ECB_PUBLICATION = "15 16 * * *";
const ECB_TIME_ZONE = "Europe/Berlin";

type JobContext = Pick<AppContext, "db" | "env" | "logger">;

/**
 * The daily refresh: runs only while settings.exchangeRatesAutoRefresh is on (read afresh each
 * day, so the admin's switch applies without a restart); null when it is off.
 */
export async function runScheduledExchangeRateRefresh(
  app: JobContext,
): Promise<EcbRefreshResult | null> {
  const { exchangeRatesAutoRefresh } = await getSettings(app.db);
  if (!exchangeRatesAutoRefresh) return null;
  return refreshExchangeRatesFromEcb(app);
}

/** Registers the daily ECB refresh on a started pg-boss: one run a day across every instance. */
export async function scheduleExchangeRateRefresh(boss: PgBoss, app: JobContext): Promise<void> {
  await boss.createQueue(EXCHANGE_RATES_QUEUE);
  await boss.schedule(EXCHANGE_RATES_QUEUE, DAILY_AFTER_ECB_PUBLICATION, undefined, {
    tz: ECB_TIME_ZONE,
  });
  await boss.work(EXCHANGE_RATES_QUEUE, async () => {
    await runScheduledExchangeRateRefresh(app);
  });
}
