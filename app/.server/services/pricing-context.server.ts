import type { ExchangeRates } from "~/lib/money";
import type { PricingContext } from "~/lib/pricing";

import type { AppContext } from "../platform/context.server";
import { getExchangeRates } from "../data/exchange-rates.server";
import { getSettings } from "../data/settings.server";
import { listShippingCountries } from "../data/vendors.server";
import { getDisplayCurrency } from "../platform/http/display-currency.server";
import { getIncludeFailedLabOffers } from "../platform/http/failed-lab-preference.server";
import { getShipTo } from "../platform/http/ship-to.server";

type CachedReads = Pick<AppContext, "db" | "cache">;

/**
 * The admin's exchange rates, from the in-process cache every public write empties (NOTIFY):
 * every page needs them, and they change once a day. Shared between requests: never mutated.
 */
export function getCachedExchangeRates(app: CachedReads): Promise<ExchangeRates> {
  return app.cache.get("exchange-rates", () => getExchangeRates(app.db));
}

/** The countries vendors ship to (cached like the rates: vendors change rarely). */
export function getCachedShippingCountries(app: CachedReads): Promise<string[]> {
  return app.cache.get("shipping-countries", () => listShippingCountries(app.db));
}

/**
 * What public pages price offers with: the visitor's display currency, "Ship to" destination
 * and whether failed-lab offers may be Best Price (cookies), the admin's exchange rates and
 * staleness setting (both cached), and the moment of the request.
 */
export async function getPricingContext(
  app: CachedReads,
  request: Request,
): Promise<PricingContext> {
  const [rates, settings] = await Promise.all([
    getCachedExchangeRates(app),
    app.cache.get("settings", () => getSettings(app.db)),
  ]);
  return {
    displayCurrency: getDisplayCurrency(request, rates),
    rates,
    staleAfterMissedRuns: settings.staleAfterMissedRuns,
    scrapeIntervalSeconds: settings.scrapeIntervalSeconds,
    now: new Date(),
    shipTo: getShipTo(request),
    includeFailedLabOffers: getIncludeFailedLabOffers(request),
  };
}
