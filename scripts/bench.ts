/**
 * `npm run bench`: median time and SQL query count of the home and detail read models on
 * in-memory databases of 20, 500 and 5000 generated peptides, side by side; then the search's
 * p50/p95 at 2,000 peptides.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";

import { getHomePageData } from "~/.server/data/listings/home.server";
import { getPeptidePageData } from "~/.server/data/listings/peptide-pages.server";
import { searchCatalogue } from "~/.server/data/search.server";
import { EMPTY_HOME_FILTERS } from "~/lib/home-filters";
import { SUGGESTION_LIMIT } from "~/lib/search";

import { openCountingDatabase } from "../tests/helpers/counting-database";
import { seedSyntheticCatalogue } from "../tests/helpers/synthetic-catalogue";
import { median } from "./median";
import { benchStackOptimizer, benchStackQuote } from "./bench-stack";

const SIZES = [20, 500, 5000];
const RUNS = 9;

async function main() {
  const { handle, counter } = await openCountingDatabase();
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
        counter.queries = 0;
        const start = performance.now();
        await run();
        times.push(performance.now() - start);
        count = counter.queries;
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

const SEARCH_CATALOGUE_SIZE = 2000;
const SEARCH_TARGET_P95_MS = 30;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** A typo: two neighbouring letters swapped in the middle of the word. */
function swapMiddle(word: string): string {
  const i = Math.floor(word.length / 2);
  return word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1);
}

/**
 * The header search (searchCatalogue, as the suggestions route calls it) over 2,000 peptides with
 * distinct word-like names and aliases: exact names, names without their hyphen, typos,
 * prefixes as typed, aliases, and a query that matches nothing.
 */
async function benchSearch() {
  const { handle, counter } = await openCountingDatabase();
  await seedSyntheticCatalogue(handle.db, SEARCH_CATALOGUE_SIZE);
  // "Peptide 00042" two thousand times over would make every query match every row.
  await handle.executeSql(`
    update peptides
       set name = initcap(translate(substr(md5(slug), 1, 9), '0123456789', 'aeiouybrst'))
                  || '-' || substring(slug from 9),
           aliases = array[initcap(translate(substr(md5(slug || 'alias'), 1, 8), '0123456789', 'aeiouybrst'))]`);
  await handle.executeSql("analyze");
  const { rows } = await handle.executeSql(
    "select name, aliases[1] as alias from peptides order by md5(slug) limit 40",
  );
  const terms = rows.flatMap((row) => {
    const name = String(row.name);
    const word = name.split("-")[0].toLowerCase();
    return [name, name.replace("-", ""), swapMiddle(word), word.slice(0, 4), String(row.alias)];
  });
  terms.push("zzqxjv", "a");

  for (const query of terms.slice(0, 10)) await searchCatalogue(handle.db, { query, limit: 8 });
  const wallTimes: number[] = [];
  const cpuTimes: number[] = [];
  let perSearch = 0;
  for (const query of terms) {
    counter.queries = 0;
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    await searchCatalogue(handle.db, { query, limit: SUGGESTION_LIMIT });
    const cpu = process.cpuUsage(cpuStart);
    wallTimes.push(performance.now() - start);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    perSearch = Math.max(perSearch, counter.queries);
  }
  await handle.close();
  const figures = (times: number[]) =>
    `p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms`;
  // PGlite runs inside this process: its CPU time is the server time a search costs, which a
  // busy machine does not inflate the way it inflates the wall-clock time.
  console.log(
    `\nSearch at ${SEARCH_CATALOGUE_SIZE} peptides (PGlite in memory, ${wallTimes.length} searches, ` +
      `${perSearch} SQL queries each; target p95 ≤ ${SEARCH_TARGET_P95_MS} ms)\n` +
      `  server CPU time: ${figures(cpuTimes)}\n` +
      `  wall-clock time: ${figures(wallTimes)} (load average ${os.loadavg()[0].toFixed(1)})`,
  );
}

await main();
await benchSearch();
await benchStackOptimizer();
await benchStackQuote();
