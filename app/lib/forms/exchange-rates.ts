/**
 * The exchange-rate forms of Admin → Settings and the visitor's currency switch: one zod schema
 * each, shared by the components and their actions. Values arrive as FormData strings.
 */
import { z } from "./zod";

import { CURRENCY_CODE_PATTERN, DEFAULT_DISPLAY_CURRENCY } from "~/lib/constants";
import { type FormValues } from "~/lib/edit-conflict";
import { rowVersionField } from "~/lib/forms/row-version";

export const EXCHANGE_RATE_MESSAGES = {
  rateAdded: "Exchange rate added",
  rateUpdated: "Exchange rate updated",
  rateDeleted: "Exchange rate deleted",
  rateNotFound: "There is no rate for this currency",
  autoRefreshOn: "Exchange rates will be refreshed daily from the ECB",
  autoRefreshOff: "Daily ECB refresh turned off",
  refreshed: "Exchange rates refreshed from the ECB",
  refreshFailedTitle: "ECB refresh failed",
  codeFormat: "Enter the currency as three capital letters (ISO 4217), e.g. EUR",
  unknownCode: "This is not a known ISO 4217 currency code",
  dollarIsBase: "USD is the base currency: its rate is always 1",
  rateRange: "The rate must be a number greater than 0 and at most 10,000,000",
} as const;

export const MIN_UNITS_PER_USD = 0.000001;
export const MAX_UNITS_PER_USD = 10_000_000;

let knownCodes: Set<string> | null = null;

/** ISO 4217 codes this runtime knows (Node 20 and current browsers list them all). */
export function isKnownCurrencyCode(code: string): boolean {
  knownCodes ??= new Set(Intl.supportedValuesOf("currency"));
  return knownCodes.has(code);
}

/** Three capital letters naming a real currency. */
export const currencyCodeField = z
  .string({ error: EXCHANGE_RATE_MESSAGES.codeFormat })
  .trim()
  .regex(CURRENCY_CODE_PATTERN, EXCHANGE_RATE_MESSAGES.codeFormat)
  .refine(isKnownCurrencyCode, EXCHANGE_RATE_MESSAGES.unknownCode);

/** A currency with a stored rate: anything but the dollar, which is the base. */
const ratedCurrencyField = currencyCodeField.refine(
  (code) => code !== DEFAULT_DISPLAY_CURRENCY,
  EXCHANGE_RATE_MESSAGES.dollarIsBase,
);

const unitsPerUsdField = z
  .string({ error: EXCHANGE_RATE_MESSAGES.rateRange })
  .trim()
  .regex(/^\d+(\.\d{1,8})?$/, EXCHANGE_RATE_MESSAGES.rateRange)
  .transform(Number)
  .pipe(
    z
      .number()
      .min(MIN_UNITS_PER_USD, EXCHANGE_RATE_MESSAGES.rateRange)
      .max(MAX_UNITS_PER_USD, EXCHANGE_RATE_MESSAGES.rateRange),
  );

export const EXCHANGE_RATE_INTENTS = [
  "add-rate",
  "update-rate",
  "delete-rate",
  "set-rate-refresh",
  "refresh-rates",
] as const;

export function isExchangeRateIntent(
  intent: unknown,
): intent is (typeof EXCHANGE_RATE_INTENTS)[number] {
  return (EXCHANGE_RATE_INTENTS as readonly unknown[]).includes(intent);
}

export const exchangeRateFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add-rate"),
    currency: ratedCurrencyField,
    unitsPerUsd: unitsPerUsdField,
  }),
  z.object({
    intent: z.literal("update-rate"),
    currency: ratedCurrencyField,
    version: rowVersionField,
    unitsPerUsd: unitsPerUsdField,
  }),
  z.object({ intent: z.literal("delete-rate"), currency: ratedCurrencyField }),
  z.object({
    intent: z.literal("set-rate-refresh"),
    autoRefresh: z
      .enum(["on", "off"], { error: "Choose on or off" })
      .transform((value) => value === "on"),
  }),
  z.object({ intent: z.literal("refresh-rates") }),
]);

export type ExchangeRateForm = z.infer<typeof exchangeRateFormSchema>;

/** The header's currency switch: a known code, and where to go back to. */
export const displayCurrencyFormSchema = z.object({
  currency: currencyCodeField,
  returnTo: z.string().optional(),
});

/** A stored rate as its row's form posts it: what an edit conflict compares. */
export function exchangeRateFormValues(rate: { unitsPerUsd: number; version: string }): FormValues {
  return { unitsPerUsd: String(rate.unitsPerUsd), version: rate.version };
}
