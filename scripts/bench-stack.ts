/**
 * The stack optimizer's case of `npm run bench`: 15 lines × 30 vendors, random but shop-like
 * (each vendor lists a line with probability 0.7, prices within ±25 % of the line's price,
 * shipping $5–15 with a free-shipping threshold at most vendors, percentage or fixed coupons).
 * The solver alone on 100 seeded stacks, then the whole server path (quoteStack: the query,
 * pricing and the solve) on such a catalogue in PGlite: median and p95.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";

import { openDatabase } from "~/.server/db/client";
import * as t from "~/.server/db/schema";
import { quoteStack } from "~/.server/services/stack.server";
import { DEFAULT_SETTINGS } from "~/lib/constants";
import { optimizeStack, type StackProblem, type StackVendorTerms } from "~/lib/stack-optimizer";

/** A small seeded generator (mulberry32), so every run measures the same instances. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function shopLikeStack(seed: number, lines = 15, vendorCount = 30): StackProblem {
  const random = randomSource(seed);
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const vendors: StackVendorTerms[] = Array.from({ length: vendorCount }, () => {
    const coupon = random();
    return {
      percentOffBasisPoints: coupon < 0.5 ? between(5, 20) * 100 : 0,
      fixedOffCents: coupon >= 0.5 && coupon < 0.75 ? between(5, 25) * 100 : 0,
      shippingCents: between(500, 1500),
      freeShippingFromCents: random() < 0.7 ? between(75, 300) * 100 : null,
    };
  });
  const lineCosts = Array.from({ length: lines }, () => {
    const base = between(2_500, 12_000);
    const quantity = between(1, 3);
    const costs: (number | null)[] = vendors.map(() =>
      random() < 0.7 ? Math.round(base * (0.75 + random() * 0.5)) * quantity : null,
    );
    // Every line is sold somewhere.
    if (!costs.some((cost) => cost !== null)) costs[between(0, vendorCount - 1)] = base * quantity;
    return costs;
  });
  return { vendors, lineCosts };
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

const INSTANCES = 100;
const TARGET_MS = 100;

/** Solves INSTANCES seeded stacks (after a warm-up) and prints median and p95, CPU and wall-clock. */
export async function benchStackOptimizer() {
  for (let seed = 1; seed <= 10; seed += 1) optimizeStack(shopLikeStack(-seed));
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let seed = 1; seed <= INSTANCES; seed += 1) {
    const problem = shopLikeStack(seed);
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    optimizeStack(problem);
    const used = process.cpuUsage(cpuStart);
    wall.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
  }
  const figures = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    return `median ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
  };
  console.log(
    `\nStack optimizer, 15 lines × 30 vendors (${INSTANCES} seeded shop-like stacks; target ≤ ${TARGET_MS} ms)\n` +
      `  CPU time:        ${figures(cpu)}\n` +
      `  wall-clock time: ${figures(wall)} (load average ${os.loadavg()[0]!.toFixed(1)})`,
  );
}

/** 15 peptides of one size and 30 vendors in an in-memory database, from one seeded stack. */
async function seedStackCatalogue(seed: number) {
  const handle = await openDatabase({ dataDir: "memory://" });
  await handle.migrate();
  const problem = shopLikeStack(seed);
  const { db } = handle;
  const vendorRows = await db
    .insert(t.vendors)
    .values(
      problem.vendors.map((terms, i) => ({
        name: `Bench Vendor ${i + 1}`,
        shippingFee: terms.shippingCents / 100,
        freeShippingThreshold:
          terms.freeShippingFromCents === null ? null : terms.freeShippingFromCents / 100,
      })),
    )
    .returning({ id: t.vendors.id });
  const couponRows = problem.vendors.flatMap((terms, i) => {
    if (terms.percentOffBasisPoints > 0) {
      const amount = terms.percentOffBasisPoints / 100;
      return [
        {
          vendorId: vendorRows[i]!.id,
          code: `P${i}`,
          discountAmount: amount,
          discountType: "percentage",
        },
      ];
    }
    if (terms.fixedOffCents > 0) {
      const amount = terms.fixedOffCents / 100;
      return [
        {
          vendorId: vendorRows[i]!.id,
          code: `F${i}`,
          discountAmount: amount,
          discountType: "fixed",
        },
      ];
    }
    return [];
  });
  if (couponRows.length > 0) await db.insert(t.coupons).values(couponRows);
  const peptideRows = await db
    .insert(t.peptides)
    .values(
      problem.lineCosts.map((_costs, i) => ({ name: `Bench ${i + 1}`, slug: `bench-${i + 1}` })),
    )
    .returning({ id: t.peptides.id });
  const sizeRows = await db
    .insert(t.sizeOptions)
    .values(peptideRows.map((row) => ({ peptideId: row.id, quantity: 10, unit: "mg" })))
    .returning({ id: t.sizeOptions.id, peptideId: t.sizeOptions.peptideId });
  await db.insert(t.vendorPeptides).values(
    problem.lineCosts.flatMap((costs, line) =>
      costs.flatMap((cost, vendor) =>
        cost === null
          ? []
          : [
              {
                peptideId: sizeRows[line]!.peptideId,
                sizeOptionId: sizeRows[line]!.id,
                vendorId: vendorRows[vendor]!.id,
                price: cost / 100,
                url: `https://vendor-${vendor}.example/bench-${line + 1}`,
              },
            ],
      ),
    ),
  );
  await handle.executeSql("analyze");
  return handle;
}

/** quoteStack as /stack and the API call it, CPU (PGlite included: it runs in this process) and wall-clock. */
export async function benchStackQuote(runs = 30) {
  const handle = await seedStackCatalogue(1);
  const lines = Array.from({ length: 15 }, (_, i) => ({
    peptide: `bench-${i + 1}`,
    size: "10mg",
    quantity: 1,
  }));
  const pricing = {
    displayCurrency: "USD",
    rates: {},
    staleAfterMissedRuns: DEFAULT_SETTINGS.staleAfterMissedRuns,
    scrapeIntervalSeconds: DEFAULT_SETTINGS.scrapeIntervalSeconds,
    now: new Date(),
    shipTo: null,
  };
  for (let i = 0; i < 5; i += 1) await quoteStack(handle.db, lines, pricing);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const quote = await quoteStack(handle.db, lines, pricing);
    const used = process.cpuUsage(cpuStart);
    wall.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
    if (!quote.ok) throw new Error(quote.message);
  }
  await handle.close();
  const figures = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    return `median ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms`;
  };
  console.log(
    `\nStack quote (query + pricing + solve), 15 lines × 30 vendors, PGlite in memory (${runs} runs; target ≤ ${TARGET_MS} ms)\n` +
      `  CPU time:        ${figures(cpu)}\n` +
      `  wall-clock time: ${figures(wall)} (load average ${os.loadavg()[0]!.toFixed(1)})`,
  );
}
