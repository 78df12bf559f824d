// Preloaded into the server `npm run bench:admin` measures (node --import): appends every
// statement node-postgres sends to BENCH_QUERY_LOG, one JSON line each, so the benchmark can
// EXPLAIN the SQL behind each page view (it asks one page at a time).
import fs from "node:fs";
import { createRequire } from "node:module";
import process from "node:process";

const logFile = process.env.BENCH_QUERY_LOG;
const pg = createRequire(import.meta.url)("pg");
const query = pg.Client.prototype.query;

pg.Client.prototype.query = function logQuery(config, values, ...rest) {
  const text = typeof config === "string" ? config : config?.text;
  if (logFile && typeof text === "string") {
    const params = Array.isArray(values) ? values : (config?.values ?? []);
    fs.appendFileSync(logFile, `${JSON.stringify({ text, values: params })}\n`);
  }
  return query.call(this, config, values, ...rest);
};
