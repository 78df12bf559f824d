import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Logger } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";

import * as schema from "./schema";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** Runs raw SQL the way pg-boss and the backup module need it, on either driver. */
export type ExecuteSql = (
  text: string,
  values?: unknown[],
) => Promise<{ rows: Record<string, unknown>[] }>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  executeSql: ExecuteSql;
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  close: () => Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; without it the embedded PGlite is used. */
  url?: string;
  /** PGlite data folder, or "memory://" for a throw-away database. */
  dataDir?: string;
  logger?: Logger;
  /** Told when the server drops a connection (restart, failover, an admin ending it). */
  onConnectionError?: (error: Error) => void;
}

export const MEMORY_DATA_DIR = "memory://";

/**
 * How close a misspelling may be for the search's indexable `<%` operator (pg_trgm word
 * similarity, 0–1; see search.server.ts). A session setting on every connection, so a search
 * costs its two queries and no transaction to set it. 0.45 still finds "semaglotyde" for
 * Semaglutide, not every name sharing a letter or two.
 */
export const SEARCH_WORD_SIMILARITY_THRESHOLD = 0.45;
const SESSION_SETTINGS = { "pg_trgm.word_similarity_threshold": SEARCH_WORD_SIMILARITY_THRESHOLD };

/** The committed drizzle-kit migrations, found from wherever this code was bundled to. */
export function findMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "drizzle");
    if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Could not find the drizzle/ migrations folder");
    dir = parent;
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = findMigrationsFolder();
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      options: Object.entries(SESSION_SETTINGS)
        .map(([name, value]) => `-c ${name}=${value}`)
        .join(" "),
    });
    // A dropped connection must not crash the process: the pool discards it and the next
    // query opens a new one. Without a listener, node-postgres rethrows it as uncaught.
    const onConnectionError = options.onConnectionError ?? (() => {});
    pool.on("error", onConnectionError);
    pool.on("connect", (client) => client.on("error", onConnectionError));
    const db = drizzleNodePg(pool, { schema, logger: options.logger }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      executeSql: async (text, values) => {
        const result = await pool.query(text, values);
        // A multi-statement string answers with one result per statement.
        const rows = Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows;
        return { rows };
      },
      migrate: () => migrateNodePg(drizzleNodePg(pool), { migrationsFolder }),
      ping: async () => {
        await pool.query("select 1");
      },
      close: () => pool.end(),
    };
  }

  const dataDir = options.dataDir ?? MEMORY_DATA_DIR;
  if (dataDir !== MEMORY_DATA_DIR) fs.mkdirSync(dataDir, { recursive: true });
  // Search needs pg_trgm (trigram similarity); PGlite loads contrib extensions only when asked.
  const client = new PGlite({
    dataDir: dataDir === MEMORY_DATA_DIR ? undefined : dataDir,
    extensions: { pg_trgm },
  });
  await client.waitReady;
  for (const [name, value] of Object.entries(SESSION_SETTINGS)) {
    await client.query("select set_config($1, $2, false)", [name, String(value)]);
  }
  const db = drizzlePglite(client, { schema, logger: options.logger }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    executeSql: async (text, values) => {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      // pg-boss sends several statements in one string, which only exec accepts.
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}
