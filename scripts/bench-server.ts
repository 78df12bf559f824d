/**
 * Starts the production build (`node server.js`) in its own process on a free loopback port,
 * for `npm run bench:http` and `npm run lighthouse`: a throw-away DATA_DIR with the demo data
 * unless a DATABASE_URL is given. Builds first when there is no build.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import pg from "pg";

const ROOT = path.resolve(import.meta.dirname, "..");
const START_TIMEOUT_MS = 120_000;

export interface RunningServer {
  baseUrl: string;
  /** CPU time (user + system) the server process has used so far, in ms; NaN off Linux. */
  cpuMs: () => number;
  stop: () => Promise<void>;
}

const CLOCK_TICKS_PER_SECOND = 100;

/** From /proc: CPU time is what a request costs, whatever else the machine is doing. */
function processCpuMs(pid: number | undefined): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 14 and 15 of proc(5), counted from the state field (3).
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

export function ensureProductionBuild() {
  const buildDir = process.env.BUILD_DIR ?? "build";
  if (fs.existsSync(path.join(ROOT, buildDir, "server/index.js"))) return;
  if (process.env.BUILD_DIR) throw new Error(`BUILD_DIR=${buildDir} holds no build`);
  console.log("No production build yet: building…");
  execFileSync("npx", ["react-router", "build"], { cwd: ROOT, stdio: "inherit" });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer /healthz within ${START_TIMEOUT_MS / 1000} s`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** The production server with the given environment on top of quiet, job-free defaults. */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<RunningServer> {
  ensureProductionBuild();
  const port = await freePort();
  const dataDir = env.DATABASE_URL ? null : fs.mkdtempSync(path.join(os.tmpdir(), "pp-bench-"));
  // The embedded database unless the caller names one: never the shell's DATABASE_URL.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ["server.js"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...inherited,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      JOBS_ENABLED: "false",
      BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01",
      ...(dataDir ? { DATA_DIR: dataDir, SEED_DEMO: "true" } : {}),
      ...env,
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const cpuMs = () => processCpuMs(child.pid);
  const stop = async () => {
    await stopProcess(child);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(baseUrl, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, cpuMs, stop };
}

/**
 * A bare node:http server in its own process answering every request with one fixed
 * response: the ceiling the app's cached pages are compared with.
 */
export async function startBareServer(
  headers: Record<string, string>,
  body: Buffer,
): Promise<RunningServer> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pp-bare-"));
  const bodyFile = path.join(dir, "body");
  fs.writeFileSync(bodyFile, body);
  const source = `
    const http = require("node:http");
    const fs = require("node:fs");
    const body = fs.readFileSync(${JSON.stringify(bodyFile)});
    const headers = ${JSON.stringify({ ...headers, "content-length": String(body.length) })};
    http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); })
      .listen(${port}, "127.0.0.1", () => process.send("ready"));
  `;
  const child = spawn(process.execPath, ["-e", source], {
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    cpuMs: () => processCpuMs(child.pid),
    stop: async () => {
      await stopProcess(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A throw-away `perf_bench_*` database on a PostgreSQL server (never `pp_test_*`, which CI drops). */
export async function createScratchDatabase(
  serverUrl: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `perf_bench_${crypto.randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
