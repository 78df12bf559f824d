/**
 * A stack: peptide sizes with quantities, priced as the cheapest split across vendors. The
 * shapes, limits and URL form shared by the page, the API and the browser's copy; the
 * pricing is in stack-pricing.ts and its arithmetic in stack-optimizer.ts.
 */
import { z } from "~/lib/forms/zod";

import type { LabWarning } from "~/lib/lab-tests";
import { type Coupon } from "~/lib/pricing";
import {
  lineKey,
  MAX_STACK_LINES,
  MAX_STACK_QUANTITY,
  SIZE_MAX_LENGTH,
  SLUG_MAX_LENGTH,
  type StackLine,
} from "~/lib/stack-line";

export const STACK_NAME_MAX_LENGTH = 80;
/** Items a request may list before duplicates merge into lines. */
export const MAX_STACK_ITEMS = 50;

export * from "~/lib/stack-line";

export const stackLineSchema = z.object({
  peptide: z
    .string()
    .trim()
    .min(1, "Each item needs a peptide")
    .max(SLUG_MAX_LENGTH, "A peptide slug is at most 200 characters")
    .meta({ description: "Peptide slug.", examples: ["bpc-157"] }),
  size: z
    .string()
    .trim()
    .min(1, "Each item needs a size")
    .max(SIZE_MAX_LENGTH, "A size is at most 40 characters")
    .meta({ examples: ["10mg"] }),
  quantity: z
    .number({ message: "Quantity must be a whole number from 1 to 100" })
    .int("Quantity must be a whole number from 1 to 100")
    .min(1, "Quantity must be a whole number from 1 to 100")
    .max(MAX_STACK_QUANTITY, "Quantity must be a whole number from 1 to 100")
    .meta({ examples: [2] }),
});

/** The body of POST /api/v1/stack; items of the same peptide and size merge into one line. */
export const stackRequestSchema = z.object({
  items: z
    .array(stackLineSchema)
    .min(1, "Add at least one item")
    .max(MAX_STACK_ITEMS, `A request lists at most ${MAX_STACK_ITEMS} items`),
});

/** The JSON body of POST /api/v1/stack: the items and the currency to answer in. */
export const stackApiRequestSchema = stackRequestSchema.extend({
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "currency must be an ISO 4217 code such as USD")
    .describe("Currency to answer in (one with an exchange rate, any letter case); USD by default.")
    .optional(),
});

/**
 * Items of the same peptide and size summed into one line, first-seen order; an error message
 * when the result breaks a limit.
 */
export function mergeStackLines(
  items: StackLine[],
): { lines: StackLine[]; error: null } | { lines: null; error: string } {
  const merged = new Map<string, StackLine>();
  for (const item of items) {
    const key = lineKey(item);
    const existing = merged.get(key);
    if (existing) existing.quantity += item.quantity;
    else merged.set(key, { ...item, peptide: item.peptide.toLowerCase() });
  }
  const lines = [...merged.values()];
  if (lines.length > MAX_STACK_LINES) {
    return {
      lines: null,
      error: `A stack holds at most ${MAX_STACK_LINES} different peptide sizes`,
    };
  }
  const tooMany = lines.find((line) => line.quantity > MAX_STACK_QUANTITY);
  if (tooMany) {
    return {
      lines: null,
      error: `Quantity of ${tooMany.peptide} ${tooMany.size} must be at most ${MAX_STACK_QUANTITY}`,
    };
  }
  return { lines, error: null };
}

// ---------------------------------------------------------------- URL form

/** The lines of a `items` parameter; malformed items are skipped, limits are the caller's. */
export function parseStackParam(value: string | null): StackLine[] {
  if (!value) return [];
  const lines: StackLine[] = [];
  for (const item of value.split(",").slice(0, MAX_STACK_ITEMS)) {
    const [peptide, size, quantity = "1"] = item.split(":").map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return "";
      }
    });
    const parsed = stackLineSchema.safeParse({ peptide, size, quantity: Number(quantity) });
    if (parsed.success) lines.push(parsed.data);
  }
  return lines;
}

// ---------------------------------------------------------------- pricing a stack

/** One offer of a stack's peptide size, with its vendor and coupon (the data module's rows). */
export interface StackOfferRow {
  peptideSlug: string;
  sizeLabel: string;
  offerId: string;
  price: number;
  currency: string;
  vials: number;
  stockStatus: string;
  missedScrapes: number;
  /** When the price was last confirmed (~/lib/freshness). */
  priceCheckedAt: Date | string;
  /** A new price read for the offer waits in review: not buyable. */
  priceHeld?: boolean;
  url: string | null;
  vendorId: string;
  /** The vendor page's slug (/vendor/{slug}). */
  vendorSlug: string;
  vendorName: string;
  vendorCurrency: string;
  shippingFee: number | null;
  freeShippingThreshold: number | null;
  /** ISO 3166-1 alpha-2 codes the vendor ships to; empty when it has not said. */
  shipsTo: readonly string[];
  coupon: Coupon | null;
  /**
   * A failed lab test of this vendor, peptide and size (~/lib/lab-tests offerLabState): never
   * part of a split unless the buyer includes such offers in Best Price (mayRank).
   */
  labWarning: LabWarning | null;
}

export interface StackBasketItem {
  peptide: string;
  peptideName: string;
  size: string;
  /** Vials asked for. */
  quantity: number;
  /** Price of one pack of the offer bought, before the coupon. */
  unitPrice: number;
  packs: number;
  vialsPerPack: number;
  lineTotal: number;
  /** The offer bought: the page's Buy link is /go/{offerId} (issue 34). */
  offerId: string;
  vendorId: string;
  /** The shop's own address (the API's answer). */
  url: string | null;
  /** The offer's failed lab test: the line says "Failed lab test" (only when the buyer includes those). */
  labWarning: LabWarning | null;
}

export interface StackBasket {
  vendor: string;
  vendorName: string;
  /** The code to enter at checkout; null when the vendor has none or it would cost more. */
  couponCode: string | null;
  /** The coupon's expiry ('YYYY-MM-DD'), null when it has none. */
  couponExpires: string | null;
  items: StackBasketItem[];
  subtotal: number;
  discount: number;
  /** Null when the vendor does not state its shipping: never counted as free. */
  shipping: number | null;
  /** False when the vendor's shipping fee is not known. */
  shippingKnown: boolean;
  /** Subtotal less coupon plus shipping; without shipping when it is not known. */
  total: number;
}

/** A way to buy the stack: its baskets and what they add up to. */
export interface StackSplit {
  /** The baskets' totals added; shipping not stated at some vendors is not in it. */
  total: number;
  /** Baskets whose vendor does not state its shipping: "+ shipping not stated at N vendors". */
  shippingNotStatedVendors: number;
  baskets: StackBasket[];
}

export interface StackResult extends StackSplit {
  currency: string;
  /** The cheapest single vendor that sells every available line, and its total. */
  singleVendorBest: { vendor: string; vendorName: string; total: number } | null;
  /** What the split saves against singleVendorBest; null without one. */
  saving: number | null;
  /**
   * A split through vendors that do not state their shipping, listed apart because it is
   * cheaper before their shipping than the split above; null when there is none.
   */
  unknownShippingOption: StackSplit | null;
  /** Lines no vendor sells in stock and fresh today (left out of the total). */
  unavailable: StackLine[];
}
