/**
 * The stack optimizer: the cheapest way to buy every line of a stack across vendors, exactly.
 *
 * Each line is bought whole from one vendor. A vendor's order costs its subtotal, less its
 * coupon (a percentage off each line, as the offer tables take it off each pack and round the
 * price after it half up, and a fixed amount off the order, never below zero), plus its
 * shipping fee unless the subtotal AFTER the coupon reaches its free-shipping threshold (as
 * ShippingTerms in pricing.ts says); a coupon that would cost more in shipping than it saves
 * is left out. Amounts are integer minor units (cents, yen) of one currency, so totals are
 * exact and comparable with `===`.
 *
 * Exact by dynamic programming over the subsets of lines, no dependency (see optimizeStack).
 * Over 400 lines: one algorithm whose parts (coupon choice, shipping, subset DP) read together.
 */
import { afterPercentOff } from "~/lib/money";
import { MAX_STACK_LINES } from "~/lib/stack-line";

export interface StackVendorTerms {
  /**
   * Percentage coupon in basis points (1000 = 10 %); 0 without one. Taken off each line's cost
   * unless the problem gives couponedLineCosts.
   */
  percentOffBasisPoints: number;
  /** Fixed coupon in cents; 0 without one. */
  fixedOffCents: number;
  /** Flat shipping fee per order in cents (0 when free or not known). */
  shippingCents: number;
  /** Subtotal after coupon, in cents, from which shipping is free; null without one. */
  freeShippingFromCents: number | null;
  /**
   * The vendor judges its free-shipping threshold in its own currency: the threshold and fixed
   * coupon in its minor units, against the problem's vendorLineCosts. Absent: judged in the
   * problem's currency on the cents above.
   */
  ownCurrency?: { fixedOff: number; freeShippingFrom: number | null };
}

export interface StackProblem {
  vendors: StackVendorTerms[];
  /** lineCosts[line][vendor]: the line's cost at that vendor in cents, null when not offered. */
  lineCosts: (number | null)[][];
  /**
   * The same after the vendor's percentage coupon, as the offer tables price each pack (see
   * priceStack); when absent, the percentage is taken off each line's cost.
   */
  couponedLineCosts?: (number | null)[][];
  /**
   * For vendors with `ownCurrency` terms: each line's cost before and after the percentage
   * coupon in the vendor's own minor units, what its threshold is judged on.
   */
  vendorLineCosts?: { before: (number | null)[][]; after: (number | null)[][] };
}

/**
 * One order's (or line's) amounts: before and after the percentage coupon in the problem's
 * cents, and the same in the vendor's own minor units (the cents again without ownCurrency).
 */
export interface OrderSums {
  subtotal: number;
  couponedSubtotal: number;
  ownSubtotal: number;
  ownCouponedSubtotal: number;
}

/** A line's amounts at a vendor (see OrderSums). */
function lineSums(problem: StackProblem, line: number, vendor: number): OrderSums {
  const cost = problem.lineCosts[line]![vendor]!;
  const given = problem.couponedLineCosts?.[line]?.[vendor];
  const couponed =
    given !== undefined && given !== null
      ? given
      : afterPercentOff(cost, problem.vendors[vendor]!.percentOffBasisPoints / 100);
  const own = problem.vendors[vendor]!.ownCurrency
    ? {
        before: problem.vendorLineCosts?.before[line]?.[vendor],
        after: problem.vendorLineCosts?.after[line]?.[vendor],
      }
    : null;
  return {
    subtotal: cost,
    couponedSubtotal: couponed,
    ownSubtotal: own?.before ?? cost,
    ownCouponedSubtotal: own?.after ?? couponed,
  };
}

/** Whether the order ships free, judged after the coupon (or without it) as the vendor judges. */
export function shipsFree(terms: StackVendorTerms, sums: OrderSums, coupon: boolean): boolean {
  if (terms.ownCurrency) {
    const { fixedOff, freeShippingFrom } = terms.ownCurrency;
    const after = coupon ? Math.max(0, sums.ownCouponedSubtotal - fixedOff) : sums.ownSubtotal;
    return freeShippingFrom !== null && after >= freeShippingFrom;
  }
  const after = coupon ? Math.max(0, sums.couponedSubtotal - terms.fixedOffCents) : sums.subtotal;
  return terms.freeShippingFromCents !== null && after >= terms.freeShippingFromCents;
}

export interface VendorOrderCost {
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  /** False when the order is cheaper without the coupon (see vendorOrderCost). */
  couponUsed: boolean;
}

export interface StackSolution {
  /** The vendor (index) each line is bought from. */
  assignment: number[];
  total: number;
}

function costWith(terms: StackVendorTerms, sums: OrderSums, coupon: boolean): VendorOrderCost {
  const { subtotal } = sums;
  const afterCoupon = coupon ? Math.max(0, sums.couponedSubtotal - terms.fixedOffCents) : subtotal;
  const shipping = shipsFree(terms, sums, coupon) ? 0 : terms.shippingCents;
  return {
    subtotal,
    discount: subtotal - afterCoupon,
    shipping,
    total: afterCoupon + shipping,
    couponUsed: coupon,
  };
}

/**
 * What one vendor's order costs (cents): with its coupon, unless the coupon would take the
 * order under the free-shipping threshold and so cost more than it saves (a buyer would leave
 * the code out). A bare subtotal is one line, the percentage taken off it.
 */
export function vendorOrderCost(
  terms: StackVendorTerms,
  order: number | OrderSums,
): VendorOrderCost {
  let sums: OrderSums;
  if (typeof order === "number") {
    const couponed = afterPercentOff(order, terms.percentOffBasisPoints / 100);
    sums = {
      subtotal: order,
      couponedSubtotal: couponed,
      ownSubtotal: order,
      ownCouponedSubtotal: couponed,
    };
  } else {
    sums = order;
  }
  const withCoupon = costWith(terms, sums, true);
  const without = costWith(terms, sums, false);
  return without.total < withCoupon.total ? without : withCoupon;
}

/** Each used vendor's order of an assignment, its lines' amounts added. */
export function assignmentOrders(
  problem: StackProblem,
  assignment: number[],
): Map<number, OrderSums> {
  const orders = new Map<number, OrderSums>();
  assignment.forEach((vendor, line) => {
    const order = orders.get(vendor) ?? {
      subtotal: 0,
      couponedSubtotal: 0,
      ownSubtotal: 0,
      ownCouponedSubtotal: 0,
    };
    const sums = lineSums(problem, line, vendor);
    order.subtotal += sums.subtotal;
    order.couponedSubtotal += sums.couponedSubtotal;
    order.ownSubtotal += sums.ownSubtotal;
    order.ownCouponedSubtotal += sums.ownCouponedSubtotal;
    orders.set(vendor, order);
  });
  return orders;
}

/** The cost of a whole assignment: each vendor's order summed; no order, no cost. */
export function assignmentTotal(problem: StackProblem, assignment: number[]): number {
  let total = 0;
  for (const [vendor, order] of assignmentOrders(problem, assignment)) {
    total += vendorOrderCost(problem.vendors[vendor]!, order).total;
  }
  return total;
}

/** The cheapest vendor that offers every line, by its whole order; null when none does. */
export function bestSingleVendor(problem: StackProblem): StackSolution | null {
  let best: StackSolution | null = null;
  problem.vendors.forEach((_terms, vendor) => {
    if (!problem.lineCosts.every((costs) => costs[vendor] !== null)) return;
    const assignment = problem.lineCosts.map(() => vendor);
    const total = assignmentTotal(problem, assignment);
    if (best === null || total < best.total) best = { assignment, total };
  });
  return best;
}

export { MAX_STACK_LINES };

const NO_VENDOR = -1;

/** The order's total with the coupon (when allowed) or without it, whichever is lower. */
function orderTotal(terms: StackVendorTerms, couponAllowed: boolean, sums: OrderSums): number {
  const withoutCoupon = costWith(terms, sums, false).total;
  if (!couponAllowed) return withoutCoupon;
  const withCoupon = costWith(terms, sums, true).total;
  return withCoupon < withoutCoupon ? withCoupon : withoutCoupon;
}

/** The lines a vendor offers, as a bit mask. */
function offeredLines(problem: StackProblem, vendor: number): number {
  let mask = 0;
  problem.lineCosts.forEach((costs, line) => {
    if (costs[vendor] !== null && costs[vendor] !== undefined) mask |= 1 << line;
  });
  return mask;
}

/**
 * For every subset of lines (a bit mask), what buying exactly those lines in one order from
 * one of `vendors` costs at best, and from which vendor; Infinity when none offers them all.
 */
function cheapestOrders(
  problem: StackProblem,
  vendors: number[],
  couponAllowed: (vendor: number) => boolean,
): { price: Float64Array; vendor: Int32Array } {
  const size = 1 << problem.lineCosts.length;
  const price = new Float64Array(size).fill(Infinity);
  const chosen = new Int32Array(size).fill(NO_VENDOR);
  // Each subset's four amounts (OrderSums), side by side.
  const sums = new Float64Array(size * 4);
  const order: OrderSums = {
    subtotal: 0,
    couponedSubtotal: 0,
    ownSubtotal: 0,
    ownCouponedSubtotal: 0,
  };
  for (const vendor of vendors) {
    const terms = problem.vendors[vendor]!;
    const allowed = couponAllowed(vendor);
    const offered = offeredLines(problem, vendor);
    const lines = problem.lineCosts.map((_costs, line) =>
      offered & (1 << line) ? lineSums(problem, line, vendor) : null,
    );
    // The subsets of what the vendor offers, in increasing order; each one's amounts extend
    // those of the subset without its lowest line, met earlier.
    for (let mask = offered & -offered; mask !== 0; mask = (mask - offered) & offered) {
      const rest = (mask & (mask - 1)) * 4;
      const line = lines[31 - Math.clz32(mask & -mask)]!;
      const at = mask * 4;
      order.subtotal = sums[at] = sums[rest]! + line.subtotal;
      order.couponedSubtotal = sums[at + 1] = sums[rest + 1]! + line.couponedSubtotal;
      order.ownSubtotal = sums[at + 2] = sums[rest + 2]! + line.ownSubtotal;
      order.ownCouponedSubtotal = sums[at + 3] = sums[rest + 3]! + line.ownCouponedSubtotal;
      const total = orderTotal(terms, allowed, order);
      if (total < price[mask]!) {
        price[mask] = total;
        chosen[mask] = vendor;
      }
    }
  }
  return { price, vendor: chosen };
}

/**
 * The cheapest assignment of lines to vendors; null when some line is offered by no vendor.
 *
 * One order never costs more than the same lines split into two orders of the same vendor
 * (shipping is paid once, a percentage coupon is taken line by line so merging changes no
 * cent of it), except
 * that a fixed coupon would count once per order. So, over the subsets of lines (bit masks):
 * 1. best[S]: the cheapest way to buy S as orders of one vendor each, a vendor allowed several
 *    orders and no fixed coupon counted (best[S] = min over orders B holding S's lowest line
 *    of order[B] + best[S \ B]);
 * 2. then, vendor by vendor, a fixed coupon for at most one order of its vendor:
 *    best'[S] = min(best[S], min over B ⊆ S of the vendor's couponed order[B] + best[S \ B]).
 * The optimum is one of these partitions, and the partition found, merged per vendor, costs no
 * more than its value: the result is exact. Time grows as 3^lines (15 lines: ~7 M steps).
 * Deterministic: ties keep the lowest vendor index and the first subset enumerated.
 */
export function optimizeStack(problem: StackProblem): StackSolution | null {
  const lineCount = problem.lineCosts.length;
  if (lineCount === 0) return { assignment: [], total: 0 };
  if (lineCount > MAX_STACK_LINES) {
    throw new RangeError(`A stack holds at most ${MAX_STACK_LINES} lines`);
  }
  if (problem.lineCosts.some((costs) => costs.every((cost) => cost === null))) return null;

  const size = 1 << lineCount;
  const terms = problem.vendors;
  const vendorIndexes = terms.map((_terms, vendor) => vendor);
  const hasFixedPart = (vendor: number) => terms[vendor]!.fixedOffCents > 0;
  const open = cheapestOrders(problem, vendorIndexes, (vendor) => !hasFixedPart(vendor));

  // Step 1. Only orders cheaper than every split of their lines can be part of a best
  // partition ("useful"); each set is priced from those, or from all its subsets when fewer.
  const best = new Float64Array(size).fill(Infinity);
  const firstOrder = new Int32Array(size);
  const usefulByLowestLine: number[][] = Array.from({ length: lineCount }, () => []);
  const lineCountOf = (mask: number) => popcount(mask);
  best[0] = 0;
  const openPrice = open.price;
  for (let set = 1; set < size; set += 1) {
    const low = set & -set;
    const rest = set ^ low;
    let value = Infinity;
    let pick = 0;
    const useful = usefulByLowestLine[31 - Math.clz32(low)]!;
    if (useful.length < 1 << lineCountOf(rest)) {
      for (const order of useful) {
        if ((order & set) !== order) continue;
        const candidate = openPrice[order]! + best[set ^ order]!;
        if (candidate < value) {
          value = candidate;
          pick = order;
        }
      }
    } else {
      for (let sub = rest; sub !== 0; sub = (sub - 1) & rest) {
        const order = sub | low;
        if (order === set) continue;
        const candidate = openPrice[order]! + best[set ^ order]!;
        if (candidate < value) {
          value = candidate;
          pick = order;
        }
      }
      const candidate = openPrice[low]! + best[rest]!;
      if (rest !== 0 && candidate < value) {
        value = candidate;
        pick = low;
      }
    }
    if (openPrice[set]! < value) {
      value = openPrice[set]!;
      pick = set;
      useful.push(set);
    }
    best[set] = value;
    firstOrder[set] = pick;
  }

  // Step 2. A couponed order can only help where it beats the uncouponed best of its lines.
  const layers: { order: Int32Array; vendor: number }[] = [];
  let current = best;
  for (const vendor of vendorIndexes) {
    if (!hasFixedPart(vendor)) continue;
    const offered = offeredLines(problem, vendor);
    if (offered === 0) continue;
    const couponed = cheapestOrders(problem, [vendor], () => true).price;
    const helpful: number[] = [];
    for (let sub = offered; sub !== 0; sub = (sub - 1) & offered) {
      if (couponed[sub]! < best[sub]!) helpful.push(sub);
    }
    if (helpful.length === 0) continue;
    helpful.reverse();
    const next = new Float64Array(size);
    const order = new Int32Array(size);
    for (let set = 0; set < size; set += 1) {
      let value = current[set]!;
      let pick = 0;
      const choices = set & offered;
      if (helpful.length < 1 << lineCountOf(choices)) {
        for (const sub of helpful) {
          if ((sub & set) !== sub) continue;
          const candidate = couponed[sub]! + current[set ^ sub]!;
          if (candidate < value) {
            value = candidate;
            pick = sub;
          }
        }
      } else {
        for (let sub = choices; sub > 0; sub = (sub - 1) & choices) {
          const candidate = couponed[sub]! + current[set ^ sub]!;
          if (candidate < value) {
            value = candidate;
            pick = sub;
          }
        }
      }
      next[set] = value;
      order[set] = pick;
    }
    layers.push({ order, vendor });
    current = next;
  }

  const assignment = new Array<number>(lineCount).fill(NO_VENDOR);
  const give = (order: number, vendor: number) => {
    for (let line = 0; line < lineCount; line += 1) {
      if (order & (1 << line)) assignment[line] = vendor;
    }
  };
  let remaining = size - 1;
  for (let k = layers.length - 1; k >= 0; k -= 1) {
    const { order, vendor } = layers[k]!;
    const taken = order[remaining]!;
    give(taken, vendor);
    remaining ^= taken;
  }
  while (remaining !== 0) {
    const order = firstOrder[remaining]!;
    give(order, open.vendor[order]!);
    remaining ^= order;
  }
  return { assignment, total: assignmentTotal(problem, assignment) };
}

function popcount(mask: number): number {
  let count = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) count += 1;
  return count;
}
