/**
 * Pricing a stack: each line's packs at every vendor that sells it (coupon, currency, shipping
 * terms for the visitor's destination), handed to the exact optimizer (stack-optimizer.ts), and
 * the answer in the shapes of stack.ts.
 */

import { convertMoney, fromMinorUnits, toMinorUnits } from "~/lib/money";
import {
  isBuyable,
  shipsToDestination,
  isCouponActive,
  priceOffer,
  type Coupon,
  type PricingContext,
} from "~/lib/pricing";
import { mayRank } from "~/lib/ranking";
import { lineKey, type StackLine } from "~/lib/stack-line";
import {
  assignmentOrders,
  bestSingleVendor,
  optimizeStack,
  shipsFree,
  vendorOrderCost,
  type StackProblem,
  type StackVendorTerms,
} from "~/lib/stack-optimizer";

import type { StackBasket, StackOfferRow, StackResult, StackSplit } from "~/lib/stack";

interface VendorChoice {
  vendorId: string;
  vendorSlug: string;
  vendorName: string;
  coupon: Coupon | null;
  terms: StackVendorTerms;
  shippingKnown: boolean;
}

/**
 * A line's packs at a vendor: before and after the percentage coupon, in minor units of the
 * stack's currency and of the vendor's (what its free-shipping threshold is judged on).
 */
interface LineChoice {
  minor: number;
  couponedMinor: number;
  ownMinor: number;
  ownCouponedMinor: number;
  row: StackOfferRow;
  packs: number;
}

/**
 * A vendor's coupon and shipping in the stack's currency, each amount converted and rounded
 * once (money.ts); null without the rates to convert. An unknown fee is 0 here, but the
 * vendor's baskets say so and the best split is sought among vendors that state theirs.
 */
function vendorTerms(
  row: StackOfferRow,
  context: PricingContext,
): Omit<VendorChoice, "vendorId" | "vendorSlug" | "vendorName"> | null {
  const to = context.displayCurrency;
  const minor = (amount: number) => {
    const converted = convertMoney(amount, row.vendorCurrency, to, context.rates);
    return converted === null ? null : toMinorUnits(converted, to);
  };
  const own = (amount: number) => toMinorUnits(amount, row.vendorCurrency);
  const coupon = isCouponActive(row.coupon, context.now) ? row.coupon : null;
  let percentOffBasisPoints = 0;
  let fixedOffCents = 0;
  if (coupon?.discountType === "percentage") {
    percentOffBasisPoints = Math.round(Math.min(100, coupon.discountAmount) * 100);
  } else if (coupon) {
    const fixed = minor(coupon.discountAmount);
    if (fixed === null) return null;
    fixedOffCents = fixed;
  }
  const fee = row.shippingFee === null ? 0 : minor(row.shippingFee);
  const threshold = row.freeShippingThreshold === null ? null : minor(row.freeShippingThreshold);
  if (fee === null || (row.freeShippingThreshold !== null && threshold === null)) return null;
  return {
    coupon,
    shippingKnown: row.shippingFee !== null,
    terms: {
      percentOffBasisPoints,
      fixedOffCents,
      shippingCents: fee,
      // With an unknown fee a threshold changes no cost here, but an order that reaches it is
      // known to ship free, as the offer tables say of one pack.
      freeShippingFromCents: threshold,
      // The vendor judges its threshold in its own currency, as the offer tables do.
      ownCurrency: {
        fixedOff: coupon?.discountType === "fixed" ? own(coupon.discountAmount) : 0,
        freeShippingFrom:
          row.freeShippingThreshold === null ? null : own(row.freeShippingThreshold),
      },
    },
  };
}

/**
 * A line's packs of an offer before and after its vendor's percentage coupon, in minor units
 * of the stack's currency and the vendor's. Before: the pack's shown price times the packs, so
 * the items add up to the subtotal. After: the line priced by priceOffer as one amount, as the
 * offer tables and the API price a pack, the percentage taken once off the whole line in the
 * offer's currency (issue 30: 10% of 2 × $25.45 is −$5.09, not twice −$2.545 rounded), so a
 * stack of one pack shows the table's cents. A fixed coupon is left to the order (it counts once).
 */
function linePrices(
  row: StackOfferRow,
  packs: number,
  coupon: Coupon | null,
  context: PricingContext,
): { before: number; after: number; ownBefore: number; ownAfter: number } | null {
  const to = context.displayCurrency;
  const before = convertMoney(row.price, row.currency, to, context.rates);
  const ownBefore = convertMoney(row.price, row.currency, row.vendorCurrency, context.rates);
  if (before === null || ownBefore === null) return null;
  const priced = priceOffer(
    {
      price: fromMinorUnits(toMinorUnits(row.price, row.currency) * packs, row.currency),
      currency: row.currency,
      vials: row.vials * packs,
      mgPerVial: null,
      coupon: coupon?.discountType === "percentage" ? coupon : null,
      stockStatus: row.stockStatus,
      missedScrapes: row.missedScrapes,
      priceCheckedAt: row.priceCheckedAt,
      priceHeld: row.priceHeld,
      vendor: {
        currency: row.vendorCurrency,
        shippingFee: row.shippingFee,
        freeShippingThreshold: row.freeShippingThreshold,
        shipsTo: row.shipsTo,
      },
    },
    context,
  );
  const ownAfter = convertMoney(
    priced.priceAfterCoupon,
    row.currency,
    row.vendorCurrency,
    context.rates,
  );
  if (priced.display === null || ownAfter === null) return null;
  return {
    before: toMinorUnits(before, to) * packs,
    after: toMinorUnits(priced.display.priceAfterCoupon, to),
    ownBefore: toMinorUnits(ownBefore, row.vendorCurrency) * packs,
    ownAfter: toMinorUnits(ownAfter, row.vendorCurrency),
  };
}

/**
 * The cheapest split of a stack across vendors, in the context's display currency: only
 * offers in stock and fresh, with a rate to that currency, and none whose lab test of its size
 * failed unless the buyer includes those (the context's FailedLabChoice, as Best Price); for each line and vendor the pack
 * that covers the quantity for least (quantity counts vials). The optimum is exact among the
 * vendors that state their shipping; a line only vendors without stated shipping sell is
 * bought from them, and the headline says "+ shipping not stated". A split through such
 * vendors that would be cheaper before their shipping is listed apart, never as the best.
 */
export function priceStack(
  lines: StackLine[],
  offers: StackOfferRow[],
  names: Map<string, string>,
  context: PricingContext,
): StackResult {
  const to = context.displayCurrency;
  const fromMinor = (minor: number) => fromMinorUnits(minor, to);
  const vendors: VendorChoice[] = [];
  const vendorIndex = new Map<string, number>();
  const best: (LineChoice | undefined)[][] = lines.map(() => []);
  const lineIndex = new Map(lines.map((line, index) => [lineKey(line), index]));

  for (const row of offers) {
    const index = lineIndex.get(lineKey({ peptide: row.peptideSlug, size: row.sizeLabel }));
    if (index === undefined) continue;
    // Best Price's rule: buyable, and no failed lab test unless the buyer includes those.
    if (!mayRank({ buyable: isBuyable(row, context), labWarning: row.labWarning }, context)) {
      continue;
    }
    // A vendor that does not ship to the visitor's destination is never part of a split.
    if (shipsToDestination(context.shipTo ?? null, row.shipsTo) === false) continue;
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
    const line = linePrices(row, packs, vendors[vendor]!.coupon, context);
    if (line === null) continue;
    const choice = {
      minor: line.before,
      couponedMinor: line.after,
      ownMinor: line.ownBefore,
      ownCouponedMinor: line.ownAfter,
      row,
      packs,
    };
    const current = best[index]![vendor];
    // Cheapest after the coupon first; then fewer spare vials; then the offer id, so ties resolve the same way.
    if (
      current === undefined ||
      choice.couponedMinor < current.couponedMinor ||
      (choice.couponedMinor === current.couponedMinor &&
        (row.vials < current.row.vials ||
          (row.vials === current.row.vials && row.offerId < current.row.offerId)))
    ) {
      best[index]![vendor] = choice;
    }
  }

  const available = lines.map((_line, index) => best[index]!.some((choice) => choice));
  const soldChoices = best.filter((_choices, index) => available[index]);
  const sold = lines.filter((_line, index) => available[index]);
  const known = (vendor: number) => vendors[vendor]!.shippingKnown;

  /** The optimizer's problem for some of the sold lines, at the vendors allowed. */
  const problemOf = (lineNumbers: number[], allowed: (vendor: number) => boolean) => {
    const cell = (lineNumber: number, vendor: number, pick: (choice: LineChoice) => number) => {
      const choice = soldChoices[lineNumber]![vendor];
      return choice && allowed(vendor) ? pick(choice) : null;
    };
    return {
      vendors: vendors.map((vendor) => vendor.terms),
      lineCosts: lineNumbers.map((n) =>
        vendors.map((_v, vendor) => cell(n, vendor, (c) => c.minor)),
      ),
      couponedLineCosts: lineNumbers.map((n) =>
        vendors.map((_v, vendor) => cell(n, vendor, (c) => c.couponedMinor)),
      ),
      vendorLineCosts: {
        before: lineNumbers.map((n) =>
          vendors.map((_v, vendor) => cell(n, vendor, (c) => c.ownMinor)),
        ),
        after: lineNumbers.map((n) =>
          vendors.map((_v, vendor) => cell(n, vendor, (c) => c.ownCouponedMinor)),
        ),
      },
    };
  };

  /** The baskets of a solved problem, each vendor's order priced as the optimizer priced it. */
  const basketsOf = (
    lineNumbers: number[],
    problem: StackProblem,
    assignment: number[],
  ): StackBasket[] => {
    const baskets = new Map<number, StackBasket>();
    assignment.forEach((vendor, position) => {
      const lineNumber = lineNumbers[position]!;
      const line = sold[lineNumber]!;
      const choice = soldChoices[lineNumber]![vendor]!;
      let basket = baskets.get(vendor);
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
          shipping: null,
          shippingKnown: info.shippingKnown,
          total: 0,
        };
        baskets.set(vendor, basket);
      }
      basket.items.push({
        peptide: line.peptide,
        peptideName: names.get(line.peptide) ?? line.peptide,
        size: choice.row.sizeLabel,
        quantity: line.quantity,
        unitPrice: fromMinor(choice.minor / choice.packs),
        packs: choice.packs,
        vialsPerPack: choice.row.vials,
        lineTotal: fromMinor(choice.minor),
        offerId: choice.row.offerId,
        vendorId: choice.row.vendorId,
        url: choice.row.url,
        labWarning: choice.row.labWarning,
      });
    });
    for (const [vendor, order] of assignmentOrders(problem, assignment)) {
      const basket = baskets.get(vendor)!;
      const info = vendors[vendor]!;
      const cost = vendorOrderCost(info.terms, order);
      basket.subtotal = fromMinor(cost.subtotal);
      basket.discount = fromMinor(cost.discount);
      basket.shippingKnown = info.shippingKnown || shipsFree(info.terms, order, cost.couponUsed);
      basket.shipping = basket.shippingKnown ? fromMinor(cost.shipping) : null;
      basket.total = fromMinor(cost.total);
      if (info.coupon && cost.couponUsed && cost.discount > 0) {
        basket.couponCode = info.coupon.code;
        basket.couponExpires = info.coupon.expirationDate;
      }
    }
    return [...baskets.values()];
  };

  const splitOf = (lineNumbers: number[], allowed: (vendor: number) => boolean) => {
    const problem = problemOf(lineNumbers, allowed);
    const solution = optimizeStack(problem) ?? { assignment: [], total: 0 };
    const baskets = basketsOf(lineNumbers, problem, solution.assignment);
    return {
      problem,
      split: {
        total: fromMinor(solution.total),
        shippingNotStatedVendors: baskets.filter((basket) => !basket.shippingKnown).length,
        baskets,
      },
    };
  };

  const lineNumbers = sold.map((_line, n) => n);
  const soldWithKnownShipping = lineNumbers.filter((n) =>
    soldChoices[n]!.some((choice, vendor) => choice && known(vendor)),
  );
  const onlyWithoutShipping = lineNumbers.filter((n) => !soldWithKnownShipping.includes(n));
  const main = splitOf(soldWithKnownShipping, known);
  const rest = splitOf(onlyWithoutShipping, (vendor) => !known(vendor));
  const headline: StackSplit = {
    total: fromMinor(toMinorUnits(main.split.total, to) + toMinorUnits(rest.split.total, to)),
    shippingNotStatedVendors: rest.split.shippingNotStatedVendors,
    baskets: [...main.split.baskets, ...rest.split.baskets],
  };

  const single = onlyWithoutShipping.length === 0 ? bestSingleVendor(main.problem) : null;
  const singleVendor =
    single === null || sold.length === 0
      ? null
      : {
          vendor: vendors[single.assignment[0]!]!.vendorSlug,
          vendorName: vendors[single.assignment[0]!]!.vendorName,
          total: fromMinor(single.total),
        };

  // Solved again with every vendor only when some vendor does not state its shipping.
  const everyVendor = vendors.every((_vendor, index) => known(index))
    ? null
    : splitOf(lineNumbers, () => true).split;
  const unknownShippingOption =
    everyVendor !== null &&
    everyVendor.shippingNotStatedVendors > 0 &&
    toMinorUnits(everyVendor.total, to) < toMinorUnits(headline.total, to)
      ? everyVendor
      : null;

  return {
    currency: to,
    ...headline,
    singleVendorBest: singleVendor,
    saving:
      singleVendor === null
        ? null
        : fromMinor(toMinorUnits(singleVendor.total, to) - toMinorUnits(headline.total, to)),
    unknownShippingOption,
    unavailable: lines.filter((_line, index) => !available[index]),
  };
}
