import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

import type { TestProject } from "vitest/node";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Tests build into their own folder (BUILD_DIR, default build-test/), never into the build/
 * that `npm start` serves, and always in production mode: the bundle under test is the one
 * that ships, and a test run cannot leave React's development build behind for `npm start`.
 */
export const TEST_BUILD_DIR = path.resolve(root, process.env.BUILD_DIR ?? "build-test");

/** Everything the build reads: the app, the server, static files, the configs, the packages. */
const BUILD_INPUTS = [
  "app",
  "server",
  "public",
  "server.js",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
];

function inputsHash(): string {
  const hash = crypto.createHash("sha256");
  const add = (file: string) => {
    const stat = fs.statSync(file);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(file).sort()) {
        // Unit tests beside the code are not in the bundle.
        if (!entry.includes(".test.")) add(path.join(file, entry));
      }
    } else hash.update(path.relative(root, file)).update(fs.readFileSync(file));
  };
  for (const input of BUILD_INPUTS) add(path.join(root, input));
  return hash.digest("hex");
}

declare module "vitest" {
  export interface ProvidedContext {
    /** Answers once the test build is ready: 200, or 500 with why it is not. */
    testBuildReadyUrl: string;
  }
}

function runBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["react-router", "build"], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, NODE_ENV: "production", BUILD_DIR: TEST_BUILD_DIR },
    });
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `The test build failed (${signal ?? `exit code ${code}`}); its errors are above.`,
          ),
        );
    });
  });
}

/**
 * SKIP_BUILD=1 reuses an existing test build (CI builds once, then runs several suites).
 * Otherwise the build is made again only when one of its inputs changed since the last one:
 * a run after editing tests alone does not wait 20 s (a quiet machine) for the same bundle.
 *
 * The build runs beside the tests rather than before them: a fresh clone spent its first 20 s
 * on the build alone (one busy core of two), then 12 s making the database templates. Files
 * that need the build wait for it through `testBuildReady()` (tests/helpers/test-build.ts),
 * which asks the small server below; the integration files never do.
 */
export default async function buildOnce(project: TestProject) {
  const stamp = path.join(TEST_BUILD_DIR, ".inputs-hash");
  const hash = process.env.SKIP_BUILD === "1" ? null : inputsHash();
  let built: Promise<void> = Promise.resolve();
  if (hash !== null && !(fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === hash)) {
    fs.rmSync(stamp, { force: true });
    built = runBuild().then(() => fs.writeFileSync(stamp, hash));
  }
  // Settled once, answered to every asker; a failure is reported by the files that need the build.
  const outcome = built.then(
    () => null,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  const server = http.createServer((_request, response) => {
    void outcome.then((failure) => {
      response.writeHead(failure ? 500 : 200, { "content-type": "text/plain" });
      response.end(failure ?? "ready");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  project.provide("testBuildReadyUrl", `http://127.0.0.1:${port}/`);
  return async () => {
    await outcome;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
