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

import { ReadRetryingPool } from "./read-retry";
import * as schema from "./schema";
import { timeQuery, watchPool, type DatabaseDriver } from "../platform/metrics.server";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** Runs raw SQL the way pg-boss and the backup module need it, on either driver. */
export type ExecuteSql = (
  text: string,
  values?: unknown[],
) => Promise<{ rows: Record<string, unknown>[] }>;

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseDriver;
  executeSql: ExecuteSql;
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  /**
   * LISTEN on a channel; `onNotify` gets each NOTIFY's payload. On PostgreSQL a dedicated
   * connection listens (pooled ones come and go) and is reopened when dropped, calling
   * `onReconnect` since notifications sent meanwhile are lost. Resolves to an unlisten.
   * A NOTIFY sent by this process's own writes is heard before the write resolves.
   */
  listen: (
    channel: string,
    onNotify: (payload: string) => void,
    onReconnect?: () => void,
  ) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; without it the embedded PGlite is used. */
  url?: string;
  /** PGlite data folder, or "memory://" for a throw-away database. */
  dataDir?: string;
  /** A PGlite dump (`dumpDataDir`) that a memory:// database starts from. */
  loadDataDir?: Blob;
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
    const onConnectionError = options.onConnectionError ?? (() => {});
    const listeners = new Map<string, Set<(payload: string) => void>>();
    const dispatch = (message: pg.Notification) => {
      for (const onNotify of listeners.get(message.channel) ?? []) onNotify(message.payload ?? "");
    };
    // A read whose connection is killed under it (pg_terminate_backend, a failover) is run
    // again once on a new connection, so the visitor never sees it (read-retry.ts).
    const pool = new ReadRetryingPool({
      connectionString: options.url,
      options: Object.entries(SESSION_SETTINGS)
        .map(([name, value]) => `-c ${name}=${value}`)
        .join(" "),
      // Every pooled connection listens too: PostgreSQL hands a session its own NOTIFY before
      // the writing query resolves, so this instance's caches are emptied before it goes on.
      onConnect: async (client) => {
        client.on("error", onConnectionError);
        client.on("notification", dispatch);
        for (const channel of listeners.keys()) {
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        }
      },
    });
    // A dropped connection must not crash the process: the pool discards it and the next
    // query opens a new one. Without a listener, node-postgres rethrows it as uncaught.
    pool.on("error", onConnectionError);
    timeStatements(pool, "postgres");
    const unwatchPool = watchPool(pool);
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
      // Call before the first query: connections the pool already holds do not LISTEN.
      listen: async (channel, onNotify, onReconnect) => {
        const forChannel = listeners.get(channel) ?? new Set();
        forChannel.add(onNotify);
        listeners.set(channel, forChannel);
        const stopDedicated = await listenOnPostgres(
          options.url!,
          channel,
          onNotify,
          onReconnect,
          onConnectionError,
        );
        return async () => {
          forChannel.delete(onNotify);
          await stopDedicated();
        };
      },
      close: async () => {
        unwatchPool();
        await pool.end();
      },
    };
  }

  const dataDir = options.dataDir ?? MEMORY_DATA_DIR;
  if (dataDir !== MEMORY_DATA_DIR) fs.mkdirSync(dataDir, { recursive: true });
  // Search needs pg_trgm (trigram similarity); PGlite loads contrib extensions only when asked.
  const client = new PGlite({
    dataDir: dataDir === MEMORY_DATA_DIR ? undefined : dataDir,
    loadDataDir: dataDir === MEMORY_DATA_DIR ? options.loadDataDir : undefined,
    extensions: { pg_trgm },
  });
  await client.waitReady;
  timeStatements(client, "pglite");
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
    // One process, one database: PGlite calls the listener before the writing query resolves.
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, onNotify);
      return () => unlisten();
    },
    close: () => client.close(),
  };
}

/**
 * Times every statement sent through the driver's `query` (drizzle's outside a transaction,
 * pg-boss's, the app's raw SQL) into the query-duration metric; callback calls pass untouched.
 */
function timeStatements(client: { query: unknown }, driver: DatabaseHandle["kind"]): void {
  const query = (client.query as (...args: unknown[]) => unknown).bind(client);
  client.query = (...args: unknown[]) =>
    args.some((arg) => typeof arg === "function")
      ? query(...args)
      : timeQuery(driver, () => query(...args) as Promise<unknown>);
}

const LISTEN_RECONNECT_DELAY_MS = 1_000;

async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect: (() => void) | undefined,
  onConnectionError: (error: Error) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    next.on("error", (error) => {
      onConnectionError(error);
      reconnectLater(next);
    });
    next.on("end", () => reconnectLater(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
  };

  const reconnectLater = (dropped: pg.Client) => {
    if (stopped || client !== dropped) return;
    client = null;
    void dropped.end().catch(() => {});
    const attempt = () => {
      retry = undefined;
      if (stopped) return;
      connect().then(
        () => onReconnect?.(),
        (error: Error) => {
          onConnectionError(error);
          retry = setTimeout(attempt, LISTEN_RECONNECT_DELAY_MS);
        },
      );
    };
    retry = setTimeout(attempt, LISTEN_RECONNECT_DELAY_MS);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end();
  };
}
