/**
 * `npm run lighthouse`: Lighthouse (mobile, simulated throttling) on the production build with
 * the demo data, in the system Chromium, for the home, a detail and the compare page; prints
 * the four category scores, TBT and LCP per page, and the JavaScript the home page loads, with
 * Lighthouse's index of the host CPU and its warnings (its 4× CPU slowdown assumes a fast host).
 * Exits non-zero only when a deterministic figure misses its budget: the accessibility,
 * best-practices and SEO scores (findings in the page itself) and the home page's JavaScript
 * bytes. Timings (performance score, TBT, LCP) are printed beside their targets but never fail
 * the run: on a shared machine the same build's TBT varies three- to fourfold between runs.
 * CHROME_PATH overrides /usr/bin/chromium;
 * LIGHTHOUSE_PAGES="/,/compare" picks other pages; LIGHTHOUSE_RUNS=5 audits each page five
 * times and judges the median run (by performance score), since one run on a shared machine is
 * noise; LIGHTHOUSE_REPORT_DIR keeps every run's JSON report there. LIGHTHOUSE_BEFORE_BUILD=build-main
 * (another production build in the repository, e.g. of main) serves that build beside this one
 * and audits the two in turn, run after run, so both see the same machine load; its figures
 * are printed as "before" rows and judged against no budget.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

import { homeJavaScript, offerPagesWithoutZod } from "./bench-bundle";
import { startBuiltServer } from "./bench-server";

const ROOT = path.resolve(import.meta.dirname, "..");
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
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const BEFORE_BUILD = process.env.LIGHTHOUSE_BEFORE_BUILD;

const BUDGET = {
  score: 0.95,
  totalBlockingTimeMs: 200,
  largestContentfulPaintMs: 2_000,
};

/** Categories scored on timings: reported against the target, never a failure (see above). */
const TIMED_CATEGORIES = new Set<(typeof CATEGORIES)[number]>(["performance"]);

interface LighthouseResult {
  /** Lighthouse's measure of the host CPU (a Pixel 5 is about 1,000), and what it warns of. */
  environment?: { benchmarkIndex?: number };
  runWarnings?: string[];
  categories: Record<
    (typeof CATEGORIES)[number],
    { score: number | null; auditRefs: { id: string; weight: number }[] }
  >;
  audits: Record<
    string,
    {
      numericValue?: number;
      score: number | null;
      title: string;
      details?: { items?: unknown[] };
    }
  >;
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

/** The LCP element audit nests the element in a table of tables; its HTML snippet says enough. */
function lcpElementSnippet(item: unknown): string | undefined {
  const table = item as { items?: { node?: { snippet?: string } }[] } | undefined;
  return table?.items?.[0]?.node?.snippet;
}

const performance = (r: LighthouseResult) => r.categories.performance?.score ?? 0;

/** The run of median performance, and every run's score. */
function median(runs: LighthouseResult[]) {
  const sorted = [...runs].sort((a, b) => performance(a) - performance(b));
  return { result: sorted[Math.floor(sorted.length / 2)]!, scores: sorted.map(performance) };
}

function timings(result: LighthouseResult) {
  const ms = (id: string) => Math.round(result.audits[id]?.numericValue ?? Infinity);
  return {
    "TBT ms": ms("total-blocking-time"),
    "LCP ms": ms("largest-contentful-paint"),
    "FCP ms": ms("first-contentful-paint"),
    "JS KB": scriptKilobytes(result),
    "host CPU index": Math.round(result.environment?.benchmarkIndex ?? NaN),
  };
}

/** The JavaScript the page loaded as Chromium fetched it (gzip from the server), all of it. */
function scriptKilobytes(result: LighthouseResult): number {
  const items = (result.audits["resource-summary"]?.details?.items ?? []) as {
    resourceType?: string;
    transferSize?: number;
  }[];
  const bytes = items.find((item) => item.resourceType === "script")?.transferSize ?? NaN;
  return Number((bytes / 1024).toFixed(1));
}

async function auditRuns(baseUrl: string, page: string, label: string, i: number) {
  const result = await audit(`${baseUrl}${page}`);
  if (REPORT_DIR) {
    fs.mkdirSync(REPORT_DIR, { recursive: true });
    const name = `${label}${page.replace(/\W+/g, "_")}-${i + 1}.json`;
    fs.writeFileSync(path.join(REPORT_DIR, name), JSON.stringify(result));
  }
  return result;
}

async function main() {
  const server = await startBuiltServer();
  const before = BEFORE_BUILD ? await startBuiltServer({ BUILD_DIR: BEFORE_BUILD }) : null;
  const failures: string[] = [];
  const timingMisses: string[] = [];
  const rows = [];
  try {
    for (const page of PAGES) {
      // A visited page is answered from the page cache; audit that steady state, not a first render.
      await fetch(`${server.baseUrl}${page}`);
      if (before) await fetch(`${before.baseUrl}${page}`);
      const runs: LighthouseResult[] = [];
      const beforeRuns: LighthouseResult[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        if (before) beforeRuns.push(await auditRuns(before.baseUrl, page, "before", i));
        runs.push(await auditRuns(server.baseUrl, page, "", i));
      }
      if (before) {
        const { result, scores } = median(beforeRuns);
        rows.push({
          page: `${page} (before)`,
          performance: performance(result),
          ...timings(result),
          "performance runs": scores.join(" "),
        });
      }
      const { result, scores } = median(runs);
      const tbt = result.audits["total-blocking-time"]?.numericValue ?? Infinity;
      const lcp = result.audits["largest-contentful-paint"]?.numericValue ?? Infinity;
      const row: Record<string, string | number> = { page };
      for (const category of CATEGORIES) {
        const score = result.categories[category]?.score ?? 0;
        row[category] = score;
        if (score < BUDGET.score) {
          const miss = `${page}: ${category} ${score} < ${BUDGET.score}`;
          (TIMED_CATEGORIES.has(category) ? timingMisses : failures).push(miss);
          const failing = result.categories[category].auditRefs
            .map((ref) => result.audits[ref.id])
            .filter((a) => a !== undefined && a.score !== null && a.score < 0.9)
            .map((a) => a!.title);
          console.log(`  ${page} ${category}: ${failing.join("; ")}`);
        }
      }
      Object.assign(row, timings(result));
      if (RUNS > 1) row["performance runs"] = scores.join(" ");
      for (const warning of new Set(runs.flatMap((r) => r.runWarnings ?? []))) {
        console.log(`  ${page} Lighthouse warns: ${warning}`);
      }
      const lcpElement = result.audits["largest-contentful-paint-element"]?.details?.items?.[0];
      console.log(`  ${page} LCP element: ${JSON.stringify(lcpElementSnippet(lcpElement))}`);
      if (tbt > BUDGET.totalBlockingTimeMs) {
        timingMisses.push(`${page}: TBT ${Math.round(tbt)} ms > ${BUDGET.totalBlockingTimeMs}`);
      }
      if (lcp > BUDGET.largestContentfulPaintMs) {
        timingMisses.push(
          `${page}: LCP ${Math.round(lcp)} ms > ${BUDGET.largestContentfulPaintMs}`,
        );
      }
      rows.push(row);
    }
  } finally {
    await server.stop();
    await before?.stop();
  }
  console.table(rows);

  failures.push(...homeJavaScript().failures, ...offerPagesWithoutZod().failures);

  if (timingMisses.length > 0) {
    console.log(`\nTimings over target (reported, not failing):\n- ${timingMisses.join("\n- ")}`);
  }
  if (failures.length > 0) {
    console.error(`\nUnder budget:\n- ${failures.join("\n- ")}`);
    process.exitCode = 1;
  } else {
    console.log("\nAll deterministic budgets met.");
  }
}

await main();
