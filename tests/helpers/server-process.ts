import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";

import { createAppContext } from "~/.server/app-context.server";
import { type AppContext } from "~/.server/platform/context.server";
import { parseEnv } from "~/.server/platform/env";

import { stoppedAfterTest } from "./child-processes";
import { TEST_ENV_DEFAULTS } from "./database";
import { testBuildReady } from "./test-build";
import { TEST_BUILD_DIR } from "../setup/build-once";

/**
 * `npm start`'s server.js as a real process on an embedded database in a folder, for fault
 * injection (SIGKILL, SIGTERM) and restarts on the same folder. Files using it call
 * stopChildProcessesAfterEachTest() so a failed test never leaves a server running.
 */

const root = path.resolve(import.meta.dirname, "../..");

const dataDirEnv = (dataDir: string) =>
  parseEnv({ ...TEST_ENV_DEFAULTS, DATABASE_URL: "", DATA_DIR: dataDir, SEED_DEMO: "false" });

/** Opens the folder's database in this process (while no server.js holds it). */
export async function withDataDir<T>(
  dataDir: string,
  work: (app: AppContext) => Promise<T>,
): Promise<T> {
  const app = await createAppContext({
    env: dataDirEnv(dataDir),
    baseUrl: "http://localhost:3000",
  });
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output: string[];
  exited: Promise<number | null>;
}

/** server.js on the test build and the data folder, running jobs, once it says it listens. */
export async function startServerProcess(dataDir: string): Promise<ServerProcess> {
  await testBuildReady();
  const output: string[] = [];
  const port = await freePort();
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
        DATA_DIR: dataDir,
        SEED_DEMO: "false",
        JOBS_ENABLED: "true",
        SCRAPER_ALLOW_PRIVATE_HOSTS: "true",
        BUILD_DIR: TEST_BUILD_DIR,
        PORT: String(port),
        HOST: "127.0.0.1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  child.stderr!.on("data", (chunk: Buffer) => output.push(String(chunk)));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output.push(String(chunk));
      if (output.join("").includes("listening on")) resolve();
    });
    void exited.then((code) => reject(new Error(`server exited (${code}): ${output.join("")}`)));
  });
  return { child, baseUrl: `http://127.0.0.1:${port}`, output, exited };
}

/** The server's JSON log entries with this message. */
export function logLines(server: ServerProcess, message: string): Record<string, unknown>[] {
  return server.output
    .join("")
    .split("\n")
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return []; // not a log entry, or one still being written
      }
    })
    .filter((entry) => entry.msg === message);
}
