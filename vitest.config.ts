import path from "node:path";

import os from "node:os";

import { defineConfig } from "vitest/config";

import LongestFirstSequencer from "./tests/setup/sequencer";

/**
 * The integration and HTTP files run the server as it ships: Vitest's own NODE_ENV=test made
 * Node load React's and React DOM's development builds (prop validation, dev warnings, twice the
 * work per element) under every page these files render; in production mode a detail page with
 * a malformed cookie took 109 instead of 151 ms of CPU. Unit tests keep Vitest's mode.
 */
const SHIPPED_MODE = { NODE_ENV: "production" };

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    // A timeout catches a hang, never slowness: under load (2 cores, other suites running) a
    // test that starts its own server and database may take a minute where it takes seconds
    // on a quiet machine, so the HTTP and integration suites allow 300 s (below): with two CPU
    // hogs beside the suite a 13 s property test took 136 s.
    testTimeout: 30_000,
    hookTimeout: 300_000,
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine,
    // which leaves a core idle while each file waits on its own server and database. Every file
    // owns its database (a PGlite copy or its own PostgreSQL database), ports and mail servers,
    // so files can run side by side. One worker more than the cores: a third of the suite's time
    // is waiting (child servers restarting, slow fixture shops, schedules coming due, scrypt on
    // the thread pool), and with a worker per core that core sat idle meanwhile. The whole
    // suite used 13 CPU-minutes in what took 10 minutes on 2 quiet cores.
    maxWorkers: Math.max(2, os.availableParallelism()) + 1,
    // A worker keeps its loaded modules from one file to the next instead of importing the app
    // (and, for HTTP files, the production server bundle) afresh per file: on this machine that
    // import was a second or two per file, and warm code runs the tests themselves faster too.
    // Files still share nothing they own: each starts its own database, servers and mail hosts.
    isolate: false,
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      { extends: true, test: { name: "unit", include: ["app/**/*.test.ts"] } },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          env: SHIPPED_MODE,
          testTimeout: 300_000,
          globalSetup: ["tests/setup/database-template.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "http",
          include: ["tests/http/**/*.test.ts"],
          env: SHIPPED_MODE,
          testTimeout: 300_000,
          // The HTTP tests run against the production build.
          globalSetup: ["tests/setup/build-once.ts", "tests/setup/database-template.ts"],
        },
      },
    ],
  },
});
