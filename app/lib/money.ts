import { DEFAULT_DISPLAY_CURRENCY } from "./constants";

/** Units of each currency that one US dollar buys; USD itself is 1 whether listed or not. */
export type ExchangeRates = Readonly<Record<string, number>>;

/** The visitor's chosen display currency. */
export const DISPLAY_CURRENCY_COOKIE = "display_currency";

function unitsPerUsd(currency: string, rates: ExchangeRates): number | null {
  if (currency === DEFAULT_DISPLAY_CURRENCY) return 1;
  const rate = rates[currency];
  return rate !== undefined && Number.isFinite(rate) && rate > 0 ? rate : null;
}

/**
 * An amount in another currency through the US dollar; null when either rate is unknown, so a
 * price without a rate is never compared as if it were in the display currency.
 */
export function convertAmount(
  amount: number,
  from: string,
  to: string,
  rates: ExchangeRates,
): number | null {
  if (from === to) return amount;
  const fromRate = unitsPerUsd(from, rates);
  const toRate = unitsPerUsd(to, rates);
  if (fromRate === null || toRate === null) return null;
  return (amount / fromRate) * toRate;
}

/** The currencies a visitor can display prices in: those with a rate, the dollar first. */
export function displayCurrencies(rates: ExchangeRates): string[] {
  const others = Object.keys(rates)
    .filter((code) => code !== DEFAULT_DISPLAY_CURRENCY && unitsPerUsd(code, rates) !== null)
    .sort();
  return [DEFAULT_DISPLAY_CURRENCY, ...others];
}

/** The display currency a cookie asks for, when rates allow it; the default otherwise. */
export function resolveDisplayCurrency(requested: string | null, rates: ExchangeRates): string {
  return requested && displayCurrencies(rates).includes(requested)
    ? requested
    : DEFAULT_DISPLAY_CURRENCY;
}
