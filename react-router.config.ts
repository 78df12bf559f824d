import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Lets parallel checkouts or test runs build side by side (BUILD_DIR=build-x).
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
