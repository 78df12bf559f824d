/**
 * The home page's JavaScript budget, from the production build's route manifest: what the
 * home page loads to render and hydrate (the route manifest, entry, root and home route with
 * their imports, gzipped) must stay within 140 KB, and none of it may be admin or price-chart code (a module
 * of an admin route or of the detail route). And the pages with offer tables (detail, compare)
 * hydrate without zod: their forms (Save deal, price alerts) load it when they open, since
 * building zod and the schemas took ~35 ms (quiet desktop core) of the detail page's longest
 * task. `npx tsx scripts/bench-bundle.ts` after a build prints both and exits non-zero when
 * either fails (CI runs it); `npm run lighthouse` checks them too.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

/** The production build to read: build/ (what `npm start` serves) unless BUILD_DIR names another. */
const CLIENT_BUILD = path.resolve(
  import.meta.dirname,
  "..",
  process.env.BUILD_DIR ?? "build",
  "client",
);
export const HOME_JAVASCRIPT_BUDGET_BYTES = 140 * 1024;

interface RouteManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[]; parentId?: string }>;
}

/** The route manifest and its file, which every page loads (react-router.config.ts). */
function readRouteManifest(): { manifest: RouteManifest; file: string } {
  const assets = path.join(CLIENT_BUILD, "assets");
  const file = fs.readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error(`no route manifest in ${assets}`);
  const source = fs.readFileSync(path.join(assets, file), "utf8");
  const manifest = JSON.parse(
    source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1),
  ) as RouteManifest;
  return { manifest, file: `/assets/${file}` };
}

function modulesOf(manifest: RouteManifest, routeId: string): Set<string> {
  const route = manifest.routes[routeId];
  if (!route) return new Set();
  return new Set([route.module, ...(route.imports ?? [])]);
}

/** What a page of this route loads to render and hydrate: the manifest, entry, root and route. */
function eagerModules(manifest: RouteManifest, manifestFile: string, routeId: string): Set<string> {
  return new Set([
    manifestFile,
    manifest.entry.module,
    ...manifest.entry.imports,
    ...modulesOf(manifest, "root"),
    ...modulesOf(manifest, routeId),
  ]);
}

/**
 * What the home page loads to render and hydrate (the route manifest, entry, root and home
 * route with their imports, gzipped), and whether any of it is admin or chart code: a module of an admin route
 * or of the detail route that the home page does not need.
 */
export function homeJavaScript() {
  const { manifest, file } = readRouteManifest();
  const home = eagerModules(manifest, file, "routes/home");
  const gzipBytes = [...home].reduce(
    (sum, file) => sum + gzipSync(fs.readFileSync(path.join(CLIENT_BUILD, file))).length,
    0,
  );
  const foreign = Object.entries(manifest.routes)
    .filter(([id]) => id.startsWith("routes/admin") || id === "routes/peptide")
    .map(([id, route]) => [id, route.module] as const)
    .filter(([, module]) => home.has(module));
  const failures = foreign.map(([id, module]) => `home loads ${id} (${module})`);
  if (gzipBytes > HOME_JAVASCRIPT_BUDGET_BYTES) failures.push("home JavaScript over budget");
  console.log(
    `Home JavaScript: ${(gzipBytes / 1024).toFixed(1)} KB gzip in ${home.size} files (budget ≤ ${HOME_JAVASCRIPT_BUDGET_BYTES / 1024} KB); admin or chart modules: ${foreign.length}`,
  );
  return { gzipBytes, failures };
}

/** A string only zod's own code holds (its error class's name), minified or not. */
const ZOD_MARKER = "$ZodError";
const FORMLESS_ROUTES = ["routes/peptide", "routes/compare"];

/** The offer-table pages whose hydration loads zod: none, or the failures to print. */
export function offerPagesWithoutZod() {
  const { manifest, file } = readRouteManifest();
  const failures: string[] = [];
  for (const routeId of FORMLESS_ROUTES) {
    const eager = eagerModules(manifest, file, routeId);
    const withZod = [...eager].filter((module) =>
      fs.readFileSync(path.join(CLIENT_BUILD, module), "utf8").includes(ZOD_MARKER),
    );
    if (withZod.length > 0) failures.push(`${routeId} loads zod in ${withZod.join(", ")}`);
  }
  console.log(
    `Zod loaded while hydrating ${FORMLESS_ROUTES.join(", ")}: ${failures.length === 0 ? "none" : failures.join("; ")}`,
  );
  return { failures };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const failures = [...homeJavaScript().failures, ...offerPagesWithoutZod().failures];
  if (failures.length > 0) {
    console.error(failures.join("\n"));
    process.exitCode = 1;
  }
}
