/**
 * Currency codes as shop pages write them. A listing's currency is an ISO 4217 code or null:
 * a symbol becomes a code only when one currency uses it ("€", "zł", "A$"); "$", "¥" or "kr"
 * alone name several currencies, so they give null rather than a guess.
 */

const ISO_CODES: ReadonlySet<string> = new Set(Intl.supportedValuesOf("currency"));

/** Symbols and local abbreviations that belong to exactly one currency, upper-cased. */
const UNAMBIGUOUS: Readonly<Record<string, string>> = {
  US$: "USD",
  U$S: "USD",
  USD$: "USD",
  A$: "AUD",
  AU$: "AUD",
  C$: "CAD",
  CA$: "CAD",
  CAN$: "CAD",
  NZ$: "NZD",
  HK$: "HKD",
  S$: "SGD",
  SG$: "SGD",
  R$: "BRL",
  NT$: "TWD",
  MX$: "MXN",
  "€": "EUR",
  EURO: "EUR",
  EUROS: "EUR",
  "£": "GBP",
  "₹": "INR",
  "₩": "KRW",
  원: "KRW",
  "₪": "ILS",
  "₫": "VND",
  Đ: "VND",
  "₺": "TRY",
  TL: "TRY",
  "₽": "RUB",
  РУБ: "RUB",
  "РУБ.": "RUB",
  РУБЛЕЙ: "RUB",
  "₴": "UAH",
  ГРН: "UAH",
  "ГРН.": "UAH",
  "₦": "NGN",
  "฿": "THB",
  "₸": "KZT",
  "₼": "AZN",
  "₾": "GEL",
  "₲": "PYG",
  "₵": "GHS",
  "₭": "LAK",
  "₮": "MNT",
  "៛": "KHR",
  "৳": "BDT",
  "֏": "AMD",
  円: "JPY",
  ZŁ: "PLN",
  KČ: "CZK",
  FT: "HUF",
  LEI: "RON",
  ЛВ: "BGN",
  "ЛВ.": "BGN",
  KN: "HRK",
  RP: "IDR",
  RM: "MYR",
};

/** The ISO 4217 code when `raw` is one (any case), else null. */
export function isoCurrencyCode(raw: string | null | undefined): string | null {
  const code = raw?.trim().toUpperCase() ?? "";
  return /^[A-Z]{3}$/.test(code) && ISO_CODES.has(code) ? code : null;
}

/**
 * The ISO code a page means by `raw`: an ISO code as is, a symbol or abbreviation only when it
 * belongs to one currency. "$", "¥", "kr", "Fr." and the like answer null.
 */
export function currencyCode(raw: string | null | undefined): string | null {
  const token = raw?.trim();
  if (!token) return null;
  return isoCurrencyCode(token) ?? UNAMBIGUOUS[token.toUpperCase()] ?? null;
}
