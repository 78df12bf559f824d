import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Lets parallel checkouts or test runs build side by side (BUILD_DIR=build-x).
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Route middleware: the admin guard runs once for every /admin route (admin-guard.server.ts).
  future: { v8_middleware: true },
} satisfies Config;
