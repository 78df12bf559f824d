import { type CURRENCIES, DEFAULT_DISPLAY_CURRENCY } from "./constants";

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

// ---------------------------------------------------------------- minor units and rounding

/**
 * ISO 4217 minor-unit exponents that are not 2. Written out rather than read from Intl, whose
 * CLDR data shows some currencies with fewer decimals than they have (HUF, IDR, TWD).
 */
export const MINOR_UNIT_EXPONENTS: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
};

/** Decimals of the currency's minor unit (ISO 4217): 2 for USD, 0 for JPY and KRW, 3 for KWD. */
export function minorUnitExponent(currency: string): number {
  return MINOR_UNIT_EXPONENTS[currency.toUpperCase()] ?? 2;
}

/**
 * Digits a double carries faithfully: reading the scaled amount back at this precision turns
 * 1795.4999999999998 (17.955 × 100 in binary) into the 1795.5 a person wrote.
 */
const FAITHFUL_DIGITS = 15;

/**
 * The site's one rounding rule: half up (away from zero for a negative change), to the
 * currency's minor unit, as an integer count of minor units (cents, yen).
 */
export function toMinorUnits(amount: number, currency: string): number {
  const scaled = Number((amount * 10 ** minorUnitExponent(currency)).toPrecision(FAITHFUL_DIGITS));
  const magnitude = Math.floor(Math.abs(scaled) + 0.5);
  return scaled < 0 ? -magnitude : magnitude;
}

export function fromMinorUnits(minor: number, currency: string): number {
  return minor / 10 ** minorUnitExponent(currency);
}

/** An amount rounded once, by the one rule, to what the currency can pay: 17.955 USD → 17.96. */
export function roundMoney(amount: number, currency: string): number {
  return fromMinorUnits(toMinorUnits(amount, currency), currency);
}

/**
 * Orders two amounts of one currency by the minor units they round to (the one rule of
 * toMinorUnits): 9.004 and 9.00 USD are the same price, 9.01 is a cent dearer. Every
 * comparison of prices a buyer would pay goes through here, not through the floats.
 */
export function compareMoney(a: number, b: number, currency: string): -1 | 0 | 1 {
  const difference = toMinorUnits(a, currency) - toMinorUnits(b, currency);
  return difference === 0 ? 0 : difference < 0 ? -1 : 1;
}

/** Below this, two amounts differ only by binary rounding (compareAmounts, and its SQL twin). */
export const AMOUNT_TOLERANCE = 1e-9;

/**
 * Orders two amounts as the database's exact numerics would: a difference below a billionth
 * is the binary floats' rounding (5.65 / 5 is 1.1300000000000001 here, 1.13 in SQL), not money,
 * so a price filter set to a card's own amount keeps that card on both sides.
 */
export function compareAmounts(a: number, b: number): -1 | 0 | 1 {
  if (Math.abs(a - b) < AMOUNT_TOLERANCE) return 0;
  return a < b ? -1 : 1;
}

// ---------------------------------------------------------------- amounts typed into a form

/** Decimals a stored amount keeps: every money column is numeric(13, 3), ISO 4217's largest minor unit. */
export const STORED_MONEY_DECIMALS = 3;

/**
 * An amount as a person types it: digits with at most one decimal point. No sign, exponent
 * (1e-9, 1e2), hexadecimal (0x10), grouping (1,000), spaces or Infinity: `Number()` reads
 * several of those as some other amount than the one written.
 */
const PLAIN_DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/** The amount a typed text states, or null when it is not a plain decimal. */
export function parsePlainDecimal(text: string): number | null {
  if (!PLAIN_DECIMAL.test(text)) return null;
  const amount = Number(text);
  return Number.isFinite(amount) ? amount : null;
}

/** Decimals an amount in this currency may be entered with: its minor unit, within what is stored. */
export function enterableDecimals(currency: string): number {
  return Math.min(minorUnitExponent(currency), STORED_MONEY_DECIMALS);
}

function hasAtMostDecimals(amount: number, decimals: number): boolean {
  return Number.isInteger(Number((amount * 10 ** decimals).toPrecision(FAITHFUL_DIGITS)));
}

/** Whether a money column keeps this amount as it is (0.004 would be stored as 0.00). */
export function fitsStoredDecimals(amount: number): boolean {
  return hasAtMostDecimals(amount, STORED_MONEY_DECIMALS);
}

/**
 * Whether the amount is a whole number of the currency's smallest unit (0.004 USD is not, nor
 * is 12.5 JPY): then what is stored is exactly the amount that was checked, never a rounding.
 */
export function isWholeMinorAmount(amount: number, currency: string): boolean {
  return hasAtMostDecimals(amount, enterableDecimals(currency));
}

/** "Price in JPY must be a whole number", "Shipping fee in USD can have at most 2 decimals". */
export function minorUnitMessage(label: string, currency: string): string {
  const decimals = enterableDecimals(currency);
  return decimals === 0
    ? `${label} in ${currency} must be a whole number`
    : `${label} in ${currency} can have at most ${decimals} decimals`;
}

/** Percentages are taken to a millionth of a percent, so the arithmetic below stays integral. */
const PERCENT_SCALE = 1_000_000;

/**
 * What is left of `minor` units after `percent` off, rounded half up once: 1995 at 10 % off is
 * 1795.5, so 1796 ($17.96), and the discount shown is whatever the price lost (1995 − 1796).
 * Percentages outside 0–100 are clamped: a mistyped 120 % must not make a price negative.
 */
export function afterPercentOff(minor: number, percent: number): number {
  const kept =
    PERCENT_SCALE - Math.round(Math.min(100, Math.max(0, percent)) * (PERCENT_SCALE / 100));
  // Integer × integer below 2^53 for any price under ~90 million units: exact.
  return Math.floor((minor * kept + PERCENT_SCALE / 2) / PERCENT_SCALE);
}

/** An amount converted (see convertAmount) and rounded once in the target currency. */
export function convertMoney(
  amount: number,
  from: string,
  to: string,
  rates: ExchangeRates,
): number | null {
  const converted = convertAmount(amount, from, to, rates);
  return converted === null ? null : roundMoney(converted, to);
}

// ---------------------------------------------------------------- formatting

/**
 * The locale prices are written in. Fixed, so the server's and every browser's output match
 * during hydration; Intl gives each currency's symbol in it ("$", "€", "¥", "CA$", "CHF ").
 */
export const DISPLAY_LOCALE = "en-US";

export interface CurrencyAffixes {
  prefix: string;
  suffix: string;
}

/**
 * The site's own currencies' affixes as Intl writes them in DISPLAY_LOCALE (money.test.ts holds
 * the two equal). Written out because the first Intl.NumberFormat of a page load sets up ICU's
 * currency data: 36 ms on a quiet desktop core inside hydration, four times that on a
 * Lighthouse phone, for a "$" known in advance. Other currencies (a vendor's own) ask Intl.
 */
export const SITE_CURRENCY_AFFIXES: Readonly<Record<(typeof CURRENCIES)[number], CurrencyAffixes>> =
  {
    USD: { prefix: "$", suffix: "" },
    EUR: { prefix: "€", suffix: "" },
    GBP: { prefix: "£", suffix: "" },
  };

const affixCache = new Map<string, CurrencyAffixes | null>(Object.entries(SITE_CURRENCY_AFFIXES));

/** The symbol (and its spacing) Intl writes around an amount of this currency; null for a non-ISO code. */
export function intlCurrencyAffixes(code: string): CurrencyAffixes | null {
  try {
    const parts = new Intl.NumberFormat(DISPLAY_LOCALE, {
      style: "currency",
      currency: code,
    }).formatToParts(1);
    const first = parts.findIndex((part) => part.type === "integer");
    const last = parts.findLastIndex((part) =>
      ["integer", "decimal", "fraction"].includes(part.type),
    );
    // A plain space: amounts are matched as text by tests, feeds and e-mail clients alike.
    const join = (list: Intl.NumberFormatPart[]) =>
      list.map((part) => part.value.replace(/\u00a0/g, " ")).join("");
    return { prefix: join(parts.slice(0, first)), suffix: join(parts.slice(last + 1)) };
  } catch {
    return null;
  }
}

function currencyAffixes(code: string): CurrencyAffixes | null {
  let affixes = affixCache.get(code);
  if (affixes !== undefined) return affixes;
  affixes = intlCurrencyAffixes(code);
  affixCache.set(code, affixes);
  return affixes;
}

/**
 * A whole number as en-US writes it ("10,000"): amounts here, limits in form messages. Not
 * `toLocaleString`: every schema module builds its messages when it loads, and each call made
 * V8 set up an ICU number format; on the detail page that was the largest single cost of
 * loading its scripts (40 ms on a quiet desktop core, four times that on Lighthouse's phone).
 */
export function groupThousands(value: number): string {
  const digits = String(Math.abs(Math.trunc(value))).replace(/\B(?=(\d{3})+$)/g, ",");
  return value < 0 ? `-${digits}` : digits;
}

/** "1,234.50": digits of a count of minor units, grouped by thousands as en-US writes them. */
function minorDigits(minor: number, exponent: number): string {
  const text = String(minor).padStart(exponent + 1, "0");
  const grouped = groupThousands(Number(text.slice(0, text.length - exponent)));
  return exponent === 0 ? grouped : `${grouped}.${text.slice(text.length - exponent)}`;
}

export interface FormatMoneyOptions {
  /** "$5" rather than "$5.00" for a whole amount (a coupon's face value). */
  wholeWithoutMinor?: boolean;
}

/**
 * Every amount the site shows, in pages, the stack, feeds and e-mails: rounded once by the one
 * rule to the currency's minor unit, with Intl's symbol for the display locale ("¥3,625",
 * "€25.56", "CHF 12.00"); a code Intl does not know is written before the digits. Not a
 * number shows as an em dash rather than "$NaN".
 */
export function formatMoney(
  amount: number,
  currency: string | null = DEFAULT_DISPLAY_CURRENCY,
  options: FormatMoneyOptions = {},
): string {
  if (!Number.isFinite(amount)) return "—";
  const code = (currency ?? DEFAULT_DISPLAY_CURRENCY).toUpperCase();
  const exponent = minorUnitExponent(code);
  const minor = toMinorUnits(amount, code);
  const unit = 10 ** exponent;
  let shown: string;
  if (!Number.isSafeInteger(minor)) {
    // Beyond 2^53 minor units no cent is exact anyway: Intl writes the digits.
    shown = new Intl.NumberFormat(DISPLAY_LOCALE, {
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    }).format(Math.abs(amount));
  } else if (options.wholeWithoutMinor && minor % unit === 0) {
    shown = minorDigits(Math.abs(minor) / unit, 0);
  } else {
    shown = minorDigits(Math.abs(minor), exponent);
  }
  const affixes = currencyAffixes(code);
  const sign = minor < 0 ? "-" : "";
  return affixes ? `${sign}${affixes.prefix}${shown}${affixes.suffix}` : `${sign}${code} ${shown}`;
}
