import path from "node:path";

import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["tests/browser/**/*.test.ts"],
    globalSetup: ["tests/setup/build-once.ts", "tests/setup/database-template.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One Chromium at a time keeps a 2-core machine responsive.
    fileParallelism: false,
    // As in vitest.config.ts: one worker keeps the app's modules loaded from file to file.
    isolate: false,
  },
});
