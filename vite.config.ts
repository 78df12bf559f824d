import path from "node:path";

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import type { ManualChunkMeta } from "rollup";
import { defineConfig } from "vite";

const APP = path.resolve(import.meta.dirname, "app");
const ROUTES = path.join(APP, "routes");
const SHELL_ROUTES = new Set([path.join(APP, "root.tsx"), path.join(ROUTES, "home.tsx")]);
const withoutQuery = (id: string) => id.split("?")[0]!;

/**
 * Rollup's `manualChunks`: every app module the root layout or the home page imports, directly
 * or not, goes into one "shell" chunk. Left to itself Rollup makes a chunk per set of routes
 * sharing a module, ~45 files for a detail page, and each costs the browser a request and a
 * task of its own (10-20 ms of main thread under Lighthouse's tracing). Pages then load the
 * shell, their route module and what only they use. The libraries the shell's modules import
 * (React Router, lucide, tailwind-merge) come along into it, as Rollup does with a manual
 * chunk's dependencies.
 */
function publicShellChunk(id: string, meta: ManualChunkMeta): string | undefined {
  const file = withoutQuery(id);
  const routeModule = SHELL_ROUTES.has(file) || file.startsWith(ROUTES + path.sep);
  if (!file.startsWith(APP + path.sep) || routeModule) return undefined;
  return reachesShellRoute(id, meta) ? "shell" : undefined;
}

function reachesShellRoute(id: string, { getModuleInfo }: ManualChunkMeta): boolean {
  const seen = new Set<string>();
  const pending = [id];
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    if (SHELL_ROUTES.has(withoutQuery(current))) return true;
    pending.push(...(getModuleInfo(current)?.importers ?? []));
  }
  return false;
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": APP } },
  build: {
    rollupOptions: isSsrBuild
      ? { input: "./server/app.ts" }
      : { output: { manualChunks: publicShellChunk } },
  },
  plugins: [tailwindcss(), reactRouter()],
}));
