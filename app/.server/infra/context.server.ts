import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import type { Logger } from "pino";
import { createContext, type RouterContextProvider } from "react-router";

import { createBackgroundTasks } from "./background.server";
import { createAuth, type Auth } from "../services/auth.server";
import { MEMORY_DATA_DIR, openDatabase, type Database, type DatabaseHandle } from "../db/client";
import { acquireDataDirLock } from "../db/lock.server";
import type { Env } from "./env";
import { createLogger } from "./logger";
import { createMailer, type Mailer } from "./mail.server";
import { createPageCache, type PageCache } from "../http/page-cache.server";

/** Everything a loader or action needs, created once per server (tests create one per file). */
export interface AppContext {
  env: Env;
  db: Database;
  database: DatabaseHandle;
  auth: Auth;
  mailer: Mailer;
  logger: Logger;
  cache: PageCache;
  baseUrl: string;
  close: () => Promise<void>;
}

/**
 * The key under which server/app.ts hands the app's services to React Router for each
 * request (`context.set(appContext, app)` in getLoadContext), as React Router's own
 * templates do; loaders, actions and middleware read it with `appOf(context)`.
 */
export const appContext = createContext<AppContext>();

/**
 * The request's id (server/observability.ts), set beside the app's services for each request:
 * the request's logger writes it on every line, and the error page shows it to quote.
 */
export const requestIdContext = createContext<string | null>(null);

/** The app's services, from a loader's, action's or middleware's router context. */
export function appOf(context: Readonly<RouterContextProvider>): AppContext {
  return context.get(appContext);
}

export interface AppContextOptions {
  env: Env;
  /** Overrides env BASE_URL / PORT, e.g. for a test server on a random port. */
  baseUrl?: string;
  logger?: Logger;
  /** Named in the error another process gets while this one holds the embedded database. */
  lockHolder?: string;
}

/** One secret per configuration, so a generated one is the same for each of its users. */
const secrets = new WeakMap<Env, string>();

/**
 * The app's signing secret: better-auth's, and the key of other signatures (unsubscribe
 * links). When none is configured, one is generated on first start and kept beside the
 * embedded database so sessions survive restarts.
 */
export function appSecret(env: Env): string {
  const known = secrets.get(env);
  if (known) return known;
  const secret = readOrCreateSecret(env);
  secrets.set(env, secret);
  return secret;
}

function readOrCreateSecret(env: Env): string {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  if (env.DATABASE_URL || env.DATA_DIR === MEMORY_DATA_DIR) {
    if (env.DATABASE_URL && env.NODE_ENV === "production") {
      throw new Error("BETTER_AUTH_SECRET must be set when DATABASE_URL is used in production");
    }
    return crypto.randomBytes(32).toString("hex");
  }
  const file = path.join(env.DATA_DIR, "auth-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = crypto.randomBytes(32).toString("hex");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export async function createAppContext(options: AppContextOptions): Promise<AppContext> {
  const { env } = options;
  const logger = options.logger ?? createLogger(env.LOG_LEVEL);
  const baseUrl = (options.baseUrl ?? env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(
    /\/$/,
    "",
  );
  const releaseLock =
    !env.DATABASE_URL && env.DATA_DIR !== MEMORY_DATA_DIR
      ? acquireDataDirLock(env.DATA_DIR, options.lockHolder ?? "the web server")
      : () => {};
  try {
    const database = await openDatabase({
      url: env.DATABASE_URL,
      onConnectionError: (error) => logger.warn({ err: error }, "database connection lost"),
      dataDir: env.DATA_DIR === MEMORY_DATA_DIR ? MEMORY_DATA_DIR : path.join(env.DATA_DIR, "pg"),
      loadDataDir:
        env.PGLITE_TEMPLATE && env.DATA_DIR === MEMORY_DATA_DIR
          ? new Blob([fs.readFileSync(env.PGLITE_TEMPLATE)])
          : undefined,
    });
    const { db } = database;
    const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, db, logger });
    const background = createBackgroundTasks(logger);
    const auth = createAuth({
      db,
      env,
      mailer,
      secret: appSecret(env),
      baseUrl,
      background,
    });
    const cache = createPageCache({ logger });
    await cache.listenForChanges(database);
    return {
      env,
      db,
      database,
      auth,
      mailer,
      logger,
      cache,
      baseUrl,
      close: async () => {
        await background.drain();
        await cache.close();
        await database.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
