import { execFileSync } from "node:child_process";

/**
 * HTTP and browser tests run against the production build, so build it once per test run
 * (into BUILD_DIR when set). SKIP_BUILD=1 reuses an existing build (CI builds once, then
 * runs several suites).
 */
export default function buildOnce() {
  if (process.env.SKIP_BUILD === "1") return;
  execFileSync("npx", ["react-router", "build"], { stdio: ["ignore", "ignore", "inherit"] });
}
