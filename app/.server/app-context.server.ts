/**
 * The composition root: opens the database and builds the services every request and job
 * reads through `AppContext` (context.server.ts). It sits above every server folder, as it
 * wires them together; nothing in them imports it.
 */
import fs from "node:fs";
import path from "node:path";

import type { Logger } from "pino";

import { createBackgroundTasks } from "./platform/background.server";
import { appSecret, type AppContext } from "./platform/context.server";
import { createAuth } from "./services/auth.server";
import { MEMORY_DATA_DIR, openDatabase } from "./db/client";
import { acquireDataDirLock } from "./db/lock.server";
import type { Env } from "./platform/env";
import { createLogger } from "./platform/logger";
import { createMailer } from "./platform/mail.server";
import { createPageCache } from "./platform/http/page-cache.server";

export interface AppContextOptions {
  env: Env;
  /** Overrides env BASE_URL / PORT, e.g. for a test server on a random port. */
  baseUrl?: string;
  logger?: Logger;
  /** Named in the error another process gets while this one holds the embedded database. */
  lockHolder?: string;
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
