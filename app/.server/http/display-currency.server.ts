import { DISPLAY_CURRENCY_COOKIE, resolveDisplayCurrency, type ExchangeRates } from "~/lib/money";

/** The currency this visitor compares prices in: their cookie's choice when rates allow it. */
export function getDisplayCurrency(request: Request, rates: ExchangeRates): string {
  const cookies = request.headers.get("cookie") ?? "";
  const requested = cookies
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === DISPLAY_CURRENCY_COOKIE)?.[1];
  return resolveDisplayCurrency(requested ? decodeURIComponent(requested) : null, rates);
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The Set-Cookie value that keeps the visitor's display currency for a year. */
export function displayCurrencyCookie(currency: string, baseUrl: string): string {
  const secure = baseUrl.startsWith("https://") ? "; Secure" : "";
  return `${DISPLAY_CURRENCY_COOKIE}=${encodeURIComponent(currency)}; Max-Age=${ONE_YEAR_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}
