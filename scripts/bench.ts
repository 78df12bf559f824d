/**
 * `npm run bench`: median time and SQL query count of the home and detail read models on
 * in-memory databases of 20, 500 and 5000 generated peptides, side by side.
 */
import { performance } from "node:perf_hooks";

import { getHomePageData, getPeptidePageData } from "~/.server/data/listings.server";
import { openDatabase } from "~/.server/db/client";
import { EMPTY_HOME_FILTERS } from "~/lib/home-filters";

import { seedSyntheticCatalogue } from "../tests/helpers/synthetic-catalogue";

const SIZES = [20, 500, 5000];
const RUNS = 9;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function main() {
  let queries = 0;
  const handle = await openDatabase({
    dataDir: "memory://",
    logger: { logQuery: () => void queries++ },
  });
  await handle.migrate();
  const results: Record<string, string | number>[] = [];

  for (const size of SIZES) {
    const seedStart = performance.now();
    const { firstSlug } = await seedSyntheticCatalogue(handle.db, size);
    // A live database keeps planner statistics current (autovacuum); bulk-loaded tables need it said.
    await handle.executeSql("analyze");
    const seedMs = performance.now() - seedStart;
    const cases = {
      home: () =>
        getHomePageData(handle.db, { categorySlug: null, page: 1, filters: EMPTY_HOME_FILTERS }),
      "home (filtered, page 2)": () =>
        getHomePageData(handle.db, {
          categorySlug: "synthetic-2",
          page: 2,
          filters: { ...EMPTY_HOME_FILTERS, sizes: ["10mg"], maxPrice: 80 },
        }),
      detail: () => getPeptidePageData(handle.db, firstSlug),
    };
    for (const [name, run] of Object.entries(cases)) {
      await run(); // warm-up
      const times: number[] = [];
      let count = 0;
      for (let i = 0; i < RUNS; i += 1) {
        queries = 0;
        const start = performance.now();
        await run();
        times.push(performance.now() - start);
        count = queries;
      }
      results.push({
        peptides: size,
        read: name,
        "median ms": Number(median(times).toFixed(2)),
        queries: count,
      });
    }
    console.log(`seeded ${size} peptides in ${(seedMs / 1000).toFixed(1)} s`);
  }
  await handle.close();

  const table: Record<string, Record<string, string>> = {};
  for (const row of results) {
    const key = String(row.read);
    table[key] ??= {};
    table[key][`${row.peptides} peptides`] = `${row["median ms"]} ms / ${row.queries} q`;
  }
  console.log("\nMedian of %d runs (PGlite in memory), time / SQL queries:", RUNS);
  console.table(table);
}

await main();
