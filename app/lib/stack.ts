/**
 * A stack: peptide sizes with quantities, priced as the cheapest split across vendors. The
 * shapes, limits and URL form shared by the page, the API and the browser's copy; the
 * arithmetic is in stack-optimizer.ts.
 */
import { z } from "~/lib/forms/zod";

import { convertAmount } from "~/lib/money";
import { isBuyable, isCouponActive, type Coupon, type PricingContext } from "~/lib/pricing";
import {
  lineKey,
  MAX_STACK_LINES,
  MAX_STACK_QUANTITY,
  SIZE_MAX_LENGTH,
  SLUG_MAX_LENGTH,
  type StackLine,
} from "~/lib/stack-line";
import {
  bestSingleVendor,
  optimizeStack,
  vendorOrderCost,
  type StackVendorTerms,
} from "~/lib/stack-optimizer";

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

/** One vendor price of a stack's peptide size, with its vendor and coupon (the data module's rows). */
export interface StackOfferRow {
  peptideSlug: string;
  sizeLabel: string;
  offerId: string;
  price: number;
  currency: string;
  vials: number;
  stockStatus: string;
  missedScrapes: number;
  url: string | null;
  vendorId: string;
  /** The vendor page's slug (/vendor/{slug}). */
  vendorSlug: string;
  vendorName: string;
  vendorCurrency: string;
  shippingFee: number | null;
  freeShippingThreshold: number | null;
  coupon: Coupon | null;
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
  url: string | null;
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
  shipping: number;
  /** False when the vendor's shipping fee is not known (counted as 0). */
  shippingKnown: boolean;
  total: number;
}

export interface StackResult {
  currency: string;
  total: number;
  /** The cheapest single vendor that sells every available line, and its total. */
  singleVendorBest: { vendor: string; vendorName: string; total: number } | null;
  /** What the split saves against singleVendorBest; null without one. */
  saving: number | null;
  baskets: StackBasket[];
  /** Lines no vendor sells in stock and fresh today (left out of the total). */
  unavailable: StackLine[];
}

const toCents = (amount: number) => Math.round(amount * 100);
const fromCents = (cents: number) => cents / 100;

interface VendorChoice {
  vendorId: string;
  vendorSlug: string;
  vendorName: string;
  coupon: Coupon | null;
  terms: StackVendorTerms;
  shippingKnown: boolean;
}

/** A vendor's coupon and shipping in the stack's currency; null without the rates to convert. */
function vendorTerms(
  row: StackOfferRow,
  context: PricingContext,
): Omit<VendorChoice, "vendorId" | "vendorSlug" | "vendorName"> | null {
  const to = context.displayCurrency;
  const convert = (amount: number) => convertAmount(amount, row.vendorCurrency, to, context.rates);
  const coupon = isCouponActive(row.coupon, context.now) ? row.coupon : null;
  let percentOffBasisPoints = 0;
  let fixedOffCents = 0;
  if (coupon?.discountType === "percentage") {
    percentOffBasisPoints = Math.round(Math.min(100, coupon.discountAmount) * 100);
  } else if (coupon) {
    const fixed = convert(coupon.discountAmount);
    if (fixed === null) return null;
    fixedOffCents = toCents(fixed);
  }
  const fee = row.shippingFee === null ? 0 : convert(row.shippingFee);
  const threshold = row.freeShippingThreshold === null ? null : convert(row.freeShippingThreshold);
  if (fee === null || (row.freeShippingThreshold !== null && threshold === null)) return null;
  return {
    coupon,
    shippingKnown: row.shippingFee !== null,
    terms: {
      percentOffBasisPoints,
      fixedOffCents,
      shippingCents: toCents(fee),
      freeShippingFromCents: threshold === null ? null : toCents(threshold),
    },
  };
}

/**
 * The cheapest split of a stack across vendors, in the context's display currency: only
 * offers in stock and fresh, with a rate to that currency; for each line and vendor the pack
 * that covers the quantity for least (quantity counts vials).
 */
export function priceStack(
  lines: StackLine[],
  offers: StackOfferRow[],
  names: Map<string, string>,
  context: PricingContext,
): StackResult {
  const vendors: VendorChoice[] = [];
  const vendorIndex = new Map<string, number>();
  const best: ({ cents: number; row: StackOfferRow; packs: number } | undefined)[][] = lines.map(
    () => [],
  );
  const lineIndex = new Map(lines.map((line, index) => [lineKey(line), index]));

  for (const row of offers) {
    const index = lineIndex.get(lineKey({ peptide: row.peptideSlug, size: row.sizeLabel }));
    if (index === undefined || !isBuyable(row, context.staleAfterMissedRuns)) continue;
    const packPrice = convertAmount(
      row.price,
      row.currency,
      context.displayCurrency,
      context.rates,
    );
    if (packPrice === null) continue;
    let vendor = vendorIndex.get(row.vendorId);
    if (vendor === undefined) {
      const terms = vendorTerms(row, context);
      if (terms === null) continue;
      vendor = vendors.length;
      vendors.push({
        vendorId: row.vendorId,
        vendorSlug: row.vendorSlug,
        vendorName: row.vendorName,
        ...terms,
      });
      vendorIndex.set(row.vendorId, vendor);
    }
    const packs = Math.ceil(lines[index]!.quantity / Math.max(1, row.vials));
    const cents = toCents(packPrice) * packs;
    const current = best[index]![vendor];
    // Cheapest first; then fewer spare vials; then the offer id, so ties resolve the same way.
    if (
      current === undefined ||
      cents < current.cents ||
      (cents === current.cents &&
        (row.vials < current.row.vials ||
          (row.vials === current.row.vials && row.offerId < current.row.offerId)))
    ) {
      best[index]![vendor] = { cents, row, packs };
    }
  }

  const available = lines.map((_line, index) => best[index]!.some((choice) => choice));
  const sold = lines.filter((_line, index) => available[index]);
  const soldChoices = best.filter((_choices, index) => available[index]);
  const problem = {
    vendors: vendors.map((vendor) => vendor.terms),
    lineCosts: soldChoices.map((choices) =>
      vendors.map((_vendor, index) => choices[index]?.cents ?? null),
    ),
  };
  const solution = optimizeStack(problem) ?? { assignment: [], total: 0 };
  const single = bestSingleVendor(problem);

  const baskets: StackBasket[] = [];
  const basketOf = new Map<number, StackBasket>();
  const subtotals = new Map<number, number>();
  solution.assignment.forEach((vendor, lineNumber) => {
    const line = sold[lineNumber]!;
    const choice = soldChoices[lineNumber]![vendor]!;
    let basket = basketOf.get(vendor);
    if (!basket) {
      const info = vendors[vendor]!;
      basket = {
        vendor: info.vendorSlug,
        vendorName: info.vendorName,
        couponCode: null,
        couponExpires: null,
        items: [],
        subtotal: 0,
        discount: 0,
        shipping: 0,
        shippingKnown: info.shippingKnown,
        total: 0,
      };
      basketOf.set(vendor, basket);
      baskets.push(basket);
    }
    subtotals.set(vendor, (subtotals.get(vendor) ?? 0) + choice.cents);
    basket.items.push({
      peptide: line.peptide,
      peptideName: names.get(line.peptide) ?? line.peptide,
      size: choice.row.sizeLabel,
      quantity: line.quantity,
      unitPrice: fromCents(choice.cents / choice.packs),
      packs: choice.packs,
      vialsPerPack: choice.row.vials,
      lineTotal: fromCents(choice.cents),
      url: choice.row.url,
    });
  });
  for (const [vendor, basket] of basketOf) {
    const cost = vendorOrderCost(vendors[vendor]!.terms, subtotals.get(vendor)!);
    const coupon = vendors[vendor]!.coupon;
    basket.subtotal = fromCents(cost.subtotal);
    basket.discount = fromCents(cost.discount);
    basket.shipping = fromCents(cost.shipping);
    basket.total = fromCents(cost.total);
    if (coupon && cost.couponUsed) {
      basket.couponCode = coupon.code;
      basket.couponExpires = coupon.expirationDate;
    }
  }
  const singleVendor =
    single === null
      ? null
      : {
          vendor: vendors[single.assignment[0]!]?.vendorSlug ?? "",
          vendorName: vendors[single.assignment[0]!]?.vendorName ?? "",
          total: fromCents(single.total),
        };
  return {
    currency: context.displayCurrency,
    total: fromCents(solution.total),
    singleVendorBest: sold.length === 0 ? null : singleVendor,
    saving:
      singleVendor === null || sold.length === 0 ? null : fromCents(single!.total - solution.total),
    baskets,
    unavailable: lines.filter((_line, index) => !available[index]),
  };
}
