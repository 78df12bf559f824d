import crypto from "node:crypto";

import pg from "pg";
import { inject } from "vitest";

async function onServer(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Tests own their data: an in-memory PGlite by default, started from the run's migrated
 * (and, unless SEED_DEMO=false, seeded) template (tests/setup/database-template.ts), or, when
 * TEST_DATABASE_URL is set (CI), a fresh database on that PostgreSQL server, dropped again by
 * `drop()`.
 */
export async function testDatabaseEnv(overrides: Record<string, string> = {}): Promise<{
  env: Record<string, string>;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const templates = inject("databaseTemplates");
    const seeded = (overrides.SEED_DEMO ?? TEST_ENV_DEFAULTS.SEED_DEMO) === "true";
    return {
      env: {
        DATA_DIR: "memory://",
        ...(templates ? { PGLITE_TEMPLATE: seeded ? templates.demo : templates.empty } : {}),
      },
      drop: async () => {},
    };
  }
  const name = `pp_test_${crypto.randomBytes(6).toString("hex")}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

export const TEST_ENV_DEFAULTS = {
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  SEED_DEMO: "true",
  JOBS_ENABLED: "false",
  BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
};
