/**
 * The public JSON API's query parameters and shapes (/api/v1/…): pure, shared by the routes,
 * the OpenAPI document's examples and the tests.
 */
import { z } from "~/lib/forms/zod";

import { CURRENCY_CODE_PATTERN, DEFAULT_DISPLAY_CURRENCY } from "~/lib/constants";
import { MARKET_INDEX_DEFAULT_DAYS, MARKET_INDEX_MAX_DAYS } from "~/lib/market-index";
import {
  convertAmount,
  convertMoney,
  displayCurrencies,
  roundMoney,
  type ExchangeRates,
} from "~/lib/money";
import { isCountryCode } from "~/lib/ship-to";

export const API_PREFIX = "/api/v1";
export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 100;
/** Far past any real catalogue; bounds the OFFSET a request can ask the database for. */
export const MAX_PAGE = 10_000;

const currencyParam = z
  .string()
  .trim()
  .max(3)
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(CURRENCY_CODE_PATTERN, "must be a three-letter ISO 4217 code"))
  .default(DEFAULT_DISPLAY_CURRENCY);

/** `?shipTo=GB`: the destination landed totals are for; absent is "Anywhere" (null). */
const shipToParam = z
  .string()
  .trim()
  .max(2)
  .transform((value) => value.toUpperCase())
  .pipe(z.string().refine(isCountryCode, "must be an ISO 3166-1 alpha-2 country code"))
  .nullable()
  .default(null);

const pageNumber = (max: number, fallback: number) =>
  z
    .string()
    .trim()
    .max(6)
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(1).max(max))
    .default(fallback);

export const peptideListQuerySchema = z.object({
  page: pageNumber(MAX_PAGE, 1),
  perPage: pageNumber(MAX_PER_PAGE, DEFAULT_PER_PAGE),
  currency: currencyParam,
  shipTo: shipToParam,
});
export type PeptideListQuery = z.infer<typeof peptideListQuerySchema>;

export const currencyQuerySchema = z.object({ currency: currencyParam, shipTo: shipToParam });

/** A peptide slug from the path: what slugify produces, nothing a database would choke on. */
export const slugParamSchema = z
  .string()
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "is not a peptide slug");

/** The known query parameters of a URL (the last value of each), for zod. */
export function queryParams(url: URL, names: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name of names) {
    const value = url.searchParams.get(name);
    if (value !== null) params[name] = value;
  }
  return params;
}

/** zod issues as one sentence naming each parameter: the 400 answer's `error`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.join(".") || "query"}: ${issue.message}`)
    .join("; ");
}

/** The requested currency, or why it cannot be used: prices are converted through the site's rates. */
export function checkCurrency(currency: string, rates: ExchangeRates): string | null {
  const known = displayCurrencies(rates);
  return known.includes(currency)
    ? null
    : `currency: no exchange rate for ${currency}; use one of ${known.join(", ")}`;
}

export interface ApiAmount {
  amount: number;
  currency: string;
}

/** An amount in the shop's own currency, and converted into the requested one (null without a rate). */
export interface ApiMoney extends ApiAmount {
  converted: ApiAmount | null;
}

export function toApiMoney(
  amount: number,
  currency: string,
  target: string,
  rates: ExchangeRates,
): ApiMoney {
  const converted = convertMoney(amount, currency, target, rates);
  return {
    amount: roundMoney(amount, currency),
    currency,
    converted: converted === null ? null : { amount: converted, currency: target },
  };
}

/** Per-mg figures keep four decimals: a cent per milligram is too coarse for cheap peptides. */
export function toApiMoneyPerMg(
  amount: number,
  currency: string,
  target: string,
  rates: ExchangeRates,
): ApiMoney {
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  const converted = convertAmount(amount, currency, target, rates);
  return {
    amount: round(amount),
    currency,
    converted: converted === null ? null : { amount: round(converted), currency: target },
  };
}

export interface PageLinks {
  self: string;
  first: string;
  last: string;
  next: string | null;
  prev: string | null;
}

/** Links to the neighbouring pages of a paged list, keeping the request's other parameters. */
export function pageLinks(
  url: URL,
  baseUrl: string,
  { page, perPage, total }: { page: number; perPage: number; total: number },
): PageLinks {
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const at = (target: number) => {
    const link = new URL(url.pathname + url.search, baseUrl);
    link.searchParams.set("page", String(target));
    link.searchParams.set("perPage", String(perPage));
    return link.toString();
  };
  return {
    self: at(page),
    first: at(1),
    last: at(pageCount),
    next: page < pageCount ? at(page + 1) : null,
    prev: page > 1 ? at(Math.min(page - 1, pageCount)) : null,
  };
}

/** RFC 8288 Link header of the same links. */
export function linkHeader(links: PageLinks): string {
  return (["first", "prev", "next", "last"] as const)
    .filter((rel) => links[rel] !== null)
    .map((rel) => `<${links[rel]}>; rel="${rel}"`)
    .join(", ");
}

export const marketIndexQuerySchema = z.object({
  size: z.string().trim().min(1).max(40).optional(),
  days: pageNumber(MARKET_INDEX_MAX_DAYS, MARKET_INDEX_DEFAULT_DAYS),
  currency: currencyParam,
  shipTo: shipToParam,
  format: z.enum(["json", "csv"], { message: "must be json or csv" }).default("json"),
});
export type MarketIndexQuery = z.infer<typeof marketIndexQuerySchema>;

/** A vendor's or peptide's slug in a query parameter (vendor slugs are at most 80 characters). */
const slugQueryParam = z
  .string()
  .trim()
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "is not a slug")
  .optional();

/** GET /api/v1/lab-tests?vendor=&peptide=: both optional. */
export const labTestsQuerySchema = z.object({
  vendor: slugQueryParam,
  peptide: slugQueryParam,
});
