import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { TestProject } from "vitest/node";

import { createAppContext } from "~/.server/app-context.server";
import { parseEnv } from "~/.server/platform/env";
import { prepareDatabase } from "~/.server/jobs/startup.server";

import { TEST_ENV_DEFAULTS } from "../helpers/database";
import { YOUNG_TEMPLATE_SECONDS } from "../helpers/template-clock";

const root = path.resolve(import.meta.dirname, "../..");
const cacheDir = path.join(root, "node_modules", ".cache", "peptideprices-test-databases");

/** Where the template base URL ends up: each database re-points the demo sources on start. */
export const TEMPLATE_BASE_URL = "http://localhost:3000";

/** Everything that decides what a migrated, seeded database holds. */
function sourceHash(): string {
  const hash = crypto.createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (!entry.name.includes(".test.")) hash.update(file).update(fs.readFileSync(file));
    }
  };
  for (const dir of ["drizzle", "app/.server", "app/lib"]) walk(path.join(root, dir));
  // How a template is made (this file) decides what it holds too.
  hash.update(fs.readFileSync(import.meta.filename));
  return hash.digest("hex").slice(0, 16);
}

/**
 * The app only ever uses PGlite's own database (template1); the cluster's `postgres` and
 * `template0` databases are another 600 files and 14 MB in every dump, and every test file
 * unpacks its copy file by file: dropped, a copy starts about a quarter faster.
 */
async function dropUnusedDatabases(client: PGlite): Promise<void> {
  await client.exec("drop database postgres");
  await client.exec("alter database template0 is_template false");
  await client.exec("drop database template0");
  await client.exec("checkpoint");
}

async function makeTemplate(file: string, seedDemo: boolean): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(cacheDir, "make-"));
  try {
    const env = parseEnv({
      ...TEST_ENV_DEFAULTS,
      SEED_DEMO: String(seedDemo),
      DATA_DIR: dataDir,
    });
    const app = await createAppContext({ env, baseUrl: TEMPLATE_BASE_URL });
    await prepareDatabase(app);
    await app.close();
    const client = new PGlite({ dataDir: path.join(dataDir, "pg"), extensions: { pg_trgm } });
    await dropUnusedDatabases(client);
    const dump = await client.dumpDataDir("none");
    await client.close();
    // Written aside and renamed: a run that starts meanwhile never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A cached template this old is seeded again here, once, rather than moved to now in each of
 * the run's copies (tests/helpers/template-clock.ts: a third of a second of CPU per copy).
 * Well under the copies' own threshold, so a run that starts now does not pass it for another
 * twenty minutes. Seeding again rather than moving the template's rows keeps it as small as a
 * fresh one: moved rows leave their old versions and WAL behind in every copy.
 */
const REMAKE_TEMPLATE_SECONDS = YOUNG_TEMPLATE_SECONDS / 3;

function isFresh(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  return Date.now() - fs.statSync(file).mtimeMs < REMAKE_TEMPLATE_SECONDS * 1000;
}

export interface DatabaseTemplates {
  demo: string;
  empty: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/**
 * Migrates and seeds one embedded database per kind (demo data or none) once, keyed by a hash
 * of the migrations and the server code (and seeded again when old), and hands the dumps to
 * the test files: each file's database starts from a copy instead of migrating and seeding.
 */
export default async function databaseTemplates(project: TestProject): Promise<void> {
  fs.mkdirSync(cacheDir, { recursive: true });
  const hash = sourceHash();
  const templates: DatabaseTemplates = {
    demo: path.join(cacheDir, `${hash}-demo.tar`),
    empty: path.join(cacheDir, `${hash}-empty.tar`),
  };
  for (const file of fs.readdirSync(cacheDir)) {
    if (file.endsWith(".tar") && !file.startsWith(hash)) fs.rmSync(path.join(cacheDir, file));
  }
  if (!isFresh(templates.demo)) await makeTemplate(templates.demo, true);
  if (!isFresh(templates.empty)) await makeTemplate(templates.empty, false);
  project.provide("databaseTemplates", templates);
}
