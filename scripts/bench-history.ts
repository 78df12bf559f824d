/**
 * `npx tsx scripts/bench-history.ts`: the detail page's read model per price-history range on
 * a PGlite database of 2,000 peptides and about 1,000,000 price-history rows: a price change a
 * day for two months on every offer, and on one peptide an hourly change for 400 days. Prints
 * the time, the SQL query count, the points sent to the page and their JSON size, beside the
 * number of raw history rows the range covers.
 */
import { performance } from "node:perf_hooks";

import { getPeptidePageData } from "~/.server/data/listings/peptide-pages.server";
import { getVendorProfile } from "~/.server/data/vendor-profile.server";
import { defaultPricingContext } from "~/.server/data/listings/offer-rows.server";
import { HISTORY_RANGES, rangeStart } from "~/lib/price-history";

import { openCountingDatabase } from "../tests/helpers/counting-database";
import { seedSyntheticCatalogue } from "../tests/helpers/synthetic-catalogue";
import { median } from "./median";

const PEPTIDES = 2000;
const DAILY_DAYS = 60;
const HOURLY_DAYS = 400;
const HEAVY_SLUG = "peptide-0";
const RUNS = 7;

async function main() {
  const { handle, counter } = await openCountingDatabase();
  const seedStart = performance.now();
  await seedSyntheticCatalogue(handle.db, PEPTIDES);
  await handle.executeSql(`
    insert into price_history (vendor_peptide_id, price, in_stock, observed_at)
    select vp.id, vp.price + (d % 7) - 3, true, now() - make_interval(days => d)
      from vendor_peptides vp cross join generate_series(2, ${DAILY_DAYS + 1}) d`);
  await handle.executeSql(`
    insert into price_history (vendor_peptide_id, price, in_stock, observed_at)
    select vp.id, vp.price + (h % 13) - 6, true, now() - make_interval(hours => h)
      from vendor_peptides vp join peptides p on p.id = vp.peptide_id
      cross join generate_series(1, ${HOURLY_DAYS * 24}) h
     where p.slug = '${HEAVY_SLUG}'`);
  await handle.executeSql("analyze");
  const {
    rows: [{ total }],
  } = await handle.executeSql("select count(*)::int as total from price_history");
  console.log(
    `seeded ${PEPTIDES} peptides and ${Number(total).toLocaleString("en-US")} price-history rows in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`,
  );

  const now = new Date();
  const pricing = defaultPricingContext(now);
  const results: Record<string, string | number>[] = [];
  for (const slug of [HEAVY_SLUG, "peptide-1"]) {
    for (const range of HISTORY_RANGES) {
      const start = rangeStart(range, now);
      const {
        rows: [{ raw }],
      } = await handle.executeSql(
        `select count(*)::int as raw from price_history ph
           join vendor_peptides vp on vp.id = ph.vendor_peptide_id
           join peptides p on p.id = vp.peptide_id
          where p.slug = $1 ${start ? "and ph.observed_at >= $2" : ""}`,
        start ? [slug, start.toISOString()] : [slug],
      );
      const run = () => getPeptidePageData(handle.db, slug, pricing, range);
      await run();
      const times: number[] = [];
      let page = await run();
      for (let i = 0; i < RUNS; i += 1) {
        counter.queries = 0;
        const t0 = performance.now();
        page = await run();
        times.push(performance.now() - t0);
      }
      const points = page!.history.offers.reduce((sum, h) => sum + h.points.length, 0);
      results.push({
        peptide: slug === HEAVY_SLUG ? `${slug} (hourly, 400 days)` : `${slug} (daily, 60 days)`,
        range,
        "raw rows in range": Number(raw),
        bucket: page!.history.bucket,
        "points sent": points,
        "history JSON KB": Number((JSON.stringify(page!.history).length / 1024).toFixed(1)),
        "median ms": Number(median(times).toFixed(1)),
        queries: counter.queries,
      });
    }
  }
  console.log(`\nDetail read model per history range, median of ${RUNS} runs (PGlite in memory):`);
  console.table(results);

  const vendorTimes: number[] = [];
  let vendorQueries = 0;
  let offers = 0;
  for (let i = 0; i < RUNS; i += 1) {
    counter.queries = 0;
    const t0 = performance.now();
    const profile = await getVendorProfile(handle.db, "synthetic-vendor-1", pricing);
    vendorTimes.push(performance.now() - t0);
    vendorQueries = counter.queries;
    offers = profile?.offers.length ?? 0;
  }
  console.log(
    `\nVendor page read model (synthetic-vendor-1, ${offers} offers, 30-day change count over that history): median ${median(vendorTimes).toFixed(1)} ms, ${vendorQueries} queries`,
  );
  await handle.close();
}

await main();
