import { eq } from "drizzle-orm";

import { scrapeSources, vendors } from "~/.server/db/schema";
import { createAppContext } from "~/.server/app-context.server";
import { type AppContext } from "~/.server/platform/context.server";
import { parseEnv } from "~/.server/platform/env";
import { prepareDatabase } from "~/.server/jobs/startup.server";

import { TEST_ENV_DEFAULTS, testDatabaseEnv } from "./database";
import { bringTemplateToNow } from "./template-clock";

export interface TestApp extends AppContext {
  /** Closes the database and drops the test schema. */
  dispose: () => Promise<void>;
}

/**
 * A fully prepared app context (migrated, demo data unless SEED_DEMO=false) for integration
 * tests. `baseUrl` is the app's own origin, the one the scraper's address guard trusts.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  { baseUrl = "http://localhost:3000" }: { baseUrl?: string } = {},
): Promise<TestApp> {
  const database = await testDatabaseEnv(overrides);
  const env = parseEnv({ ...TEST_ENV_DEFAULTS, ...database.env, ...overrides });
  const app = await createAppContext({ env, baseUrl });
  await prepareDatabase(app);
  await bringTemplateToNow(app.database, env);
  return {
    ...app,
    dispose: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * An app (demo data) whose scraper may fetch this machine's fixture sites, with the demo's own
 * scrape sources switched off: they point at this app's own, not listening, address.
 */
export async function createScraperTestApp(): Promise<TestApp> {
  const app = await createTestApp({ SCRAPER_ALLOW_PRIVATE_HOSTS: "true" });
  await app.db.update(scrapeSources).set({ isActive: false });
  return app;
}

/** The id of the demo vendor the scraper tests file their fixture shops under. */
export async function demoScrapedVendorId(app: AppContext): Promise<string> {
  const [vendor] = await app.db
    .select({ id: vendors.id })
    .from(vendors)
    .where(eq(vendors.name, "Helix Source"));
  return vendor!.id;
}
