import path from "node:path";

import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

export default defineConfig({
  resolve: { alias },
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { resolve: { alias }, test: { name: "unit", include: ["app/**/*.test.ts"] } },
      {
        resolve: { alias },
        test: { name: "integration", include: ["tests/integration/**/*.test.ts"] },
      },
      {
        resolve: { alias },
        test: {
          name: "http",
          include: ["tests/http/**/*.test.ts"],
          // The HTTP tests run against the production build.
          globalSetup: ["tests/setup/build-once.ts"],
        },
      },
    ],
  },
});
