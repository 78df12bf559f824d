import crypto from "node:crypto";

import pg from "pg";

/**
 * Tests own their data: an in-memory PGlite by default, or, when TEST_DATABASE_URL is set
 * (CI), a fresh schema on that PostgreSQL server, dropped again by `drop()`.
 */
export function testDatabaseEnv(): { env: Record<string, string>; drop: () => Promise<void> } {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { env: { DATA_DIR: "memory://" }, drop: async () => {} };
  const schema = `test_${crypto.randomBytes(6).toString("hex")}`;
  return {
    env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    },
  };
}

export const TEST_ENV_DEFAULTS = {
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  SEED_DEMO: "true",
  JOBS_ENABLED: "false",
  BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
};
