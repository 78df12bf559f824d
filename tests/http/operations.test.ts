import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { TEST_ENV_DEFAULTS, testDatabaseEnv } from "../helpers/database";
import { startTestServer } from "../helpers/server";
import { testBuildReady } from "../helpers/test-build";
import { TEST_BUILD_DIR } from "../setup/build-once";
import { stoppedAfterTest, stopChildProcessesAfterEachTest } from "../helpers/child-processes";

const root = path.resolve(import.meta.dirname, "../..");

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** `npm start`'s server.js as its own process, on the test build, with jobs enabled. */
function spawnServer(port: number, env: Record<string, string> = {}) {
  const output: string[] = [];
  const child = stoppedAfterTest(
    spawn(process.execPath, ["server.js"], {
      cwd: root,
      env: {
        ...process.env,
        ...TEST_ENV_DEFAULTS,
        NODE_ENV: "production",
        LOG_LEVEL: "info",
        BASE_URL: "",
        DATABASE_URL: "",
        DATA_DIR: "memory://",
        SEED_DEMO: "false",
        JOBS_ENABLED: "true",
        BUILD_DIR: TEST_BUILD_DIR,
        PORT: String(port),
        HOST: "127.0.0.1",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  child.stdout!.on("data", (chunk: Buffer) => output.push(String(chunk)));
  child.stderr!.on("data", (chunk: Buffer) => output.push(String(chunk)));
  return { child, output };
}

/** Polls the process's output until it holds `text`; rejects if the process exits first. */
function outputContains(
  server: { child: ChildProcess; output: string[] },
  text: string,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const check = () => {
      if (server.output.join("").includes(text)) {
        clearInterval(timer);
        resolve();
      } else if (server.child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`server exited (${server.child.exitCode}): ${server.output.join("")}`));
      }
    };
    const timer = setInterval(check, 50);
  });
}

/** server.js as its own process until it says it listens. */
async function startServerProcess(
  port: number,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; output: string[] }> {
  const server = spawnServer(port, env);
  await outputContains(server, "listening on");
  return server;
}

stopChildProcessesAfterEachTest();
// The child servers run the test build, which the run makes beside the first files.
beforeAll(() => testBuildReady());

describe("start-up order", () => {
  it(
    "starts the scheduled jobs only after the server listens, then is ready; metrics on their own port",
    { timeout: 240_000 },
    async () => {
      const port = await freePort();
      const metricsPort = await freePort();
      const token = "operations-metrics-token-0123";
      const server = await startServerProcess(port, {
        METRICS_PORT: String(metricsPort),
        METRICS_HOST: "127.0.0.1",
        METRICS_TOKEN: token,
      });
      try {
        await outputContains(server, "scheduled scraping started");
        const log = server.output.join("");
        expect(log.indexOf("listening on")).toBeLessThan(log.indexOf("scheduled scraping started"));
        // The worker runs: ready.
        const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
        expect(await ready.json()).toEqual({
          status: "ok",
          checks: { database: "ok", migrations: "ok", jobs: "ok" },
        });
        // METRICS_PORT: /metrics there (with the token), not on the site's port.
        const metrics = `http://127.0.0.1:${metricsPort}/metrics`;
        expect((await fetch(metrics)).status).toBe(401);
        const scraped = await fetch(metrics, { headers: { authorization: `Bearer ${token}` } });
        expect(scraped.status).toBe(200);
        expect(await scraped.text()).toContain("# TYPE pp_http_requests_total counter");
        const onSite = await fetch(`http://127.0.0.1:${port}/metrics`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(onSite.status).toBe(404);
        await onSite.text();
      } finally {
        const exited = new Promise((resolve) => server.child.once("exit", resolve));
        server.child.kill("SIGTERM");
        await exited;
      }
    },
  );

  it(
    "a port already in use stops the process with a message and a non-zero exit before any job runs",
    { timeout: 240_000 },
    async () => {
      const holder = net.createServer();
      await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
      const { port } = holder.address() as net.AddressInfo;
      // On disk, so the database can be read after the process has gone.
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pp-port-in-use-"));
      try {
        const server = spawnServer(port, { DATA_DIR: dataDir });
        const code = await new Promise<number | null>((resolve) =>
          server.child.once("exit", resolve),
        );
        const log = server.output.join("");
        expect(code).not.toBe(0);
        expect(log).toContain(`Cannot start: 127.0.0.1:${port} is already in use`);
        expect(log).not.toContain("scheduled scraping started");
        expect(log).not.toContain("listening on");

        // pg-boss makes its schema when it starts: none means no job could have run.
        const database = new PGlite(path.join(dataDir, "pg"));
        try {
          const { rows } = await database.query<{ schemas: number; runs: number }>(
            `select (select count(*)::int from information_schema.schemata where schema_name = 'pgboss') as schemas,
                    (select count(*)::int from scrape_runs) as runs`,
          );
          expect(rows[0]).toEqual({ schemas: 0, runs: 0 });
        } finally {
          await database.close();
        }
      } finally {
        await new Promise<void>((resolve) => holder.close(() => resolve()));
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

describe("SIGTERM", () => {
  it(
    "answers the request in flight, stops the job worker and exits 0",
    { timeout: 240_000 },
    async () => {
      const port = await freePort();
      const { child, output } = await startServerProcess(port);
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));

      const socket = net.connect(port, "127.0.0.1");
      let received = "";
      socket.setEncoding("utf8");
      const answered = new Promise<void>((resolve) => socket.on("end", () => resolve()));
      const continued = new Promise<void>((resolve) =>
        socket.on("data", (chunk: string) => {
          received += chunk;
          if (received.includes("100 Continue")) resolve();
        }),
      );
      const body = "intent=password&email=late%40example.com&password=";
      socket.write(
        [
          "POST /login HTTP/1.1",
          `Host: 127.0.0.1:${port}`,
          `Origin: http://127.0.0.1:${port}`,
          "Content-Type: application/x-www-form-urlencoded",
          `Content-Length: ${body.length}`,
          "Expect: 100-continue",
          "Connection: close",
          "",
          "",
        ].join("\r\n"),
      );
      // "100 Continue" means the server has read the request's head: it is in flight now.
      await continued;
      child.kill("SIGTERM");
      socket.write(body);
      await answered;

      expect(received).toMatch(/HTTP\/1\.1 400 /);
      expect(received).toContain("Please enter both email and password");
      expect(await exited).toBe(0);
      const log = output.join("");
      expect(log).toContain("shutting down");
      expect(log).toContain("stopped");
    },
  );
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)("/readyz while PostgreSQL is unreachable", () => {
  const admin = new pg.Client({ connectionString: postgresUrl });
  afterAll(() => admin.end());

  it(
    "answers 503, then 200 again once the database is back, without a restart",
    { timeout: 120_000 },
    async () => {
      const database = await testDatabaseEnv();
      const server = await startTestServer(database.env);
      const name = new URL(database.env.DATABASE_URL!).pathname.slice(1);
      await admin.connect();
      const cutOff = async (allow: boolean) => {
        await admin.query(`alter database ${name} allow_connections ${allow}`);
        if (!allow) {
          await admin.query(
            "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
            [name],
          );
        }
      };
      try {
        expect((await server.fetch("/readyz")).status).toBe(200);
        await cutOff(false);
        const down = await server.fetch("/readyz");
        expect(down.status).toBe(503);
        expect((await down.json()).checks.database).toBe("unreachable");
        // Alive all the same: a restart would not bring the database back.
        expect((await server.fetch("/healthz")).status).toBe(200);
        await cutOff(true);
        expect((await server.fetch("/readyz")).status).toBe(200);
        expect((await server.fetch("/catalog")).status).toBe(200);
      } finally {
        await cutOff(true);
        await server.close();
        await database.drop();
      }
    },
  );
});

describe.skipIf(!postgresUrl)("PostgreSQL connections killed mid-flight", () => {
  it(
    "retries the reads: pages keep answering while backends are killed in a loop",
    { timeout: 240_000 },
    async () => {
      const database = await testDatabaseEnv();
      const server = await startTestServer(database.env);
      const name = new URL(database.env.DATABASE_URL!).pathname.slice(1);
      const killer = new pg.Client({ connectionString: postgresUrl });
      await killer.connect();
      let killing = true;
      let killed = 0;
      // Every backend of the app's database that is running a statement, round after round.
      // A connection opened in the last second is spared: a restart or an admin's kill ends
      // the connections it finds once, it does not chase the new one a retry opens.
      const killLoop = (async () => {
        while (killing) {
          const { rows } = await killer.query<{ ended: boolean }>(
            `select pg_terminate_backend(pid) as ended from pg_stat_activity
             where datname = $1 and pid <> pg_backend_pid() and state = 'active'
               and backend_start < now() - interval '1 second'`,
            [name],
          );
          killed += rows.filter((row) => row.ended).length;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();

      const pages = ["/", "/catalog", "/peptide/bpc-157", "/compare", "/sitemap.xml"];
      const failures: string[] = [];
      let requests = 0;
      try {
        // Any cookie bypasses the page cache: every request reads the database.
        // Every page names the demo's BPC-157: one rendered without its data (an error
        // boundary, a failed deferred part) does not.
        const visit = async (path: string) => {
          const response = await server.fetch(path, { headers: { cookie: "probe=1" } });
          const body = await response.text();
          requests += 1;
          if (response.status !== 200 || !body.toLowerCase().includes("bpc-157")) {
            failures.push(`${path}: ${response.status}`);
          }
        };
        for (let round = 0; round < 40 || killed < 10; round += 1) {
          if (round >= 400) break;
          await Promise.all(pages.map(visit));
        }
      } finally {
        killing = false;
        await killLoop;
        await killer.end();
        await server.close();
      }
      console.log(
        `${requests} page requests, ${killed} backends killed mid-statement, ${failures.length} failed`,
      );
      expect(killed).toBeGreaterThanOrEqual(10);
      expect(failures).toEqual([]);
    },
  );
});
