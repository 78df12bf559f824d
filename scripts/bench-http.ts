/**
 * `npm run bench:http`: requests per second of the production server, side by side with a bare
 * node:http server sending the very same bytes, measured with autocannon over loopback.
 *
 * 1. Demo data (PGlite in a throw-away DATA_DIR): the home and a detail page, cached (a visitor
 *    without a session) and uncached (a new URL each request, so every one is rendered).
 * 2. With BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (a PostgreSQL server): a fresh
 *    `perf_bench_*` database (bench-catalogue.ts; never a `pp_test_*` name, which CI drops) of 2,000 peptides and 1,000,000 price-history rows, uncached home and detail
 *    pages from one client connection (p50/p95/p99), then 16 connections; dropped afterwards.
 *
 * BENCH_DURATION (seconds per run, default 5) and BENCH_CONNECTIONS (default 10) tune it.
 * Exits non-zero when the cached home page is under 60% of the bare server's rate.
 */
import http from "node:http";
import { performance } from "node:perf_hooks";

import autocannon from "autocannon";

import { PG_PEPTIDES, seedLargeCatalogue } from "./bench-catalogue";
import {
  createScratchDatabase,
  startBareServer,
  startBuiltServer,
  type RunningServer,
} from "./bench-server";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const CACHED_SHARE_OF_BARE = 0.6;
/** Uncached home before the performance work (issue 11), on the project's 2-core machine. */
const UNCACHED_HOME_BASELINE_RPS = 41;
const UNCACHED_HOME_TARGET_RPS = 4 * UNCACHED_HOME_BASELINE_RPS;
/** Cached and bare runs alternate this many times; the median of each is reported. */
const ROUNDS = 3;
const WARM_UP_S = 2;

interface Rate {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}

function medianRun(runs: Rate[]): Rate {
  return [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!;
}

let uniqueRequest = 0;
/** Each request a URL no one asked for before: always a cache miss, always rendered. */
function uncachedPath(pathname: string): string {
  return `${pathname}${pathname.includes("?") ? "&" : "?"}nocache=${++uniqueRequest}`;
}

async function measure(
  baseUrl: string,
  pathname: string | (() => string),
  connections = CONNECTIONS,
  duration = DURATION_S,
): Promise<Rate> {
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration,
    requests: [
      {
        method: "GET",
        setupRequest: (request) => ({
          ...request,
          path: typeof pathname === "string" ? pathname : pathname(),
        }),
      },
    ],
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    requests: result.requests.total,
  };
}

/** The exact bytes and headers the app answers a cookie-less, compression-less GET with. */
async function snapshot(baseUrl: string, pathname: string) {
  return new Promise<{ headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    http
      .get(`${baseUrl}${pathname}`, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (value === undefined || ["transfer-encoding", "connection", "date"].includes(name))
              continue;
            headers[name] = Array.isArray(value) ? value.join(", ") : value;
          }
          resolve({ headers, body: Buffer.concat(chunks) });
        });
      })
      .on("error", reject);
  });
}

/** One client, one request at a time: the latency a single visitor sees. */
async function sequentialLatency(baseUrl: string, nextPath: () => string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  const end = performance.now() + DURATION_S * 1000;
  while (performance.now() < end) {
    const start = performance.now();
    await new Promise<void>((resolve, reject) => {
      http
        .get(`${baseUrl}${nextPath()}`, { agent }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
          res.resume();
          res.on("end", () => resolve());
        })
        .on("error", reject);
    });
    times.push(performance.now() - start);
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1));
  return { requests: times.length, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

function row(label: string, rate: Rate, extra: Record<string, string | number> = {}) {
  return {
    run: label,
    "req/s": rate.rps,
    "p50 ms": rate.p50,
    "p99 ms": rate.p99,
    errors: rate.errors,
    ...extra,
  };
}

async function withServer<T>(
  start: Promise<RunningServer>,
  run: (server: RunningServer) => Promise<T>,
) {
  const server = await start;
  try {
    return await run(server);
  } finally {
    await server.stop();
  }
}

async function benchDemoData(): Promise<boolean> {
  console.log(
    `Demo data on PGlite: ${DURATION_S} s per run, ${CONNECTIONS} connections, loopback.\n`,
  );
  return withServer(startBuiltServer(), async (app) => {
    const detailPath = "/peptide/bpc-157";
    const rows = [];
    let cachedHome = 0;
    let bareHome = 0;
    let uncachedHome = 0;
    for (const pathname of ["/", detailPath]) {
      const page = await snapshot(app.baseUrl, pathname);
      const { bare, cached } = await withServer(
        startBareServer(page.headers, page.body),
        async (server) => {
          // Warm both (JIT, caches), then alternate so a busy moment hits both alike.
          await measure(server.baseUrl, pathname, CONNECTIONS, WARM_UP_S);
          await measure(app.baseUrl, pathname, CONNECTIONS, WARM_UP_S);
          const bareRuns: Rate[] = [];
          const cachedRuns: Rate[] = [];
          for (let round = 0; round < ROUNDS; round += 1) {
            bareRuns.push(await measure(server.baseUrl, pathname));
            cachedRuns.push(await measure(app.baseUrl, pathname));
          }
          return { bare: medianRun(bareRuns), cached: medianRun(cachedRuns) };
        },
      );
      // Rendering code the cached runs never reached gets its JIT warm-up first; then the
      // median of as many runs as the cached figure.
      await measure(app.baseUrl, () => uncachedPath(pathname), CONNECTIONS, WARM_UP_S);
      const cpuBefore = app.cpuMs();
      const uncachedRuns: Rate[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        uncachedRuns.push(await measure(app.baseUrl, () => uncachedPath(pathname)));
      }
      const uncached = medianRun(uncachedRuns);
      const uncachedRequests = uncachedRuns.reduce((sum, run) => sum + run.requests, 0);
      const cpuPerRequest = (app.cpuMs() - cpuBefore) / Math.max(1, uncachedRequests);
      const kb = `${(page.body.length / 1024).toFixed(0)} KB`;
      rows.push(row(`${pathname} bare node:http, same bytes`, bare, { body: kb }));
      rows.push(
        row(`${pathname} app, cached`, cached, {
          body: kb,
          "share of bare": `${((cached.rps / bare.rps) * 100).toFixed(0)}%`,
        }),
      );
      rows.push(
        row(`${pathname} app, uncached`, uncached, {
          body: kb,
          "CPU ms/request": Number(cpuPerRequest.toFixed(1)),
        }),
      );
      if (pathname === "/") {
        cachedHome = cached.rps;
        bareHome = bare.rps;
        uncachedHome = uncached.rps;
      }
    }
    console.table(rows);
    const ok = cachedHome >= bareHome * CACHED_SHARE_OF_BARE;
    console.log(
      `Cached home: ${cachedHome} req/s = ${((cachedHome / bareHome) * 100).toFixed(0)}% of the bare server's ${bareHome} (budget ≥ ${CACHED_SHARE_OF_BARE * 100}%): ${ok ? "ok" : "UNDER BUDGET"}\n`,
    );
    console.log(
      `Uncached home: ${uncachedHome} req/s (target ≥ ${UNCACHED_HOME_TARGET_RPS}, 4× the ${UNCACHED_HOME_BASELINE_RPS} req/s measured before the page work on this machine): ${uncachedHome >= UNCACHED_HOME_TARGET_RPS ? "ok" : "under target"}\n`,
    );
    return ok;
  });
}

async function benchPostgres(serverUrl: string) {
  const database = await createScratchDatabase(serverUrl);
  try {
    await withServer(
      startBuiltServer({ DATABASE_URL: database.url, SEED_DEMO: "false" }),
      async (app) => {
        const started = performance.now();
        const historyRows = await seedLargeCatalogue(database.url);
        console.log(
          `PostgreSQL: ${PG_PEPTIDES} peptides, ${historyRows} price-history rows (made in ${((performance.now() - started) / 1000).toFixed(0)} s); uncached pages.\n`,
        );
        let slug = 0;
        const detail = () => uncachedPath(`/peptide/peptide-${slug++ % PG_PEPTIDES}`);
        const home = () => uncachedPath("/");
        // Warm the connection pool, the plans and the JIT.
        await sequentialLatency(app.baseUrl, home).catch(() => {});
        await sequentialLatency(app.baseUrl, detail).catch(() => {});
        const rows = [];
        for (const [label, nextPath] of [
          ["home", home],
          ["detail", detail],
        ] as const) {
          const one = await sequentialLatency(app.baseUrl, nextPath);
          const cpuBefore = app.cpuMs();
          const many = await measure(app.baseUrl, nextPath, 16);
          const cpuPerRequest = (app.cpuMs() - cpuBefore) / Math.max(1, many.requests);
          rows.push({
            page: label,
            "1 connection: requests": one.requests,
            "p50 ms": one.p50,
            "p95 ms": one.p95,
            "p99 ms": one.p99,
            "16 connections: req/s": many.rps,
            "app CPU ms/request": Number(cpuPerRequest.toFixed(1)),
            errors: many.errors,
          });
        }
        console.table(rows);
      },
    );
  } finally {
    await database.drop();
  }
}

async function main() {
  const ok = await benchDemoData();
  const serverUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (serverUrl) await benchPostgres(serverUrl);
  else console.log("Set TEST_DATABASE_URL (a PostgreSQL server) for the 2,000-peptide run.");
  if (!ok) process.exitCode = 1;
}

await main();
