import { execFileSync } from "node:child_process";
import path from "node:path";

/**
 * Tests build into their own folder (BUILD_DIR, default build-test/), never into the build/
 * that `npm start` serves, and always in production mode: the bundle under test is the one
 * that ships, and a test run cannot leave React's development build behind for `npm start`.
 */
export const TEST_BUILD_DIR = path.resolve(
  import.meta.dirname,
  "../..",
  process.env.BUILD_DIR ?? "build-test",
);

/** SKIP_BUILD=1 reuses an existing test build (CI builds once, then runs several suites). */
export default function buildOnce() {
  if (process.env.SKIP_BUILD === "1") return;
  execFileSync("npx", ["react-router", "build"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", BUILD_DIR: TEST_BUILD_DIR },
  });
}
