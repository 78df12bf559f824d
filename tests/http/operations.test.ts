import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";

import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";

import { TEST_ENV_DEFAULTS, testDatabaseEnv } from "../helpers/database";
import { startTestServer } from "../helpers/server";
import { TEST_BUILD_DIR } from "../setup/build-once";

const root = path.resolve(import.meta.dirname, "../..");

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** `npm start`'s server.js as its own process, on the test build, until it says it listens. */
async function startServerProcess(
  port: number,
): Promise<{ child: ChildProcess; output: string[] }> {
  const output: string[] = [];
  const child = spawn(process.execPath, ["server.js"], {
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
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output.push(String(chunk));
      if (output.join("").includes("listening on")) resolve();
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => output.push(String(chunk)));
    child.once("exit", (code) => reject(new Error(`server exited (${code}): ${output.join("")}`)));
  });
  return { child, output };
}

describe("SIGTERM", () => {
  it(
    "answers the request in flight, stops the job worker and exits 0",
    { timeout: 90_000 },
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

describe.skipIf(!postgresUrl)("/healthz while PostgreSQL is unreachable", () => {
  const admin = new pg.Client({ connectionString: postgresUrl });
  afterAll(() => admin.end());

  it("answers 503, then 200 again once the database is back, without a restart", async () => {
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
      expect((await server.fetch("/healthz")).status).toBe(200);
      await cutOff(false);
      const down = await server.fetch("/healthz");
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ status: "unavailable" });
      await cutOff(true);
      expect((await server.fetch("/healthz")).status).toBe(200);
      expect((await server.fetch("/catalog")).status).toBe(200);
    } finally {
      await cutOff(true);
      await server.close();
      await database.drop();
    }
  });
});
