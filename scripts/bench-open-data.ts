/**
 * `npx tsx scripts/bench-open-data.ts`: median time and SQL query count of the open data's
 * read models (a page of the API's peptides, one peptide's offers, the vendors, and the
 * price-drop feeds) on 2,000 generated peptides with 1,000,000 price-history rows (a third on PGlite): PGlite in memory,
 * or a fresh database on the PostgreSQL server of BENCH_DATABASE_URL / TEST_DATABASE_URL.
 * These are what an uncached API request or feed costs; cached ones cost none.
 */
import { performance } from "node:perf_hooks";

import { sql } from "drizzle-orm";

import {
  getOpenDataPeptide,
  getOpenDataPeptidePage,
  getOpenDataSizes,
  getOpenDataVendors,
} from "~/.server/data/open-data.server";
import { getPriceDrops } from "~/.server/data/price-drops.server";
import { openDatabase } from "~/.server/db/client";
import { getOpenDataPricing } from "~/.server/services/open-data.server";

import { seedSyntheticCatalogue } from "../tests/helpers/synthetic-catalogue";
import { median } from "./median";
import { createScratchDatabase } from "./bench-server";

const PEPTIDES = 2000;
const RUNS = 9;

async function main() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const server = serverUrl ? await createScratchDatabase(serverUrl) : null;
  let queries = 0;
  const handle = await openDatabase({
    url: server?.url,
    dataDir: "memory://",
    logger: { logQuery: () => void queries++ },
  });
  try {
    await handle.migrate();
    await seedSyntheticCatalogue(handle.db, PEPTIDES);
    // A row a day per offer (16,000 offers): about 1,000,000 rows on PostgreSQL, a third of that
    // on PGlite. Prices wander, so drops abound.
    const days = server ? 63 : 21;
    await handle.db.execute(sql`
      insert into price_history (vendor_peptide_id, price, in_stock, observed_at)
      select vp.id, vp.price + (d * 7 + abs(hashtext(vp.id::text))) % 9 - 4, true,
             now() - make_interval(days => d)
        from vendor_peptides vp cross join generate_series(2, ${days}::int) d`);
    await handle.executeSql("analyze");
    const [{ rows }] = (
      (await handle.db.execute(
        sql`select count(*)::int as rows from price_history`,
      )) as unknown as {
        rows: { rows: number }[];
      }
    ).rows;
    console.log(
      `${server ? "PostgreSQL" : "PGlite"}: ${PEPTIDES} peptides, ${rows} price-history rows\n`,
    );

    const [peptide] = (await getOpenDataPeptidePage(handle.db, { page: 1, perPage: 1 })).peptides;
    const cases = {
      "GET /api/v1/peptides (50)": async () => {
        const pricing = await getOpenDataPricing(handle.db, "EUR");
        const page = await getOpenDataPeptidePage(handle.db, { page: 7, perPage: 50 });
        await getOpenDataSizes(
          handle.db,
          page.peptides.map((p) => p.id),
          pricing,
        );
      },
      "GET /api/v1/peptides/{slug}/offers": async () => {
        const pricing = await getOpenDataPricing(handle.db);
        const found = await getOpenDataPeptide(handle.db, peptide!.slug);
        await getOpenDataSizes(handle.db, [found!.id], pricing);
      },
      "GET /api/v1/vendors": () => getOpenDataVendors(handle.db),
      "site price-drop feed (50)": () => getPriceDrops(handle.db),
      "peptide price-drop feed": () => getPriceDrops(handle.db, { peptideId: peptide!.id }),
    };
    const results = [];
    for (const [name, run] of Object.entries(cases)) {
      await run();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        queries = 0;
        const start = performance.now();
        await run();
        times.push(performance.now() - start);
      }
      results.push({ "read model": name, "median ms": Number(median(times).toFixed(1)), queries });
    }
    console.table(results);
  } finally {
    await handle.close();
    await server?.drop();
  }
}

await main();
