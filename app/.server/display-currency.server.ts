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
