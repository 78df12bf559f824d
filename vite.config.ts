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
  const icon = LUCIDE_ICON.exec(file);
  if (icon) return shellIconFiles(meta).has(icon[1]!) ? "shell" : "icons";
  // The code every icon is drawn with stays in the shell, so the home page never loads "icons".
  if (file.includes("/lucide-react/dist/esm/")) return "shell";
  const routeModule = SHELL_ROUTES.has(file) || file.startsWith(ROUTES + path.sep);
  if (!file.startsWith(APP + path.sep) || routeModule) return undefined;
  return reachesShellRoute(id, meta) ? "shell" : undefined;
}

/**
 * lucide-react's barrel re-exports every icon, so Rollup would pull each icon the app uses
 * anywhere (the admin's included) into the shell with the barrel. Only the icons a shell module
 * names stay there; the others go to an "icons" chunk that only the pages using them load.
 */
const LUCIDE_ICON = /lucide-react\/dist\/esm\/icons\/([a-z0-9-]+)\.mjs$/;
const LUCIDE_REEXPORT = /export \{([^}]*)\} from '\.\/icons\/([a-z0-9-]+)\.mjs'/g;
const LUCIDE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;
let shellIcons: Set<string> | undefined;

function shellIconFiles(meta: ManualChunkMeta): Set<string> {
  if (shellIcons) return shellIcons;
  const fileOfName = new Map<string, string>();
  const names = new Set<string>();
  for (const id of meta.getModuleIds()) {
    const info = meta.getModuleInfo(id);
    if (!info?.code) continue;
    if (id.endsWith("lucide-react/dist/esm/lucide-react.mjs")) {
      for (const [, list, file] of info.code.matchAll(LUCIDE_REEXPORT)) {
        for (const part of list!.split(",")) {
          const name = part.trim().split(/\s+as\s+/)[1];
          if (name) fileOfName.set(name, file!);
        }
      }
    } else if (id.startsWith(APP + path.sep) && reachesShellRoute(id, meta)) {
      for (const [, list] of info.code.matchAll(LUCIDE_IMPORT)) {
        for (const part of list!.split(",")) names.add(part.trim().split(/\s+as\s+/)[0]!);
      }
    }
  }
  shellIcons = new Set([...names].flatMap((name) => fileOfName.get(name) ?? []));
  return shellIcons;
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
