import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  assignmentTotal,
  bestSingleVendor,
  MAX_STACK_LINES,
  optimizeStack,
  vendorOrderCost,
  type StackProblem,
  type StackVendorTerms,
} from "./stack-optimizer";

const plain: StackVendorTerms = {
  percentOffBasisPoints: 0,
  fixedOffCents: 0,
  shippingCents: 0,
  freeShippingFromCents: null,
};

/** Every assignment of lines to vendors that offer them, priced; the cheapest total. */
function bruteForce(problem: StackProblem): number | null {
  const lines = problem.lineCosts.length;
  let best: number | null = null;
  const assignment = new Array<number>(lines).fill(0);
  const visit = (line: number) => {
    if (line === lines) {
      const total = assignmentTotal(problem, assignment);
      if (best === null || total < best) best = total;
      return;
    }
    problem.lineCosts[line]!.forEach((cost, vendor) => {
      if (cost === null) return;
      assignment[line] = vendor;
      visit(line + 1);
    });
  };
  visit(0);
  return best;
}

const vendorTerms: fc.Arbitrary<StackVendorTerms> = fc.record({
  percentOffBasisPoints: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5000 })),
  fixedOffCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5000 })),
  shippingCents: fc.integer({ min: 0, max: 2000 }),
  freeShippingFromCents: fc.option(fc.integer({ min: 0, max: 30_000 }), { nil: null }),
});

const smallStack: fc.Arbitrary<StackProblem> = fc
  .record({
    vendorCount: fc.integer({ min: 1, max: 4 }),
    lineCount: fc.integer({ min: 1, max: 6 }),
  })
  .chain(({ vendorCount, lineCount }) =>
    fc.record({
      vendors: fc.array(vendorTerms, { minLength: vendorCount, maxLength: vendorCount }),
      lineCosts: fc.array(
        fc.array(fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null, freq: 4 }), {
          minLength: vendorCount,
          maxLength: vendorCount,
        }),
        { minLength: lineCount, maxLength: lineCount },
      ),
    }),
  );

describe("vendorOrderCost", () => {
  it("takes a percentage coupon off the subtotal, the price after it rounded half up", () => {
    expect(vendorOrderCost({ ...plain, percentOffBasisPoints: 1000 }, 12_345)).toEqual({
      subtotal: 12_345,
      discount: 1234,
      shipping: 0,
      total: 11_111,
      couponUsed: true,
    });
  });

  it("never lets a fixed coupon take the order below zero", () => {
    expect(vendorOrderCost({ ...plain, fixedOffCents: 5000, shippingCents: 700 }, 3000)).toEqual({
      subtotal: 3000,
      discount: 3000,
      shipping: 700,
      total: 700,
      couponUsed: true,
    });
  });

  it("judges free shipping on the subtotal after the coupon", () => {
    const terms = {
      ...plain,
      fixedOffCents: 1000,
      shippingCents: 800,
      freeShippingFromCents: 10_000,
    };
    expect(vendorOrderCost(terms, 10_500).shipping).toBe(800);
    expect(vendorOrderCost(terms, 11_000).shipping).toBe(0);
  });

  it("leaves the coupon out when it would cost the free shipping", () => {
    const terms = {
      ...plain,
      fixedOffCents: 500,
      shippingCents: 800,
      freeShippingFromCents: 10_000,
    };
    expect(vendorOrderCost(terms, 10_200)).toMatchObject({
      discount: 0,
      shipping: 0,
      total: 10_200,
      couponUsed: false,
    });
  });
});

describe("optimizeStack", () => {
  it("finds the same total as trying every assignment, on random small stacks", () => {
    fc.assert(
      fc.property(smallStack, (problem) => {
        const solution = optimizeStack(problem);
        const expected = bruteForce(problem);
        if (expected === null) {
          expect(solution).toBeNull();
          return;
        }
        expect(solution!.total).toBe(expected);
        expect(assignmentTotal(problem, solution!.assignment)).toBe(solution!.total);
        solution!.assignment.forEach((vendor, line) => {
          expect(problem.lineCosts[line]![vendor]).not.toBeNull();
        });
      }),
      { numRuns: 500 },
    );
  });

  it("stays exact with per-line costs after coupon and thresholds in the vendors' own currency, as priceStack gives them", () => {
    const belowEach = (costs: (number | null)[][]) =>
      fc.tuple(
        ...costs.map((row) =>
          fc.tuple(
            ...row.map((cost) =>
              cost === null ? fc.constant(null) : fc.integer({ min: 0, max: cost }),
            ),
          ),
        ),
      );
    const anyFor = (costs: (number | null)[][]) =>
      fc.tuple(
        ...costs.map((row) =>
          fc.tuple(
            ...row.map((cost) =>
              cost === null ? fc.constant(null) : fc.integer({ min: 0, max: 40_000 }),
            ),
          ),
        ),
      );
    const withOwnCurrency = smallStack.chain((problem) =>
      fc
        .record({
          couponedLineCosts: belowEach(problem.lineCosts),
          ownBefore: anyFor(problem.lineCosts),
          ownTerms: fc.tuple(
            ...problem.vendors.map(() =>
              fc.option(
                fc.record({
                  fixedOff: fc.integer({ min: 0, max: 5000 }),
                  freeShippingFrom: fc.option(fc.integer({ min: 0, max: 60_000 }), { nil: null }),
                }),
                { nil: undefined },
              ),
            ),
          ),
        })
        .chain(({ couponedLineCosts, ownBefore, ownTerms }) =>
          belowEach(ownBefore).map((ownAfter) => ({
            vendors: problem.vendors.map((terms, vendor) => ({
              ...terms,
              ownCurrency: ownTerms[vendor],
            })),
            lineCosts: problem.lineCosts,
            couponedLineCosts,
            vendorLineCosts: { before: ownBefore, after: ownAfter },
          })),
        ),
    );
    fc.assert(
      fc.property(withOwnCurrency, (problem) => {
        const expected = bruteForce(problem);
        const solution = optimizeStack(problem);
        if (expected === null) {
          expect(solution).toBeNull();
          return;
        }
        expect(solution!.total).toBe(expected);
        expect(assignmentTotal(problem, solution!.assignment)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("splits across vendors when a second order beats one vendor's prices and shipping", () => {
    const problem: StackProblem = {
      vendors: [
        { ...plain, shippingCents: 500 },
        { ...plain, shippingCents: 500 },
      ],
      lineCosts: [
        [1000, 5000],
        [5000, 1000],
      ],
    };
    expect(optimizeStack(problem)).toEqual({ assignment: [0, 1], total: 3000 });
    expect(bestSingleVendor(problem)!.total).toBe(6500);
  });

  it("moves a line to reach a free-shipping threshold when that is cheaper", () => {
    const problem: StackProblem = {
      vendors: [
        { ...plain, shippingCents: 1500, freeShippingFromCents: 10_000 },
        { ...plain, shippingCents: 1500 },
      ],
      lineCosts: [
        [9000, 8000],
        [1200, 1000],
      ],
    };
    // Alone at vendor 0 the first line pays shipping; with the second it ships free.
    expect(optimizeStack(problem)).toEqual({ assignment: [0, 0], total: 10_200 });
  });

  it("uses a fixed coupon once per vendor, however the lines are grouped", () => {
    const problem: StackProblem = {
      vendors: [{ ...plain, fixedOffCents: 2000 }],
      lineCosts: [[3000], [3000]],
    };
    expect(optimizeStack(problem)!.total).toBe(4000);
  });

  it("answers null when a line is sold nowhere", () => {
    expect(optimizeStack({ vendors: [plain], lineCosts: [[100], [null]] })).toBeNull();
  });

  it("is deterministic: equal totals keep the lower vendor", () => {
    const problem: StackProblem = { vendors: [plain, plain], lineCosts: [[500, 500]] };
    expect(optimizeStack(problem)!.assignment).toEqual([0]);
  });

  it("refuses more lines than it can solve exactly", () => {
    const lineCosts = Array.from({ length: MAX_STACK_LINES + 1 }, () => [100]);
    expect(() => optimizeStack({ vendors: [plain], lineCosts })).toThrow(RangeError);
  });
});
