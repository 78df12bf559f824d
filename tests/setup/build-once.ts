import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

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

/**
 * SKIP_BUILD=1 reuses an existing test build (CI builds once, then runs several suites).
 * Otherwise the build is made again only when one of its inputs changed since the last one:
 * a run after editing tests alone does not wait 20 s (a quiet machine) for the same bundle.
 */
export default function buildOnce() {
  if (process.env.SKIP_BUILD === "1") return;
  const stamp = path.join(TEST_BUILD_DIR, ".inputs-hash");
  const hash = inputsHash();
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === hash) return;
  fs.rmSync(stamp, { force: true });
  execFileSync("npx", ["react-router", "build"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", BUILD_DIR: TEST_BUILD_DIR },
  });
  fs.writeFileSync(stamp, hash);
}
