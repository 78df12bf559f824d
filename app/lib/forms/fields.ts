/**
 * The zod field helpers every form schema builds on. Values arrive as FormData strings, so each
 * helper reads a string and converts it; every text field is bounded, and the message names the
 * limit (the database holds the same limits as CHECK constraints).
 */
import { z } from "./zod";

import {
  fitsStoredDecimals,
  groupThousands,
  isWholeMinorAmount,
  minorUnitMessage,
  parsePlainDecimal,
  STORED_MONEY_DECIMALS,
} from "~/lib/money";
import { tooLongMessage } from "~/lib/text-limits";

/** Trimmed text that must not be empty. */
export function requiredText(label: string, max: number, requiredMessage = `${label} is required`) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, tooLongMessage(label, max));
}

/** Trimmed text; empty or missing becomes null, so optional columns store null rather than "". */
export function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, tooLongMessage(label, max))
    .optional()
    .transform((value) => (value ? value : null));
}

/** A checkbox or switch: present ("on") means true. */
export const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");

export function wholeNumberMessage(label: string, min: number, max: number): string {
  return `${label} must be a whole number from ${groupThousands(min)} to ${groupThousands(max)}`;
}

/** A required whole number within bounds; the message names both bounds. */
export function integerField(label: string, min: number, max: number) {
  const message = wholeNumberMessage(label, min, max);
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(20, message)
    .pipe(
      z.coerce.number<string>({ error: message }).int(message).min(min, message).max(max, message),
    );
}

/** A number typed into a form field; empty means "not given" (null). */
export function optionalNumber(schema: z.ZodNumber) {
  return z
    .string()
    .trim()
    .max(40, "Enter a shorter number")
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const parsed = schema.safeParse(Number(value));
      if (!parsed.success) {
        ctx.addIssue({
          code: "custom",
          message: parsed.error.issues[0]?.message ?? "Invalid number",
        });
        return z.NEVER;
      }
      return parsed.data;
    });
}

/** What a money field says when its text is refused. */
export interface MoneyMessages {
  /** Not a plain decimal (a word, 0x10, 1e2, 1,000). */
  notANumber: string;
  negative: string;
  /** Said for 0; without it, 0 is an amount (a free shipping fee). */
  zero?: string;
  tooLarge: string;
  /** Its name in "Price can have at most 2 decimals". */
  label: string;
}

/**
 * The one reading of a typed amount of money: a plain decimal (money.ts `parsePlainDecimal`),
 * never below the smallest unit any stored amount keeps (0.004 is refused, not stored as
 * 0.00). The currency's own minor unit is checked where the form names it: `refineMinorUnits`.
 */
function readMoney(text: string, messages: MoneyMessages, max: number, ctx: z.RefinementCtx) {
  const refuse = (message: string) => {
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  };
  if (text.startsWith("-") && parsePlainDecimal(text.slice(1)) !== null) {
    return refuse(messages.negative);
  }
  const amount = parsePlainDecimal(text);
  if (amount === null) return refuse(messages.notANumber);
  if (amount === 0 && messages.zero) return refuse(messages.zero);
  if (amount > max) return refuse(messages.tooLarge);
  if (!fitsStoredDecimals(amount)) {
    return refuse(`${messages.label} can have at most ${STORED_MONEY_DECIMALS} decimals`);
  }
  return amount;
}

/** A required amount of money, from text already trimmed and checked for presence. */
export function moneyAmount(messages: MoneyMessages, max: number) {
  return z.string().transform((text, ctx) => readMoney(text, messages, max, ctx));
}

/** An optional amount of money; empty means "not given" (null). */
export function optionalMoney(messages: MoneyMessages, max: number) {
  return z
    .string()
    .trim()
    .max(40, "Enter a shorter number")
    .optional()
    .transform((text, ctx) => (text ? readMoney(text, messages, max, ctx) : null));
}

/**
 * A form-level check that each named amount is a whole number of the form's currency's
 * smallest unit (12.5 JPY is refused, as 0.004 USD is by the field), said under the field.
 */
export function refineMinorUnits<K extends string>(labels: Record<K, string>) {
  return (value: { currency: string } & { [F in K]: number | null }, ctx: z.RefinementCtx) => {
    for (const key of Object.keys(labels) as K[]) {
      const amount = value[key];
      if (typeof amount === "number" && !isWholeMinorAmount(amount, value.currency)) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: minorUnitMessage(labels[key], value.currency),
        });
      }
    }
  };
}
