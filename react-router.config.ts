import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Lets parallel checkouts or test runs build side by side (BUILD_DIR=build-x).
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Route middleware: the admin guard runs once for every /admin route (admin-guard.server.ts).
  future: { v8_middleware: true },
  // The whole route manifest (36 KB, 3.4 KB gzip, cached with the assets) loads with the first
  // page, so no link waits on a /__manifest request. With lazy discovery, React Router 7.18
  // drops a click made while one is in flight, and can keep the path as discovered though it
  // was never added, so later visits fall to the catch-all 404 until a reload
  // (remix-run/react-router#15327).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
