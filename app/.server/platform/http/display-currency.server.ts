import { DISPLAY_CURRENCY_COOKIE, resolveDisplayCurrency, type ExchangeRates } from "~/lib/money";

import { readCookie, siteCookieAttributes } from "./cookies.server";

/** The currency this visitor compares prices in: their cookie's choice when rates allow it. */
export function getDisplayCurrency(request: Request, rates: ExchangeRates): string {
  return resolveDisplayCurrency(readCookie(request, DISPLAY_CURRENCY_COOKIE) ?? null, rates);
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The Set-Cookie value that keeps the visitor's display currency for a year. */
export function displayCurrencyCookie(currency: string, baseUrl: string): string {
  return `${DISPLAY_CURRENCY_COOKIE}=${encodeURIComponent(currency)}; Max-Age=${ONE_YEAR_SECONDS}; ${siteCookieAttributes(baseUrl)}`;
}
