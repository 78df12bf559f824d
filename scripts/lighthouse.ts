/**
 * `npm run lighthouse`: Lighthouse (mobile, simulated throttling) on the production build with
 * the demo data, in the system Chromium, for the home, a detail and the compare page; prints
 * the four category scores, TBT and LCP per page, and the JavaScript the home page loads.
 * Exits non-zero when any figure misses its budget. CHROME_PATH overrides /usr/bin/chromium;
 * LIGHTHOUSE_PAGES="/,/compare" picks other pages.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";

import { startBuiltServer } from "./bench-server";

const ROOT = path.resolve(import.meta.dirname, "..");
const CLIENT_BUILD = path.join(ROOT, "build/client");
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? "/,/peptide/bpc-157,/compare").split(",");

const BUDGET = {
  score: 0.95,
  totalBlockingTimeMs: 200,
  largestContentfulPaintMs: 2_000,
  homeJavaScriptGzipBytes: 150 * 1024,
};

interface LighthouseResult {
  categories: Record<(typeof CATEGORIES)[number], { score: number | null }>;
  audits: Record<string, { numericValue?: number; score: number | null; title: string }>;
}

const run = promisify(execFile);

async function audit(url: string): Promise<LighthouseResult> {
  const { stdout } = await run(
    path.join(ROOT, "node_modules/.bin/lighthouse"),
    [
      url,
      "--quiet",
      "--output=json",
      "--output-path=stdout",
      `--only-categories=${CATEGORIES.join(",")}`,
      `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
    ],
    { env: { ...process.env, CHROME_PATH }, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as LighthouseResult;
}

interface RouteManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[]; parentId?: string }>;
}

function readRouteManifest(): RouteManifest {
  const assets = path.join(CLIENT_BUILD, "assets");
  const file = fs.readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("no route manifest in build/client/assets");
  const source = fs.readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(
    source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1),
  ) as RouteManifest;
}

function modulesOf(manifest: RouteManifest, routeId: string): Set<string> {
  const route = manifest.routes[routeId];
  if (!route) return new Set();
  return new Set([route.module, ...(route.imports ?? [])]);
}

/**
 * What the home page loads to render and hydrate (entry, root and home route with their
 * imports, gzipped), and whether any of it is admin or chart code: a module of an admin route
 * or of the detail route that the home page does not need.
 */
function homeJavaScript() {
  const manifest = readRouteManifest();
  const home = new Set([
    manifest.entry.module,
    ...manifest.entry.imports,
    ...modulesOf(manifest, "root"),
    ...modulesOf(manifest, "routes/home"),
  ]);
  const gzipBytes = [...home].reduce(
    (sum, file) => sum + gzipSync(fs.readFileSync(path.join(CLIENT_BUILD, file))).length,
    0,
  );
  const foreign = Object.entries(manifest.routes)
    .filter(([id]) => id.startsWith("routes/admin") || id === "routes/peptide")
    .map(([id, route]) => [id, route.module] as const)
    .filter(([, module]) => home.has(module));
  return { gzipBytes, files: home.size, foreign };
}

async function main() {
  const server = await startBuiltServer();
  const failures: string[] = [];
  const rows = [];
  try {
    for (const page of PAGES) {
      const result = await audit(`${server.baseUrl}${page}`);
      const tbt = result.audits["total-blocking-time"]?.numericValue ?? Infinity;
      const lcp = result.audits["largest-contentful-paint"]?.numericValue ?? Infinity;
      const row: Record<string, string | number> = { page };
      for (const category of CATEGORIES) {
        const score = result.categories[category]?.score ?? 0;
        row[category] = score;
        if (score < BUDGET.score) {
          failures.push(`${page}: ${category} ${score} < ${BUDGET.score}`);
          const failing = Object.values(result.audits)
            .filter((a) => a.score !== null && a.score < 0.9)
            .map((a) => a.title);
          if (category !== "performance")
            console.log(`  ${page} ${category}: ${failing.join("; ")}`);
        }
      }
      row["TBT ms"] = Math.round(tbt);
      row["LCP ms"] = Math.round(lcp);
      if (tbt > BUDGET.totalBlockingTimeMs) failures.push(`${page}: TBT ${Math.round(tbt)} ms`);
      if (lcp > BUDGET.largestContentfulPaintMs)
        failures.push(`${page}: LCP ${Math.round(lcp)} ms`);
      rows.push(row);
    }
  } finally {
    await server.stop();
  }
  console.table(rows);

  const js = homeJavaScript();
  console.log(
    `Home JavaScript: ${(js.gzipBytes / 1024).toFixed(1)} KB gzip in ${js.files} files (budget ≤ ${BUDGET.homeJavaScriptGzipBytes / 1024} KB)`,
  );
  if (js.gzipBytes > BUDGET.homeJavaScriptGzipBytes) failures.push("home JavaScript over budget");
  for (const [id, module] of js.foreign) failures.push(`home loads ${id} (${module})`);

  if (failures.length > 0) {
    console.error(`\nUnder budget:\n- ${failures.join("\n- ")}`);
    process.exitCode = 1;
  } else {
    console.log("\nAll budgets met.");
  }
}

await main();
