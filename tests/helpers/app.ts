import { createAppContext, type AppContext } from "~/.server/infra/context.server";
import { parseEnv } from "~/.server/infra/env";
import { prepareDatabase } from "~/.server/infra/startup.server";

import { TEST_ENV_DEFAULTS, testDatabaseEnv } from "./database";

export interface TestApp extends AppContext {
  /** Closes the database and drops the test schema. */
  dispose: () => Promise<void>;
}

/** A fully prepared app context (migrated, demo data unless SEED_DEMO=false) for integration tests. */
export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const database = await testDatabaseEnv(overrides);
  const env = parseEnv({ ...TEST_ENV_DEFAULTS, ...database.env, ...overrides });
  const app = await createAppContext({ env, baseUrl: "http://localhost:3000" });
  await prepareDatabase(app);
  return {
    ...app,
    dispose: async () => {
      await app.close();
      await database.drop();
    },
  };
}
