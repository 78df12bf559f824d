import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createAppContext } from "~/.server/app-context.server";
import { adminUsers } from "~/.server/db/schema";
import { parseEnv } from "~/.server/platform/env";
import { prepareDatabase } from "~/.server/jobs/startup.server";

import { createUserWithPassword } from "../helpers/auth";
import { TEST_ENV_DEFAULTS } from "../helpers/database";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
let dataDir: string;

function grant(email: string) {
  return run(path.join(root, "node_modules/.bin/tsx"), ["scripts/admin-grant.ts", email], {
    cwd: root,
    // Vitest puts its own BASE_URL ("/") in process.env; the script must not inherit it.
    env: { ...process.env, BASE_URL: "", DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

async function withApp<T>(
  task: (app: Awaited<ReturnType<typeof createAppContext>>) => Promise<T>,
): Promise<T> {
  const env = parseEnv({ ...TEST_ENV_DEFAULTS, SEED_DEMO: "false", DATA_DIR: dataDir });
  const app = await createAppContext({ env, lockHolder: "the admin:grant test" });
  try {
    return await task(app);
  } finally {
    await app.close();
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-grant-"));
  await withApp(async (app) => {
    await prepareDatabase(app);
    await createUserWithPassword(app, "future-admin@example.com", "future-password");
  });
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// Each run starts tsx and opens the embedded database from disk: seconds, not milliseconds.
describe("npm run admin:grant -- EMAIL", { timeout: 120_000 }, () => {
  it("grants admin to an existing account, linked to its user id", async () => {
    const result = await grant("future-admin@example.com");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("future-admin@example.com is now an admin");
    const rows = await withApp((app) =>
      app.db
        .select({ email: adminUsers.email })
        .from(adminUsers)
        .where(eq(adminUsers.email, "future-admin@example.com")),
    );
    expect(rows).toHaveLength(1);
    const again = await grant("future-admin@example.com");
    expect(again.stdout).toContain("already an admin");
  });

  it("fails with a clear message and exit code 1 for an unknown e-mail", async () => {
    const result = await grant("nobody@example.com");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("No account with the e-mail nobody@example.com");
  });

  it("refuses while another process holds the embedded database", async () => {
    await withApp(async () => {
      const result = await grant("future-admin@example.com");
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("is in use by the admin:grant test");
    });
  });
});
