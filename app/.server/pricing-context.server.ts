import type { PricingContext } from "~/lib/pricing";

import type { Database } from "./db/client";
import { getExchangeRates } from "./data/exchange-rates.server";
import { getSettings } from "./data/settings.server";
import { getDisplayCurrency } from "./display-currency.server";

/**
 * What public pages price offers with: the visitor's display currency, the admin's exchange
 * rates and staleness setting, and the moment of the request. Two small queries per page.
 */
export async function getPricingContext(db: Database, request: Request): Promise<PricingContext> {
  const [rates, settings] = await Promise.all([getExchangeRates(db), getSettings(db)]);
  return {
    displayCurrency: getDisplayCurrency(request, rates),
    rates,
    staleAfterMissedRuns: settings.staleAfterMissedRuns,
    now: new Date(),
  };
}
