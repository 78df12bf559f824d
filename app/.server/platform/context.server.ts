import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import type { Logger } from "pino";
import { createContext, type RouterContextProvider } from "react-router";

import type { Auth } from "../services/auth.server";
import { MEMORY_DATA_DIR, type Database, type DatabaseHandle } from "../db/client";
import type { Env } from "./env";
import type { Mailer } from "./mail.server";
import type { PageCache } from "./http/page-cache.server";

/**
 * Everything a loader or action needs, created once per server (tests create one per file) by
 * createAppContext in app-context.server.ts, the composition root above every layer.
 */
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
