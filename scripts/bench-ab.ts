/**
 * Two production builds side by side on the same data, interleaved so a busy moment on a shared
 * machine hits both alike: uncached home, detail, compare and vendor pages (a new URL each request;
 * compare and vendor on the demo data only).
 *
 *   BENCH_BASELINE=/path/to/other/build npx tsx scripts/bench-ab.ts
 *
 * BENCH_BASELINE is the "before" build directory (e.g. `BUILD_DIR=build-main` of a checkout of
 * main); the "after" one is BUILD_DIR or build/. Demo data on PGlite (each server its own copy):
 * one client's latency, server CPU per request and req/s at 10 connections. With
 * BENCH_DATABASE_URL (a PostgreSQL server): also a fresh `perf_bench_*` database of 2,000
 * peptides and 1,000,000 price-history rows both servers share, dropped afterwards.
 * BENCH_ROUNDS (default 6) rounds of BENCH_REQUESTS (default 40) requests per server and page.
 */
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

import autocannon from "autocannon";

import { PG_PEPTIDES, seedLargeCatalogue } from "./bench-catalogue";
import { createScratchDatabase, startBuiltServer, type RunningServer } from "./bench-server";

const BASELINE = process.env.BENCH_BASELINE;
const CURRENT = process.env.BUILD_DIR ?? "build";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const THROUGHPUT_S = 5;

interface Sample {
  times: number[];
  cpuMs: number;
  requests: number;
  bytes: number;
}

let unique = 0;
const uncached = (pathname: string) =>
  `${pathname}${pathname.includes("?") ? "&" : "?"}ab=${++unique}`;

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${url}: status ${res.statusCode}`));
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve(bytes));
      })
      .on("error", reject);
  });
}

async function sequential(server: RunningServer, nextPath: () => string, sample: Sample) {
  const cpuBefore = server.cpuMs();
  for (let i = 0; i < REQUESTS; i += 1) {
    const start = performance.now();
    sample.bytes = await get(`${server.baseUrl}${nextPath()}`);
    sample.times.push(performance.now() - start);
  }
  sample.cpuMs += server.cpuMs() - cpuBefore;
  sample.requests += REQUESTS;
}

function summary(sample: Sample) {
  const sorted = [...sample.times].sort((a, b) => a - b);
  const at = (q: number) =>
    Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1));
  return {
    "CPU ms/req": Number((sample.cpuMs / sample.requests).toFixed(1)),
    "p50 ms": at(0.5),
    "p95 ms": at(0.95),
    KB: Math.round(sample.bytes / 1024),
  };
}

const newSample = (): Sample => ({ times: [], cpuMs: 0, requests: 0, bytes: 0 });

/** Interleaved rounds of sequential requests to each server; a table row per server and page. */
async function compare(
  servers: Record<string, RunningServer>,
  pages: Record<string, () => string>,
  label: string,
) {
  const rows: Record<string, string | number>[] = [];
  for (const [page, nextPath] of Object.entries(pages)) {
    const samples = Object.fromEntries(Object.keys(servers).map((name) => [name, newSample()]));
    // Warm up (JIT, caches, plans) without counting.
    for (const server of Object.values(servers)) await sequential(server, nextPath, newSample());
    const loads: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      loads.push(os.loadavg()[0]!);
      for (const [name, server] of Object.entries(servers)) {
        await sequential(server, nextPath, samples[name]!);
      }
    }
    for (const [name, sample] of Object.entries(samples)) {
      rows.push({
        data: label,
        page,
        build: name,
        ...summary(sample),
        load: `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
      });
    }
  }
  return rows;
}

/** Requests per second at 10 connections, each server in turn, ROUNDS / 2 times; the median. */
async function throughput(servers: Record<string, RunningServer>, pathname: string) {
  const runs: Record<string, number[]> = {};
  for (let round = 0; round < Math.max(1, ROUNDS / 2); round += 1) {
    for (const [name, server] of Object.entries(servers)) {
      const cpuBefore = server.cpuMs();
      const result = await autocannon({
        url: server.baseUrl,
        connections: 10,
        duration: THROUGHPUT_S,
        requests: [{ method: "GET", setupRequest: (r) => ({ ...r, path: uncached(pathname) }) }],
      });
      if (result.non2xx + result.errors > 0) throw new Error(`${name}: errors under load`);
      (runs[name] ??= []).push(result.requests.average);
      console.log(
        `  ${name} ${pathname}: ${Math.round(result.requests.average)} req/s, ${((server.cpuMs() - cpuBefore) / result.requests.total).toFixed(1)} CPU ms/req, load ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }
  }
  return Object.fromEntries(
    Object.entries(runs).map(([name, values]) => [
      name,
      Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!),
    ]),
  );
}

async function stopAll(servers: Record<string, RunningServer>) {
  await Promise.all(Object.values(servers).map((server) => server.stop()));
}

async function demoData() {
  const servers = {
    before: await startBuiltServer({ BUILD_DIR: BASELINE! }),
    after: await startBuiltServer({ BUILD_DIR: CURRENT }),
  };
  try {
    const rows = await compare(
      servers,
      {
        home: () => uncached("/"),
        detail: () => uncached("/peptide/bpc-157"),
        compare: () => uncached("/compare?peptide=bpc-157"),
        vendor: () => uncached("/vendor/apex-peptide-labs"),
      },
      "demo (PGlite)",
    );
    console.table(rows);
    console.log("Uncached home, 10 connections:", await throughput(servers, "/"));
  } finally {
    await stopAll(servers);
  }
}

async function postgres(serverUrl: string) {
  const database = await createScratchDatabase(serverUrl);
  const env = { DATABASE_URL: database.url, SEED_DEMO: "false" };
  const servers: Record<string, RunningServer> = {};
  try {
    // The current build migrates the empty database first; the baseline finds it migrated.
    servers.after = await startBuiltServer({ ...env, BUILD_DIR: CURRENT });
    const rows = await seedLargeCatalogue(database.url);
    console.log(
      `PostgreSQL ${database.name}: ${PG_PEPTIDES} peptides, ${rows} price-history rows.`,
    );
    servers.before = await startBuiltServer({ ...env, BUILD_DIR: BASELINE! });
    let slug = 0;
    console.table(
      await compare(
        { before: servers.before, after: servers.after },
        {
          home: () => uncached("/"),
          detail: () => uncached(`/peptide/peptide-${slug++ % PG_PEPTIDES}`),
        },
        "PostgreSQL 2,000 / 1 M",
      ),
    );
  } finally {
    await stopAll(servers);
    await database.drop();
  }
}

async function main() {
  if (!BASELINE) throw new Error("Set BENCH_BASELINE to the build directory to compare with.");
  console.log(`before: ${path.resolve(BASELINE)}, after: ${path.resolve(CURRENT)}`);
  if (process.env.BENCH_SKIP_DEMO !== "true") await demoData();
  if (process.env.BENCH_DATABASE_URL) await postgres(process.env.BENCH_DATABASE_URL);
  agent.destroy();
}

await main();
