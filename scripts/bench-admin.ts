/**
 * `npm run bench:admin`: the back office at a real catalogue's size (issue 21). On a fresh
 * `perf_admin_*` database of the PostgreSQL server in BENCH_DATABASE_URL, TEST_DATABASE_URL or
 * DATABASE_URL (dropped afterwards), it builds 2,000 peptides / 16,000 prices / 1,000,000
 * price-history rows (bench-catalogue.ts) plus sources, logs, audit entries, trash and
 * accounts, then asks every admin table view (first page, search, each filter, each sort,
 * page 50) as a signed-in admin and prints, per view, the p95 time and the HTML bytes side by
 * side with the budgets (300 ms, 150 KB). Each view's SQL is run through EXPLAIN and the
 * sequential scans of big tables are listed.
 *
 * The production build goes to build-bench/ first (BENCH_SKIP_BUILD=1 reuses it) and runs in
 * its own process with bench-query-log.mjs preloaded, which writes down its SQL. Times are
 * from request to last byte over loopback with one keep-alive connection (server time plus a
 * loopback round trip), BENCH_REQUESTS (default 20) per view after two warm-ups.
 * BENCH_KEEP_DATABASE=1 keeps the database to study; BENCH_VIEWS measures only the views whose
 * "table: view" contains it, any case ("offers: search" for that one view). Figures are
 * printed, never failing: a machine's load is not the code's fault.
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";

import pg from "pg";

import {
  AUDIT_TABLE,
  CATEGORIES_TABLE,
  PEPTIDES_TABLE,
  SIZES_TABLE,
  SOURCES_TABLE,
  VENDOR_PRICES_TABLE,
  VENDORS_TABLE,
} from "~/lib/admin-tables";
import { TRASH_TABLE } from "~/lib/forms/trash";
import { USERS_TABLE } from "~/lib/forms/users";
import type { AnyTableQueryDefinition } from "~/lib/table-query";

import { PG_PEPTIDES, seedLargeCatalogue } from "./bench-catalogue";
import { seqScansOf, type CapturedQuery } from "./query-plans";
import { startBuiltServer, type RunningServer } from "./bench-server";

const ROOT = path.resolve(import.meta.dirname, "..");
/** Relative to the checkout, as server.js and bench-server.ts read BUILD_DIR. */
const BUILD_DIR = "build-bench";
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const WARM_UPS = 2;
const P95_BUDGET_MS = 300;
const HTML_BUDGET_BYTES = 150 * 1024;
/** Tables with this many rows or more must not be read whole (a Seq Scan is reported). */
const BIG_TABLE_ROWS = 5_000;
const ADMIN_EMAIL = "bench-admin@peptideprices.test";
const ADMIN_PASSWORD = "bench-admin-password";
const ONLY_VIEWS = process.env.BENCH_VIEWS?.toLowerCase();

function build() {
  if (process.env.BENCH_SKIP_BUILD === "1") return;
  console.log("Building into build-bench/ …");
  execFileSync("npx", ["react-router", "build"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", BUILD_DIR: path.join(ROOT, BUILD_DIR) },
  });
}

/** What an operator's back office holds besides the catalogue, made in SQL. */
async function seedBackOffice(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`insert into scrape_sources (retailer_name, url, status, last_error, last_scraped_at,
        product_selector, price_selector, name_selector, vendor_id, is_active)
      select 'Bench Shop ' || n || case when n % 9 = 0 then ' with a rather long retailer name that goes on' else '' end,
             'https://shop-' || n || '.example/collections/peptides',
             (array['active','inactive','error'])[1 + n % 3],
             case when n % 3 = 2 then 'The page answered 503 Service Unavailable three times in a row' end,
             now() - make_interval(hours => n), '.product', '.price', '.title',
             v.ids[1 + n % array_length(v.ids, 1)], n % 3 <> 1
        from generate_series(1, 52) n,
             (select array_agg(id order by name) ids from vendors) v`);
    await client.query(`insert into scrape_logs (source_id, url, status, details, created_at)
      select s.ids[1 + n % 52], 'https://shop.example/p/' || n, case when n % 5 = 0 then 'error' else 'success' end,
             'Found ' || n % 40 || ' products', now() - make_interval(mins => n)
        from generate_series(1, 20000) n,
             (select array_agg(id) ids from scrape_sources) s`);
    await client.query(`insert into "user" (id, name, email, email_verified, created_at, updated_at)
      select 'bench-user-' || n, 'Buyer ' || n, 'buyer' || n || '@bench.example', true,
             now() - make_interval(hours => n), now()
        from generate_series(1, 2000) n`);
    await client.query(`insert into audit_log (actor_email, action, entity, entity_id, details, created_at)
      select 'editor' || n % 7 || '@peptideprices.test', (array['create','update','delete'])[1 + n % 3],
             (array['peptide','vendor','vendor_peptide','category','scrape_source'])[1 + n % 5],
             gen_random_uuid()::text,
             jsonb_build_object('name', 'Peptide ' || lpad((n % 2000)::text, 5, '0'),
                                'before', jsonb_build_object('price', n % 90),
                                'after', jsonb_build_object('price', n % 90 + 1)),
             now() - make_interval(secs => n * 30)
        from generate_series(1, 200000) n`);
    await client.query(`insert into trash_items (batch_id, entity, entity_id, name, payload, deleted_at)
      select gen_random_uuid(), (array['peptide','vendor_price','category'])[1 + n % 3],
             gen_random_uuid()::text, 'Deleted item ' || n, '{"tables":{},"links":[]}'::jsonb,
             now() - make_interval(mins => n * 7)
        from generate_series(1, 2000) n`);
    // As autovacuum leaves a live database: statistics, and the visibility map that lets a
    // count be answered from an index alone.
    await client.query("vacuum analyze");
  } finally {
    await client.end();
  }
}

interface View {
  table: string;
  view: string;
  path: string;
}

/**
 * A table's views: first page, a search, each filter, each sort (ascending, and the default
 * one reversed) and page 50 when the table has that many.
 */
function tableViews(
  table: string,
  pathname: string,
  definition: AnyTableQueryDefinition,
  options: { search: string; filters?: Record<string, string>; page50?: boolean },
): View[] {
  const names = definition.paramNames;
  const at = (params: Record<string, string>) => `${pathname}?${new URLSearchParams(params)}`;
  const views: View[] = [{ table, view: "first page", path: pathname }];
  views.push({
    table,
    view: `search "${options.search}"`,
    path: at({ [names.q]: options.search }),
  });
  for (const [name, value] of Object.entries(options.filters ?? {})) {
    views.push({ table, view: `filter ${name}`, path: at({ [name]: value }) });
  }
  const defaultDir = definition.spec.defaultDir ?? "asc";
  for (const sort of definition.spec.sorts as readonly string[]) {
    const dirs =
      sort === definition.spec.defaultSort ? [defaultDir === "asc" ? "desc" : "asc"] : ["asc"];
    for (const dir of dirs) {
      views.push({
        table,
        view: `sort ${sort} ${dir}`,
        path: at({ [names.sort]: sort, [names.dir]: dir }),
      });
    }
  }
  if (options.page50 ?? true)
    views.push({ table, view: "page 50", path: at({ [names.page]: "50" }) });
  return views;
}

async function firstId(client: pg.Client, sql: string): Promise<string> {
  const { rows } = await client.query<{ id: string }>(sql);
  if (!rows[0]) throw new Error(`no row for ${sql}`);
  return rows[0].id;
}

async function allViews(url: string): Promise<View[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const category = await firstId(client, "select id from categories order by slug limit 1");
    const peptide = await firstId(client, "select id from peptides where slug = 'peptide-1000'");
    const vendor = await firstId(client, "select id from vendors order by name limit 1");
    return [
      ...tableViews("peptides", "/admin/peptides", PEPTIDES_TABLE, {
        search: "01234",
        filters: { category, popular: "1", status: "inactive" },
      }),
      ...tableViews("vendor prices", "/admin/prices", VENDOR_PRICES_TABLE, {
        search: "Peptide 0123",
        filters: { peptide, vendor, stock: "out", stale: "1", status: "active" },
      }),
      ...tableViews("vendors", "/admin/vendors", VENDORS_TABLE, {
        search: "Vendor 3",
        filters: { coupon: "expiring" },
        page50: false,
      }),
      ...tableViews("categories", "/admin/categories", CATEGORIES_TABLE, {
        search: "Bench",
        page50: false,
      }),
      ...tableViews("sizes", "/admin/categories", SIZES_TABLE, { search: "Peptide 0123 10mg" }),
      ...tableViews("sources", "/admin/scraping", SOURCES_TABLE, {
        search: "Shop 4",
        filters: { status: "error" },
        page50: false,
      }),
      ...tableViews("audit", "/admin/audit", AUDIT_TABLE, {
        search: "Peptide 01234",
        filters: { entity: "vendor", actor: "editor3@peptideprices.test" },
      }),
      ...tableViews("trash", "/admin/trash", TRASH_TABLE, { search: "item 123" }),
      ...tableViews("users", "/admin/users", USERS_TABLE, { search: "buyer12" }),
    ];
  } finally {
    await client.end();
  }
}

/** An admin account through the sign-up endpoint, made admin in SQL; its session cookie. */
async function signInAdmin(baseUrl: string, databaseUrl: string): Promise<string> {
  // Sent as a browser on the server's own origin (localhost, as no BASE_URL is given) would.
  const { port } = new URL(baseUrl);
  const post = (endpoint: string, body: object) =>
    new Promise<{ status: number; cookies: string[] }>((resolve, reject) => {
      const request = http.request(`${baseUrl}/api/auth/${endpoint}`, {
        method: "POST",
        headers: {
          host: `localhost:${port}`,
          origin: `http://localhost:${port}`,
          "content-type": "application/json",
        },
      });
      request.on("response", (response) => {
        response.resume();
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            cookies: response.headers["set-cookie"] ?? [],
          }),
        );
      });
      request.on("error", reject);
      request.end(JSON.stringify(body));
    });
  const signUp = await post("sign-up/email", {
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
    name: "Bench Admin",
  });
  if (signUp.status !== 200) throw new Error(`admin sign-up failed: ${signUp.status}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into admin_users (email, user_id) select email, id from "user" where email = $1`,
      [ADMIN_EMAIL],
    );
  } finally {
    await client.end();
  }
  const response = await post("sign-in/email", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  if (response.status !== 200) throw new Error(`admin sign-in failed: ${response.status}`);
  return response.cookies.map((cookie) => cookie.split(";")[0]).join("; ");
}

/** One GET over a single keep-alive connection: its time to the last byte and its size. */
function timedGet(agent: http.Agent, url: string, cookie: string) {
  return new Promise<{ ms: number; bytes: number }>((resolve, reject) => {
    const start = performance.now();
    http
      .get(url, { agent, headers: { cookie } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () => {
          if (response.statusCode !== 200) {
            reject(new Error(`${url} answered ${response.statusCode}`));
            return;
          }
          resolve({ ms: performance.now() - start, bytes });
        });
      })
      .on("error", reject);
  });
}

function p95(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]!;
}

async function main() {
  const serverUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!serverUrl) {
    console.error("Set BENCH_DATABASE_URL (a PostgreSQL server) for the admin benchmark.");
    process.exitCode = 1;
    return;
  }
  build();
  // startBuiltServer's own check for a build, and the server it starts, read it.
  process.env.BUILD_DIR = BUILD_DIR;
  const name = `perf_admin_${crypto.randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const explainer = new pg.Client({ connectionString: databaseUrl });
  const queryLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pp-bench-admin-")), "sql");
  fs.writeFileSync(queryLog, "");
  let server: RunningServer | undefined;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    server = await startBuiltServer({
      DATABASE_URL: databaseUrl,
      SEED_DEMO: "false",
      BUILD_DIR,
      BENCH_QUERY_LOG: queryLog,
      NODE_OPTIONS: `--import ${pathToFileURL(path.join(ROOT, "scripts/bench-query-log.mjs")).href}`,
    });
    const started = performance.now();
    const historyRows = await seedLargeCatalogue(databaseUrl);
    await seedBackOffice(databaseUrl);
    const cookie = await signInAdmin(server.baseUrl, databaseUrl);
    await explainer.connect();
    const { rows: sizes } = await explainer.query<{ relname: string; n: string }>(
      `select relname, n_live_tup::text n from pg_stat_user_tables`,
    );
    const bigTables = new Set(
      sizes.filter((table) => Number(table.n) >= BIG_TABLE_ROWS).map((table) => table.relname),
    );
    const counts = Object.fromEntries(sizes.map((table) => [table.relname, Number(table.n)]));
    console.log(
      `PostgreSQL: ${PG_PEPTIDES} peptides, ${counts.vendor_peptides} vendor prices, ${historyRows} price-history rows, ${counts.audit_log} audit entries, ${counts.scrape_sources} sources (made in ${((performance.now() - started) / 1000).toFixed(0)} s). ${REQUESTS} requests per view, one at a time.\n`,
    );

    const views = (await allViews(databaseUrl)).filter(
      (view) => !ONLY_VIEWS || `${view.table}: ${view.view}`.toLowerCase().includes(ONLY_VIEWS),
    );
    const rows = [];
    const scans: { view: string; table: string }[] = [];
    for (const view of views) {
      const get = () => timedGet(agent, `${server!.baseUrl}${view.path}`, cookie);
      for (let i = 0; i < WARM_UPS; i += 1) await get();
      const logStart = fs.statSync(queryLog).size;
      const { bytes } = await get();
      const statements = fs
        .readFileSync(queryLog)
        .subarray(logStart)
        .toString("utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as CapturedQuery);
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i += 1) times.push((await get()).ms);
      const p95Ms = p95(times);
      const seq = new Set<string>();
      for (const statement of statements) {
        for (const table of await seqScansOf(explainer, statement, bigTables)) seq.add(table);
      }
      for (const table of seq) scans.push({ view: `${view.table}: ${view.view}`, table });
      rows.push({
        table: view.table,
        view: view.view,
        "p95 ms": Number(p95Ms.toFixed(0)),
        KB: Number((bytes / 1024).toFixed(1)),
        queries: statements.length,
        budget:
          p95Ms <= P95_BUDGET_MS && bytes <= HTML_BUDGET_BYTES
            ? "ok"
            : [p95Ms > P95_BUDGET_MS ? "SLOW" : "", bytes > HTML_BUDGET_BYTES ? "HEAVY" : ""]
                .filter(Boolean)
                .join(" "),
        "seq scans": [...seq].join(", "),
      });
    }
    console.table(rows);
    const over = rows.filter((row) => row.budget !== "ok");
    console.log(
      `Budgets: p95 ≤ ${P95_BUDGET_MS} ms and HTML ≤ ${HTML_BUDGET_BYTES / 1024} KB per view — ${over.length === 0 ? "every view within them" : `${over.length} over: ${over.map((row) => `${row.table}: ${row.view}`).join("; ")}`}.`,
    );
    console.log(
      scans.length === 0
        ? `EXPLAIN: no sequential scan of a table of ${BIG_TABLE_ROWS}+ rows behind any view.`
        : `EXPLAIN: sequential scans of big tables:\n${scans.map((scan) => `  ${scan.view} → ${scan.table}`).join("\n")}`,
    );
  } finally {
    await explainer.end().catch(() => {});
    agent.destroy();
    await server?.stop();
    fs.rmSync(path.dirname(queryLog), { recursive: true, force: true });
    if (process.env.BENCH_KEEP_DATABASE === "1") console.log(`Kept the database ${name}.`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
